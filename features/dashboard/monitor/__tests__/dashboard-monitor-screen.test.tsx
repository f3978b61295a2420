import { render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { SCREENS } from '@/lib/screens';
import { PERMS } from '@/lib/permissions/codes';
import DashboardMonitorScreen from '../dashboard-monitor-screen';

/** 监控页 /dashboard/monitor (issue #39): 系统监控's headline figures on one page, behind system:monitor:list. */

jest.mock('next/navigation', () => ({ usePathname: () => '/dashboard/monitor' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const GB = 1024 ** 3;

const ANSWERS: Record<string, unknown> = {
  '/sys/monitor/system': { hostname: 'edu-1', platform: 'linux', arch: 'x64', release: '6', nodeVersion: 'v22', cpuCount: 2, cpuModel: 'x', cpuPercent: 37, loadAverage: [0.5, 0.25, 0.125], memory: { total: 8 * GB, free: 2 * GB, used: 6 * GB, usedPercent: 75 }, uptimeSec: 90_000, processUptimeSec: 3_600 },
  '/sys/monitor/service': { tracking: true, note: null, requestsLastMinute: 42, requestsPerSecond: 0.7, inFlight: 1, openConnections: 3, websocketClients: 2, uptimeSec: 3_600 },
  '/sys/monitor/disk': { dataDir: '/data', filesystem: { path: '/', total: 100 * GB, used: 40 * GB, free: 60 * GB, usedPercent: 40 }, upload: { path: '/data/upload', bytes: GB, files: 10, truncated: false } },
  '/sys/monitor/database': { kind: 'postgres', version: '16.4', sizeBytes: 2 * GB, connections: {}, tables: [], slowQueries: null, slowQueriesNote: null },
};

it('is a screen of its own at /dashboard/monitor needing 系统监控\'s code, as its endpoints do', () => {
  expect(SCREENS.find((s) => s.path === '/dashboard/monitor')).toMatchObject({ component: 'dashboard/Monitor', perm: PERMS.monitor.list });
});

it('shows CPU, memory, disk, database, requests and uptime from /sys/monitor/*, and links 系统监控 for details', async () => {
  get.mockImplementation((url: string) => Promise.resolve({ success: true, code: 200, message: '', result: ANSWERS[url] }));
  render(<DashboardMonitorScreen />, { wrapper: wrapper() });
  await waitFor(() => expect(screen.getByTestId('figure-cpu').textContent).toBe('37%'));
  expect(screen.getByTestId('figure-memory').textContent).toBe('75%');
  await waitFor(() => expect(screen.getByTestId('figure-disk').textContent).toBe('40%'));
  await waitFor(() => expect(screen.getByTestId('figure-requests').textContent).toBe('42'));
  await waitFor(() => expect(screen.getByTestId('figure-database').textContent).toContain('2'));
  expect(screen.getByText(/PostgreSQL 16\.4/)).toBeTruthy();
  expect(screen.getByTestId('dashboard-monitor-details').getAttribute('href')).toBe('/isystem/monitor');
  expect(new Set(get.mock.calls.map(([u]) => u))).toEqual(new Set(Object.keys(ANSWERS)));
});

it('shows a failed load as an error, the other figures still', async () => {
  get.mockImplementation((url: string) => (url === '/sys/monitor/database' ? Promise.reject(new Error('没有权限，请联系管理员授权')) : Promise.resolve({ success: true, code: 200, message: '', result: ANSWERS[url] })));
  render(<DashboardMonitorScreen />, { wrapper: wrapper() });
  expect(await screen.findByText('没有权限，请联系管理员授权')).toBeTruthy();
  await waitFor(() => expect(screen.getByTestId('figure-cpu').textContent).toBe('37%'));
  expect(screen.getByTestId('figure-database').textContent).toBe('-');
});
