import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { ASYNC_SEARCH_DEBOUNCE_MS, AsyncSearchSelect, urlOptions, type AsyncOption } from '../async-search-select';
import { fakeTimeouts, ok, page, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn() } };
});
const get = http.get as jest.Mock;

interface Pending {
  keyword: string;
  resolve: (options: AsyncOption[]) => void;
  reject: (e: Error) => void;
}
let pending: Pending[] = [];
const fetchOptions = jest.fn(
  (keyword: string) =>
    new Promise<AsyncOption[]>((resolve, reject) => {
      pending.push({ keyword, resolve, reject });
    }),
);
const keywords = () => pending.map((p) => p.keyword);
const typeIn = (text: string) => fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((n) => n.textContent);

beforeEach(() => {
  pending = [];
  fetchOptions.mockClear();
  get.mockReset();
});
afterEach(() => jest.useRealTimers());

describe('AsyncSearchSelect', () => {
  it('debounces loads by 800 ms, restarting on each keystroke', () => {
    expect(ASYNC_SEARCH_DEBOUNCE_MS).toBe(800);
    fakeTimeouts();
    render(<AsyncSearchSelect fetchOptions={fetchOptions} />, { wrapper: wrapper() });
    typeIn('张');
    act(() => jest.advanceTimersByTime(799));
    expect(keywords().filter(Boolean)).toEqual([]);
    typeIn('张三');
    act(() => jest.advanceTimersByTime(799));
    expect(keywords().filter(Boolean)).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(keywords().filter(Boolean)).toEqual(['张三']);
  });

  it('uses only the latest response, whatever order the answers arrive in', async () => {
    fakeTimeouts();
    render(<AsyncSearchSelect fetchOptions={fetchOptions} />, { wrapper: wrapper() });
    typeIn('a');
    act(() => jest.advanceTimersByTime(ASYNC_SEARCH_DEBOUNCE_MS));
    typeIn('b');
    act(() => jest.advanceTimersByTime(ASYNC_SEARCH_DEBOUNCE_MS));
    const first = pending.find((p) => p.keyword === 'a')!;
    const second = pending.find((p) => p.keyword === 'b')!;
    const initial = pending.find((p) => p.keyword === '');
    await act(async () => second.resolve([{ value: 'b1', label: '第二次' }]));
    await act(async () => first.resolve([{ value: 'a1', label: '第一次' }]));
    await act(async () => initial?.resolve([{ value: 'x', label: '首次' }]));
    jest.useRealTimers();
    await waitFor(() => expect(optionTexts()).toEqual(['第二次']));
  });

  it('a stale failure is ignored; the latest failure shows as a warning', async () => {
    fakeTimeouts();
    render(<AsyncSearchSelect fetchOptions={fetchOptions} />, { wrapper: wrapper() });
    typeIn('a');
    act(() => jest.advanceTimersByTime(ASYNC_SEARCH_DEBOUNCE_MS));
    typeIn('b');
    act(() => jest.advanceTimersByTime(ASYNC_SEARCH_DEBOUNCE_MS));
    await act(async () => pending.find((p) => p.keyword === 'a')!.reject(new Error('旧的错误')));
    await act(async () => pending.find((p) => p.keyword === 'b')!.reject(new Error('新的错误')));
    jest.useRealTimers();
    expect(await screen.findByText('新的错误')).toBeTruthy();
    expect(screen.queryByText('旧的错误')).toBeNull();
  });

  it('reports the choice with its option, keeping the text of the current value', async () => {
    const onChange = jest.fn();
    render(<AsyncSearchSelect fetchOptions={fetchOptions} value="v0" initialOptions={[{ value: 'v0', label: '当前' }]} onChange={onChange} />, { wrapper: wrapper() });
    expect(screen.getByTitle('当前')).toBeTruthy();
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0].resolve([{ value: 'v1', label: '李四' }]));
    fireEvent.click(await screen.findByTitle('李四'));
    expect(onChange).toHaveBeenCalledWith('v1', [{ value: 'v1', label: '李四' }]);
  });

  it('urlOptions reads rows of a list url, the keyword as *x* when asked', async () => {
    get.mockResolvedValue(page([{ id: 't1', realname: '王老师', phone: '1' }]));
    const load = urlOptions({ url: '/edu/teacher/list', keywordParam: 'realname', like: true, valueField: 'id', textField: 'realname' });
    expect(await load(' 王 ')).toEqual([{ value: 't1', label: '王老师' }]);
    expect(get).toHaveBeenCalledWith('/edu/teacher/list', { pageSize: 10, realname: '*王*' });
    get.mockResolvedValue(ok([{ value: 'a', text: 'A' }]));
    expect(await urlOptions({ url: '/x' })('')).toEqual([{ value: 'a', label: 'A' }]);
    expect(get).toHaveBeenLastCalledWith('/x', { pageSize: 10 });
  });
});

describe('AsyncSearchSelect after a write elsewhere (issue #21)', () => {
  it('loads the first page again on open when a write succeeded since the last load', async () => {
    const { noteDataChange } = jest.requireActual<typeof import('@/lib/data-changes')>('@/lib/data-changes');
    render(<AsyncSearchSelect fetchOptions={fetchOptions} />, { wrapper: wrapper() });
    const box = () => screen.getByRole('combobox');
    const open = () => fireEvent.mouseDown(box());
    const close = () => act(() => box().blur());
    const expanded = () => box().getAttribute('aria-expanded');
    open();
    await act(async () => pending[0].resolve([{ value: 'c1', label: '一班' }]));
    close();
    await waitFor(() => expect(expanded()).toBe('false'));
    open();
    await waitFor(() => expect(expanded()).toBe('true'));
    close();
    await waitFor(() => expect(expanded()).toBe('false'));
    expect(keywords()).toEqual(['']);
    noteDataChange();
    open();
    expect(expanded()).toBe('true');
    expect(keywords()).toEqual(['', '']);
  });
});
