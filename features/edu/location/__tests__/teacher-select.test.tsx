import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { wrapper } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import { TeacherSelect, teacherLabel, toTeacherOptions, TEACHER_SEARCH_DELAY_MS } from '../teacher-select';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });
const LIST_URL = '/clazz/tblTeachScheduleTeacher/teacherList';
const TEACHERS = [
  { value: 'u_teacher', text: '李文静', phone: '13800000001' },
  { value: 'u_teacher2', text: '周明', phone: '13800000002' },
];

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((_url: string, p: { keyword?: string }) => ok(TEACHERS.filter((t) => !p.keyword || t.text.includes(p.keyword))));
});

const openSelect = () => fireEvent.mouseDown(screen.getByTestId('teacher-select').querySelector('[role="combobox"]') ?? screen.getByTestId('teacher-select'));
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.textContent);

describe('toTeacherOptions', () => {
  it('reads an array, a page of records or a list; skips rows without an id; one entry per id', () => {
    expect(toTeacherOptions(TEACHERS)).toEqual(TEACHERS);
    expect(toTeacherOptions({ records: [{ id: 'a', realname: '甲' }] })).toEqual([{ value: 'a', text: '甲', phone: null }]);
    expect(toTeacherOptions({ list: [{ value: 'b', text: '乙', phone: ' ' }, { value: 'b', text: '乙' }, { text: '无id' }, null, 3] })).toEqual([{ value: 'b', text: '乙', phone: null }]);
    expect(toTeacherOptions(null)).toEqual([]);
    expect(toTeacherOptions('x')).toEqual([]);
  });

  it('labels show the realname with the phone', () => {
    expect(teacherLabel(TEACHERS[0])).toBe('李文静（13800000001）');
    expect(teacherLabel({ value: 'x', text: '无电话' })).toBe('无电话');
  });
});

describe('TeacherSelect', () => {
  it('loads the teachers at once and emits the chosen id', async () => {
    const onChange = jest.fn();
    render(<TeacherSelect onChange={onChange} />, { wrapper: wrapper() });
    await waitFor(() => expect(get).toHaveBeenCalledWith(LIST_URL, { keyword: '' }));
    openSelect();
    await waitFor(() => expect(optionTexts()).toEqual(['李文静（13800000001）', '周明（13800000002）']));
    fireEvent.click(document.querySelectorAll('.ant-select-item-option')[1]);
    expect(onChange).toHaveBeenCalledWith('u_teacher2');
  });

  it('shows the current teacher by name before and after the list loads; a teacher outside the list is asked for by id', async () => {
    const releases: (() => void)[] = [];
    const FAR = { value: 'u_far', text: '远方', phone: '13900000009' };
    get.mockImplementation((_url: string, p: { id?: string }) => new Promise((r) => releases.push(() => r({ success: true, code: 200, message: '', result: p.id ? [FAR] : TEACHERS }))));
    render(<TeacherSelect value="u_far" initialLabel="远方" />, { wrapper: wrapper() });
    expect(await screen.findByText('远方')).toBeTruthy();
    expect(get).toHaveBeenCalledWith(LIST_URL, { keyword: '' });
    expect(get).toHaveBeenCalledWith(LIST_URL, { keyword: '', id: 'u_far' });
    await act(async () => releases.forEach((r) => r()));
    expect(await screen.findByText('远方（13900000009）')).toBeTruthy();
    openSelect();
    await waitFor(() => expect(optionTexts()).toEqual(['远方（13900000009）', '李文静（13800000001）', '周明（13800000002）']));
  });

  it('searches on the server after a 300 ms pause, once for a burst of typing', async () => {
    render(<TeacherSelect />, { wrapper: wrapper() });
    await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
    openSelect();
    const input = screen.getByTestId('teacher-select').querySelector('input') as HTMLInputElement;
    fireEvent.change(input, { target: { value: '周' } });
    fireEvent.change(input, { target: { value: '周明' } });
    await act(async () => new Promise((r) => setTimeout(r, TEACHER_SEARCH_DELAY_MS - 150)));
    expect(get).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(get).toHaveBeenCalledTimes(2));
    expect(get).toHaveBeenLastCalledWith(LIST_URL, { keyword: '周明' });
    await waitFor(() => expect(optionTexts()).toEqual(['周明（13800000002）']));
  });

  it('code 510 (no permission) shows the message as a warning', async () => {
    get.mockRejectedValue(new ApiError('没有权限，请联系管理员授权', 510, 200, { success: false, code: 510, message: '没有权限，请联系管理员授权', result: null }));
    render(<TeacherSelect />, { wrapper: wrapper() });
    expect(await screen.findByText('没有权限，请联系管理员授权')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice-warning, .ant-message-warning')).not.toBeNull();
  });
});
