import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { cgformField } from '@/lib/online/form-def';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import type { CgformEnhanceJsHistory, CgformSyncPreview } from '@/lib/online/wire';
import CgformHeadListScreen from '../../cgform-head-list-screen';

/** 表单开发 (issue #25, H3): the list, the designer's instant rules and save, 同步数据库's preview, JS增强's history. */

jest.setTimeout(30_000);
jest.mock('next/navigation', () => ({ usePathname: () => '/online/cgform' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// CodeMirror needs layout jsdom lacks, and costs seconds to mount: a textarea stands in for it.
jest.mock('@/components/code-editor', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    CodeEditor: ({ value, onChange, 'data-testid': testId }: { value?: string; onChange?: (v: string) => void; 'data-testid'?: string }) =>
      createElement('textarea', { 'data-testid': testId, value: value ?? '', onChange: (e: { target: { value: string } }) => onChange?.(e.target.value) }),
  };
});
// The grid's realtime sync is not part of the designer (it passes no socket), but the hook reads the account.
jest.mock('@/components/grid/use-vxe-socket', () => ({ useVxeSocket: () => ({ send: () => undefined, status: 'closed' }) }));
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const FORM = { id: 'f1', tableName: 'textbook_receive', tableTxt: '教材领用登记', tableType: 1, subTableStr: null, isDbSynch: 'N', formVersion: 2, isCheckbox: 'Y', isPage: 'Y', description: null, createBy: 'admin', createTime: '2026-11-20 10:00:00', updateTime: null };
const PREVIEW: CgformSyncPreview = {
  kind: 'alter',
  statements: ['ALTER TABLE "tbl_onl_textbook_receive" ALTER COLUMN "qty" TYPE int4 USING "qty"::int4', 'ALTER TABLE "tbl_onl_textbook_receive" RENAME COLUMN "memo" TO "memo__bak_1"'],
  rowCount: 3,
  warnings: ['字段 qty 将从 文本 改为 整数：3 行的值都可以转换'],
  dropped: [{ field: 'memo', backupColumn: 'memo__bak_1', nonEmptyRows: 2 }],
};
const HISTORY: CgformEnhanceJsHistory[] = [{ id: 'h1', cgJsType: 'list', cgJs: "api.buttons = [];\nvar old = 1;\n", createBy: 'admin', createTime: '2026-11-21 09:00:00' }];
const CURRENT_JS = "api.buttons = [];\nvar added = 2;\n";

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/online/cgform/head/list') return Promise.resolve(page([FORM], 1));
    if (url === '/online/cgform/api/synchPreview/f1') return ok(PREVIEW);
    if (url === '/online/cgform/head/enhanceJs/f1') return ok({ cgJsType: 'list', cgJs: CURRENT_JS });
    if (url === '/online/cgform/head/enhanceJsHistory/f1') return ok(HISTORY);
    return ok([]);
  });
  post.mockImplementation(() => ok({ ...FORM, id: 'f2' }, '添加成功！'));
});

const renderScreen = () => render(<CgformHeadListScreen />, { wrapper: wrapper() });
const cell = (row: number, key: string) => screen.getByTestId(`grid-cell-${row}-${key}`);
function typeCell(row: number, key: string, value: string) {
  if (!within(cell(row, key)).queryByTestId('grid-editor')) fireEvent.click(cell(row, key));
  const input = within(cell(row, key)).getByTestId('grid-editor');
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
}

it('lists the forms with 表类型, 同步状态 and 版本, searching by 表名 on the server', async () => {
  renderScreen();
  const row = (await screen.findByText('textbook_receive')).closest('tr')!;
  expect(row.textContent).toContain('教材领用登记');
  expect(row.textContent).toContain('单表');
  expect(row.textContent).toContain('未同步');
  expect(row.textContent).toContain('V2');
  // 添加到菜单 waits for 同步数据库.
  expect(screen.queryByTestId('row-menu-f1')).toBeNull();
  expect(get).toHaveBeenCalledWith('/online/cgform/head/list', expect.objectContaining({ pageNo: 1, column: 'createTime', order: 'desc' }));
});

it('refuses a SQL keyword as a field name on the cell, then posts the CgformSaveBody to addAll', async () => {
  renderScreen();
  await screen.findByText('textbook_receive');
  fireEvent.click(screen.getByTestId('list-add'));
  fireEvent.change(await screen.findByTestId('cgform-table-name'), { target: { value: 'book_loan' } });
  fireEvent.change(screen.getByTestId('cgform-table-txt'), { target: { value: '借书登记' } });
  fireEvent.click(screen.getByTestId('grid-add'));
  typeCell(0, 'dbFieldName', 'select');
  expect(await within(cell(0, 'dbFieldName')).findByText('字段名不能使用SQL关键字：select')).toBeTruthy();
  fireEvent.click(screen.getByTestId('cgform-save'));
  expect(await screen.findByText('请先修正表格中标红的单元格')).toBeTruthy();
  expect(post).not.toHaveBeenCalled();

  typeCell(0, 'dbFieldName', 'student_name');
  typeCell(0, 'dbFieldTxt', '学员姓名');
  await waitFor(() => expect(within(cell(0, 'dbFieldName')).queryByTestId('grid-cell-error')).toBeNull());
  fireEvent.click(screen.getByTestId('cgform-save'));
  await waitFor(() => expect(post).toHaveBeenCalled());
  expect(post).toHaveBeenCalledWith('/online/cgform/api/addAll', {
    head: { tableName: 'book_loan', tableTxt: '借书登记', tableType: 1 },
    fields: [
      {
        dbFieldName: 'student_name',
        dbFieldTxt: '学员姓名',
        dbType: 'string',
        dbLength: 32,
        dbPointLength: 0,
        dbDefaultVal: null,
        dbIsNull: 1,
        fieldShowType: 'text',
        fieldLength: 120,
        dictField: null,
        fieldValidType: null,
        isShowForm: 1,
        isShowList: 1,
        isQuery: 0,
        queryMode: 'single',
        sortFlag: 0,
        isReadOnly: 0,
        mainTable: null,
        mainField: null,
        orderNum: 1,
      },
    ],
  });
});

it('同步数据库 shows the statements, rows and warnings first, runs only on 确定, and offers 确认删除 per backup', async () => {
  renderScreen();
  fireEvent.click(await screen.findByTestId('row-sync-f1'));
  const statements = await screen.findByTestId('cgform-sync-statements');
  expect(statements.textContent).toContain('ALTER TABLE "tbl_onl_textbook_receive" ALTER COLUMN "qty" TYPE int4');
  expect(statements.textContent).toContain('RENAME COLUMN "memo" TO "memo__bak_1"');
  expect(screen.getByTestId('cgform-sync-rows').textContent).toBe('3');
  expect(screen.getByTestId('cgform-sync-warnings').textContent).toContain('字段 qty 将从 文本 改为 整数');
  expect(screen.getByTestId('cgform-confirm-drop-memo')).toBeTruthy();
  expect(post).not.toHaveBeenCalled();

  post.mockImplementationOnce(() => Promise.reject(new (jest.requireActual('@/lib/http').ApiError)('字段 qty 有 3 行的值无法转换为整数，同步已拒绝', 500, 200)));
  fireEvent.click(screen.getByTestId('cgform-sync-run'));
  expect((await screen.findByTestId('cgform-sync-refusal')).textContent).toContain('字段 qty 有 3 行的值无法转换为整数，同步已拒绝');
  expect(post).toHaveBeenCalledWith('/online/cgform/api/doDbSynch/f1/normal', {});
});

it('JS增强: a history version shows added and removed lines against the editor, and 恢复 puts it back', async () => {
  renderScreen();
  fireEvent.click(await screen.findByTestId('row-enhance-f1'));
  const editor = (await screen.findByTestId('cgform-js-editor-list')) as HTMLTextAreaElement;
  expect(editor.value).toBe(CURRENT_JS);
  fireEvent.click(await screen.findByTestId('cgform-js-version-0'));
  const diff = await screen.findByTestId('cgform-js-diff');
  expect(within(diff).getAllByTestId('cgform-js-diff-add').map((d) => d.textContent)).toEqual(['+ var added = 2;']);
  expect(within(diff).getAllByTestId('cgform-js-diff-remove').map((d) => d.textContent)).toEqual(['- var old = 1;']);
  fireEvent.click(screen.getByTestId('cgform-js-restore-0'));
  await waitFor(() => expect((screen.getByTestId('cgform-js-editor-list') as HTMLTextAreaElement).value).toBe(HISTORY[0].cgJs));
  fireEvent.click(screen.getByTestId('cgform-js-save-list'));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/online/cgform/head/enhanceJs/f1', { cgJsType: 'list', cgJs: HISTORY[0].cgJs }));
});

it('closing the designer with unsaved changes asks first; 编辑 sends the formVersion it loaded and keeps the edits on a conflict (issue #39)', async () => {
  const put = http.put as jest.Mock;
  const stale = '该记录已被他人修改，请刷新后再编辑（赵立新 于 2026-12-07 21:03 修改）';
  put.mockImplementation(() => Promise.reject(new (jest.requireActual('@/lib/http').ApiError)(stale, 409, 200)));
  const base = get.getMockImplementation()!;
  const fields = [cgformField({ id: 'fd1', dbFieldName: 'title', dbFieldTxt: '标题', orderNum: 1 })];
  get.mockImplementation((url: string, params?: unknown) =>
    url === '/online/cgform/head/queryById' ? ok(FORM) : url === '/online/cgform/field/listByHeadId' ? ok(fields) : base(url, params),
  );
  renderScreen();
  // An untouched new form closes at once.
  fireEvent.click(await screen.findByTestId('list-add'));
  fireEvent.click(await screen.findByTestId('cgform-designer-cancel'));
  await waitFor(() => expect(screen.queryByTestId('cgform-designer')).toBeNull());

  fireEvent.click(screen.getByTestId('row-edit-f1'));
  const txt = await screen.findByTestId('cgform-table-txt');
  fireEvent.change(txt, { target: { value: '教材领用登记（改）' } });
  fireEvent.click(screen.getByTestId('cgform-save'));
  await waitFor(() => expect(put).toHaveBeenCalledWith('/online/cgform/api/editAll', expect.objectContaining({ head: expect.objectContaining({ id: 'f1' }) }), { ifMatch: '2' }));
  expect(await screen.findByText(stale)).toBeTruthy();
  expect((screen.getByTestId('cgform-table-txt') as HTMLInputElement).value).toBe('教材领用登记（改）');

  fireEvent.click(screen.getByTestId('cgform-designer-cancel'));
  expect(await screen.findByText('有未保存的修改，确定关闭吗？')).toBeTruthy();
  fireEvent.click(screen.getAllByRole('button', { name: '取 消' }).at(-1)!);
  await waitFor(() => expect(screen.queryByText('有未保存的修改，确定关闭吗？')).toBeNull());
  expect(screen.getByTestId('cgform-designer')).toBeTruthy();
  fireEvent.click(screen.getByTestId('cgform-designer-cancel'));
  fireEvent.click((await screen.findAllByRole('button', { name: '确 定' })).at(-1)!);
  await waitFor(() => expect(screen.queryByTestId('cgform-designer')).toBeNull());
});
