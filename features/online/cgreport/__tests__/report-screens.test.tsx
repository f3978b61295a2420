import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import { ReportDesigner } from '../report-designer';
import CgreportAutoListScreen from '../cgreport-auto-list-screen';
import DataSourceListScreen from '@/features/online/datasource/datasource-list-screen';

/** 报表配置 (解析SQL), the report's own page (query, params, paging, sort, chart) and 多数据源管理 (测试连接). */

const path = { current: '/online/cgreport' };
jest.mock('next/navigation', () => ({ usePathname: () => path.current }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// CodeMirror needs layout jsdom does not have; the designer only needs a text value.
jest.mock('@/components/code-editor', () => ({
  CodeEditor: ({ value, onChange, 'data-testid': testId }: { value?: string; onChange?: (v: string) => void; 'data-testid'?: string }) => (
    <textarea data-testid={testId} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />
  ),
}));
// The grids' realtime channel is not used by the designer (no socket key); the test shell has no user.
jest.mock('@/components/grid/use-vxe-socket', () => ({ useVxeSocket: () => ({ send: jest.fn(), status: 'closed' }) }));
// jsdom has no canvas: the chart is a stand-in showing what it was given.
jest.mock('chart.js', () => ({ Chart: { register: jest.fn() }, ArcElement: {}, BarElement: {}, CategoryScale: {}, Legend: {}, LinearScale: {}, LineElement: {}, PointElement: {}, Tooltip: {} }));
jest.mock('react-chartjs-2', () => {
  const fake = (type: string) =>
    function FakeChart({ data }: { data: { labels: string[]; datasets: { label: string; data: number[] }[] } }) {
      return (
        <div data-testid="chart-canvas" data-type={type}>
          {data.labels.join('|')}/{data.datasets.map((d) => `${d.label}:${d.data.join(',')}`).join(';')}
        </div>
      );
    };
  return { Bar: fake('bar'), Line: fake('line'), Pie: fake('pie') };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const env = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const entries = (codes: string[]) => codes.map((action) => ({ action, type: '1', describe: action, status: '1' }));
const AUTH = entries([
  ...['list', 'add', 'edit', 'delete', 'menu'].map((a) => `online:cgreport:${a}`),
  ...['list', 'add', 'edit', 'delete', 'test'].map((a) => `system:datasource:${a}`),
]);
const opts = { wrapper: wrapper({ auth: AUTH, allAuth: AUTH }) };

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
});

describe('报表配置 designer', () => {
  beforeEach(() => {
    path.current = '/online/cgreport';
    get.mockImplementation(() => Promise.resolve(page([], 0)));
  });

  it('解析SQL fills the items and params grids and shows the preview rows; a refused SQL shows the server’s message', async () => {
    render(<ReportDesigner open headId={null} onClose={jest.fn()} onSaved={jest.fn()} />, opts);
    const sql = 'select name as campus, count(*) as lessons from tbl_location where month = ${month} group by name';
    fireEvent.change(await screen.findByTestId('cgreport-sql'), { target: { value: sql } });
    post.mockImplementationOnce(() =>
      env({
        items: [
          { fieldName: 'campus', fieldTxt: 'campus', fieldType: 'String', fieldWidth: null, isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 1 },
          { fieldName: 'lessons', fieldTxt: 'lessons', fieldType: 'Integer', fieldWidth: null, isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 2 },
        ],
        params: [{ paramName: 'month', paramTxt: 'month', paramValue: null, orderNum: 1 }],
        preview: [{ campus: '东城校区', lessons: 42 }],
      }),
    );
    fireEvent.click(screen.getByTestId('cgreport-parse'));
    const preview = await screen.findByTestId('cgreport-preview');
    expect(post).toHaveBeenCalledWith('/online/cgreport/head/parseSql', { sql, dbSource: null, params: {} });
    expect(within(preview).getByText('东城校区')).toBeTruthy();
    expect(within(preview).getByText('42')).toBeTruthy();
    const items = screen.getByTestId('cgreport-items-grid');
    await waitFor(() => expect(items.textContent).toContain('lessons'));
    expect(items.textContent).toContain('campus');
    expect(screen.getByTestId('cgreport-params-grid').textContent).toContain('month');

    // The server's refusal, word for word, under the SQL; the preview of the accepted SQL goes away.
    const refusal = '不允许访问表 sys_user 的列 password';
    post.mockImplementationOnce(() => Promise.reject(new ApiError(refusal, 500, 200)));
    fireEvent.change(screen.getByTestId('cgreport-sql'), { target: { value: 'select password from sys_user' } });
    fireEvent.click(screen.getByTestId('cgreport-parse'));
    expect((await screen.findByTestId('cgreport-sql-error')).textContent).toBe(refusal);
    expect(screen.queryByTestId('cgreport-preview')).toBeNull();
    // The second parse sends the params the first one found, with their values.
    expect(post).toHaveBeenLastCalledWith('/online/cgreport/head/parseSql', { sql: 'select password from sys_user', dbSource: null, params: { month: '' } });
  });
});

const CODE = 'campus_consume_month';
const COLUMNS = {
  columns: [
    { title: '校区', dataIndex: 'campus', sorter: false },
    { title: '课消课时', dataIndex: 'hours', sorter: true },
  ],
  dictOptions: {},
  cgRpConfigId: CODE,
  cgRpConfigName: '各校区本月课消',
};
const ROWS = [
  { campus: '东城校区', hours: 12 },
  { campus: '西城校区', hours: 7.5 },
];

function serveReport(chart: unknown) {
  get.mockImplementation((url: string) => {
    if (url === `/online/cgreport/api/getRpColumns/${CODE}`) return env({ ...COLUMNS, chart });
    if (url === `/online/cgreport/api/getQueryInfo/${CODE}`) return env([{ label: '校区', field: 'campus', view: 'string', mode: 'single' }]);
    if (url === `/online/cgreport/api/getParamsInfo/${CODE}`) return env([{ paramName: 'month', paramTxt: '月份', paramValue: '2026-11', orderNum: 1 }]);
    if (url === `/online/cgreport/api/getData/${CODE}`) return Promise.resolve(page(ROWS, 25));
    return env(null);
  });
}
const dataCalls = () => get.mock.calls.filter(([url]) => url === `/online/cgreport/api/getData/${CODE}`).map(([, p]) => p as Record<string, unknown>);

describe('the report’s own page', () => {
  beforeEach(() => {
    path.current = `/online/cgreport/${CODE}`;
  });

  it('sends the query fields with self_<param>, pages and sorts on the server, and draws the chart from the rows', async () => {
    serveReport({ type: 'bar', x: 'campus', y: ['hours'] });
    render(<CgreportAutoListScreen />, opts);
    const chart = await screen.findByTestId('report-chart');
    expect(chart.getAttribute('data-chart-type')).toBe('bar');
    expect((await within(chart).findByTestId('chart-canvas')).textContent).toBe('东城校区|西城校区/课消课时:12,7.5');
    expect(dataCalls()[0]).toMatchObject({ pageNo: 1, pageSize: 10 });

    expect((screen.getByTestId('report-param-month') as HTMLInputElement).value).toBe('2026-11');
    fireEvent.change(screen.getByTestId('report-param-month'), { target: { value: '2026-10' } });
    fireEvent.change(screen.getByTestId('report-query-campus'), { target: { value: '东城' } });
    fireEvent.click(screen.getByTestId('report-search-submit'));
    await waitFor(() => expect(dataCalls().at(-1)).toMatchObject({ campus: '东城', self_month: '2026-10', pageNo: 1 }));

    fireEvent.click(screen.getAllByText('课消课时', { selector: '.ant-table-column-title' })[0]);
    await waitFor(() => expect(dataCalls().at(-1)).toMatchObject({ column: 'hours', order: 'asc', campus: '东城', self_month: '2026-10' }));

    fireEvent.click(document.querySelector('.ant-pagination-item-2')!);
    await waitFor(() => expect(dataCalls().at(-1)).toMatchObject({ pageNo: 2, column: 'hours', self_month: '2026-10' }));
  });

  it('shows no chart when the report has none', async () => {
    serveReport(null);
    render(<CgreportAutoListScreen />, opts);
    expect(await screen.findByText('西城校区')).toBeTruthy();
    expect(screen.queryByTestId('report-chart')).toBeNull();
    expect(screen.queryByTestId('report-view-switch')).toBeNull();
  });
});

describe('多数据源管理', () => {
  it('never shows a stored password, tests the connection with the stored one, and shows the failure as the server says it', async () => {
    path.current = '/isystem/dataSource';
    // Even a server that sent a password back would not get it into the form.
    const ROW = { id: 'd1', code: 'erp', name: 'ERP库', remark: null, dbType: '4', dbDriver: 'org.postgresql.Driver', dbUrl: 'jdbc:postgresql://db.internal:5432/erp', dbName: 'erp', dbUsername: 'reader', createTime: '2026-11-01 10:00:00', dbPassword: 'Secret#1' };
    get.mockImplementation((url: string) => (url === '/sys/dataSource/list' ? Promise.resolve(page([ROW], 1)) : env(null)));
    post.mockImplementationOnce(() => env(true, '连接成功'));
    render(<DataSourceListScreen />, opts);
    fireEvent.click(await screen.findByTestId('datasource-edit-d1'));
    const password = (await screen.findByTestId('datasource-password')) as HTMLInputElement;
    expect(password.value).toBe('');
    expect(screen.getByTestId('datasource-form').innerHTML).not.toContain('Secret#1');
    expect((screen.getByTestId('datasource-url') as HTMLInputElement).value).toBe(ROW.dbUrl);

    fireEvent.click(screen.getByTestId('datasource-test'));
    expect((await screen.findByTestId('datasource-test-result')).textContent).toContain('连接成功');
    expect(post).toHaveBeenCalledWith('/online/cgreport/api/testConnection', { dbUrl: ROW.dbUrl, dbUsername: 'reader', id: 'd1' });

    post.mockImplementationOnce(() => Promise.reject(new ApiError('连接失败：password authentication failed for user "reader"', 500, 200)));
    fireEvent.change(password, { target: { value: 'typed' } });
    fireEvent.click(screen.getByTestId('datasource-test'));
    await waitFor(() => expect(screen.getByTestId('datasource-test-result').textContent).toContain('password authentication failed'));
    expect(post).toHaveBeenLastCalledWith('/online/cgreport/api/testConnection', { dbUrl: ROW.dbUrl, dbUsername: 'reader', dbPassword: 'typed', id: 'd1' });
  });
});
