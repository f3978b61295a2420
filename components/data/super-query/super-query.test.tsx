import '@testing-library/jest-dom';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { writeDictCache } from '@/lib/dict-cache';
import { ApiError, http } from '@/lib/http';
import type { FieldDef } from '@/lib/resources/types';
import { readSavedQueries, writeSavedQueries } from '@/lib/saved-queries';
import type { SuperQuery as Query } from '@/lib/super-query';
import { SuperQuery } from './super-query';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

// Many antd Select interactions per test, on 2 shared cores.
jest.setTimeout(120_000);

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const del = http.del as jest.Mock;

const FIELDS: FieldDef[] = [
  { name: 'username', label: '用户账号', kind: 'input' },
  { name: 'password', label: '密码', kind: 'password', writeOnly: true },
  { name: 'sex', label: '性别', kind: 'select', type: 'int', dictCode: 'sex' },
  { name: 'status', label: '状态', kind: 'select', options: [{ value: '1', text: '启用' }, { value: '0', text: '停用' }] },
  { name: 'birthday', label: '生日', kind: 'date' },
  { name: 'age', label: '年龄', kind: 'inputNumber', type: 'int' },
];
const CODE = '/isystem/user';

const envelope = (result: unknown, message = '') => ({ success: true, code: 200, message, result });
const offline = () => new ApiError('网络连接失败，请检查网络', 0, 0);

/** A server holding saved queries in memory, answering like server/system/saved-query-routes.ts. */
function serve(initial: { id: string; title: string; matchType: 'and' | 'or'; records: Query['rules'] }[] = []) {
  const rows = [...initial];
  let seq = 0;
  get.mockImplementation((url: string) => (url === '/sys/superQuery/list' ? Promise.resolve(envelope(rows.map((r) => ({ ...r })))) : Promise.resolve(envelope(null))));
  post.mockImplementation((url: string, body: { title: string; matchType: 'and' | 'or'; records: Query['rules'] }) => {
    if (url !== '/sys/superQuery/save') return Promise.reject(new Error(url));
    const existing = rows.find((r) => r.title === body.title);
    const row = { id: existing?.id ?? `srv${++seq}`, title: body.title, matchType: body.matchType, records: body.records };
    if (existing) Object.assign(existing, row);
    else rows.push(row);
    return Promise.resolve(envelope(row, '保存成功'));
  });
  del.mockImplementation((_url: string, { id }: { id: string }) => {
    const i = rows.findIndex((r) => r.id === id);
    if (i < 0) return Promise.reject(new ApiError('未找到对应数据', 500, 200));
    rows.splice(i, 1);
    return Promise.resolve(envelope(null, '删除成功'));
  });
  return rows;
}

/** The builder with a spy on what it applies; `value` follows onChange like the list page's reducer. */
function Harness({ onChange }: { onChange: (q: Query | null) => void }) {
  const [value, setValue] = useState<Query | null>(null);
  return (
    <SuperQuery
      fields={FIELDS}
      saveCode={CODE}
      value={value}
      onChange={(q) => {
        onChange(q);
        setValue(q);
      }}
    />
  );
}

function setup() {
  const onChange = jest.fn();
  render(<Harness onChange={onChange} />, { wrapper: wrapper() });
  return onChange;
}

const byTestId = (id: string) => screen.getByTestId(id);

/** Opens the antd Select inside `testId` and clicks the option titled `text`. */
async function pick(testId: string, text: string) {
  const root = byTestId(testId);
  fireEvent.mouseDown(root.querySelector('[role="combobox"]') ?? root);
  const option = await waitFor(() => {
    const el = Array.from(document.querySelectorAll<HTMLElement>('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option')).find((o) => o.getAttribute('title') === text);
    if (!el) throw new Error(`no option ${text}`);
    return el;
  });
  fireEvent.click(option);
}

const typeInto = (testId: string, value: string) => {
  const root = byTestId(testId);
  const input = root.tagName === 'INPUT' ? root : root.querySelector('input')!;
  fireEvent.change(input, { target: { value } });
};

async function open() {
  fireEvent.click(byTestId('super-query-open'));
  await screen.findByTestId('super-query-modal');
}

/** The primary button of the confirm dialog with this text. */
async function confirm(text: string) {
  expect(await screen.findByText(text)).toBeInTheDocument();
  const btn = await waitFor(() => {
    const el = document.querySelector<HTMLElement>('.ant-modal-confirm-btns .ant-btn-primary');
    if (!el) throw new Error('no confirm');
    return el;
  });
  fireEvent.click(btn);
}

/** Fills row 0 with 性别 在...中 男, 女 and row 1 with 用户账号 包含 `name`. */
async function buildTwoRows(name = 'tea') {
  await pick('super-query-field-0', '性别');
  await pick('super-query-rule-0', '在...中');
  await pick('super-query-value-0', '男');
  await pick('super-query-value-0', '女');
  fireEvent.click(byTestId('super-query-add-0'));
  await pick('super-query-field-1', '用户账号');
  await pick('super-query-rule-1', '包含');
  typeInto('super-query-value-1', name);
}

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  writeDictCache(localStorage, { sex: [{ value: '1', text: '男' }, { value: '2', text: '女' }] });
});

describe('高级查询', () => {
  it('refuses an empty query with 不能查询空条件 and offers only queryable fields', async () => {
    serve();
    const onChange = setup();
    expect(byTestId('super-query-open')).toHaveAttribute('data-active', 'false');
    await open();
    expect(screen.getByText('高级查询构造器')).toBeInTheDocument();
    fireEvent.click(byTestId('super-query-submit'));
    expect(await screen.findByText('不能查询空条件')).toBeInTheDocument();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.mouseDown(byTestId('super-query-field-0').querySelector('[role="combobox"]') ?? byTestId('super-query-field-0'));
    await waitFor(() => expect(document.querySelectorAll('.ant-select-item-option').length).toBeGreaterThan(0));
    const titles = Array.from(document.querySelectorAll('.ant-select-item-option')).map((o) => o.getAttribute('title'));
    expect(titles).toEqual(['用户账号', '性别', '状态', '生日', '年龄']);
  });

  it('applies two rules with arrays joined, shows the active flag, and 重置 clears it', async () => {
    serve();
    const onChange = setup();
    await open();
    await buildTwoRows();
    await pick('super-query-match-type', 'OR（条件中的任意一个匹配）');
    fireEvent.click(byTestId('super-query-submit'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        matchType: 'or',
        rules: [
          { field: 'sex', rule: 'in', val: '1,2', type: 'int' },
          { field: 'username', rule: 'like', val: 'tea', type: 'string' },
        ],
      }),
    );
    expect(byTestId('super-query-open')).toHaveAttribute('data-active', 'true');
    expect(byTestId('super-query-active')).toBeInTheDocument();

    // Reopening shows the same rows; 重置 empties them and clears the query.
    await open();
    expect(byTestId('super-query-row-1')).toBeInTheDocument();
    fireEvent.click(byTestId('super-query-reset'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(null));
    expect(byTestId('super-query-open')).toHaveAttribute('data-active', 'false');
    expect(screen.queryByTestId('super-query-row-1')).toBeNull();
  });

  it('清空 beside the active button clears the query', async () => {
    serve();
    const onChange = setup();
    await open();
    await pick('super-query-field-0', '状态');
    await pick('super-query-value-0', '启用');
    fireEvent.click(byTestId('super-query-submit'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ matchType: 'and', rules: [{ field: 'status', rule: 'eq', val: '1', type: 'string' }] }));
    fireEvent.click(byTestId('super-query-clear'));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(byTestId('super-query-open')).toHaveAttribute('data-active', 'false');
  });

  it('switching a dictionary field away from 在...中 keeps only the first value', async () => {
    serve();
    const onChange = setup();
    await open();
    await pick('super-query-field-0', '性别');
    await pick('super-query-rule-0', '在...中');
    await pick('super-query-value-0', '女');
    await pick('super-query-value-0', '男');
    await pick('super-query-rule-0', '不等于');
    fireEvent.click(byTestId('super-query-submit'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith({ matchType: 'and', rules: [{ field: 'sex', rule: 'ne', val: '2', type: 'int' }] }));
  });

  it('saves: 空条件不能保存, 保存名称不能为空, then to the server and the local cache', async () => {
    const rows = serve();
    setup();
    await open();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/superQuery/list', { code: CODE }));
    expect(await screen.findByText('没有保存任何查询')).toBeInTheDocument();
    fireEvent.click(byTestId('super-query-save'));
    expect(await screen.findByText('空条件不能保存')).toBeInTheDocument();
    expect(screen.queryByTestId('super-query-save-prompt')).toBeNull();

    await buildTwoRows('teacher');
    fireEvent.click(byTestId('super-query-save'));
    await screen.findByTestId('super-query-save-prompt');
    expect(screen.getByText('请输入保存的名称')).toBeInTheDocument();
    fireEvent.click(byTestId('super-query-save-ok'));
    expect(await screen.findByText('保存名称不能为空')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    typeInto('super-query-save-name', ' 男女老师 ');
    fireEvent.click(byTestId('super-query-save-ok'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/sys/superQuery/save', {
        code: CODE,
        title: '男女老师',
        matchType: 'and',
        records: [
          { field: 'sex', rule: 'in', val: '1,2', type: 'int' },
          { field: 'username', rule: 'like', val: 'teacher', type: 'string' },
        ],
      }),
    );
    expect(await screen.findByText('保存成功')).toBeInTheDocument();
    await waitFor(() => expect(document.querySelector('[data-testid="super-query-saved-item"][data-title="男女老师"]')).not.toBeNull());
    expect(rows).toHaveLength(1);
    expect(readSavedQueries(localStorage, CODE)).toEqual([{ id: 'srv1', title: '男女老师', matchType: 'and', records: rows[0].records }]);
    // One list call per opening, not one per render.
    expect(get.mock.calls.filter(([url]) => url === '/sys/superQuery/list')).toHaveLength(1);
  });

  it('asks before overwriting a name that exists (名称 已存在，是否覆盖？)', async () => {
    serve([{ id: 'a1', title: '男', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1' }] }]);
    setup();
    await open();
    await screen.findByText('男', { selector: '[data-testid="super-query-saved-load"]' });
    await pick('super-query-field-0', '用户账号');
    typeInto('super-query-value-0', 'adm');
    fireEvent.click(byTestId('super-query-save'));
    await screen.findByTestId('super-query-save-prompt');
    typeInto('super-query-save-name', '男');
    fireEvent.click(byTestId('super-query-save-ok'));
    await confirm('男 已存在，是否覆盖？');
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/superQuery/save', expect.objectContaining({ title: '男', records: [{ field: 'username', rule: 'eq', val: 'adm', type: 'string' }] })));
    expect(readSavedQueries(localStorage, CODE)).toEqual([{ id: 'a1', title: '男', matchType: 'and', records: [{ field: 'username', rule: 'eq', val: 'adm', type: 'string' }] }]);
  });

  it('loads a saved query into the builder and runs it', async () => {
    serve([{ id: 'a1', title: '启用的女', matchType: 'or', records: [{ field: 'sex', rule: 'in', val: '2' }, { field: 'status', rule: 'eq', val: '1' }] }]);
    const onChange = setup();
    await open();
    fireEvent.click(await screen.findByText('启用的女'));
    await waitFor(() => expect(byTestId('super-query-row-1')).toBeInTheDocument());
    fireEvent.click(byTestId('super-query-submit'));
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        matchType: 'or',
        rules: [
          { field: 'sex', rule: 'in', val: '2', type: 'int' },
          { field: 'status', rule: 'eq', val: '1', type: 'string' },
        ],
      }),
    );
  });

  it('deletes after 是否删除当前查询？', async () => {
    const rows = serve([{ id: 'a1', title: '要删的', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1' }] }]);
    setup();
    await open();
    await screen.findByText('要删的');
    fireEvent.click(byTestId('super-query-saved-delete'));
    await confirm('是否删除当前查询？');
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/superQuery/delete', { id: 'a1' }));
    expect(await screen.findByText('没有保存任何查询')).toBeInTheDocument();
    expect(rows).toEqual([]);
    expect(readSavedQueries(localStorage, CODE)).toEqual([]);
  });

  it('offline: shows the local copy, saves locally, and uploads it on the next opening', async () => {
    writeSavedQueries(localStorage, CODE, [{ id: 'old', title: '缓存的', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1' }] }]);
    get.mockRejectedValue(offline());
    post.mockRejectedValue(offline());
    setup();
    await open();
    expect(await screen.findByTestId('super-query-offline')).toHaveTextContent('未能连接服务器，显示本机保存的查询');
    expect(screen.getByText('缓存的')).toBeInTheDocument();

    await pick('super-query-field-0', '用户账号');
    typeInto('super-query-value-0', 'x');
    fireEvent.click(byTestId('super-query-save'));
    await screen.findByTestId('super-query-save-prompt');
    typeInto('super-query-save-name', '离线的');
    fireEvent.click(byTestId('super-query-save-ok'));
    expect(await screen.findByText('已保存在本机，连接服务器后同步')).toBeInTheDocument();
    expect(readSavedQueries(localStorage, CODE).map((q) => [q.id, q.title])).toEqual([
      ['old', '缓存的'],
      [undefined, '离线的'],
    ]);
    expect(screen.getByText('本机')).toBeInTheDocument();

    // Back online: the pending entry goes up first, then the server's list replaces the cache.
    const rows = serve([{ id: 'old', title: '缓存的', matchType: 'and', records: [{ field: 'sex', rule: 'eq', val: '1' }] }]);
    post.mockClear();
    fireEvent.click(byTestId('super-query-close'));
    await open();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/superQuery/save', { code: CODE, title: '离线的', matchType: 'and', records: [{ field: 'username', rule: 'eq', val: 'x', type: 'string' }] }));
    await waitFor(() => expect(readSavedQueries(localStorage, CODE).map((q) => [q.id, q.title])).toEqual([
      ['old', '缓存的'],
      ['srv1', '离线的'],
    ]));
    expect(rows).toHaveLength(2);
    await waitFor(() => expect(screen.queryByTestId('super-query-offline')).toBeNull());
  });

  it('a refused save is reported and not kept', async () => {
    serve();
    post.mockRejectedValue(new ApiError('每个页面最多保存50个查询，请先删除不用的查询', 500, 200));
    setup();
    await open();
    await pick('super-query-field-0', '用户账号');
    typeInto('super-query-value-0', 'x');
    fireEvent.click(byTestId('super-query-save'));
    await screen.findByTestId('super-query-save-prompt');
    typeInto('super-query-save-name', '第51个');
    await act(async () => {
      fireEvent.click(byTestId('super-query-save-ok'));
    });
    expect(await screen.findByText('每个页面最多保存50个查询，请先删除不用的查询')).toBeInTheDocument();
    expect(readSavedQueries(localStorage, CODE)).toEqual([]);
    // The prompt stays open so the user can pick another name or cancel.
    expect(byTestId('super-query-save-prompt')).toBeInTheDocument();
  });
});
