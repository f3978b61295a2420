/**
 * The request parameters an operation-log row keeps (操作日志, issue #24 item 7): secrets replaced, files never
 * stored, long values cut, so the log can be read by an administrator without handing out what was typed.
 * Pure: the embedded backend's op-log middleware calls it, the unit test pins it.
 */

export const REDACTED = '******';
/** What a file, an inline data URL or a multipart body becomes. */
export const FILE_PLACEHOLDER = '[文件已省略]';
/** Longest kept string value (characters); longer ones end with an ellipsis and their length. */
export const MAX_VALUE_CHARS = 200;
/** Longest stored parameter text as a whole. */
export const MAX_PARAM_CHARS = 2000;
const MAX_ITEMS = 20;
const MAX_KEYS = 50;
const MAX_DEPTH = 4;

/**
 * Keys whose values are secrets, compared lower-cased without `_`/`-`: every kind of password, tokens, captcha and
 * SMS codes, secrets, keys and salts. `checkKey` (the captcha's id) and codes such as `roleCode` stay readable.
 */
const SECRET_KEY = /(password|passwd|pwd$|token|secret|captcha|smscode|verifycode|validatecode|salt$|apikey|accesskey|privatekey|credential|ticket$|signature$|^sign$)/;

export function isSecretKey(key: string): boolean {
  return SECRET_KEY.test(key.toLowerCase().replace(/[_-]/g, ''));
}

const DATA_URL = /^data:[^,;]{0,100}(;[^,]{0,100})?,/i;

function cutString(s: string): string {
  if (DATA_URL.test(s)) return FILE_PLACEHOLDER;
  return s.length > MAX_VALUE_CHARS ? `${s.slice(0, MAX_VALUE_CHARS)}…(${s.length}字)` : s;
}

/** A copy of `value` with secrets replaced, strings cut and deep or wide structures trimmed. */
export function redact(value: unknown, depth = 0): unknown {
  if (value === null || value === undefined) return value ?? null;
  if (typeof value === 'string') return cutString(value);
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return String(value);
  if (typeof Blob !== 'undefined' && value instanceof Blob) return FILE_PLACEHOLDER;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return FILE_PLACEHOLDER;
  if (depth >= MAX_DEPTH) return '…';
  if (Array.isArray(value)) {
    const items = value.slice(0, MAX_ITEMS).map((v) => redact(v, depth + 1));
    if (value.length > MAX_ITEMS) items.push(`…共${value.length}项`);
    return items;
  }
  if (typeof value === 'object') {
    const out: Record<string, unknown> = {};
    const entries = Object.entries(value as Record<string, unknown>);
    for (const [k, v] of entries.slice(0, MAX_KEYS)) out[k] = isSecretKey(k) ? (v === null || v === undefined || v === '' ? v ?? null : REDACTED) : redact(v, depth + 1);
    if (entries.length > MAX_KEYS) out['…'] = `共${entries.length}项`;
    return out;
  }
  return String(value);
}

export interface RequestParamInput {
  /** The query string's parameters (first value of each). */
  query?: Record<string, string>;
  /** The parsed JSON or form body; `multipart` when the body was a file upload (never read). */
  body?: unknown;
  multipart?: boolean;
}

/**
 * The `request_param` text: the query's parameters and the body's (an object body's keys beside the query's, any
 * other body under `body`), redacted, as JSON no longer than MAX_PARAM_CHARS. Null when there is nothing.
 */
export function formatRequestParam({ query = {}, body, multipart = false }: RequestParamInput): string | null {
  const merged: Record<string, unknown> = { ...query };
  if (multipart) merged.body = FILE_PLACEHOLDER;
  else if (body && typeof body === 'object' && !Array.isArray(body) && !(body instanceof ArrayBuffer) && !ArrayBuffer.isView(body)) Object.assign(merged, body);
  else if (body !== undefined && body !== null && body !== '') merged.body = body;
  if (!Object.keys(merged).length) return null;
  const text = JSON.stringify(redact(merged));
  return text.length > MAX_PARAM_CHARS ? `${text.slice(0, MAX_PARAM_CHARS)}…` : text;
}
