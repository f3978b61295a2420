/**
 * Pure rules of the venue screens (spec 01 §3–§6, spec 02 "Location row"): the form's validation
 * messages, the city defaulting, the body sent to add / edit, the ownership check, the status / 双师
 * toggles, and the mapping of a geocoder's province / city names onto region codes. No React here,
 * so everything is table-tested.
 */
import { canEdit, type PermissionUser } from '@/lib/permissions';
import type { RegionIndex, RegionNode } from '@/lib/region';
import { isPositiveMemberCount, LOCATION_MAX_MEMBER, LOCATION_MESSAGES, LOCATION_PHONE_PATTERN } from './location-resource';

/** The server's bound for 最多容纳人数 (9 digits, server/edu/catalog-location.ts): the form refuses the same. */
export const MAX_MEMBER_LIMIT = LOCATION_MAX_MEMBER;

/** A venue as the list and queryById return it (spec 01 §3 "Venue"). Codes are 6-digit region codes. */
export interface LocationRecord {
  id?: string;
  /** 场地名称 (issue #21): what pickers and the calendar show. */
  name?: string | null;
  province?: string | null;
  city?: string | null;
  dict?: string | null;
  detailLocation?: string | null;
  longitude?: number | string | null;
  latitude?: number | string | null;
  maxMember?: number | string | null;
  inCharge?: string | null;
  inCharge_dictText?: string | null;
  status?: number | string | null;
  isDoubleTeacher?: number | string | null;
  priority?: number | string | null;
  hotelExpenses?: string | null;
  hotelContact?: string | null;
  phone?: string | null;
  remark?: string | null;
  ownBy?: string | null;
  createBy?: string | null;
  [key: string]: unknown;
}

/** 联系电话: the shared definition's pattern. */
export const PHONE_PATTERN = new RegExp(LOCATION_PHONE_PATTERN.regex);
export const PHONE_MESSAGE = LOCATION_PHONE_PATTERN.message;

/** '' or a plausible phone number. */
export const phoneError = (v: unknown): string | null => (blank(v) || PHONE_PATTERN.test(String(v).trim()) ? null : PHONE_MESSAGE);

/** What the venue form holds: the region as the cascader's path [province, city?]. */
export interface LocationFormValues {
  name?: string | null;
  region?: string[] | null;
  detailLocation?: string | null;
  maxMember?: number | string | null;
  inCharge?: string | null;
  hotelExpenses?: string | null;
  hotelContact?: string | null;
  phone?: string | null;
  remark?: string | null;
  longitude?: number | null;
  latitude?: number | null;
}

const blank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

/* ------------------------------------------------------------------ validation (spec 01 §5) */

/** 最多容纳人数: required (请填写最多容纳人数), then a positive integer (请输入正整数!). */
export function maxMemberError(value: unknown): string | null {
  if (blank(value)) return LOCATION_MESSAGES.maxMemberRequired;
  return isPositiveMemberCount(value) ? null : LOCATION_MESSAGES.positiveInteger;
}

/** 场地名称: required, blanks do not count (请输入场地名称!). */
export function nameError(name: unknown): string | null {
  return blank(name) ? LOCATION_MESSAGES.nameRequired : null;
}

/** 地区: at least the province (请选择地区!). */
export function regionError(region: readonly (string | null | undefined)[] | null | undefined): string | null {
  return !region || blank(region[0]) ? LOCATION_MESSAGES.regionRequired : null;
}

/** 详细地址: required, blanks do not count (请输入详细地址!). */
export function detailError(detail: unknown): string | null {
  return blank(detail) ? LOCATION_MESSAGES.detailRequired : null;
}

/** Every message of the form, by field, in field order (empty when the values are valid). */
export function validateLocation(values: LocationFormValues): Partial<Record<'name' | 'region' | 'detailLocation' | 'maxMember', string>> {
  const out: Partial<Record<'name' | 'region' | 'detailLocation' | 'maxMember', string>> = {};
  const name = nameError(values.name);
  if (name) out.name = name;
  const region = regionError(values.region);
  if (region) out.region = region;
  const detail = detailError(values.detailLocation);
  if (detail) out.detailLocation = detail;
  const max = maxMemberError(values.maxMember);
  if (max) out.maxMember = max;
  return out;
}

/* ------------------------------------------------------------------ city defaulting and the body */

/** Spec 01 §5: an empty city is set to the province on submit (海外, or a province picked alone). */
export function withDefaultCity<T extends { province?: string | null; city?: string | null }>(v: T): T {
  return blank(v.city) ? { ...v, city: v.province ?? null } : v;
}

const text = (v: string | null | undefined) => (blank(v) ? null : String(v).trim());
const coordinate = (v: unknown) => {
  if (v === undefined || v === null || v === '') return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
};

/**
 * The body of POST add (no id) or PUT edit (the record's id): the region split into province and city
 * (city defaulted), texts trimmed, capacity as a number. A new venue starts enabled and not 双师.
 */
export function toLocationPayload(values: LocationFormValues, record?: LocationRecord | null): Record<string, unknown> {
  const [province = null, city = null] = (values.region ?? []).map((c) => (blank(c) ? null : String(c)));
  const body: Record<string, unknown> = {
    name: text(values.name),
    ...withDefaultCity({ province, city }),
    detailLocation: text(values.detailLocation),
    maxMember: blank(values.maxMember) ? null : Number(values.maxMember),
    inCharge: text(values.inCharge),
    hotelExpenses: text(values.hotelExpenses),
    hotelContact: text(values.hotelContact),
    phone: text(values.phone),
    remark: text(values.remark),
    longitude: coordinate(values.longitude),
    latitude: coordinate(values.latitude),
  };
  if (record?.id) body.id = record.id;
  else Object.assign(body, { status: 1, isDoubleTeacher: 0 });
  return body;
}

/** The form's starting values for a record (edit) or a new venue. */
export function toFormValues(record?: LocationRecord | null): LocationFormValues {
  if (!record) return { name: null, region: [] };
  const region = [record.province, record.city].filter((c): c is string => !blank(c)).map(String);
  // A city stored equal to its province (the defaulting above) is shown as the province alone.
  if (region.length === 2 && region[0] === region[1]) region.pop();
  return {
    name: record.name ?? null,
    region,
    detailLocation: record.detailLocation ?? null,
    maxMember: record.maxMember === undefined || record.maxMember === null ? null : Number(record.maxMember),
    inCharge: blank(record.inCharge) ? null : String(record.inCharge),
    hotelExpenses: record.hotelExpenses ?? null,
    hotelContact: record.hotelContact ?? null,
    phone: record.phone ?? null,
    remark: record.remark ?? null,
    longitude: coordinate(record.longitude),
    latitude: coordinate(record.latitude),
  };
}

/* ------------------------------------------------------------------ ownership (spec 01 §6) */

/** The owner (ownBy = user id), or isAdmin = 1 / isMarketing = 1, may edit, delete and toggle a venue. */
export function canEditLocation(row: LocationRecord, user: PermissionUser | null | undefined): boolean {
  if (!user || blank(user.id)) return false;
  return canEdit({ ownBy: row.ownBy ?? null, createBy: row.createBy ?? null }, user);
}

/* ------------------------------------------------------------------ toggles (spec 02 location rules) */

export type LocationToggle = 'status' | 'isDoubleTeacher';

export const isFlagOn = (v: unknown) => String(v ?? '').trim() === '1';

/** The flipped flag: 1 ↔ 0 (numbers, as the int columns take them). */
export const toggledValue = (current: unknown): 0 | 1 => (isFlagOn(current) ? 0 : 1);

/** The question asked before a switch changes. */
export function toggleQuestion(field: LocationToggle, next: 0 | 1): string {
  if (field === 'status') return next === 1 ? '确定要启用该场地吗？' : '确定要停用该场地吗？';
  return next === 1 ? '确定要将该场地设为双师场地吗？' : '确定要取消该场地的双师吗？';
}

/** PUT edit's body: the row with the one flag flipped. */
export function toggleBody(row: LocationRecord, field: LocationToggle): LocationRecord {
  return { ...row, [field]: toggledValue(row[field]) };
}

/* ------------------------------------------------------------------ geocoder names → region codes */

// Administrative suffixes a geocoder may add or drop ('广东' / '广东省', '广西' / '广西壮族自治区').
const SUFFIX = /(特别行政区|维吾尔自治区|壮族自治区|回族自治区|自治区|自治州|地区|省|市|盟)$/;
const core = (name: string) => name.trim().replace(SUFFIX, '');

/** Whether two division names mean the same place ('广东省' ~ '广东', '深圳' ~ '深圳市'). */
export function sameRegionName(a: string | null | undefined, b: string | null | undefined): boolean {
  if (blank(a) || blank(b)) return false;
  const x = core(String(a));
  const y = core(String(b));
  if (!x || !y) return String(a).trim() === String(b).trim();
  return x === y || (x.length >= 2 && y.length >= 2 && (x.startsWith(y) || y.startsWith(x)));
}

const findByName = (nodes: readonly RegionNode[] | undefined, name: string | null | undefined) => (nodes ?? []).find((n) => sameRegionName(n.name, name));

/**
 * A geocoder's province / city names as the cascader's path: [province] or [province, city]; [] when the
 * province is unknown. Without a province name the city is looked up in every province.
 */
export function regionPathFromNames(index: RegionIndex, province?: string | null, city?: string | null): string[] {
  const p = findByName(index.tree, province);
  if (p) {
    const c = findByName(p.children, city);
    return c ? [p.code, c.code] : [p.code];
  }
  if (blank(province) && !blank(city)) {
    for (const node of index.tree) {
      const c = findByName(node.children, city);
      if (c) return [node.code, c.code];
    }
  }
  return [];
}
