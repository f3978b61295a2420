import ky, { HTTPError, TimeoutError, type Options } from 'ky';
import { API_PREFIX, REQUEST_TIMEOUT_MS } from './config';
import { noteDataChange } from './data-changes';

import type { Envelope } from './envelope';

/** The JeecgBoot envelope (contract §1), declared once in lib/envelope.ts. */
export type { Envelope };

/** Every failed call becomes one of these; the UI decides how to show it. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly status: number,
    readonly envelope?: Envelope,
  ) {
    super(message);
    this.name = 'ApiError';
  }
  /** The BFF's session-expired answer: show 登录已过期 (spec 01 §8). */
  get isSessionExpired() {
    return this.status === 401 && this.message.includes('Token失效');
  }
}

/** Paths whose GETs carry no `_t` (spec 01 §7: dictionary-item calls). */
const NO_TIMESTAMP = /(^|\/)sys\/dict\/getDictItems\//;

export function withTimestamp(url: string, nowMs = Date.now()): string {
  if (NO_TIMESTAMP.test(url)) return url;
  return url + (url.includes('?') ? '&' : '?') + `_t=${Math.floor(nowMs / 1000)}`;
}

const STATUS_MESSAGES: Record<number, string> = {
  403: '拒绝访问',
  404: '很抱歉，资源未找到!',
  504: '网络超时',
  401: '未授权，请重新登录',
};

const client = ky.create({
  prefix: API_PREFIX,
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  credentials: 'same-origin',
  throwHttpErrors: false,
});

async function send<T>(method: string, path: string, options: Options = {}): Promise<Envelope<T>> {
  const url = path.replace(/^\//, '');
  let res: Response;
  try {
    res = await client(method === 'GET' ? withTimestamp(url) : url, { method, ...options });
  } catch (e) {
    if (e instanceof TimeoutError) throw new ApiError('网络超时', 504, 504);
    if (e instanceof HTTPError) throw new ApiError(e.message, e.response.status, e.response.status);
    throw new ApiError('网络连接失败，请检查网络', 0, 0);
  }
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  if (!res.ok) {
    const message = body?.message || STATUS_MESSAGES[res.status] || `请求失败（${res.status}）`;
    throw new ApiError(message, body?.code ?? res.status, res.status, body ?? undefined);
  }
  if (!body) throw new ApiError('服务器返回了无法识别的数据', 500, res.status);
  if (!body.success) throw new ApiError(body.message || '操作失败', body.code, res.status, body);
  // Kept-alive screens reload their option lists when shown again after a write (lib/data-changes.ts).
  if (method !== 'GET') noteDataChange();
  return body;
}

/** The one HTTP client (DESIGN §3): unwraps the envelope, throws ApiError, shows no UI itself. */
export const http = {
  get: <T>(path: string, searchParams?: Record<string, string | number | boolean>) =>
    send<T>('GET', path, searchParams ? { searchParams } : {}),
  post: <T>(path: string, json?: unknown) => send<T>('POST', path, json === undefined ? {} : { json }),
  /** `ifMatch`: the version the edited record was read at (issue #39; lib/resources/row-version.ts). */
  put: <T>(path: string, json?: unknown, opts: { ifMatch?: string } = {}) =>
    send<T>('PUT', path, { ...(json === undefined ? {} : { json }), ...(opts.ifMatch === undefined ? {} : { headers: { 'If-Match': opts.ifMatch } }) }),
  del: <T>(path: string, searchParams?: Record<string, string | number>) => send<T>('DELETE', path, searchParams ? { searchParams } : {}),
};
