import type { ReactNode } from 'react';
import { AntdRoot } from '@/components/antd-root';

/** The public brochure pages use antd (the sign-up form). */
export default function BrochureLayout({ children }: { children: ReactNode }) {
  return <AntdRoot>{children}</AntdRoot>;
}
