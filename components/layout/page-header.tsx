'use client';

import type { ReactNode } from 'react';
import { Flex, Input, Tabs, Typography } from 'antd';

export interface HeaderTab {
  key: string;
  label: ReactNode;
}

export interface PageHeaderProps {
  title: ReactNode;
  /** Optional text under the title. */
  description?: ReactNode;
  /** Optional breadcrumb-like or action links shown under the description. */
  links?: { title: string; href: string }[];
  /** Optional search box in the header (spec 01 §2: page header with optional search). */
  search?: { placeholder?: string; onSearch: (value: string) => void; defaultValue?: string };
  /** Optional tabs under the header. */
  tabs?: { items: HeaderTab[]; activeKey?: string; onChange: (key: string) => void };
  /** Optional image on the right (page wrapper's header image). */
  image?: { src: string; alt: string };
  /** Buttons on the right of the title. */
  extra?: ReactNode;
}

/** The page header shell of spec 01 §2: title, description, links, optional search, tabs and image. */
export function PageHeader({ title, description, links, search, tabs, image, extra }: PageHeaderProps) {
  return (
    <div data-testid="page-header" style={{ background: 'var(--ant-color-bg-container, #fff)', padding: '16px 24px 0', marginBottom: 16, borderRadius: 8 }}>
      <Flex justify="space-between" align="flex-start" gap={24}>
        <div style={{ flex: 1, minWidth: 0, paddingBottom: tabs ? 0 : 16 }}>
          <Flex align="center" justify="space-between" gap={16} wrap>
            <Typography.Title level={4} style={{ margin: 0 }} data-testid="page-header-title">
              {title}
            </Typography.Title>
            {extra}
          </Flex>
          {description && (
            <Typography.Paragraph type="secondary" style={{ margin: '8px 0 0' }}>
              {description}
            </Typography.Paragraph>
          )}
          {links && links.length > 0 && (
            <Flex gap={16} style={{ marginTop: 8 }} wrap>
              {links.map((l) => (
                <Typography.Link key={l.href} href={l.href}>
                  {l.title}
                </Typography.Link>
              ))}
            </Flex>
          )}
          {search && (
            <Input.Search
              style={{ maxWidth: 480, marginTop: 12 }}
              placeholder={search.placeholder ?? '请输入'}
              defaultValue={search.defaultValue}
              enterButton="搜索"
              allowClear
              onSearch={(v) => search.onSearch(v.trim())}
              data-testid="page-header-search"
            />
          )}
          {tabs && <Tabs style={{ marginTop: 8, marginBottom: 0 }} items={tabs.items} activeKey={tabs.activeKey} onChange={tabs.onChange} />}
        </div>
        {image && (
          // A decorative header image chosen by the page; next/image would need its size up front.
          // eslint-disable-next-line @next/next/no-img-element
          <img src={image.src} alt={image.alt} style={{ maxHeight: 96, maxWidth: 200, objectFit: 'contain' }} />
        )}
      </Flex>
    </div>
  );
}
