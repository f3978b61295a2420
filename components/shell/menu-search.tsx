'use client';

import { useEffect, useState } from 'react';
import dynamic from 'next/dynamic';
import { SearchOutlined } from '@ant-design/icons';
import type { MenuSearchItem } from '@/lib/menu';

// The select (rc-select) is a sizeable piece of the shell's first load; it loads on first use.
const MenuSearchSelect = dynamic(() => import('./menu-search-select').then((m) => m.MenuSearchSelect), {
  ssr: false,
  loading: () => <Placeholder />,
});

function Placeholder({ onOpen }: { onOpen?: () => void }) {
  return (
    <button
      type="button"
      onClick={onOpen}
      onFocus={onOpen}
      aria-label="搜索菜单"
      data-testid="menu-search"
      style={{
        width: 200,
        height: 32,
        display: 'inline-flex',
        alignItems: 'center',
        gap: 8,
        padding: '0 11px',
        border: '1px solid #d9d9d9',
        borderRadius: 6,
        background: '#fff',
        color: 'rgba(0,0,0,0.25)',
        cursor: 'text',
        font: 'inherit',
      }}
    >
      <SearchOutlined style={{ color: 'rgba(0,0,0,0.45)' }} />
      搜索菜单 (Ctrl+K)
    </button>
  );
}

/** Menu search (spec 01 §2), also on Ctrl+K: looks like the select until first used, then is it. */
export function MenuSearch({ items }: { items: MenuSearchItem[] }) {
  const [active, setActive] = useState(false);
  useEffect(() => {
    if (active) return;
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setActive(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);
  return active ? <MenuSearchSelect items={items} /> : <Placeholder onOpen={() => setActive(true)} />;
}
