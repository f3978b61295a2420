/**
 * List cell filters (spec 02 §9), the React-free successors of the Vue global filters
 * (`ellipsis`, `NumberFormat`, `dayjs`) plus the switch and dictionary helpers list cells need.
 */
import dayjs from 'dayjs';

/** Spec 02 §9 formats. */
export const DATE_FORMAT = 'YYYY-MM-DD';
export const DATETIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';
export const TIME_FORMAT = 'HH:mm:ss';
/** Spec 02 §9: the ellipsis filter's default length. */
export const ELLIPSIS_LENGTH = 25;
export const ELLIPSIS_SUFFIX = '...';

const isEmpty = (v: unknown) => v === undefined || v === null || v === '';

/** The Vue `ellipsis` filter: empty → '', longer than `length` → the first `length` characters + '...'. */
export function ellipsis(value: unknown, length = ELLIPSIS_LENGTH): string {
  if (isEmpty(value)) return '';
  const text = String(value);
  return text.length > length ? text.slice(0, length) + ELLIPSIS_SUFFIX : text;
}

/**
 * The Vue `NumberFormat` filter: thousands separators on the integer part. A falsy value gives '0'
 * as the filter does; cells check for an empty value before calling it (an empty cell is not 0).
 * Unlike the Vue regex, a fractional part is kept untouched instead of defeating the grouping.
 */
export function formatNumber(value: unknown): string {
  if (!value) return '0';
  const text = String(value).trim();
  const m = /^(-?)(\d+)(\.\d+)?$/.exec(text);
  if (!m) return text;
  return m[1] + m[2].replace(/(\d)(?=(?:\d{3})+$)/g, '$1,') + (m[3] ?? '');
}

/** Switch fields store 'Y' / 'N' (spec 02 §9: labels 是 and 否). Anything else shows as ''. */
/** A price in yuan: ¥, thousands separators and two decimals (¥1,500.00); blank or non-numeric → ''. */
export function formatYuan(value: unknown): string {
  if (value === null || value === undefined || value === '') return '';
  const n = Number(value);
  return Number.isFinite(n) ? `¥${formatNumber(n.toFixed(2))}` : '';
}

export function formatYesNo(value: unknown): string {
  if (value === 'Y' || value === true) return '是';
  if (value === 'N' || value === false) return '否';
  return '';
}

/** The Vue `dayjs` filter: empty → '', otherwise formatted; an unparsable value is shown as it is. */
export function formatDate(value: unknown, pattern = DATETIME_FORMAT): string {
  if (isEmpty(value)) return '';
  const d = dayjs(value as string | number | Date);
  return d.isValid() ? d.format(pattern) : String(value);
}

export interface DictItemLike {
  value: string;
  text?: string;
  title?: string;
  label?: string;
}

/** A dictionary option's text with the spec's fallbacks (spec 02 §3: text, label or title). */
export const itemText = (item: DictItemLike) => item.text ?? item.label ?? item.title ?? item.value;

/** Comma-joined dictionary values → their texts, comma-joined; unknown values are shown as they are. */
export function dictTexts(value: unknown, items: readonly DictItemLike[]): string {
  if (isEmpty(value)) return '';
  const byValue = new Map(items.map((i) => [String(i.value), itemText(i)]));
  return String(value)
    .split(',')
    .filter((v) => v !== '')
    .map((v) => byValue.get(v) ?? v)
    .join(',');
}

/** Rich text as plain text for a list cell: tags dropped, common entities decoded, spaces collapsed. */
export function plainText(html: unknown): string {
  if (isEmpty(html)) return '';
  return String(html)
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first path of a comma-joined upload value (the Vue list's `getImgView` / `downloadFile`). */
export function firstPath(value: unknown): string {
  if (isEmpty(value)) return '';
  const text = String(value);
  const i = text.indexOf(',');
  return i > 0 ? text.slice(0, i) : text;
}

/**
 * A stored upload path as a URL (contract §8): absolute `http(s)` values as they are, otherwise
 * `<apiPrefix>/sys/common/static/<path>`.
 */
export function staticFileUrl(path: string, apiPrefix: string): string {
  if (!path) return '';
  if (/^https?:\/\//i.test(path)) return path;
  return `${apiPrefix}/sys/common/static/${path.replace(/^\/+/, '')}`;
}

/** A byte count for people: 800 B / 35.0 KB / 1.2 MB; empty for no value. */
export function formatFileSize(value: unknown): string {
  const n = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}
