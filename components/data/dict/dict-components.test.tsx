import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { SWRConfig } from 'swr';
import { http } from '@/lib/http';
import { writeDictCache } from '@/lib/dict-cache';
import { DictSelect } from './dict-select';
import { DictText } from './dict-text';
import { DictMulti } from './dict-multi';
import { DictRadio } from './dict-radio';
import { loadUrlOptions, useDict } from './use-dict';
import { refreshDictCache, useRefreshDictCache } from './refresh-dict-cache';

jest.mock('@/lib/http', () => ({ http: { get: jest.fn() } }));
const get = http.get as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });

const wrap = (ui: ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>{ui}</App>
    </SWRConfig>,
  );

const SEX = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];

beforeEach(() => {
  localStorage.clear();
  get.mockReset();
});

const openSelect = () => fireEvent.mouseDown(screen.getByRole('combobox'));
/** The dropdown option with this text (waits for it). */
const optionEl = (text: string) =>
  waitFor(() => {
    const el = document.querySelector<HTMLElement>(`.ant-select-item-option[title="${text}"]`);
    if (!el) throw new Error(`no option ${text}`);
    return el;
  });
const optionTexts = () => Array.from(document.querySelectorAll('.ant-select-item-option-content')).map((n) => n.textContent);

describe('DictSelect', () => {
  it('uses the cached dictionary without any request', async () => {
    writeDictCache(localStorage, { sex: SEX });
    wrap(<DictSelect dictCode="sex" />);
    openSelect();
    await waitFor(() => expect(optionTexts()).toEqual(['男', '女']));
    expect(get).not.toHaveBeenCalled();
    expect(screen.getByText('请选择')).toBeInTheDocument();
  });

  it('falls back to GET /sys/dict/getDictItems/{code} when the cache lacks the code', async () => {
    get.mockImplementation(() => ok([{ value: 'H', text: '紧急' }]));
    wrap(<DictSelect dictCode="sys_user,realname,id" placeholder="选一个" />);
    openSelect();
    await waitFor(() => expect(optionTexts()).toEqual(['紧急']));
    expect(get).toHaveBeenCalledWith('/sys/dict/getDictItems/sys_user%2Crealname%2Cid');
    expect(screen.getByText('选一个')).toBeInTheDocument();
  });

  it('shows the text of the current value and reports a choice as the item value', async () => {
    writeDictCache(localStorage, { sex: SEX });
    const onChange = jest.fn();
    wrap(<DictSelect dictCode="sex" value={2} onChange={onChange} />);
    await waitFor(() => expect(screen.getByTitle('女')).toBeInTheDocument());
    openSelect();
    fireEvent.click(await optionEl('男'));
    expect(onChange).toHaveBeenCalledWith('1');
  });

  it('loads options from a url answering records, with configurable fields', async () => {
    get.mockImplementation(() => ok({ records: [{ id: 't1', realname: '李文静' }], total: 1 }));
    wrap(<DictSelect url="/teacher/list" valueField="id" textField="realname" value="t1" />);
    await waitFor(() => expect(screen.getByTitle('李文静')).toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/teacher/list');
  });

  it('keeps spec 02 §3\'s option extras: a user\'s phone tells namesakes apart, a url row\'s ownBy stays on the option', async () => {
    get.mockImplementation(() => ok([{ value: 'u1', text: '王芳', phone: '13800000001' }, { value: 'u2', text: '王芳', phone: '13900000002' }, { value: 'u3', text: '李雷' }]));
    wrap(<DictSelect dictCode="sys_user,realname,id" />);
    openSelect();
    await waitFor(() => expect(optionTexts()).toEqual(['王芳（13800000001）', '王芳（13900000002）', '李雷']));
    get.mockImplementation(() => ok({ records: [{ id: 'l1', name: '一号场地', ownBy: 'u1' }], total: 1 }));
    expect(await loadUrlOptions('/location/tblLocation/list', 'id', 'name')).toEqual([{ value: 'l1', text: '一号场地', title: '一号场地', label: '一号场地', ownBy: 'u1' }]);
  });

  it('says 字典Code不能为空! for an empty code and loads nothing', async () => {
    wrap(<DictSelect dictCode="  " />);
    expect(await screen.findByText('字典Code不能为空!')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});

describe('DictText', () => {
  it('translates comma-separated values and joins the texts', async () => {
    writeDictCache(localStorage, { sex: SEX });
    wrap(<DictText dictCode="sex" value="1,2,9" />);
    expect(await screen.findByText('男,女,9')).toBeInTheDocument();
  });

  it('an empty code shows the raw value and logs the error', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    wrap(<DictText dictCode="" value="1" />);
    expect(screen.getByText('1')).toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalledWith('字典Code不能为空!'));
    log.mockRestore();
  });
});

describe('DictMulti and DictRadio', () => {
  it('DictMulti takes and gives a comma-joined string', async () => {
    writeDictCache(localStorage, { sex: SEX });
    const onChange = jest.fn();
    wrap(<DictMulti dictCode="sex" type="checkbox" value="1" onChange={onChange} />);
    fireEvent.click(await screen.findByLabelText('女'));
    expect(onChange).toHaveBeenCalledWith('1,2');
  });

  it('DictRadio reports the chosen value', async () => {
    writeDictCache(localStorage, { sex: SEX });
    const onChange = jest.fn();
    wrap(<DictRadio dictCode="sex" value="1" onChange={onChange} />);
    fireEvent.click(await screen.findByLabelText('女'));
    expect(onChange).toHaveBeenCalledWith('2');
  });
});

describe('refreshDictCache', () => {
  function Probe() {
    const { items } = useDict('sex');
    return <span data-testid="probe">{items.map((i) => i.text).join('|')}</span>;
  }

  it('calls refleshCache then queryAllDictItems, rewrites the cache, reloads mounted dictionaries and says 刷新缓存完成！', async () => {
    writeDictCache(localStorage, { sex: SEX });
    const calls: string[] = [];
    get.mockImplementation((url: string) => {
      calls.push(url);
      return url === '/sys/dict/queryAllDictItems' ? ok({ sex: [{ value: '1', text: '男性' }] }) : ok(null);
    });
    function Refresher() {
      const refresh = useRefreshDictCache();
      return <button onClick={() => void refresh()}>刷新</button>;
    }
    wrap(
      <>
        <Probe />
        <Refresher />
      </>,
    );
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('男|女'));
    fireEvent.click(screen.getByText('刷新'));
    await waitFor(() => expect(screen.getByTestId('probe')).toHaveTextContent('男性'));
    expect(await screen.findByText('刷新缓存完成！')).toBeInTheDocument();
    expect(calls).toEqual(['/sys/dict/refleshCache', '/sys/dict/queryAllDictItems']);
    expect(JSON.parse(localStorage.getItem('pro__UI_DICT_CACHE_ITEMS')!).value.sex[0].text).toBe('男性');
  });

  it('says 刷新缓存失败！ when a call fails and leaves the cache alone', async () => {
    writeDictCache(localStorage, { sex: SEX });
    get.mockImplementation(() => Promise.reject(new Error('down')));
    const message = { success: jest.fn(), warning: jest.fn() };
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    expect(await refreshDictCache({ message, mutate: jest.fn() as never })).toBe(false);
    expect(message.warning).toHaveBeenCalledWith('刷新缓存失败！');
    expect(message.success).not.toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem('pro__UI_DICT_CACHE_ITEMS')!).value.sex[0].text).toBe('男');
    log.mockRestore();
  });
});
