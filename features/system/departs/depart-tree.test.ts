import { ancestorsOf, findDepart, parentKeys, toTreeData, type DepartNode } from './depart-tree';

const node = (id: string, children: DepartNode[] | null = null): DepartNode => ({
  key: id,
  id,
  title: id,
  isLeaf: !children,
  parentId: null,
  departName: `部门${id}`,
  departNameEn: null,
  departNameAbbr: null,
  departOrder: 0,
  orgCategory: '2',
  orgType: '1',
  orgCode: id,
  mobile: null,
  fax: null,
  address: null,
  memo: null,
  status: '1',
  children,
});

const TREE = [node('a', [node('a1'), node('a2', [node('a2x')])]), node('b')];

describe('depart tree helpers', () => {
  it('toTreeData keys by id, titles by name, and leaves have no children array', () => {
    const data = toTreeData(TREE);
    expect(data.map((d) => [d.key, d.title, d.isLeaf])).toEqual([['a', '部门a', false], ['b', '部门b', true]]);
    expect(data[1].children).toBeUndefined();
    expect(data[0].children?.[1].children?.[0].key).toBe('a2x');
  });

  it('finds nodes, parents and ancestor paths', () => {
    expect(findDepart(TREE, 'a2x')?.departName).toBe('部门a2x');
    expect(findDepart(TREE, 'zz')).toBeNull();
    expect(parentKeys(TREE)).toEqual(['a', 'a2']);
    expect(ancestorsOf(TREE, 'a2x')).toEqual(['a', 'a2']);
    expect(ancestorsOf(TREE, 'b')).toEqual([]);
    expect(ancestorsOf(TREE, 'zz')).toBeNull();
  });
});
