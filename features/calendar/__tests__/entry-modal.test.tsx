import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { wrapper } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import type { SeriesPreview } from '@/lib/calendar/types';
import type { CalendarOptions } from '../calendar-api';
import { EntryModal, type EntryModalProps } from '../entry-modal';

jest.setTimeout(90_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// tiptap is covered in components/editor; nothing stands in (教学内容 stays empty).
jest.mock('@/components/editor', () => ({ RichTextEditor: () => null }));

const post = http.post as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const OPTIONS: CalendarOptions = {
  myTeacherIds: [],
  teachers: [
    { id: 't1', name: '周明' },
    { id: 't2', name: '李文静' },
  ],
  locations: [
    { id: 'l1', name: '中关村校区' },
    { id: 'l2', name: '望京校区' },
  ],
  rooms: [
    { id: 'r1', name: '201教室', locationId: 'l1', capacity: 20 },
    { id: 'r9', name: '301教室', locationId: 'l2', capacity: 30 },
  ],
  classes: [{ id: 'z1', name: '初二数学A班', courseId: 'k1', locationId: 'l1', roomId: 'r1', headTeacher: 't1', capacity: 20, hoursPerLesson: 1.5, color: null }],
  courses: [{ id: 'k1', name: '初二数学', color: null }],
};

const SLOT: EntryModalProps['open'] = { mode: 'create', start: new Date(2026, 10, 23, 10, 0), end: new Date(2026, 10, 23, 11, 30) };

function renderModal(open: EntryModalProps['open'] = SLOT) {
  const onSaved = jest.fn();
  const onClose = jest.fn();
  render(<EntryModal open={open} options={OPTIONS} canSingle canSeries askApply={async () => 'this'} onClose={onClose} onSaved={onSaved} />, { wrapper: wrapper() });
  return { onSaved, onClose };
}

/** Picks an option of the select `testId` inside the form `formId` (both tabs' forms stay mounted). */
async function pick(formId: string, testId: string, label: string) {
  const root = within(screen.getByTestId(formId)).getByTestId(testId);
  fireEvent.mouseDown(within(root).getByRole('combobox'));
  await waitFor(() => expect(document.querySelector(`.ant-select-item-option[title="${label}"]`)).not.toBeNull());
  const opts = document.querySelectorAll(`.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option[title="${label}"]`);
  fireEvent.click(opts[opts.length - 1] as HTMLElement);
}

beforeEach(() => jest.clearAllMocks());

describe('新建日程', () => {
  it('单次日程: a class prefills venue, room and 主讲; the body carries the slot', async () => {
    post.mockImplementation(() => ok({ id: 'new' }));
    const { onSaved } = renderModal();
    const form = await screen.findByTestId('cal-entry-form');
    await pick('cal-entry-form', 'cal-form-class', '初二数学A班');
    expect(await within(form).findByText('课程：初二数学')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByTestId('cal-entry-save')));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0]).toEqual([
      '/calendar/tblCalendar/add',
      expect.objectContaining({
        type: 0,
        clazzId: 'z1',
        clazzStartTime: '2026-11-23 10:00:00',
        clazzEndTime: '2026-11-23 11:30:00',
        locationId: 'l1',
        roomId: 'r1',
        teachers: [{ teacherId: 't1', role: 1 }],
      }),
    ]);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
  });

  it('a non-teaching type needs a title', async () => {
    renderModal();
    await screen.findByTestId('cal-entry-form');
    await pick('cal-entry-form', 'cal-form-type', '会议');
    // The class field gives way to a required title.
    await screen.findByTestId('cal-form-title');
    expect(within(screen.getByTestId('cal-entry-form')).queryByTestId('cal-form-class')).toBeNull();
    await act(async () => fireEvent.click(screen.getByTestId('cal-entry-save')));
    expect(await screen.findByText('请输入标题')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('批量排课: 预览 shows each date, clashes in red; 保存 creates the series', async () => {
    const preview: SeriesPreview = {
      rrule: 'FREQ=WEEKLY;BYDAY=MO;COUNT=2',
      skippedHolidays: ['2026-11-30'],
      sessions: [
        { lessonNo: 1, clazzStartTime: '2026-11-23 10:00:00', clazzEndTime: '2026-11-23 11:30:00', conflicts: [] },
        {
          lessonNo: 2,
          clazzStartTime: '2026-12-07 10:00:00',
          clazzEndTime: '2026-12-07 11:30:00',
          conflicts: [{ kind: 'room', resourceName: '201教室', calendarId: 'c9', title: '物理实验', clazzStartTime: '2026-12-07 10:00:00', clazzEndTime: '2026-12-07 11:00:00', locationName: null, roomName: '201教室', teacherNames: [] }],
        },
      ],
    };
    post.mockImplementation((url: string) => (url === '/calendar/scheduleSeries/preview' ? ok(preview) : url === '/calendar/scheduleSeries/add' ? ok({ seriesId: 's1', count: 2 }) : Promise.reject(new Error(url))));
    renderModal({ ...SLOT!, tab: 'series' } as EntryModalProps['open']);
    await screen.findByTestId('cal-series-form');
    await pick('cal-series-form', 'cal-form-class', '初二数学A班');
    await act(async () => fireEvent.click(screen.getByTestId('cal-series-preview-btn')));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    expect(post.mock.calls[0][1]).toEqual({
      clazzId: 'z1',
      startDate: '2026-11-23',
      endDate: null,
      count: 10,
      weekdays: [1],
      startTime: '10:00',
      endTime: '11:30',
      locationId: 'l1',
      roomId: 'r1',
      teachers: [{ teacherId: 't1', role: 1 }],
      skipHoliday: true,
    });
    const rows = await screen.findAllByTestId('cal-series-session');
    expect(rows.map((r) => r.getAttribute('data-conflict'))).toEqual(['0', '1']);
    expect(rows[1].style.color).toBe('rgb(255, 77, 79)');
    expect(rows[1].textContent).toContain('教室 201教室：物理实验');
    expect(screen.getByTestId('cal-series-preview').textContent).toContain('跳过节假日 2026-11-30');
    await act(async () => fireEvent.click(screen.getByTestId('cal-series-save')));
    await waitFor(() => expect(post).toHaveBeenLastCalledWith('/calendar/scheduleSeries/add', expect.objectContaining({ clazzId: 'z1', weekdays: [1] })));
    expect(await screen.findByText('已生成 2 个课次')).toBeTruthy();
  });
});
