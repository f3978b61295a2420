/**
 * Shared fixtures of the picker tests (ignored as a suite by jest.config.js: `__tests__/helpers.ts`).
 */
import { createElement, type ComponentType, type ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { configure } from '@testing-library/react';
import { SWRConfig } from 'swr';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import type { AuthEntry } from '@/lib/menu-types';

// The CI machine has 2 cores shared with other suites: antd renders are slow there.
configure({ asyncUtilTimeout: 15000 });

export const ok = (result: unknown, message = '') => ({ success: true, code: 200, message, result });
export const page = (records: unknown[], total = records.length) => ok({ records, total });

/** The decoded superQuery rules of a params object. */
export function rulesOf(params: Record<string, unknown>): { field: string; rule: string; val: string }[] {
  return JSON.parse(decodeURI(String(params.superQueryParams)));
}

/** The `.ant-modal` element's inline width ("1200px"). */
export const modalWidth = () => (document.querySelector('.ant-modal') as HTMLElement | null)?.style.width;

/** The selection inputs of the data rows, in order. */
export const rowInputs = () => Array.from(document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr.ant-table-row .ant-table-selection-column input'));

/** Only setTimeout is faked: React, antd and swr keep their own scheduling. */
export const fakeTimeouts = () =>
  jest.useFakeTimers({
    doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
  });

/** ShellProvider with `children` optional in its props, so createElement can take them as an argument. */
const Shell = ShellProvider as ComponentType<{ value: ShellData; children?: ReactNode }>;

export interface WrapperOptions {
  auth?: AuthEntry[];
  allAuth?: AuthEntry[];
  user?: Partial<ShellData['account']['userInfo']>;
}

/** swr cache per tree, no motion, the shell (auth + current user) and antd's App. */
export function wrapper({ auth = [], allAuth = [], user = {} }: WrapperOptions = {}) {
  const shell = { account: { userInfo: { id: 'u_me', username: 'me', realname: '我', ...user } }, menu: [], auth, allAuth, systemTitle: '教务系统', homePath: '/' } as unknown as ShellData;
  return function Wrapper({ children }: { children: ReactNode }) {
    return createElement(
      SWRConfig,
      { value: { provider: () => new Map(), dedupingInterval: 0 } },
      createElement(ConfigProvider, { theme: { token: { motion: false } } }, createElement(Shell, { value: shell }, createElement(App, null, children))),
    );
  };
}
