/**
 * Browser entry for bench/grid.ts: the EditableGrid alone, bundled by esbuild, with the 10,000 × 20
 * shape of issue 5 (no server: the columns are the kinds that render without fetching).
 * `window.benchMount(rows)` resolves with ms from render() to the first row drawn.
 */
import { createRoot, type Root } from 'react-dom/client';
import { App as AntApp, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { EditableGrid } from '@/components/grid/editable-grid';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import type { GridColumn, GridRow } from '@/lib/grid/types';

const OPTIONS = ['语文', '数学', '英语', '物理', '化学'].map((t, i) => ({ value: String(i + 1), text: t }));

/** 20 data columns: 8 text, 4 number, 3 select, 2 date, 1 datetime, 2 checkbox. */
export const BENCH_COLUMNS: GridColumn[] = [
  ...Array.from({ length: 8 }, (_, i): GridColumn => ({ key: `t${i}`, title: `文本${i + 1}`, type: 'input', width: 120, validateRules: i === 0 ? [{ required: true }] : undefined })),
  ...Array.from({ length: 4 }, (_, i): GridColumn => ({ key: `n${i}`, title: `数字${i + 1}`, type: 'inputNumber', width: 100, statistics: i === 0 ? ['sum', 'average'] : undefined })),
  ...Array.from({ length: 3 }, (_, i): GridColumn => ({ key: `s${i}`, title: `科目${i + 1}`, type: 'select', width: 110, options: OPTIONS })),
  { key: 'd0', title: '开始日期', type: 'date', width: 135 },
  { key: 'd1', title: '结束日期', type: 'date', width: 135 },
  { key: 'dt', title: '提交时间', type: 'datetime', width: 190 },
  { key: 'c0', title: '启用', type: 'checkbox', width: 70, customValue: [1, 0] },
  { key: 'c1', title: '必修', type: 'checkbox', width: 70, customValue: ['Y', 'N'] },
];

function makeRows(n: number): GridRow[] {
  return Array.from({ length: n }, (_, r) => {
    const row: GridRow = { id: `r${r}`, orderNum: r + 1 };
    for (let i = 0; i < 8; i++) row[`t${i}`] = `第${r + 1}行 文本${i + 1}`;
    for (let i = 0; i < 4; i++) row[`n${i}`] = (r * (i + 1)) % 1000;
    for (let i = 0; i < 3; i++) row[`s${i}`] = String(((r + i) % 5) + 1);
    row.d0 = '2026-09-01';
    row.d1 = '2027-01-15';
    row.dt = '2026-11-23 09:30:00';
    row.c0 = r % 2;
    row.c1 = r % 3 ? 'Y' : 'N';
    return row;
  });
}

const shell: ShellData = {
  account: {
    userInfo: { id: 'u_bench', username: 'bench', realname: 'bench' } as ShellData['account']['userInfo'],
    accountInfo: { name: 'bench', endTime: null },
    departs: [],
    roles: [],
  },
  menu: [],
  auth: [],
  allAuth: [],
  systemTitle: 'bench',
  homePath: '/',
};

let root: Root | null = null;

function mount(n: number): Promise<number> {
  const el = document.getElementById('root')!;
  root?.unmount();
  root = createRoot(el);
  const rows = makeRows(n);
  const t0 = performance.now();
  root.render(
    <ConfigProvider locale={zhCN}>
      <AntApp>
        <ShellProvider value={shell}>
          <EditableGrid columns={BENCH_COLUMNS} dataSource={rows} rowNumber rowSelection="checkbox" dragSort testId="bench-grid" />
        </ShellProvider>
      </AntApp>
    </ConfigProvider>,
  );
  return new Promise((resolve) => {
    const tick = () => {
      if (document.querySelector('[data-testid="bench-grid"] [data-testid="grid-row-0"]')) resolve(performance.now() - t0);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
}

(window as unknown as { benchMount: typeof mount }).benchMount = mount;
