import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { StudentDetailDrawer } from '../student-detail-drawer';
import { COURSE_OPTIONS_URL, FIX_CELLS_FIRST, MONEY_MESSAGE } from '../student-packages-grid';
import { STUDENT_COURSES_URL, STUDENT_PACKAGE_BATCH_URL } from '../student-resource';

jest.setTimeout(60_000);
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('@/components/grid/use-vxe-socket', () => ({ useVxeSocket: () => ({ send: jest.fn(), status: 'open' }) }));
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const envelope = (result: unknown) => ({ success: true, code: 200, message: '', result });
const COURSES = [
  { id: 'c1', name: '初一数学' },
  { id: 'c2', name: '高一英语' },
];
const STUDENT = { id: 's1', name: '张三', phone: '13900000001' };

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation(async (url: string) => {
    if (url === STUDENT_COURSES_URL) return envelope({ packages: [], logs: [] });
    if (url === COURSE_OPTIONS_URL) return envelope({ records: COURSES, total: 2 });
    throw new Error(`unexpected ${url}`);
  });
  post.mockResolvedValue({ success: true, code: 200, message: '已添加2个课时包', result: { count: 2 } });
});
afterEach(() => jest.restoreAllMocks());

const cell = (row: number, key: string) => screen.getByTestId(`grid-cell-${row}-${key}`);
const editCell = (row: number, key: string, value: string) => {
  fireEvent.click(cell(row, key));
  const input = within(cell(row, key)).getByTestId('grid-editor');
  fireEvent.change(input, { target: { value } });
  fireEvent.blur(input);
};
/** 新增 starts editing the new row's 课程 select (opened): pick an option by its text. */
const pickCourse = async (row: number, text: string) => {
  await waitFor(() => expect(within(cell(row, 'courseId')).getByRole('combobox')).toBeTruthy());
  const option = await waitFor(() => {
    const found = [...document.querySelectorAll('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')].find((o) => o.textContent === text);
    if (!found) throw new Error(`no option ${text}`);
    return found;
  });
  fireEvent.click(option);
  await waitFor(() => expect(cell(row, 'courseId').textContent).toContain(text));
};

async function openBatch() {
  render(<StudentDetailDrawer student={STUDENT} canAddPackage onClose={jest.fn()} onChanged={jest.fn()} />, { wrapper: wrapper() });
  await screen.findByTestId('student-packages');
  // The course options load only when the batch mode is opened.
  expect(get).not.toHaveBeenCalledWith(COURSE_OPTIONS_URL, expect.anything());
  fireEvent.click(screen.getByTestId('student-batch-packages'));
  await screen.findByTestId('student-packages-grid');
  expect(get).toHaveBeenCalledWith(COURSE_OPTIONS_URL, { pageSize: 200 });
}

/** Two rows: 初一数学 10 / 100 and 高一英语 20 / 300.5 (新增 refuses a second click within 1.5 s). */
async function fillTwoRows() {
  const now = Date.now();
  const clock = jest.spyOn(Date, 'now').mockReturnValue(now);
  fireEvent.click(screen.getByTestId('grid-add'));
  await pickCourse(0, '初一数学');
  editCell(0, 'buyQty', '10');
  editCell(0, 'amount', '100');
  clock.mockReturnValue(now + 2_000);
  fireEvent.click(screen.getByTestId('grid-add'));
  await pickCourse(1, '高一英语');
  editCell(1, 'buyQty', '20');
  editCell(1, 'amount', '300.5');
}

describe('学员详情 → 课时包 → 批量添加课时包', () => {
  it('is offered only with edu:student:edit (canAddPackage)', async () => {
    render(<StudentDetailDrawer student={STUDENT} canAddPackage={false} onClose={jest.fn()} onChanged={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByTestId('student-packages');
    expect(screen.queryByTestId('student-batch-packages')).toBeNull();
  });

  it('shows the statistics row: 购买 and 赠送 sums, 金额 sum and average', async () => {
    await openBatch();
    await fillTwoRows();
    await waitFor(() => expect(screen.getByTestId('grid-stat-sum-buyQty').textContent).toBe('30'));
    expect(screen.getByTestId('grid-stat-sum-giftQty').textContent).toBe('0');
    expect(screen.getByTestId('grid-stat-sum-amount').textContent).toBe('400.5');
    expect(screen.getByTestId('grid-stat-average-amount').textContent).toBe('200.25');
    expect(screen.queryByTestId('grid-stat-average-buyQty')?.textContent ?? '').toBe('');
  });

  it('refuses a 金额 of 1.234 (money pattern), then posts the rows without temporary ids', async () => {
    const onChanged = jest.fn();
    render(<StudentDetailDrawer student={STUDENT} canAddPackage onClose={jest.fn()} onChanged={onChanged} />, { wrapper: wrapper() });
    await screen.findByTestId('student-packages');
    fireEvent.click(screen.getByTestId('student-batch-packages'));
    await screen.findByTestId('student-packages-grid');
    await fillTwoRows();

    editCell(0, 'amount', '1.234');
    expect(await within(cell(0, 'amount')).findByText(MONEY_MESSAGE)).toBeTruthy();
    fireEvent.click(screen.getByTestId('grid-save'));
    expect(await screen.findByText(FIX_CELLS_FIRST)).toBeTruthy();
    expect(post).not.toHaveBeenCalled();

    editCell(0, 'amount', '100');
    await waitFor(() => expect(within(cell(0, 'amount')).queryByText(MONEY_MESSAGE)).toBeNull());
    await act(async () => fireEvent.click(screen.getByTestId('grid-save')));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post).toHaveBeenCalledWith(STUDENT_PACKAGE_BATCH_URL, {
      studentId: 's1',
      rows: [
        { courseId: 'c1', buyQty: 10, giftQty: 0, amount: 100, validTo: null, remark: null },
        { courseId: 'c2', buyQty: 20, giftQty: 0, amount: 300.5, validTo: null, remark: null },
      ],
    });
    const [, body] = post.mock.calls[0] as [string, { rows: Record<string, unknown>[] }];
    expect(body.rows.every((r) => !('id' in r))).toBe(true);
    // Saved: the grid closes, the list reloads and the student list is told.
    await waitFor(() => expect(screen.queryByTestId('student-packages-grid')).toBeNull());
    expect(onChanged).toHaveBeenCalled();
    expect(get.mock.calls.filter(([url]) => url === STUDENT_COURSES_URL).length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a required cell left empty and closes on 取消 without posting', async () => {
    await openBatch();
    fireEvent.click(screen.getByTestId('grid-add'));
    fireEvent.click(screen.getByTestId('grid-save'));
    expect(await screen.findByText(FIX_CELLS_FIRST)).toBeTruthy();
    expect(await within(cell(0, 'buyQty')).findByText('请输入购买数量')).toBeTruthy();
    fireEvent.click(screen.getByTestId('student-packages-batch-cancel'));
    await waitFor(() => expect(screen.queryByTestId('student-packages-grid')).toBeNull());
    expect(post).not.toHaveBeenCalled();
  });
});
