import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper, type WrapperOptions } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import type { ApplyRow } from '@/lib/calendar/apply-types';
import ApplyListScreen from '../apply-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const row = (over: Partial<ApplyRow>): ApplyRow => ({
  id: 'a1',
  kind: 1,
  calendarId: 'c1',
  title: '初二数学A班 第3次课',
  clazzId: 'z1',
  clazzName: '初二数学A班',
  courseName: '初二数学',
  clazzStartTime: '2026-11-23 10:00:00',
  clazzEndTime: '2026-11-23 11:30:00',
  locationName: '中关村校区',
  roomName: '201教室',
  calendarStatus: 0,
  studentId: 's1',
  studentName: '张三',
  teacherId: null,
  teacherName: null,
  toStartTime: null,
  toEndTime: null,
  toRoomId: null,
  toRoomName: null,
  reason: '发烧',
  auditStatus: 0,
  auditBy: null,
  auditByName: null,
  auditTime: null,
  auditRemark: null,
  resultCalendarId: null,
  createBy: 'teacher2',
  createByName: '周明',
  createTime: '2026-11-22 09:00:00',
  mine: false,
  ...over,
});

const LEAVE = row({});
const MOVE = row({ id: 'a2', kind: 2, studentId: null, studentName: null, toStartTime: '2026-11-25 14:00:00', toEndTime: '2026-11-25 15:30:00', toRoomName: '202教室', teacherName: '周明', reason: '外出培训', mine: true });
const DONE = row({ id: 'a3', auditStatus: 1, auditBy: 'jiaowu', auditByName: '赵立新', auditTime: '2026-11-22 10:00:00', auditRemark: '同意' });

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const CODES = ['calendar:apply:list', 'calendar:apply:audit', 'calendar:apply:withdraw'];
const ALL: WrapperOptions = { auth: CODES.map(perm), allAuth: CODES.map(perm) };
const TEACHER: WrapperOptions = { auth: ['calendar:apply:list', 'calendar:apply:withdraw'].map(perm), allAuth: CODES.map(perm) };

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string, p: Record<string, string | number>) => {
    if (url !== '/calendar/tblCalendarApply/list') return Promise.reject(new Error(`unexpected ${url}`));
    const records = p.auditStatus === 1 ? [DONE] : p.auditStatus === 0 ? [LEAVE, MOVE] : [];
    return ok({ records, total: records.length });
  });
});

const renderScreen = (opts: WrapperOptions = ALL) => render(<ApplyListScreen />, { wrapper: wrapper(opts) });
const lastListParams = () => get.mock.calls.filter((c) => c[0] === '/calendar/tblCalendarApply/list').at(-1)?.[1] as Record<string, string | number>;
const modalOk = () => screen.getByTestId('apply-audit-ok');

describe('审核 screen', () => {
  it('opens on 待审核 and lists the applications with their session and request', async () => {
    renderScreen();
    await screen.findByText('张三', { exact: false });
    expect(lastListParams()).toEqual({ pageNo: 1, pageSize: 10, auditStatus: 0 });
    const table = screen.getByTestId('apply-table');
    expect(within(table).getByText('请假')).toBeTruthy();
    expect(within(table).getByText('调课')).toBeTruthy();
    expect(within(table).getByText(/调至 2026-11-25 14:00-15:30/)).toBeTruthy();
    expect(within(table).getAllByText('2026-11-23 10:00-11:30', { exact: false }).length).toBe(2);
  });

  it('switches to 已通过 and shows who audited, without row actions', async () => {
    renderScreen();
    await screen.findByTestId('apply-pass-a1');
    await act(async () => fireEvent.click(screen.getByTestId('apply-tab-1')));
    await screen.findByText('赵立新');
    expect(lastListParams()).toMatchObject({ auditStatus: 1, pageNo: 1 });
    expect(screen.getByText('同意')).toBeTruthy();
    expect(screen.queryByTestId('apply-pass-a3')).toBeNull();
  });

  it('filters by kind', async () => {
    renderScreen();
    await screen.findByTestId('apply-pass-a1');
    const select = screen.getByTestId('apply-kind');
    await act(async () => fireEvent.mouseDown(select.querySelector('.ant-select-selector') ?? select));
    await act(async () => fireEvent.click(await screen.findByTitle('调课')));
    await act(async () => fireEvent.click(screen.getByTestId('apply-search-submit')));
    await waitFor(() => expect(lastListParams()).toMatchObject({ kind: 2, auditStatus: 0 }));
  });

  it('通过 posts the audit with the optional remark and refreshes', async () => {
    post.mockImplementation(() => ok({ resultCalendarId: null }, '审核通过'));
    renderScreen();
    await act(async () => fireEvent.click(await screen.findByTestId('apply-pass-a1')));
    await screen.findByTestId('apply-audit-summary');
    const calls = get.mock.calls.length;
    await act(async () => fireEvent.click(modalOk()));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/tblCalendarApply/audit', { id: 'a1', pass: true, remark: undefined, override: undefined }));
    await screen.findByText('审核通过');
    await waitFor(() => expect(get.mock.calls.length).toBeGreaterThan(calls));
  });

  it('驳回 needs 审核意见', async () => {
    post.mockImplementation(() => ok({ resultCalendarId: null }, '已驳回'));
    renderScreen();
    await act(async () => fireEvent.click(await screen.findByTestId('apply-reject-a2')));
    await act(async () => fireEvent.click(modalOk()));
    await screen.findByText('驳回时请填写审核意见');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('apply-audit-remark'), { target: { value: '时间不合适' } });
    await act(async () => fireEvent.click(modalOk()));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/tblCalendarApply/audit', { id: 'a2', pass: false, remark: '时间不合适', override: undefined }));
  });

  it('a clashing 调课 shows the conflict modal', async () => {
    const envelope = { success: false, code: 409, message: '教师 周明 在 2026-11-25 14:00-15:30 已有课次「初二数学B班 第3次课」', result: { conflicts: [], canOverride: false } };
    post.mockImplementation(() => Promise.reject(new ApiError(envelope.message, 409, 200, envelope)));
    renderScreen();
    await act(async () => fireEvent.click(await screen.findByTestId('apply-pass-a2')));
    await act(async () => fireEvent.click(modalOk()));
    const conflict = await screen.findByTestId('cal-conflict');
    expect(within(conflict).getByText(envelope.message)).toBeTruthy();
  });

  it('without 审核 rights: no 通过/驳回, 撤销 only on own pending applications', async () => {
    post.mockImplementation(() => ok(null, '已撤销'));
    renderScreen(TEACHER);
    await screen.findByTestId('apply-withdraw-a2');
    expect(screen.queryByTestId('apply-pass-a1')).toBeNull();
    expect(screen.queryByTestId('apply-reject-a2')).toBeNull();
    expect(screen.queryByTestId('apply-withdraw-a1')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('apply-withdraw-a2')));
    await screen.findByText('确定撤销该调课申请吗？');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /确\s*定/ })));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/tblCalendarApply/withdraw', { id: 'a2' }));
  });

  it('without calendar:apply:list shows no permission and requests nothing', async () => {
    render(
      <ScreenGate perm={screenPerm('calendar/TblCalendarApplyList')}>
        <ApplyListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: [], allAuth: CODES.map(perm) }) },
    );
    await screen.findByTestId('no-permission');
    expect(get).not.toHaveBeenCalled();
  });
});
