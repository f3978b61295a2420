import { API_PREFIX } from '@/lib/config';
import type { Envelope } from '@/lib/envelope';

/**
 * The login page's own tiny client for the BFF: lib/http brings ky and the shell's data-change hooks, which
 * the login page's first load must not carry (issue #28). Same envelope, same error texts as lib/http.
 */
export type { Envelope };

export class CallError extends Error {
  constructor(
    message: string,
    readonly envelope?: Envelope,
  ) {
    super(message);
    this.name = 'CallError';
  }
}

const STATUS_MESSAGES: Record<number, string> = { 403: '拒绝访问', 404: '很抱歉，资源未找到!', 504: '网络超时', 401: '未授权，请重新登录' };

export async function call<T>(method: 'GET' | 'POST' | 'PUT', path: string, json?: unknown): Promise<Envelope<T>> {
  const url = API_PREFIX + path + (method === 'GET' ? `${path.includes('?') ? '&' : '?'}_t=${Math.floor(Date.now() / 1000)}` : '');
  let res: Response;
  try {
    res = await fetch(url, {
      method,
      credentials: 'same-origin',
      headers: json === undefined ? undefined : { 'content-type': 'application/json' },
      body: json === undefined ? undefined : JSON.stringify(json),
    });
  } catch {
    throw new CallError('网络连接失败，请检查网络');
  }
  let body: Envelope<T> | null = null;
  try {
    body = (await res.json()) as Envelope<T>;
  } catch {
    body = null;
  }
  if (!res.ok) throw new CallError(body?.message || STATUS_MESSAGES[res.status] || `请求失败（${res.status}）`, body ?? undefined);
  if (!body) throw new CallError('服务器返回了无法识别的数据');
  if (!body.success) throw new CallError(body.message || '操作失败', body);
  return body;
}

/** The backend's own message when there is one. */
export const messageOf = (e: unknown, fallback: string) => (e instanceof CallError && e.message ? e.message : fallback);
