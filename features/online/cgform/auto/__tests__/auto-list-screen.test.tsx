import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import type { ReactNode } from 'react';
import { App, ConfigProvider } from 'antd';
import { SWRConfig } from 'swr';
import { page } from '@/components/data/list/__tests__/helpers';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import { formToResourceDef, type FormDefinition } from '@/lib/online/form-def';
import type { CgformField, CgformHead } from '@/lib/online/wire';
import { ENHANCE_CHANNEL, SANDBOX_PATH, type ToSandbox } from '../../enhance-runtime';
import CgformAutoListScreen from '../../cgform-auto-list-screen';

/** The auto list of a designed form (issue #25): definition from getColumns, child table grid, sandboxed enhance hooks. */

jest.mock('next/navigation', () => ({ usePathname: () => '/online/cgformList/h2_receive' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const put = http.put as jest.Mock;

const head = (id: string, tableName: string, tableTxt: string, tableType: 1 | 2 | 3): CgformHead => ({ id, tableName, tableTxt, tableType, subTableStr: null, isDbSynch: 'Y', formVersion: 1, isCheckbox: 'Y', isPage: 'Y', description: null, createBy: null, createTime: '', updateTime: null });
const field = (dbFieldName: string, dbFieldTxt: string, over: Partial<CgformField> = {}): CgformField => ({
  dbFieldName, dbFieldTxt, dbType: 'string', dbLength: 32, dbPointLength: 0, dbDefaultVal: null, dbIsNull: 1, fieldShowType: 'text', fieldLength: null, dictField: null, fieldValidType: null,
  isShowForm: 1, isShowList: 1, isQuery: 0, queryMode: 'single', sortFlag: 0, isReadOnly: 0, mainTable: null, mainField: null, orderNum: 0, ...over,
});
const MAIN: FormDefinition = { head: head('h1', 'h2_receive', '教材领用', 2), children: [], fields: [field('student_name', '学员姓名', { dbIsNull: 0, isQuery: 1 }), field('qty', '数量', { dbType: 'int' })] };
const CHILD: FormDefinition = { head: head('h2', 'h2_item', '领用明细', 3), children: [], fields: [field('receive_id', '领用单', { mainTable: 'h2_receive', mainField: 'id' }), field('book', '教材', { dbIsNull: 0 })] };

const CONFIG = (enhance = { list: 'api.buttons=[]', form: 'api.beforeSubmit=function(){}' }) => ({
  success: true, code: 200, message: '',
  result: { code: 'h2_receive', head: MAIN.head, def: formToResourceDef(MAIN), subTables: [{ tableName: 'h2_item', tableTxt: '领用明细', fk: 'receive_id', def: formToResourceDef(CHILD) }], enhance },
});
const ROW = { id: 'm1', student_name: '张三', qty: 2, createTime: '2026-11-01 10:00:00' };
const API = '/online/cgform/api/crud/h2_receive';

function answer(url: string) {
  if (url === '/online/cgform/api/getColumns/h2_receive') return CONFIG();
  if (url === `${API}/list`) return page([ROW], 1);
  if (url === `${API}/queryById`) return { success: true, code: 200, message: '', result: { ...ROW, h2_item: [{ id: 'c1', receive_id: 'm1', book: '语文' }] } };
  return page([], 0);
}

/** The list helpers' wrapper, with a signed-in account (the editable grid reads the user's id). */
function wrapper({ auth = [] }: { auth?: { action: string; type: string }[] } = {}) {
  const shell = { account: { userInfo: { id: 'u1', username: 'jiaowu' } }, menu: [], auth, allAuth: [], systemTitle: '教务系统', homePath: '/' } as unknown as ShellData;
  return function Wrapper({ children }: { children: ReactNode }) {
    return (
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ConfigProvider theme={{ token: { motion: false } }}>
          <ShellProvider value={shell}>
            <App>{children}</App>
          </ShellProvider>
        </ConfigProvider>
      </SWRConfig>
    );
  };
}

/** The sandbox stands in for the iframe: its posts are captured, its answers dispatched as the iframe's messages. */
function sandbox(testId: string, reply: (m: ToSandbox) => unknown) {
  const frame = screen.getByTestId(testId) as HTMLIFrameElement;
  expect(frame.getAttribute('sandbox')).toBe('allow-scripts');
  // Its own document with its own headers (enhance-sandbox.ts), not a srcdoc under the console page's policy.
  expect(frame.getAttribute('src')).toBe(SANDBOX_PATH);
  expect(frame.hasAttribute('srcdoc')).toBe(false);
  const win = frame.contentWindow!;
  const say = (data: unknown) => act(() => void window.dispatchEvent(new MessageEvent('message', { data, source: win })));
  const posted: ToSandbox[] = [];
  jest.spyOn(win, 'postMessage').mockImplementation((m: unknown) => {
    const msg = m as ToSandbox;
    posted.push(msg);
    if (msg.type === 'call') {
      const value = reply(msg);
      if (value !== 'never') setTimeout(() => void say({ channel: ENHANCE_CHANNEL, type: 'result', id: msg.id, ok: true, value }), 0);
    }
  });
  // The sandbox document loads: the script goes first, then whatever waited for it.
  fireEvent.load(frame);
  expect(posted[0]).toMatchObject({ channel: ENHANCE_CHANNEL, type: 'init' });
  return { say, posted };
}

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => Promise.resolve(answer(url)));
});

it('lists through the definition\'s crud api and runs the list script\'s button with the selected rows', async () => {
  render(<CgformAutoListScreen />, { wrapper: wrapper({ auth: [{ action: 'online:form:h2_receive:list', type: '1' }] }) });
  expect(await screen.findByText('张三')).toBeTruthy();
  expect(get).toHaveBeenCalledWith(`${API}/list`, expect.objectContaining({ pageNo: 1 }));
  const list = sandbox('cgform-enhance-list', (m) => (m.type === 'call' && m.hook === 'button' ? { message: `已提醒${(m.args[1] as unknown[]).length}人`, refresh: true } : undefined));
  // A message from any other window is ignored.
  await act(() => void window.dispatchEvent(new MessageEvent('message', { data: { channel: ENHANCE_CHANNEL, type: 'ready', buttons: [{ key: 'evil', text: '假' }] }, source: window })));
  expect(screen.queryByTestId('cgform-enhance-btn-evil')).toBeNull();
  await list.say({ channel: ENHANCE_CHANNEL, type: 'ready', buttons: [{ key: 'remind', text: '提醒' }] });
  fireEvent.click(screen.getByRole('checkbox', { name: 'Select row 1' }));
  const calls = get.mock.calls.filter(([u]) => u === `${API}/list`).length;
  fireEvent.click(await screen.findByTestId('cgform-enhance-btn-remind'));
  expect(await screen.findByText('已提醒1人')).toBeTruthy();
  expect(list.posted[1]).toMatchObject({ type: 'call', hook: 'button', args: ['remind', expect.any(Array)] });
  await waitFor(() => expect(get.mock.calls.filter(([u]) => u === `${API}/list`).length).toBeGreaterThan(calls));
});

it('edits a row with its child rows in one PUT; beforeSubmit may refuse or change the row', async () => {
  render(<CgformAutoListScreen />, { wrapper: wrapper({ auth: ['list', 'edit'].map((a) => ({ action: `online:form:h2_receive:${a}`, type: '1' })) }) });
  fireEvent.click(await screen.findByText('编辑'));
  const form = await screen.findByTestId('cgform-form');
  const grid = await within(form).findByTestId('cgform-grid-h2_item');
  expect(await within(grid).findByText('语文')).toBeTruthy();
  expect(get).toHaveBeenCalledWith(`${API}/queryById`, { id: 'm1' });

  let verdict: unknown = { error: '数量不能超过1' };
  sandbox('cgform-enhance-form', () => verdict);
  fireEvent.click(screen.getByTestId('cgform-form-submit'));
  expect(await screen.findByText('数量不能超过1')).toBeTruthy();
  expect(put).not.toHaveBeenCalled();

  verdict = { row: { qty: 1, id: 'other', hack: 'x' } };
  put.mockResolvedValue({ success: true, code: 200, message: '编辑成功!', result: ROW });
  fireEvent.click(screen.getByTestId('cgform-form-submit'));
  await waitFor(() => expect(put).toHaveBeenCalled());
  expect(put).toHaveBeenCalledWith(`${API}/edit`, { id: 'm1', student_name: '张三', qty: 1, h2_item: [{ id: 'c1', book: '语文' }] });
});

it('a script that never answers does not stop the save (2 s timeout, message shown)', async () => {
  jest.useFakeTimers({ advanceTimers: true });
  try {
    render(<CgformAutoListScreen />, { wrapper: wrapper({ auth: ['list', 'edit'].map((a) => ({ action: `online:form:h2_receive:${a}`, type: '1' })) }) });
    fireEvent.click(await screen.findByText('编辑'));
    await within(await screen.findByTestId('cgform-form')).findByTestId('cgform-grid-h2_item');
    const form = sandbox('cgform-enhance-form', () => 'never');
    put.mockResolvedValue({ success: true, code: 200, message: '编辑成功!', result: ROW });
    fireEvent.click(screen.getByTestId('cgform-form-submit'));
    await act(async () => void jest.advanceTimersByTime(2100));
    expect(await screen.findByText(/表单增强脚本出错：增强脚本超时/)).toBeTruthy();
    // The runaway hook's Worker is ended and the script started afresh.
    expect(form.posted.at(-1)).toEqual({ channel: ENHANCE_CHANNEL, type: 'reset' });
    await waitFor(() => expect(put).toHaveBeenCalledWith(`${API}/edit`, expect.objectContaining({ id: 'm1', qty: 2 })));
  } finally {
    jest.useRealTimers();
  }
});

it('shows the server\'s refusal (no codes, not synchronised) instead of a list', async () => {
  get.mockImplementation((url: string) => (url.includes('getColumns') ? Promise.reject(new ApiError('没有权限，请联系管理员授权', 510, 200)) : Promise.resolve(page([], 0))));
  render(<CgformAutoListScreen />, { wrapper: wrapper() });
  expect((await screen.findByTestId('cgform-auto-error')).textContent).toContain('没有权限，请联系管理员授权');
  expect(get).not.toHaveBeenCalledWith(`${API}/list`, expect.anything());
});
