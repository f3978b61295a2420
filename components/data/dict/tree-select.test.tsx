import '@testing-library/jest-dom';
import type { ReactNode } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { SWRConfig } from 'swr';
import { http } from '@/lib/http';
import { DictTreeSelect } from './tree-select';
import { CategorySelect } from './category-select';
import { attachChildren, checkCondition, CONDITION_ERROR, LOADING_TITLE, toTreeNodes, TREE_POPUP_HEIGHT, UNKNOWN_RESPONSE } from './tree-nodes';

jest.mock('@/lib/http', () => ({ http: { get: jest.fn() } }));
const get = http.get as jest.Mock;
const ok = (result: unknown) => ({ success: true, code: 200, message: '', result });

const wrap = (ui: ReactNode) =>
  render(
    <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
      <App>{ui}</App>
    </SWRConfig>,
  );

// jsdom has no layout, so rc-virtual-list warns about scrolling; nothing else is silenced.
const realError = console.error;
beforeAll(() => {
  jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    if (String(args[0]).includes('rc-virtual-list')) return;
    realError(...args);
  });
});
afterAll(() => jest.restoreAllMocks());

const ROOTS = [
  { key: 'c1', title: '课程分类', leaf: false, parentId: '0', code: 'A01' },
  { key: 'c2', title: '学段', leaf: false, parentId: '0', code: 'A02' },
];

describe('tree-nodes (pure)', () => {
  it('maps server nodes: leaf → isLeaf, key → value; refuses unknown shapes', () => {
    expect(toTreeNodes([{ key: 'a', title: 'A', leaf: true, parentId: '0', code: 'A01' }])).toEqual([{ key: 'a', value: 'a', title: 'A', isLeaf: true, parentId: '0', code: 'A01' }]);
    expect(toTreeNodes({ records: [{ id: 'b', name: 'B' }] })[0]).toMatchObject({ key: 'b', title: 'B', isLeaf: false });
    expect(() => toTreeNodes({ rows: [] })).toThrow(UNKNOWN_RESPONSE);
  });

  it('a loading level shows one disabled loading... row; an empty level makes the node a leaf', () => {
    const nodes = toTreeNodes(ROOTS);
    const loading = attachChildren(nodes, { c1: 'loading' });
    expect(loading[0].children).toEqual([expect.objectContaining({ title: LOADING_TITLE, disabled: true, isLeaf: true })]);
    const empty = attachChildren(nodes, { c1: [] });
    expect(empty[0]).toMatchObject({ isLeaf: true, children: undefined });
    expect(empty[1].isLeaf).toBe(false);
  });

  it('the condition must be a JSON object string', () => {
    expect(checkCondition('')).toEqual({ ok: true, value: '' });
    expect(checkCondition('{"name":"a%"}')).toEqual({ ok: true, value: '{"name":"a%"}' });
    for (const bad of ['{name:1}', '[1]', '"x"', 'null', '3']) expect(checkCondition(bad)).toEqual({ ok: false, error: CONDITION_ERROR });
    expect(CONDITION_ERROR).toBe('组件JTreeSelect-condition传值有误，需要一个json字符串!');
    expect(TREE_POPUP_HEIGHT).toBe(400);
  });
});

const open = () => fireEvent.mouseDown(screen.getByRole('combobox'));
const switcherOf = (title: string) => screen.getByTitle(title).closest('.ant-select-tree-treenode')!.querySelector('.ant-select-tree-switcher')!;

describe('DictTreeSelect (JTreeSelect)', () => {
  beforeEach(() => get.mockReset());

  it('loads the root, then each level lazily with a loading... row; a node with no children becomes a leaf', async () => {
    let answerChildren!: (v: unknown) => void;
    get.mockImplementation((_url: string, p: Record<string, string>) => {
      if (p.pid === '0') return Promise.resolve(ok(ROOTS));
      if (p.pid === 'c1') return new Promise((resolve) => (answerChildren = resolve));
      return Promise.resolve(ok([]));
    });
    wrap(<DictTreeSelect dict="sys_category,name,id" pidValue="0" hasChildField="has_child" />);
    expect(get).toHaveBeenCalledWith('/sys/dict/loadTreeData', { pid: '0', pidField: 'pid', hasChildField: 'has_child', condition: '', tableName: 'sys_category', text: 'name', code: 'id' });
    open();
    await screen.findByTitle('课程分类');
    expect(screen.getByText('请输入搜索内容')).toBeInTheDocument();

    fireEvent.click(switcherOf('课程分类'));
    expect(await screen.findByTitle(LOADING_TITLE)).toBeInTheDocument();
    await act(async () => answerChildren(ok([{ key: 'c11', title: '语文', leaf: false, parentId: 'c1' }])));
    expect(await screen.findByTitle('语文')).toBeInTheDocument();
    expect(screen.queryByTitle(LOADING_TITLE)).toBeNull();
    expect(get).toHaveBeenCalledWith('/sys/dict/loadTreeData', expect.objectContaining({ pid: 'c1', tableName: 'sys_category' }));

    fireEvent.click(switcherOf('语文'));
    await waitFor(() => expect(switcherOf('语文')).toHaveClass('ant-select-tree-switcher-noop'));
  });

  it('reports a choice as the node key and shows the current value by loadDictItem', async () => {
    get.mockImplementation((url: string) => Promise.resolve(ok(url.startsWith('/sys/dict/loadDictItem/') ? ['数学'] : ROOTS)));
    const onChange = jest.fn();
    wrap(<DictTreeSelect dict="sys_category,name,id" pidValue="0" value="c12" onChange={onChange} />);
    await waitFor(() => expect(screen.getByTitle('数学')).toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/sys/dict/loadDictItem/sys_category%2Cname%2Cid', { key: 'c12', delNotExist: false });
    open();
    fireEvent.click(await screen.findByTitle('学段'));
    expect(onChange).toHaveBeenCalledWith('c2');
  });

  it('a condition that is not a JSON object shows the error and loads nothing', async () => {
    wrap(<DictTreeSelect dict="sys_category,name,id" condition="{name:'x'}" />);
    expect(await screen.findByText(CONDITION_ERROR)).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('passes a valid condition through and says 没有查询到任何数据 when a search finds nothing', async () => {
    get.mockImplementation(() => Promise.resolve(ok(ROOTS)));
    wrap(<DictTreeSelect dict="sys_category,name,id" pidValue="0" condition='{"code":"A%"}' />);
    expect(get).toHaveBeenCalledWith('/sys/dict/loadTreeData', expect.objectContaining({ condition: '{"code":"A%"}' }));
    open();
    await screen.findByTitle('学段');
    fireEvent.change(screen.getByRole('combobox'), { target: { value: '不存在' } });
    expect(await screen.findByText('没有查询到任何数据')).toBeInTheDocument();
  });

  it('says 字典Code不能为空! for an incomplete dict', async () => {
    wrap(<DictTreeSelect dict="" />);
    expect(await screen.findByText('字典Code不能为空!')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });
});

describe('CategorySelect (JCategorySelect)', () => {
  beforeEach(() => get.mockReset());

  it('loads the root by pcode and children by pid; labels come from /sys/category/loadDictItem/', async () => {
    get.mockImplementation((url: string) => {
      if (url === '/sys/category/loadTreeRoot') return Promise.resolve(ok(ROOTS));
      if (url === '/sys/category/loadDictItem/') return Promise.resolve(ok(['英语']));
      return Promise.resolve(ok([{ key: 'c21', title: '小学', leaf: true, parentId: 'c2' }]));
    });
    wrap(<CategorySelect pcode="A00" value="c13" />);
    expect(get).toHaveBeenCalledWith('/sys/category/loadTreeRoot', { async: true, pcode: 'A00' });
    await waitFor(() => expect(screen.getByTitle('英语')).toBeInTheDocument());
    expect(get).toHaveBeenCalledWith('/sys/category/loadDictItem/', { ids: 'c13', delNotExist: false });
    open();
    await screen.findByTitle('学段');
    fireEvent.click(switcherOf('学段'));
    expect(await screen.findByTitle('小学')).toBeInTheDocument();
    expect(get).toHaveBeenCalledWith('/sys/category/loadTreeChildren', { pid: 'c2' });
  });

  it('a failed root load shows the server message as an error', async () => {
    get.mockImplementation(() => Promise.reject(new Error('该编码【X】不存在，请核实!')));
    wrap(<CategorySelect pcode="X" />);
    expect(await screen.findByText('该编码【X】不存在，请核实!')).toBeInTheDocument();
  });
});
