'use client';

import { Dropdown, Tabs, type MenuProps } from 'antd';
import { TAB_MENU, type TabsState } from '@/lib/tabs';

const CONTEXT_ITEMS: MenuProps['items'] = [
  { key: TAB_MENU.refresh, label: '刷新' },
  { key: TAB_MENU.closeLeft, label: '关闭左侧' },
  { key: TAB_MENU.closeRight, label: '关闭右侧' },
  { key: TAB_MENU.closeOthers, label: '关闭其它' },
];

/** Multi-tab bar (spec 01 §2/§4): every open page a tab; right-click for keys 1–4. */
export function TabBar({ state, onSelect, onClose, onContext }: {
  state: TabsState;
  onSelect: (key: string) => void;
  onClose: (key: string) => void;
  onContext: (key: string, menuKey: string) => void;
}) {
  return (
    <Tabs
      data-testid="tab-bar"
      type="editable-card"
      hideAdd
      size="small"
      activeKey={state.active}
      onChange={onSelect}
      onEdit={(key, action) => action === 'remove' && typeof key === 'string' && onClose(key)}
      style={{ margin: 0, padding: '6px 16px 0', background: '#fff' }}
      items={state.tabs.map((t) => ({
        key: t.key,
        // Every tab shows a close button; the reducer refuses home and the last tab with the spec's warnings.
        closable: true,
        label: (
          <Dropdown trigger={['contextMenu']} menu={{ items: CONTEXT_ITEMS, onClick: ({ key }) => onContext(t.key, key) }}>
            <span data-tab-key={t.key} data-testid="tab">
              {t.title}
            </span>
          </Dropdown>
        ),
      }))}
    />
  );
}
