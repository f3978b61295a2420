import { createRef } from 'react';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { EditableGrid, SUB_TABLE_FAILED, type EditableGridProps, type EditableGridRef } from '../editable-grid';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import type { AuthEntry } from '@/lib/menu-types';

// The realtime hook is H2's; here a fake that records what the grid sends and lets a test push updates.
const socketState: { send: jest.Mock; onUpdate?: (args: unknown[]) => void } = { send: jest.fn() };
jest.mock('@/components/grid/use-vxe-socket', () => ({
  useVxeSocket: (opts: { onUpdate: (args: unknown[]) => void }) => {
    socketState.onUpdate = opts.onUpdate;
    return { send: socketState.send, status: 'open' };
  },
}));

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input', validateRules: [{ required: true, message: '请输入${title}!' }] },
  { key: 'code', title: '数据值', type: 'input', validateRules: [{ required: true }, { unique: true, message: '数据值不能重复' }] },
  { key: 'qty', title: '数量', type: 'inputNumber', statistics: ['sum', 'average'] },
  { key: 'status', title: '启用', type: 'checkbox', customValue: [1, 0], defaultChecked: true },
];

const data = (): GridRow[] => [
  { id: 'a', name: '甲', code: 'A', qty: 2, status: 1, orderNum: 1 },
  { id: 'b', name: '乙', code: 'B', qty: 4, status: 0, orderNum: 2 },
];

function setup(props: Partial<EditableGridProps> = {}, auth?: { auth?: AuthEntry[]; allAuth?: AuthEntry[] }) {
  const ref = createRef<EditableGridRef>();
  const dataSource = props.dataSource ?? data();
  render(<EditableGrid ref={ref} columns={columns} dataSource={dataSource} {...props} />, { wrapper: wrapper(auth) });
  return ref;
}

const cell = (row: number, key: string) => screen.getByTestId(`grid-cell-${row}-${key}`);
/** antd puts the test id on the checkbox input itself or on its wrapper, depending on the control. */
const selectBox = (i: number) => {
  const el = screen.getByTestId(`grid-select-${i}`);
  return (el.tagName === 'INPUT' ? el : el.querySelector('input')) as HTMLInputElement;
};
const editCell = async (row: number, key: string, value: string) => {
  fireEvent.click(cell(row, key));
  const input = within(cell(row, key)).getByTestId('grid-editor') as HTMLInputElement;
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};

beforeEach(() => {
  socketState.send.mockReset();
});

describe('EditableGrid', () => {
  it('adds a row with defaults, edits it; getNewRows drops the temporary id; sort numbers follow', async () => {
    const ref = setup();
    fireEvent.click(screen.getByTestId('grid-add'));
    expect(screen.getByTestId('grid-row-2')).toBeTruthy();
    const input = within(cell(2, 'name')).getByTestId('grid-editor') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '丙' } });
    fireEvent.blur(input);
    const newRows = ref.current!.getNewRows();
    expect(newRows).toEqual([{ name: '丙', status: 1, orderNum: 3 }]);
    expect(ref.current!.getValues()[2].id).toMatch(/^__new_/);
    expect(ref.current!.getUpdatedRows()).toEqual([]);
  });

  it('adds a second row on a second 新增 click right after the first (issue #39: no quick-insert throttle)', () => {
    setup();
    fireEvent.click(screen.getByTestId('grid-add'));
    fireEvent.click(screen.getByTestId('grid-add'));
    expect(screen.getByTestId('grid-row-2')).toBeTruthy();
    expect(screen.getByTestId('grid-row-3')).toBeTruthy();
    expect(screen.queryByText('你点击的太快了，请慢点点击!')).toBeNull();
  });

  it('validates on blur after 100 ms and on validate(): required and unique, with messages in the cells', async () => {
    const ref = setup();
    await editCell(0, 'name', '');
    expect(within(cell(0, 'name')).queryByTestId('grid-cell-error')).toBeNull();
    expect(await within(cell(0, 'name')).findByText('请输入名称!')).toBeTruthy();
    await editCell(1, 'code', 'A');
    await waitFor(() => expect(cell(0, 'code').getAttribute('data-invalid')).toBe('true'));
    expect(cell(1, 'code').getAttribute('data-invalid')).toBe('true');
    let result!: Awaited<ReturnType<EditableGridRef['validate']>>;
    await act(async () => {
      result = await ref.current!.validate();
    });
    expect(result.ok).toBe(false);
    expect(result.errors.map((e) => [e.rowId, e.key, e.message])).toEqual([
      ['a', 'name', '请输入名称!'],
      ['a', 'code', '数据值不能重复'],
      ['b', 'code', '数据值不能重复'],
    ]);
    // The first bad cell is focused.
    expect(cell(0, 'name').getAttribute('data-active')).toBe('true');
    // Fixing the duplicate clears both rows.
    await editCell(1, 'code', 'C');
    await waitFor(() => expect(cell(0, 'code').getAttribute('data-invalid')).toBeNull());
    expect(cell(1, 'code').getAttribute('data-invalid')).toBeNull();
    expect(ref.current!.getUpdatedRows().map((r) => r.id)).toEqual(['a', 'b']);
  });

  it('number cell keeps only a number and becomes a float on blur; Escape cancels an edit', () => {
    const ref = setup();
    fireEvent.click(cell(0, 'qty'));
    const input = within(cell(0, 'qty')).getByTestId('grid-editor') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '3.5' } });
    fireEvent.change(input, { target: { value: '3.5x' } });
    expect(input.value).toBe('3.5');
    fireEvent.blur(input);
    expect(ref.current!.getValues()[0].qty).toBe(3.5);
    fireEvent.click(cell(1, 'name'));
    const other = within(cell(1, 'name')).getByTestId('grid-editor') as HTMLInputElement;
    fireEvent.change(other, { target: { value: '改' } });
    fireEvent.keyDown(other, { key: 'Escape' });
    expect(ref.current!.getValues()[1].name).toBe('乙');
    expect(within(cell(1, 'name')).queryByTestId('grid-editor')).toBeNull();
  });

  it('removes selected rows after 确定要删除这 N 项吗?: persisted ids go to the delete list, new rows vanish', async () => {
    const ref = setup();
    act(() => void ref.current!.addRows([{ name: '新' }]));
    fireEvent.click(selectBox(0));
    fireEvent.click(selectBox(2));
    fireEvent.click(screen.getByTestId('grid-remove'));
    expect(await screen.findByText('确定要删除这 2 项吗?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(ref.current!.getDeleteIds()).toEqual(['a']));
    expect(ref.current!.getValues().map((r) => [r.id, r.orderNum])).toEqual([['b', 1]]);
    expect(ref.current!.getNewRows()).toEqual([]);
  });

  it('takes an async confirmation from the caller', async () => {
    const confirmRemove = jest.fn().mockResolvedValue(false);
    const ref = setup({ confirmRemove });
    fireEvent.click(selectBox(1));
    fireEvent.click(screen.getByTestId('grid-remove'));
    await waitFor(() => expect(confirmRemove).toHaveBeenCalledWith(['b']));
    expect(ref.current!.getDeleteIds()).toEqual([]);
  });

  it('shows the statistics row (sum, average) and updates it after an edit', async () => {
    setup();
    expect(screen.getByTestId('grid-stat-sum-qty').textContent).toBe('6');
    expect(screen.getByTestId('grid-stat-average-qty').textContent).toBe('3');
    await editCell(0, 'qty', '5');
    expect(screen.getByTestId('grid-stat-sum-qty').textContent).toBe('9');
    expect(screen.getByTestId('grid-stat-average-qty').textContent).toBe('4.5');
  });

  it('checkbox uses the customValue pair', () => {
    const ref = setup();
    fireEvent.click(within(cell(1, 'status')).getByRole('checkbox'));
    expect(ref.current!.getValues()[1].status).toBe(1);
    fireEvent.click(within(cell(0, 'status')).getByRole('checkbox'));
    expect(ref.current!.getValues()[0].status).toBe(0);
  });

  it('radio re-click clears only with allowClear', () => {
    const cols = (allowClear: boolean): GridColumn[] => [{ key: 'sex', title: '性别', type: 'radio', allowClear, options: [{ value: '1', text: '男' }, { value: '2', text: '女' }] }];
    const ref = createRef<EditableGridRef>();
    const { unmount } = render(<EditableGrid ref={ref} columns={cols(true)} dataSource={[{ id: 'a', sex: '1' }]} />, { wrapper: wrapper() });
    fireEvent.click(screen.getByText('男'));
    expect(ref.current!.getValues()[0].sex).toBe('');
    unmount();
    render(<EditableGrid ref={ref} columns={cols(false)} dataSource={[{ id: 'a', sex: '1' }]} />, { wrapper: wrapper() });
    fireEvent.click(screen.getByText('男'));
    expect(ref.current!.getValues()[0].sex).toBe('1');
  });

  it('pastes an Excel block at the focused cell, appending rows and validating each cell', async () => {
    const ref = setup();
    fireEvent.click(cell(1, 'name'));
    fireEvent.keyDown(within(cell(1, 'name')).getByTestId('grid-editor'), { key: 'Escape' });
    const root = screen.getByTestId('editable-grid');
    fireEvent.paste(root, { clipboardData: { getData: () => '丁\tD\r\n\tA\r\n' } });
    expect(ref.current!.getValues().map((r) => [r.name, r.code])).toEqual([
      ['甲', 'A'],
      ['丁', 'D'],
      ['', 'A'],
    ]);
    expect(await within(cell(2, 'name')).findByText('请输入名称!')).toBeTruthy();
    await waitFor(() => expect(cell(2, 'code').getAttribute('data-invalid')).toBe('true'));
    expect(cell(0, 'code').getAttribute('data-invalid')).toBe('true');
  });

  it('keyboard: arrows move the focused cell, Enter edits', () => {
    setup();
    fireEvent.click(cell(0, 'name'));
    fireEvent.keyDown(within(cell(0, 'name')).getByTestId('grid-editor'), { key: 'Escape' });
    const root = screen.getByTestId('editable-grid');
    fireEvent.keyDown(root, { key: 'ArrowDown' });
    expect(cell(1, 'name').getAttribute('data-active')).toBe('true');
    fireEvent.keyDown(root, { key: 'ArrowRight' });
    expect(cell(1, 'code').getAttribute('data-active')).toBe('true');
    fireEvent.keyDown(root, { key: 'Enter' });
    expect(within(cell(1, 'code')).getByTestId('grid-editor')).toBeTruthy();
  });

  it('hides add and delete by authPre when the user lacks the codes; disabled rows cannot be selected', () => {
    const allAuth: AuthEntry[] = [
      { action: 'sys:item:add', describe: '新增', type: '1', status: '1' },
      { action: 'sys:item:batch_delete', describe: '删除', type: '1', status: '1' },
    ];
    setup({ authPre: 'sys:item:', disabledRows: { status: 0 } }, { auth: [], allAuth });
    expect(screen.queryByTestId('grid-add')).toBeNull();
    expect(selectBox(1).disabled).toBe(true);
    expect(selectBox(0).disabled).toBe(false);
  });

  it('shows add when the user holds `${authPre}add`', () => {
    const entry: AuthEntry = { action: 'sys:item:add', describe: '新增', type: '1', status: '1' };
    setup({ authPre: 'sys:item:' }, { auth: [entry], allAuth: [entry] });
    expect(screen.getByTestId('grid-add')).toBeTruthy();
  });

  it('realtime: sends a committed edit of a persisted row, applies a received patch, and never one onto the cell being edited', async () => {
    const ref = setup({ socket: { pageId: 'p1', socketKey: 'k' } });
    expect(screen.getByTestId('editable-grid').getAttribute('data-socket')).toBe('open');
    await editCell(0, 'name', '甲2');
    expect(socketState.send).toHaveBeenCalledWith(['update', 'a', { name: '甲2' }]);
    act(() => socketState.onUpdate!(['update', 'b', { name: '远程', bogus: 1 }]));
    expect(ref.current!.getValues()[1]).toMatchObject({ name: '远程' });
    expect(ref.current!.getValues()[1].bogus).toBeUndefined();
    // Remote changes are the sender's to save.
    expect(ref.current!.getUpdatedRows().map((r) => r.id)).toEqual(['a']);
    fireEvent.click(cell(1, 'code'));
    act(() => socketState.onUpdate!(['update', 'b', { code: 'ZZ' }]));
    expect(ref.current!.getValues()[1].code).toBe('B');
    // New rows are never sent.
    act(() => void ref.current!.addRows());
    socketState.send.mockReset();
    await editCell(2, 'name', 'x');
    expect(socketState.send).not.toHaveBeenCalled();
  });

  it('details modal shows a row read-only; sub-table says 打开子表失败 after more than 3 failed loads', async () => {
    const load = jest.fn().mockRejectedValue(new Error('x'));
    setup({ showDetails: true, expandRender: load });
    fireEvent.click(screen.getByTestId('grid-detail-1'));
    const detail = await screen.findByTestId('grid-detail');
    expect(within(detail).getByText('乙')).toBeTruthy();
    expect(within(detail).getByText('否')).toBeTruthy();
    fireEvent.click(screen.getByTestId('grid-subtable-open-0'));
    expect(await screen.findByText(SUB_TABLE_FAILED)).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(4);
  });

  it('renders only the visible rows of a long list (virtualised)', () => {
    // jsdom has no layout: give the scroll box the 400 px the virtualiser measures.
    const h = jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
    const w = jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
    try {
      const many = Array.from({ length: 2000 }, (_, i) => ({ id: `r${i}`, name: `n${i}`, code: `c${i}`, qty: i, status: 1 }));
      setup({ dataSource: many });
      expect(screen.getByTestId('grid-row-0')).toBeTruthy();
      expect(screen.queryByTestId('grid-row-1999')).toBeNull();
      expect(document.querySelectorAll('[data-row-id]').length).toBeLessThan(40);
    } finally {
      h.mockRestore();
      w.mockRestore();
    }
  });

  it('drag sort with the keyboard: Space lifts, ↑ moves, Space drops and orderNum is rewritten; Escape cancels', () => {
    const rows: GridRow[] = [...data(), { id: 'c', name: '丙', code: 'C', qty: 1, status: 1, orderNum: 3 }];
    const ref = setup({ dataSource: rows, dragSort: true });
    const handle = screen.getByTestId('grid-drag-2');
    fireEvent.keyDown(handle, { key: ' ' });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    fireEvent.keyDown(handle, { key: 'ArrowUp' });
    expect(screen.getByTestId('grid-drop-indicator')).toBeTruthy();
    fireEvent.keyDown(handle, { key: ' ' });
    expect(ref.current!.getValues().map((r) => [r.id, r.orderNum])).toEqual([
      ['c', 1],
      ['a', 2],
      ['b', 3],
    ]);
    expect(screen.queryByTestId('grid-drop-indicator')).toBeNull();
    const again = screen.getByTestId('grid-drag-0');
    fireEvent.keyDown(again, { key: 'Enter' });
    fireEvent.keyDown(again, { key: 'ArrowDown' });
    fireEvent.keyDown(again, { key: 'Escape' });
    expect(ref.current!.getValues().map((r) => r.id)).toEqual(['c', 'a', 'b']);
  });

  it('drag sort with the pointer: the row lands where it is released (rows are 61 px)', () => {
    const rows: GridRow[] = [...data(), { id: 'c', name: '丙', code: 'C', qty: 1, status: 1, orderNum: 3 }];
    // jsdom has no PointerEvent: without one, fireEvent drops clientY and button.
    if (!('PointerEvent' in window)) Object.defineProperty(window, 'PointerEvent', { value: class extends MouseEvent {}, configurable: true });
    const ref = setup({ dataSource: rows, dragSort: true });
    fireEvent.pointerDown(screen.getByTestId('grid-drag-0'), { button: 0, clientY: 100 });
    fireEvent.pointerMove(window, { clientY: 100 + 61 * 2 });
    fireEvent.pointerUp(window, { clientY: 100 + 61 * 2 });
    expect(ref.current!.getValues().map((r) => [r.id, r.orderNum])).toEqual([
      ['b', 1],
      ['c', 2],
      ['a', 3],
    ]);
  });

  it('isOrder: the header sorts the rows (asc, then desc) and rewrites orderNum', () => {
    const cols: GridColumn[] = [{ key: 'name', title: '名称', type: 'input', isOrder: true }, ...columns.slice(1)];
    const ref = setup({ columns: cols, dataSource: [...data(), { id: 'c', name: '丙', code: 'C', qty: 1, status: 1, orderNum: 3 }] });
    const head = screen.getByTestId('grid-sort-name');
    fireEvent.click(head);
    expect(head.getAttribute('aria-sort')).toBe('ascending');
    const asc = ref.current!.getValues().map((r) => r.id);
    expect(asc).toEqual(['c', 'a', 'b']); // pinyin: 丙 bing, 甲 jia, 乙 yi
    fireEvent.click(head);
    expect(head.getAttribute('aria-sort')).toBe('descending');
    expect(ref.current!.getValues().map((r) => r.id)).toEqual([...asc].reverse());
    expect(ref.current!.getValues().map((r) => r.orderNum)).toEqual([1, 2, 3]);
    expect(screen.queryByTestId('grid-sort-code')).toBeNull();
  });

  it('select with allowInput keeps a typed value that is not an option; allowSearch filters the options', async () => {
    const cols: GridColumn[] = [
      { key: 'name', title: '名称', type: 'select', allowInput: true, options: [{ value: '语文', text: '语文' }] },
      { key: 'code', title: '科目', type: 'select', allowSearch: true, options: [{ value: 'm', text: '数学' }, { value: 'e', text: '英语' }] },
    ];
    const ref = setup({ columns: cols, dataSource: [{ id: 'a', name: '', code: '' }] });
    fireEvent.click(cell(0, 'name'));
    const typed = within(cell(0, 'name')).getByRole('combobox') as HTMLInputElement;
    fireEvent.change(typed, { target: { value: '书法' } });
    expect(ref.current!.getValues()[0].name).toBe('书法');
    fireEvent.blur(typed);
    fireEvent.click(cell(0, 'code'));
    const search = within(cell(0, 'code')).getByRole('combobox') as HTMLInputElement;
    fireEvent.change(search, { target: { value: '英' } });
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBe(1));
    expect(document.querySelector('.ant-select-item-option')!.textContent).toBe('英语');
  });

  it('paginates client-side', () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `r${i}`, name: `n${i}`, code: `c${i}`, qty: 1, status: 1 }));
    setup({ dataSource: many, pagination: { pageSize: 10 } });
    expect(screen.getByText('1-10 共25条')).toBeTruthy();
    expect(screen.queryByTestId('grid-row-10')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(screen.getByTestId('grid-row-10')).toBeTruthy();
  });

  it('input_pop edits in a 200 × 150 textarea popover; popup without a picker asks in a modal; options show their text', async () => {
    const cols: GridColumn[] = [
      { key: 'note', title: '备注', type: 'input_pop' },
      { key: 'pick', title: '弹出', type: 'popup' },
      { key: 'tags', title: '标签', type: 'list_multi', options: [{ value: 'a', text: '甲' }, { value: 'b', text: '乙' }] },
      { key: 'hid', title: '隐藏', type: 'hidden' },
      { key: 'when', title: '时间', type: 'datetime', width: 100 },
    ];
    const ref = createRef<EditableGridRef>();
    render(<EditableGrid ref={ref} columns={cols} dataSource={[{ id: 'a', note: '', pick: '', tags: 'a,b', hid: 'x', when: '2026-01-02 03:04:05' }]} />, { wrapper: wrapper() });
    expect(screen.queryByText('隐藏')).toBeNull();
    expect(cell(0, 'tags').textContent).toContain('甲,乙');
    expect(cell(0, 'when').style.width).toBe('190px');
    fireEvent.click(cell(0, 'note'));
    const area = (await screen.findByTestId('grid-editor-pop')) as HTMLTextAreaElement;
    expect(area.style.height).toBe('200px');
    expect(area.style.width).toBe('150px');
    fireEvent.change(area, { target: { value: '多行\n备注' } });
    fireEvent.blur(area);
    expect(ref.current!.getValues()[0].note).toBe('多行\n备注');
    fireEvent.click(within(cell(0, 'pick')).getByTestId('grid-popup-field'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByRole('textbox'), { target: { value: 'P1' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(ref.current!.getValues()[0].pick).toBe('P1'));
  });
});
