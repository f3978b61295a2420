'use client';

import { useRouter } from 'next/navigation';
import { Menu, type MenuProps } from 'antd';
import type { NavItem } from '@/lib/menu';
import { menuIcon } from './menu-icon';

type Items = NonNullable<MenuProps['items']>;

function toItems(items: NavItem[]): Items {
  return items.map((i) =>
    i.children?.length
      ? { key: i.key, label: i.label, icon: menuIcon(i.icon), children: toItems(i.children) }
      : { key: i.key, label: <span data-menu-path={i.href}>{i.label}</span>, icon: menuIcon(i.icon) },
  );
}

function findItem(items: NavItem[], key: string): NavItem | null {
  for (const i of items) {
    if (i.key === key) return i;
    const hit = i.children ? findItem(i.children, key) : null;
    if (hit) return hit;
  }
  return null;
}

/** The side (or top) menu built from the server's menu (spec 01 §2); external entries open in a new tab. */
export function SideMenu({ items, selected, openKeys, mode, theme, onNavigate }: {
  items: NavItem[];
  selected: string[];
  openKeys?: string[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  onNavigate?: () => void;
}) {
  const router = useRouter();
  const onClick: MenuProps['onClick'] = ({ key }) => {
    const item = findItem(items, key);
    if (!item) return;
    if (item.external) window.open(item.href, '_blank', 'noopener,noreferrer');
    else router.push(item.href);
    onNavigate?.();
  };
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={toItems(items)}
      selectedKeys={selected}
      defaultOpenKeys={openKeys}
      onClick={onClick}
      style={mode === 'horizontal' ? { flex: 1, minWidth: 0, borderBottom: 'none' } : { borderInlineEnd: 'none' }}
      data-testid="side-menu"
    />
  );
}
