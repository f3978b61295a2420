'use client';

import { useEffect, useMemo, useState } from 'react';
import { useRouter } from 'next/navigation';
import { Select } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import { menuSearchTarget, searchMenu, type MenuSearchItem } from '@/lib/menu';

/**
 * The menu search's select (spec 01 §2), loaded by MenuSearch on first use and opened at once.
 * Ctrl+K reopens it: choose by id → navigate, or open an external/iframe url in a new tab.
 */
export function MenuSearchSelect({ items }: { items: MenuSearchItem[] }) {
  const router = useRouter();
  const [keyword, setKeyword] = useState('');
  const [open, setOpen] = useState(true);
  const [focusNonce, setFocusNonce] = useState(1);

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key.toLowerCase() === 'k') {
        e.preventDefault();
        setFocusNonce((n) => n + 1);
        setOpen(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const options = useMemo(() => searchMenu(items, keyword).map((i) => ({ value: i.id, label: i.title })), [items, keyword]);

  const choose = (id: string) => {
    const target = menuSearchTarget(items, id);
    setKeyword('');
    setOpen(false);
    if (!target) return;
    if (target.kind === 'open') window.open(target.url, '_blank', 'noopener,noreferrer');
    else router.push(target.path);
  };

  return (
    <Select
      key={focusNonce}
      autoFocus={focusNonce > 0}
      showSearch={{ filterOption: false, onSearch: setKeyword }}
      open={open}
      onOpenChange={setOpen}
      value={null}
      placeholder="搜索菜单 (Ctrl+K)"
      prefix={<SearchOutlined />}
      options={options}
      onSelect={(v) => v && choose(v)}
      notFoundContent="没有匹配的菜单"
      style={{ width: 200 }}
      data-testid="menu-search"
      aria-label="搜索菜单"
    />
  );
}
