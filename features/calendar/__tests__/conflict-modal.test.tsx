import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper } from '@/components/pickers/__tests__/helpers';
import { ApiError } from '@/lib/http';
import type { Conflict } from '@/lib/calendar/types';
import { conflictOf, type Override } from '../calendar-api';
import { useConflictGuard } from '../conflict-guard';

jest.setTimeout(60_000);

const CONFLICTS: Conflict[] = [
  {
    kind: 'teacher',
    resourceName: '周明',
    calendarId: 'c9',
    title: '初二数学A班 第3次课',
    clazzStartTime: '2026-11-23 10:00:00',
    clazzEndTime: '2026-11-23 11:30:00',
    locationName: '中关村校区',
    roomName: '201教室',
    teacherNames: ['周明'],
  },
  {
    kind: 'room',
    resourceName: '201教室',
    calendarId: 'c9',
    title: '初二数学A班 第3次课',
    clazzStartTime: '2026-11-23 10:00:00',
    clazzEndTime: '2026-11-23 11:30:00',
    locationName: '中关村校区',
    roomName: '201教室',
    teacherNames: [],
  },
];
const MESSAGE = '教师 周明 在 2026-11-23 10:00-11:30 已有课次「初二数学A班 第3次课」（中关村校区 201教室）';
const clash = (canOverride: boolean) =>
  new ApiError(MESSAGE, 409, 200, { success: false, code: 409, message: MESSAGE, result: { conflicts: CONFLICTS, canOverride } });

function Harness({ send, onSuccess, onFirst }: { send: (o?: Override) => Promise<string>; onSuccess: (r: string) => void; onFirst: (ok: boolean) => void }) {
  const guard = useConflictGuard();
  return (
    <>
      <button type="button" onClick={() => void guard.save(send, onSuccess).then(onFirst)}>
        save
      </button>
      {guard.modal}
    </>
  );
}

function setup(send: jest.Mock) {
  const onSuccess = jest.fn();
  const onFirst = jest.fn();
  render(<Harness send={send} onSuccess={onSuccess} onFirst={onFirst} />, { wrapper: wrapper() });
  return { onSuccess, onFirst };
}

describe('conflictOf', () => {
  it('reads 409 answers only', () => {
    expect(conflictOf(clash(true))).toEqual({ message: MESSAGE, conflicts: CONFLICTS, canOverride: true });
    expect(conflictOf(new ApiError('操作失败', 500, 200))).toBeNull();
    expect(conflictOf(new Error('x'))).toBeNull();
    // A 409 without a body still opens the dialog, with the message.
    expect(conflictOf(new ApiError(MESSAGE, 409, 200))).toEqual({ message: MESSAGE, conflicts: [], canOverride: false });
  });
});

describe('排课冲突 dialog', () => {
  it('lists every clash by kind, resource, title, time and place; without the right there is no override', async () => {
    const send = jest.fn().mockRejectedValue(clash(false));
    const { onFirst, onSuccess } = setup(send);
    fireEvent.click(screen.getByText('save'));
    const box = await screen.findByTestId('cal-conflict');
    expect(screen.getByText('排课冲突')).toBeTruthy();
    expect(within(box).getByText(MESSAGE)).toBeTruthy();
    const items = within(box).getAllByTestId('cal-conflict-item');
    expect(items).toHaveLength(2);
    expect(items[0].textContent).toContain('教师');
    expect(items[0].textContent).toContain('周明');
    expect(items[0].textContent).toContain('「初二数学A班 第3次课」');
    expect(items[0].textContent).toContain('2026-11-23 10:00–11:30');
    expect(items[0].textContent).toContain('中关村校区 201教室');
    expect(items[1].textContent).toContain('教室');
    expect(items[1].textContent).toContain('201教室');
    expect(screen.queryByTestId('cal-conflict-override')).toBeNull();
    expect(screen.queryByTestId('cal-conflict-reason')).toBeNull();
    await waitFor(() => expect(onFirst).toHaveBeenCalledWith(false));
    expect(onSuccess).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('cal-conflict-close'));
    await waitFor(() => expect(screen.queryByTestId('cal-conflict')).toBeNull());
  });

  it('with the right: 原因 is required, then 仍然保存 re-sends with override {reason}', async () => {
    const send = jest.fn().mockRejectedValueOnce(clash(true)).mockResolvedValueOnce('saved');
    const { onFirst, onSuccess } = setup(send);
    fireEvent.click(screen.getByText('save'));
    await screen.findByTestId('cal-conflict');
    await waitFor(() => expect(onFirst).toHaveBeenCalledWith(false));
    expect(send).toHaveBeenCalledTimes(1);
    expect(send.mock.calls[0][0]).toBeUndefined();

    await act(async () => fireEvent.click(screen.getByTestId('cal-conflict-override')));
    expect(await screen.findByText('请输入强制保存的原因')).toBeTruthy();
    expect(send).toHaveBeenCalledTimes(1);

    fireEvent.change(screen.getByTestId('cal-conflict-reason'), { target: { value: '  周明老师已确认调换  ' } });
    await act(async () => fireEvent.click(screen.getByTestId('cal-conflict-override')));
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
    expect(send.mock.calls[1][0]).toEqual({ reason: '周明老师已确认调换' });
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith('saved'));
    await waitFor(() => expect(screen.queryByTestId('cal-conflict')).toBeNull());
  });

  it('a first attempt that succeeds shows nothing', async () => {
    const send = jest.fn().mockResolvedValue('ok');
    const { onFirst, onSuccess } = setup(send);
    fireEvent.click(screen.getByText('save'));
    await waitFor(() => expect(onFirst).toHaveBeenCalledWith(true));
    expect(onSuccess).toHaveBeenCalledWith('ok');
    expect(screen.queryByTestId('cal-conflict')).toBeNull();
  });
});
