import type { ReactNode } from 'react';
import { AntdRoot } from '@/components/antd-root';

/** 注册, 忘记密码 and 注册结果 use antd; the login page beside them does not (issue #28), so only these get its providers. */
export default function AntdUserPagesLayout({ children }: { children: ReactNode }) {
  return <AntdRoot>{children}</AntdRoot>;
}
