import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { SWRConfig } from 'swr';
import { http } from '@/lib/http';
import { SearchSelect, SEARCH_DEBOUNCE_MS } from './search-select';

jest.mock('@/lib/http', () => ({ http: { get: jest.fn() } }));
const get = http.get as jest.Mock;

const wrap = (ui: ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>{ui}</App>
    </SWRConfig>,
  );

interface Pending {
  keyword: string;
  resolve: (result: unknown) => void;
  reject: (e: Error) => void;
}

/** Every loadDict call stays pending until the test answers it, in any order. */
let pending: Pending[] = [];
beforeEach(() => {
  pending = [];
  get.mockReset();
  get.mockImplementation((url: string, params?: Record<string, string | number>) => {
    if (url.startsWith('/sys/dict/loadDict/')) {
      return new Promise((resolve, reject) => {
        pending.push({ keyword: String(params?.keyword ?? ''), resolve: (result) => resolve({ success: true, code: 200, message: '', result }), reject });
      });
    }
    if (url.startsWith('/sys/dict/loadDictItem/')) return Promise.resolve({ success: true, code: 200, message: '', result: ['张三'] });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});
afterEach(() => jest.useRealTimers());

const keywords = () => pending.map((p) => p.keyword).filter(Boolean);
const typeIn = (text: string) => fireEvent.change(screen.getByRole('combobox'), { target: { value: text } });
/** The dropdown option with this text (waits for it). */
const optionEl = (text: string) =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${text}"]`);
    if (!el) throw new Error(`no option ${text}`);
    return el;
  });
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((n) => n.textContent);

/** Only setTimeout is faked: React, antd and swr keep their own scheduling. */
const fakeTimeouts = () =>
  jest.useFakeTimers({
    doNotFake: ['Date', 'hrtime', 'nextTick', 'performance', 'queueMicrotask', 'requestAnimationFrame', 'cancelAnimationFrame', 'requestIdleCallback', 'cancelIdleCallback', 'setImmediate', 'clearImmediate', 'setInterval', 'clearInterval'],
  });

describe('SearchSelect (async table dictionary search)', () => {
  it('debounces the search by 300 ms, restarting on each keystroke', async () => {
    expect(SEARCH_DEBOUNCE_MS).toBe(300);
    fakeTimeouts();
    wrap(<SearchSelect dict="sys_user,realname,id" />);
    typeIn('李');
    act(() => jest.advanceTimersByTime(299));
    expect(keywords()).toEqual([]);
    typeIn('李文');
    act(() => jest.advanceTimersByTime(299));
    expect(keywords()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(keywords()).toEqual(['李文']);
    expect(get).toHaveBeenCalledWith('/sys/dict/loadDict/sys_user%2Crealname%2Cid', { keyword: '李文', pageSize: 10 });
  });

  it('uses only the latest response, whatever order the answers arrive in', async () => {
    fakeTimeouts();
    wrap(<SearchSelect dict="sys_user,realname,id" />);
    typeIn('a');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    typeIn('b');
    act(() => jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS));
    expect(keywords()).toEqual(['a', 'b']);
    const [initial, first, second] = [pending.find((p) => p.keyword === ''), pending.find((p) => p.keyword === 'a')!, pending.find((p) => p.keyword === 'b')!];
    await act(async () => second.resolve([{ value: 'b1', text: '第二次' }]));
    await act(async () => first.resolve([{ value: 'a1', text: '第一次' }]));
    await act(async () => initial?.resolve([{ value: 'x', text: '首页' }]));
    jest.useRealTimers();
    await waitFor(() => expect(optionTexts()).toEqual(['第二次']));
  });

  it('shows the current value by its text (loadDictItem) and reports a choice', async () => {
    const onChange = jest.fn();
    wrap(<SearchSelect dict="sys_user,realname,id" value="u1" onChange={onChange} />);
    await waitFor(() => expect(screen.getByTitle('张三')).toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/sys/dict/loadDictItem/sys_user%2Crealname%2Cid', { key: 'u1', delNotExist: false });
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await act(async () => pending[0].resolve([{ value: 'u2', text: '李四' }]));
    fireEvent.click(await optionEl('李四'));
    expect(onChange).toHaveBeenCalledWith('u2');
  });

  it('a failed search shows the server message as a warning', async () => {
    wrap(<SearchSelect dict="sys_user,realname,id" />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    await waitFor(() => expect(pending).toHaveLength(1));
    await act(async () => pending[0].reject(new Error('不支持的表字典，请联系管理员配置')));
    expect(await screen.findByText('不支持的表字典，请联系管理员配置')).toBeInTheDocument();
  });

  it('says 字典Code不能为空! without a dictionary', () => {
    wrap(<SearchSelect dict="" />);
    expect(screen.getByText('字典Code不能为空!')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});
