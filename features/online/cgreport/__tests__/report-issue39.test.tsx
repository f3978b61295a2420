import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import { ReportDesigner } from '../report-designer';
import CgreportAutoListScreen from '../cgreport-auto-list-screen';

/**
 * Issue #39 in 报表配置 and on a report's page: the table and column browser beside the SQL (click inserts at the
 * cursor), the chart's axis choices by their 显示名, and params as a dictionary pick list or a date picker.
 */

const path = { current: '/online/cgreport' };
jest.mock('next/navigation', () => ({ usePathname: () => path.current }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// CodeMirror's own insertion is proved in components/code-editor; here a textarea inserts at its cursor the same way.
jest.mock('@/components/code-editor', () => ({
  CodeEditor: function FakeEditor({ value, onChange, 'data-testid': testId, commandsRef }: { value?: string; onChange?: (v: string) => void; 'data-testid'?: string; commandsRef?: { current: unknown } }) {
    if (commandsRef)
      commandsRef.current = {
        insert: (text: string) => {
          const el = document.querySelector(`[data-testid="${testId}"]`) as HTMLTextAreaElement;
          onChange?.(el.value.slice(0, el.selectionStart) + text + el.value.slice(el.selectionEnd));
        },
      };
    return <textarea data-testid={testId} value={value ?? ''} onChange={(e) => onChange?.(e.target.value)} />;
  },
}));
jest.mock('@/components/grid/use-vxe-socket', () => ({ useVxeSocket: () => ({ send: jest.fn(), status: 'closed' }) }));

const get = http.get as jest.Mock;
const env = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const entries = (codes: string[]) => codes.map((action) => ({ action, type: '1', describe: action, status: '1' }));
const AUTH = entries(['list', 'add', 'edit', 'delete', 'menu'].map((a) => `online:cgreport:${a}`));
const opts = { wrapper: wrapper({ auth: AUTH, allAuth: AUTH }) };

const TABLES = [
  { tableName: 'tbl_location', tableTxt: '场地', columns: [{ columnName: 'name', columnTxt: '场地名称', dataType: 'character varying(100)' }, { columnName: 'max_member', columnTxt: '容纳人数', dataType: 'integer' }] },
  { tableName: 'sys_dict', tableTxt: '数据字典', columns: [{ columnName: 'dict_code', columnTxt: '字典编码', dataType: 'character varying(100)' }] },
];
const tableCalls = () => get.mock.calls.filter(([url]) => url === '/online/cgreport/head/tables').map(([, p]) => p as Record<string, unknown>);

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('报表配置: the table and column browser', () => {
  beforeEach(() => {
    path.current = '/online/cgreport';
    get.mockImplementation((url: string, p?: Record<string, unknown>) => {
      if (url === '/online/cgreport/head/tables') {
        const kw = String(p?.keyword ?? '');
        const rows = kw ? TABLES.filter((t) => JSON.stringify(t).includes(kw)) : TABLES;
        return env({ records: rows, total: rows.length, current: 1, size: 20, pages: 1 });
      }
      return Promise.resolve(page([], 0));
    });
  });

  it('lists the readable tables with their Chinese names; a click puts the name at the SQL cursor', async () => {
    render(<ReportDesigner open headId={null} onClose={jest.fn()} onSaved={jest.fn()} />, opts);
    const browser = await screen.findByTestId('cgreport-tables');
    expect(await within(browser).findByText('场地')).toBeTruthy();
    expect(within(browser).getByText('数据字典')).toBeTruthy();
    expect(tableCalls()[0]).toEqual({ keyword: '', pageNo: 1, pageSize: 20 });

    const sql = screen.getByTestId('cgreport-sql') as HTMLTextAreaElement;
    fireEvent.change(sql, { target: { value: 'select  from ' } });
    sql.setSelectionRange(7, 7);
    // Columns show when the table is opened.
    expect(within(browser).queryByTestId('cgreport-insert-tbl_location-name')).toBeNull();
    fireEvent.click(within(browser).getByLabelText('展开tbl_location'));
    expect(within(browser).getByText('场地名称')).toBeTruthy();
    fireEvent.click(within(browser).getByTestId('cgreport-insert-tbl_location-name'));
    await waitFor(() => expect(sql.value).toBe('select name from '));
    sql.setSelectionRange(sql.value.length, sql.value.length);
    fireEvent.click(within(browser).getByTestId('cgreport-insert-tbl_location'));
    await waitFor(() => expect(sql.value).toBe('select name from tbl_location'));
  });

  it('searches on the server; a table found through a column opens to show it', async () => {
    render(<ReportDesigner open headId={null} onClose={jest.fn()} onSaved={jest.fn()} />, opts);
    const browser = await screen.findByTestId('cgreport-tables');
    await within(browser).findByText('场地');
    const search = within(browser).getByPlaceholderText('搜索表名、字段名或中文名');
    fireEvent.change(search, { target: { value: '容纳' } });
    fireEvent.keyDown(search, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(tableCalls().at(-1)).toEqual({ keyword: '容纳', pageNo: 1, pageSize: 20 }));
    await waitFor(() => expect(within(browser).queryByText('数据字典')).toBeNull());
    expect(within(browser).getByTestId('cgreport-insert-tbl_location-max_member')).toBeTruthy();
  });
});

describe('报表配置: the chart’s axis choices', () => {
  it('offer each field by its 显示名, the field name beside it', async () => {
    const HEAD = { id: 'h1', code: 'channel_count', name: '渠道统计', cgrSql: 'select channel, cnt from t', dbSource: null, content: null, chartType: 'bar', chartX: 'channel', chartY: 'cnt', createBy: 'admin', createTime: '' };
    const ITEMS = [
      { id: 'i1', fieldName: 'channel', fieldTxt: '渠道', fieldType: 'String', fieldWidth: null, isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 1 },
      { id: 'i2', fieldName: 'cnt', fieldTxt: '数量', fieldType: 'Integer', fieldWidth: null, isShow: 1, isOrder: 0, isSearch: 0, searchMode: null, dictCode: null, orderNum: 2 },
    ];
    get.mockImplementation((url: string) => {
      if (url === '/online/cgreport/head/queryById') return env(HEAD);
      if (url === '/online/cgreport/item/listByHeadId') return env(ITEMS);
      if (url === '/online/cgreport/param/listByHeadId') return env([]);
      if (url === '/online/cgreport/head/tables') return env({ records: [], total: 0 });
      return Promise.resolve(page([], 0));
    });
    render(<ReportDesigner open headId="h1" onClose={jest.fn()} onSaved={jest.fn()} />, opts);
    const x = await screen.findByTestId('cgreport-chart-x');
    // The chosen value shows its text, not the field name.
    await waitFor(() => expect(x.textContent).toContain('渠道'));
    expect(screen.getByTestId('cgreport-chart-y').textContent).toContain('数量');
    fireEvent.mouseDown(x.querySelector('.ant-select-selector, .ant-select') ?? x);
    const options = await waitFor(() => {
      const found = [...document.querySelectorAll('.ant-select-item-option')].map((el) => el as HTMLElement);
      expect(found.length).toBe(2);
      return found;
    });
    expect(options.map((o) => o.textContent)).toEqual(['渠道channel', '数量cnt']);
    expect(within(options[1]).getByText('cnt').className).toContain('secondary');
  });
});

describe('a report’s params on its page', () => {
  const CODE = 'param_report';
  const dataCalls = () => get.mock.calls.filter(([url]) => url === `/online/cgreport/api/getData/${CODE}`).map(([, p]) => p as Record<string, unknown>);

  it('a dictionary param is a pick list of the dictionary’s texts, a date param a date picker starting at its default', async () => {
    path.current = `/online/cgreport/${CODE}`;
    get.mockImplementation((url: string) => {
      if (url === `/online/cgreport/api/getRpColumns/${CODE}`) return env({ columns: [{ title: '用户', dataIndex: 'username' }], dictOptions: {}, cgRpConfigId: CODE, cgRpConfigName: '参数报表', chart: null });
      if (url === `/online/cgreport/api/getQueryInfo/${CODE}`) return env([]);
      if (url === `/online/cgreport/api/getParamsInfo/${CODE}`)
        return env([
          { paramName: 'sex', paramTxt: '性别', paramValue: null, orderNum: 1, dictCode: 'sex', paramType: null },
          { paramName: 'born', paramTxt: '出生不晚于', paramValue: '2026-11-01', orderNum: 2, dictCode: null, paramType: 'Date' },
        ]);
      if (url === '/sys/dict/getDictItems/sex') return env([{ value: '1', text: '男', title: '男' }, { value: '2', text: '女', title: '女' }]);
      if (url === `/online/cgreport/api/getData/${CODE}`) return Promise.resolve(page([{ username: 'admin' }], 1));
      return env(null);
    });
    render(<CgreportAutoListScreen />, opts);
    const form = await screen.findByTestId('report-query');
    const born = (await within(form).findByTestId('report-param-born')) as HTMLInputElement;
    expect(born.value).toBe('2026-11-01');
    expect(born.closest('.ant-picker')).not.toBeNull();

    const select = form.querySelector('#param__sex')!.closest('.ant-select')!;
    fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select);
    fireEvent.click(await screen.findByTitle('女'));
    fireEvent.click(screen.getByTestId('report-search-submit'));
    await waitFor(() => expect(dataCalls().at(-1)).toMatchObject({ self_sex: '2', self_born: '2026-11-01' }));
  });
});
