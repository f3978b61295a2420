import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { DepartPickerModal, DepartSelect } from '../depart-picker';
import { filterDepartTree, nextCheckedKeys, toDepartNodes, toggleKey } from '../depart-tree';
import { modalWidth, ok, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;

// contract §4: key = value = id, title = departName, children null on leaves.
const leaf = (id: string, name: string, orgCode: string, parentId: string) => ({ key: id, value: id, id, title: name, departName: name, orgCode, parentId, isLeaf: true, children: null });
const TREE = [
  {
    key: 'd1',
    value: 'd1',
    id: 'd1',
    title: '星辰教育集团',
    departName: '星辰教育集团',
    orgCode: 'A01',
    parentId: '',
    isLeaf: false,
    children: [leaf('d2', '教务处', 'A01A01', 'd1'), { ...leaf('d3', '北京校区', 'A01A03', 'd1'), isLeaf: false, children: [leaf('d4', '数学教研组', 'A01A03A01', 'd3')] }],
  },
];
const NAMES: Record<string, string> = { d1: '星辰教育集团', d2: '教务处', d3: '北京校区', d4: '数学教研组' };

beforeEach(() => {
  get.mockReset();
  get.mockImplementation((url: string, p: Record<string, string> = {}) => {
    if (url === '/sys/sysDepart/queryTreeListByOrgCode') return Promise.resolve(ok(TREE));
    if (url.startsWith('/sys/dict/loadDictItem/')) return Promise.resolve(ok(p.key.split(',').map((k) => NAMES[k] ?? k)));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const checkbox = (title: string) => screen.getByText(title).closest('.ant-tree-treenode')!.querySelector('.ant-tree-checkbox') as HTMLElement;
const checkedTitles = () => Array.from(document.querySelectorAll('.ant-tree-treenode-checkbox-checked .ant-tree-title')).map((n) => n.textContent);

describe('department tree (pure)', () => {
  it('reads queryTreeListByOrgCode (spec 02 §7): children null is a leaf', () => {
    const nodes = toDepartNodes(TREE);
    expect(nodes[0]).toMatchObject({ key: 'd1', title: '星辰教育集团', orgCode: 'A01', isLeaf: false });
    expect(nodes[0].children![0]).toEqual({ key: 'd2', title: '教务处', departName: '教务处', orgCode: 'A01A01', parentId: 'd1', isLeaf: true });
    expect(toDepartNodes(null)).toEqual([]);
  });

  it('single mode keeps only the newly checked key; multiple keeps all', () => {
    expect(nextCheckedKeys(['a'], ['a', 'b'], false)).toEqual(['b']);
    expect(nextCheckedKeys(['a'], [], false)).toEqual([]);
    expect(nextCheckedKeys(['a'], ['a', 'b'], true)).toEqual(['a', 'b']);
    expect(toggleKey(['a'], 'b', false)).toEqual(['b']);
    expect(toggleKey(['a', 'b'], 'a', true)).toEqual(['b']);
  });

  it('search keeps the matches with their ancestors expanded', () => {
    const r = filterDepartTree(toDepartNodes(TREE), '数学');
    expect(r.matched).toEqual(['d4']);
    expect(r.expandedKeys.sort()).toEqual(['d1', 'd3']);
    expect(r.nodes[0].children!.map((n) => n.key)).toEqual(['d3']);
    expect(filterDepartTree(toDepartNodes(TREE), ' ').nodes).toHaveLength(1);
  });
});

describe('DepartPickerModal', () => {
  it('is 500 wide; single mode keeps one key and returns that department', async () => {
    const onOk = jest.fn();
    render(<DepartPickerModal open onOk={onOk} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('教务处');
    expect(modalWidth()).toBe('500px');
    expect(get).toHaveBeenCalledWith('/sys/sysDepart/queryTreeListByOrgCode');
    fireEvent.click(checkbox('教务处'));
    fireEvent.click(checkbox('北京校区'));
    await waitFor(() => expect(checkedTitles()).toEqual(['北京校区']));
    fireEvent.click(screen.getByTestId('depart-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([{ id: 'd3', departName: '北京校区', orgCode: 'A01A03' }]);
  });

  it('multiple mode checks several (by box or title) and starts from the selected ids', async () => {
    const onOk = jest.fn();
    render(<DepartPickerModal open multiple selectedIds={['d2']} onOk={onOk} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('教务处');
    await waitFor(() => expect(checkedTitles()).toEqual(['教务处']));
    fireEvent.click(screen.getByText('北京校区'));
    fireEvent.click(screen.getByTestId('depart-picker-ok'));
    expect(onOk).toHaveBeenCalledWith([
      { id: 'd2', departName: '教务处', orgCode: 'A01A01' },
      { id: 'd3', departName: '北京校区', orgCode: 'A01A03' },
    ]);
  });

  it('searches by name, showing the match under its expanded parents', async () => {
    render(<DepartPickerModal open onOk={jest.fn()} onCancel={jest.fn()} />, { wrapper: wrapper() });
    await screen.findByText('教务处');
    const box = screen.getByPlaceholderText('请输入部门名称按回车进行搜索');
    fireEvent.change(box, { target: { value: '数学' } });
    fireEvent.keyDown(box, { key: 'Enter', code: 'Enter', keyCode: 13 });
    await waitFor(() => expect(screen.queryByText('教务处')).toBeNull());
    expect(screen.getByTestId('depart-node-d4').textContent).toBe('数学教研组');
    const again = screen.getByPlaceholderText('请输入部门名称按回车进行搜索');
    fireEvent.change(again, { target: { value: '不存在' } });
    fireEvent.click(screen.getByTestId('depart-tree-search').querySelector('.ant-input-search-btn')!);
    expect(await screen.findByText('没有查询到任何数据')).toBeTruthy();
  });
});

describe('DepartSelect', () => {
  it('shows names (one tag in multiple mode), emits comma ids on OK, a removed tag without opening', async () => {
    const onChange = jest.fn();
    const { rerender } = render(<DepartSelect multiple value="d2,d3" onChange={onChange} />, { wrapper: wrapper() });
    expect(await screen.findByText('教务处')).toBeTruthy();
    expect(screen.getByText('+ 1 ...')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/sys/dict/loadDictItem/sys_depart%2Cdepart_name%2Cid', { key: 'd2,d3', delNotExist: false });

    fireEvent.click(screen.getByTestId('depart-select-open'));
    await screen.findByTestId('depart-picker');
    fireEvent.click(await within(screen.getByTestId('depart-picker')).findByText('星辰教育集团'));
    await act(async () => fireEvent.click(screen.getByTestId('depart-picker-ok')));
    expect(onChange).toHaveBeenLastCalledWith('d2,d3,d1', expect.arrayContaining([{ id: 'd1', departName: '星辰教育集团', orgCode: 'A01' }]));
    await waitFor(() => expect(screen.queryByTestId('depart-picker')).toBeNull());

    rerender(<DepartSelect multiple={false} value="d2" onChange={onChange} />);
    await screen.findByText('教务处');
    const clear = document.querySelector('[data-testid="depart-select"] .ant-select-clear') as HTMLElement;
    fireEvent.mouseDown(clear);
    fireEvent.click(clear);
    expect(onChange).toHaveBeenLastCalledWith('', []);
    expect(screen.queryByTestId('depart-picker')).toBeNull();
  });

  it('clicking the field opens the picker', async () => {
    render(<DepartSelect value="" />, { wrapper: wrapper() });
    fireEvent.mouseDown(document.querySelector('[data-testid="depart-select"] .ant-select') as HTMLElement);
    expect(await screen.findByTestId('depart-picker')).toBeTruthy();
  });
});
