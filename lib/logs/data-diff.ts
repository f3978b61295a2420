/**
 * 数据日志 (issue #24 item 8): two stored versions of one record compared field by field. Pure; the backend's
 * `/sys/dataLog/compare` answers with it and the unit test pins it.
 */

export interface DiffField {
  /** The wire name (a ResourceDef field's `name`), also the key in data_content. */
  name: string;
  label: string;
  /** value → text of a dictionary or option field. */
  texts?: ReadonlyMap<string, string>;
}

export interface DiffRow {
  field: string;
  label: string;
  before: string | null;
  after: string | null;
  /** Dictionary texts where the field has them (else equal to the values). */
  beforeText: string | null;
  afterText: string | null;
  changed: boolean;
}

/** A stored value as text: null / undefined / '' are all "empty"; objects as JSON. */
export function valueText(v: unknown): string | null {
  if (v === null || v === undefined || v === '') return null;
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** Each of a comma list through the texts (multi-value dictionary fields), or the value itself. */
function textOf(value: string | null, texts?: ReadonlyMap<string, string>): string | null {
  if (value === null || !texts) return value;
  const direct = texts.get(value);
  if (direct !== undefined) return direct;
  if (!value.includes(',')) return value;
  return value
    .split(',')
    .map((v) => texts.get(v) ?? v)
    .join(',');
}

/**
 * Rows for every field in the definition's order, then any other key either version holds (labelled by the key
 * itself: a field removed from the definition since, or JeecgBoot's own column names). `changed` compares texts,
 * so 1 and '1' are the same value.
 */
export function diffVersions(before: Record<string, unknown>, after: Record<string, unknown>, fields: readonly DiffField[]): DiffRow[] {
  const rows: DiffRow[] = [];
  const seen = new Set<string>();
  const push = (name: string, label: string, texts?: ReadonlyMap<string, string>) => {
    seen.add(name);
    const b = valueText(before[name]);
    const a = valueText(after[name]);
    rows.push({ field: name, label, before: b, after: a, beforeText: textOf(b, texts), afterText: textOf(a, texts), changed: b !== a });
  };
  for (const f of fields) if (f.name in before || f.name in after) push(f.name, f.label, f.texts);
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) if (!seen.has(key)) push(key, key);
  return rows;
}

/** A stored data_content as an object ({} when it is not a JSON object). */
export function parseContent(text: string | null | undefined): Record<string, unknown> {
  if (!text) return {};
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}
