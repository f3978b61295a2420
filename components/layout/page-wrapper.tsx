'use client';

import type { ReactNode } from 'react';
import { usePathname } from 'next/navigation';
import { findMenuByPath } from '@/lib/menu';
import { useShell } from '@/components/shell/shell-context';
import { PageHeader, type PageHeaderProps } from './page-header';

/**
 * Spec 01 §2's page wrapper: the title comes from the route's metadata (the menu entry of the current
 * path) unless the page gives one; optional description, links, tabs and header image.
 */
export function PageWrapper({ title, children, ...header }: Partial<Pick<PageHeaderProps, 'title'>> & Omit<PageHeaderProps, 'title'> & { children: ReactNode }) {
  const { menu } = useShell();
  const pathname = usePathname();
  const routeTitle = findMenuByPath(menu, pathname)?.meta.title;
  return (
    <div data-testid="page-wrapper">
      <PageHeader title={title ?? routeTitle ?? ''} {...header} />
      {children}
    </div>
  );
}
