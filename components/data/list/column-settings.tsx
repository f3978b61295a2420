'use client';

import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Button, Checkbox, Divider, Flex, Popover, Tooltip } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { clearColumnSettings, columnSettingsKey, parseColumnSettings, saveColumnSettings } from '@/lib/column-settings';
import { PREFIX } from '@/lib/storage-keys';

/* ------------------------------------------------------------------ the stored settings as a store */

const listeners = new Set<() => void>();
const notify = () => listeners.forEach((l) => l());

function subscribe(listener: () => void) {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/**
 * The visible columns of a route (null = all), kept in localStorage for 7 days. Read through
 * useSyncExternalStore so server HTML (no storage) and the first client render agree.
 */
export function useColumnSettings(route: string | null | undefined) {
  const raw = useSyncExternalStore(
    subscribe,
    () => (route ? window.localStorage.getItem(PREFIX + columnSettingsKey(route)) : null),
    () => null,
  );
  const visible = useMemo(() => parseColumnSettings(raw), [raw]);
  return {
    visible,
    save: (keys: readonly string[]) => {
      if (!route) return;
      saveColumnSettings(window.localStorage, route, keys);
      notify();
    },
    reset: () => {
      if (!route) return;
      clearColumnSettings(window.localStorage, route);
      notify();
    },
  };
}

/* ------------------------------------------------------------------ the popover */

export interface SettableColumn {
  key: string;
  title: ReactNode;
}

export interface ColumnSettingsProps {
  columns: readonly SettableColumn[];
  /** Visible column keys; null = all. */
  visible: readonly string[] | null;
  onChange: (keys: string[]) => void;
  onReset: () => void;
}

/** 列设置: show / hide the data columns of a list. */
export function ColumnSettings({ columns, visible, onChange, onReset }: ColumnSettingsProps) {
  const checked = visible ?? columns.map((c) => c.key);
  const content = (
    <div style={{ maxWidth: 360 }} data-testid="column-settings-panel">
      <Checkbox.Group value={[...checked]} onChange={(keys) => onChange(columns.map((c) => c.key).filter((k) => keys.includes(k)))}>
        <Flex wrap gap={8}>
          {columns.map((c) => (
            <Checkbox key={c.key} value={c.key} data-testid={`column-setting-${c.key}`}>
              {c.title}
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
      <Divider style={{ margin: '8px 0' }} />
      <Button size="small" onClick={onReset} data-testid="column-settings-reset">
        重置
      </Button>
    </div>
  );
  return (
    <Popover trigger="click" placement="bottomRight" title="列设置" content={content}>
      <Tooltip title="列设置">
        <Button icon={<SettingOutlined />} aria-label="列设置" data-testid="column-settings" />
      </Tooltip>
    </Popover>
  );
}
