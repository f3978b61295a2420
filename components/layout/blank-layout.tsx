import type { ReactNode } from 'react';

/** Spec 01 §2's blank layout: no menu or header, just the page (e.g. a printable or embedded view). */
export function BlankLayout({ children }: { children: ReactNode }) {
  return (
    <div data-testid="blank-layout" style={{ minHeight: '100vh', background: 'var(--ant-color-bg-layout, #f5f5f5)' }}>
      {children}
    </div>
  );
}
