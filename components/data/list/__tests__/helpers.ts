/**
 * Shared fixtures of the list-page component tests (ignored as a suite by jest.config.js). No JSX in a
 * .ts file: the wrapper uses createElement.
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { configure } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import type { AuthEntry } from '@/lib/menu-types';
import type { ResourceDef } from '@/lib/resources/types';

export const fixtureDef: ResourceDef = {
  name: 'tblLocation',
  title: '场地',
  table: 'tbl_location',
  api: '/location/tblLocation',
  perm: 'edu:location',
  rowKey: 'id',
  defaultSort: { column: 'createTime', order: 'desc' },
  actions: { add: true, edit: true, delete: true, deleteBatch: true, exportXls: true, importExcel: true },
  fields: [
    { name: 'name', label: '名称', kind: 'input', search: 'like', required: true, maxLength: 10, unique: true, sortable: true },
    { name: 'city', label: '城市', kind: 'input', search: 'like' },
    { name: 'status', label: '状态', kind: 'select', options: [{ value: '1', text: '启用' }, { value: '0', text: '停用' }], search: 'eq' },
    { name: 'phone', label: '电话', kind: 'input', pattern: 'mobile', search: 'like' },
    { name: 'createTime', label: '创建时间', kind: 'datetime', search: 'range', form: false },
  ],
};

export const rows = (from: number, count: number) =>
  Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, name: `场地${from + i}`, city: '上海', status: '1', status_dictText: '启用', phone: '13800000000', createTime: '2024-01-01 10:00:00' }));

/** A list answer (contract §1 page). */
export const page = (records: unknown[], total: number) => ({ success: true, code: 200, message: '', result: { records, total } });

export const ok = (message = '操作成功!') => ({ success: true, code: 200, message, result: null });

// The CI machine has 2 cores shared with other suites: antd renders are slow there.
configure({ asyncUtilTimeout: 15000 });

/** ShellProvider with `children` optional in its props, so createElement can take them as an argument. */
const Shell = ShellProvider as ComponentType<{ value: ShellData; children?: ReactNode }>;

/** No motion: antd modals and messages then appear and leave without waiting for transitions. */
const NO_MOTION = { token: { motion: false } };

export function wrapper({ auth = [], allAuth = [] }: { auth?: AuthEntry[]; allAuth?: AuthEntry[] } = {}) {
  const shell = { account: {}, menu: [], auth, allAuth, systemTitle: '教务系统', homePath: '/' } as unknown as ShellData;
  return function Wrapper({ children }: { children: ReactNode }) {
    // A fresh swr cache per render tree, so tests do not share list answers.
    return createElement(SWRConfig, { value: { provider: () => new Map(), dedupingInterval: 0 } }, createElement(ConfigProvider, { theme: NO_MOTION }, createElement(Shell, { value: shell }, createElement(App, null, children))));
  };
}
