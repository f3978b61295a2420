import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import './globals.css';

export const metadata: Metadata = {
  title: { template: '%s · 教务系统', default: '教务系统' },
  description: '教务系统',
  icons: { icon: '/logo.svg' },
};

export const viewport: Viewport = { width: 'device-width', initialScale: 1 };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="zh-CN">
      {/* antd and its providers come with the layouts that use them (components/antd-root.tsx). */}
      <body>{children}</body>
    </html>
  );
}
