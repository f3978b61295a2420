import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { wrapper } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import type { CalendarEntryDetail } from '@/lib/calendar/types';
import { calendarEntry } from '../../test-fixtures';
import { ApplyModal, buildApplyInput } from '../apply-modal';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const ENTRY: CalendarEntryDetail = { ...calendarEntry(), content: null, liveUrl: null, remark: null, overrideReason: null, auditStatus: 0, log: [] };

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/calendar/tblCalendar/options') return ok({ rooms: [{ id: 'r1', name: '201教室', locationId: 'l1', capacity: 20 }, { id: 'r2', name: '202教室', locationId: 'l1', capacity: 30 }] });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
  post.mockImplementation(() => ok({ id: 'new' }, '申请已提交'));
});

function renderModal(kind: 1 | 2, student?: { id: string; name: string }) {
  const onClose = jest.fn();
  const onDone = jest.fn();
  render(<ApplyModal open entry={ENTRY} kind={kind} student={student} onClose={onClose} onDone={onDone} />, { wrapper: wrapper() });
  return { onClose, onDone };
}

describe('buildApplyInput', () => {
  it('joins the picked day and times into wire times; an empty room keeps the old one', () => {
    const v = { date: dayjs('2026-11-30'), time: [dayjs('2026-11-01 14:05'), dayjs('2026-11-01 15:35')] as [dayjs.Dayjs, dayjs.Dayjs], reason: ' 培训 ' };
    expect(buildApplyInput(ENTRY, 2, v)).toEqual({ kind: 2, calendarId: 'c1', toStartTime: '2026-11-30 14:05:00', toEndTime: '2026-11-30 15:35:00', toRoomId: null, reason: '培训' });
    expect(buildApplyInput(ENTRY, 2, { ...v, time: null })).toBeNull();
    expect(buildApplyInput(ENTRY, 1, { reason: '病假' }, { id: 's1' })).toEqual({ kind: 1, calendarId: 'c1', studentId: 's1', reason: '病假' });
    expect(buildApplyInput(ENTRY, 1, { reason: '病假' })).toBeNull();
  });
});

describe('ApplyModal', () => {
  it('请假: needs a reason, then files the leave for the given student', async () => {
    const { onClose, onDone } = renderModal(1, { id: 's1', name: '张三' });
    expect(screen.getByText('请假申请')).toBeTruthy();
    expect(screen.getByTestId('apply-modal-student').textContent).toBe('张三');
    await act(async () => fireEvent.click(screen.getByTestId('apply-modal-ok')));
    await screen.findByText('请填写申请原因');
    expect(post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByTestId('apply-modal-reason'), { target: { value: '发烧' } });
    await act(async () => fireEvent.click(screen.getByTestId('apply-modal-ok')));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/calendar/tblCalendarApply/add', { kind: 1, calendarId: 'c1', studentId: 's1', reason: '发烧' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
  });

  it('调课: starts from the session slot, takes a room from the options and files the reschedule', async () => {
    renderModal(2);
    expect(screen.getByText('调课申请')).toBeTruthy();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/calendar/tblCalendar/options'));
    const room = screen.getByTestId('apply-modal-room');
    await act(async () => fireEvent.mouseDown(room.querySelector('.ant-select-selector') ?? room));
    await act(async () => fireEvent.click(await screen.findByTitle('202教室')));
    fireEvent.change(screen.getByTestId('apply-modal-reason'), { target: { value: '教师外出培训' } });
    await act(async () => fireEvent.click(screen.getByTestId('apply-modal-ok')));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/calendar/tblCalendarApply/add', {
        kind: 2,
        calendarId: 'c1',
        toStartTime: '2026-11-23 10:00:00',
        toEndTime: '2026-11-23 11:30:00',
        toRoomId: 'r2',
        reason: '教师外出培训',
      }),
    );
  });

  it('shows the server refusal and stays open', async () => {
    const { ApiError } = jest.requireActual('@/lib/http');
    post.mockRejectedValue(new ApiError('学员不在本课次名单中', 500, 200));
    const { onDone } = renderModal(1, { id: 's9', name: '外人' });
    fireEvent.change(screen.getByTestId('apply-modal-reason'), { target: { value: '请假' } });
    await act(async () => fireEvent.click(screen.getByTestId('apply-modal-ok')));
    await screen.findByText('学员不在本课次名单中');
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByTestId('apply-modal')).toBeTruthy();
  });
});
