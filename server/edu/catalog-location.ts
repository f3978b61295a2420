import { isPositiveMemberCount, LOCATION_MESSAGES, locationResource } from '../../features/edu/location/location-resource';
import type { BodyRow } from '../../lib/resources/to-schema';
import { REGION_ROOT } from '../../lib/region';
import { ApiFailure } from '../core/errors';
import { listTeachers } from './teachers';
import { knownRegionCode, regionIndex } from '../system/regions';
import type { CrudHooks, SaveCtx } from '../resources/crud';
import { getResource, registerResource } from '../resources/registry';

/**
 * 场地 on the resource engine (`/location/tblLocation/*`, permission prefix edu:location). The engine
 * does ownership (ownBy: owner, isAdmin or isMarketing may edit / delete, crud.ts); these hooks add the
 * venue form's rules of spec 01 §5 with its messages, the region and the 负责人 checks.
 */

/** Messages of the server-side checks beyond the form's own (LOCATION_MESSAGES). */
export const LOCATION_SERVER_MESSAGES = {
  regionUnknown: '所选地区不存在，请重新选择',
  cityMismatch: '所选城市不属于该省份，请重新选择',
  notTeacher: '负责人须为在职教师，请重新选择',
  longitude: '经度须在-180到180之间',
  latitude: '纬度须在-90到90之间',
  flag: (label: string) => `${label}只能是0或1`,
} as const;

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/**
 * One required value of the raw body: on add it must be there, on edit (a partial update, e.g. the
 * status toggle) only a value that is sent is checked.
 */
function requireValue(input: Record<string, unknown>, name: string, mode: 'add' | 'edit', message: string) {
  const sent = Object.hasOwn(input, name);
  if ((mode === 'add' && !sent) || (sent && isEmpty(input[name]))) throw new ApiFailure(message);
}

/** A province code: known and first level (海外 included). */
function provinceCode(raw: unknown): string {
  const code = knownRegionCode(String(raw));
  if (!code || regionIndex().byId.get(code)?.pid !== REGION_ROOT) throw new ApiFailure(LOCATION_SERVER_MESSAGES.regionUnknown);
  return code;
}

/** A city code of that province; an empty city is the province itself (spec 01 §5; 海外 and the like). */
function cityCode(raw: unknown, province: string): string {
  if (isEmpty(raw)) return province;
  const code = knownRegionCode(String(raw));
  if (!code) throw new ApiFailure(LOCATION_SERVER_MESSAGES.regionUnknown);
  if (code !== province && regionIndex().byId.get(code)?.pid !== province) throw new ApiFailure(LOCATION_SERVER_MESSAGES.cityMismatch);
  return code;
}

/** status / isDoubleTeacher: 1 or 0; a sent null means the default on add and "unchanged" on edit. */
function checkFlag(row: BodyRow, name: 'status' | 'isDoubleTeacher', label: string, fallback: number, mode: 'add' | 'edit') {
  const v = row[name];
  if (v === undefined) return;
  if (v === null) {
    if (mode === 'add') row[name] = fallback;
    else delete row[name];
    return;
  }
  if (v !== 0 && v !== 1) throw new ApiFailure(LOCATION_SERVER_MESSAGES.flag(label));
}

function checkRange(row: BodyRow, name: 'longitude' | 'latitude', bound: number, message: string) {
  const v = row[name];
  if (typeof v === 'number' && (v < -bound || v > bound)) throw new ApiFailure(message);
}

export const locationHooks: CrudHooks = {
  checkBody(input, ctx) {
    // The spec's venue record has no name (spec 02: id, province, city, detailLocation …): a call in that shape is
    // named after its address. Our form still requires one; a name sent blank is still refused.
    if (ctx.mode === 'add' && !Object.hasOwn(input, 'name') && typeof input.detailLocation === 'string' && input.detailLocation.trim()) {
      input.name = input.detailLocation.trim().slice(0, 100);
    }
    requireValue(input, 'name', ctx.mode, LOCATION_MESSAGES.nameRequired);
    requireValue(input, 'province', ctx.mode, LOCATION_MESSAGES.regionRequired);
    requireValue(input, 'detailLocation', ctx.mode, LOCATION_MESSAGES.detailRequired);
    requireValue(input, 'maxMember', ctx.mode, LOCATION_MESSAGES.maxMemberRequired);
    if (Object.hasOwn(input, 'maxMember') && !isPositiveMemberCount(input.maxMember)) throw new ApiFailure(LOCATION_MESSAGES.positiveInteger);
  },

  async beforeSave(row: BodyRow, ctx: SaveCtx) {
    const existing = ctx.existing;
    checkFlag(row, 'status', '状态', 1, ctx.mode);
    checkFlag(row, 'isDoubleTeacher', '双师', 0, ctx.mode);
    checkRange(row, 'longitude', 180, LOCATION_SERVER_MESSAGES.longitude);
    checkRange(row, 'latitude', 90, LOCATION_SERVER_MESSAGES.latitude);

    if (ctx.mode === 'add' || row.province !== undefined || row.city !== undefined) {
      // Codes are stored in their 6-digit form; a city is checked against the province it will sit under.
      const province = provinceCode(row.province ?? existing?.province);
      const city = cityCode(row.city !== undefined ? row.city : existing?.city, province);
      row.province = province;
      row.city = city;
    }

    const teacher = row.inCharge;
    // Checked when chosen or changed: a venue whose teacher later left can still be toggled or edited.
    if (typeof teacher === 'string' && teacher !== existing?.in_charge) {
      const found = await listTeachers(ctx.db, { ids: [teacher], limit: 1 });
      if (!found.length) throw new ApiFailure(LOCATION_SERVER_MESSAGES.notTeacher);
    }
  },
};

/** Idempotent (the registry is process-wide; several test backends share it). Called from registerCatalog (server/areas.ts). */
export function registerLocationResources(): void {
  if (getResource(locationResource.name)?.def === locationResource) return;
  registerResource(locationResource, locationHooks);
}
