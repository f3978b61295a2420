import type { ReactNode } from 'react';
import { AntdRegistry } from '@ant-design/nextjs-registry';
import { Providers } from '@/components/providers';

/**
 * antd's style registry (SSR-extracted CSS-in-JS) and the zh-CN theme providers. Not in the root layout, so a
 * page that does not use antd (the login page, issue #28) does not download it: every layout that renders antd
 * wraps its pages in this.
 */
export function AntdRoot({ children }: { children: ReactNode }) {
  return (
    <AntdRegistry>
      <Providers>{children}</Providers>
    </AntdRegistry>
  );
}
