import type { FieldDef } from '../../lib/resources/types';
import { isMultiValue } from '../../lib/resources/field-kinds';
import type { DictTexts } from './select';

/*
 * A sheet row's cells as the form would send them (the import of excel-actions.ts): 是/否 switches and
 * dictionary texts back to their values, and the cells that name no entry, worded for the person who typed
 * them.
 */

const SWITCH_VALUE: Record<string, string> = { 是: 'Y', 否: 'N', Y: 'Y', N: 'N' };

/** Per dictionary field: text → value (labels as exported, values accepted as well), and the labels to name in errors. */
export type Reverse = Map<string, { rev: Map<string, string>; labels: string[] }>;

export function reverseTexts(texts: DictTexts): Reverse {
  const out: Reverse = new Map();
  for (const [name, map] of texts) {
    const rev = new Map<string, string>();
    for (const [value, text] of map) {
      rev.set(value, value);
      if (!rev.has(text)) rev.set(text, value);
    }
    out.set(name, { rev, labels: [...new Set(map.values())] });
  }
  return out;
}

/** A cell that is not one of its dictionary's entries, worded for the person who typed it: 性别只能填 男/女. */
function dictCellError(label: string, labels: readonly string[]): string {
  if (labels.length === 0) return `${label}没有可选的值`;
  if (labels.length > 12) return `${label}只能填 ${labels.slice(0, 12).join('/')} 等字典中的值`;
  return `${label}只能填 ${labels.join('/')}`;
}

/**
 * One sheet row (header label → text) as the form would send it, and the cells that name no entry of their
 * dictionary (reported as such rather than as the column's type: 性别只能填 男/女, not 性别必须是整数).
 */
export function toBody(fields: FieldDef[], values: Record<string, string>, reverse: Reverse): { body: Record<string, unknown>; errors: Map<string, string> } {
  const body: Record<string, unknown> = {};
  const errors = new Map<string, string>();
  for (const f of fields) {
    const raw = values[f.label];
    if (raw === undefined) continue;
    const text = raw.trim();
    if (!text) {
      // A blank cell means what an untouched form field means: its default (a not-null column may need it).
      body[f.name] = f.defaultValue ?? '';
      continue;
    }
    const dict = reverse.get(f.name);
    if (f.kind === 'switch') body[f.name] = SWITCH_VALUE[text] ?? text;
    else if (dict) {
      const items = isMultiValue(f) || text.includes(',') ? text.split(/[,，]/).map((s) => s.trim()) : [text];
      if (items.some((s) => !dict.rev.has(s))) errors.set(f.name, dictCellError(f.label, dict.labels));
      body[f.name] = items.map((s) => dict.rev.get(s) ?? s).join(',');
    } else body[f.name] = text;
  }
  return { body, errors };
}

