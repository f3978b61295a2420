/**
 * How the UI answers a failed call (spec 01 §8), as data: the hook in components/feedback turns
 * a plan into antd messages, notices and modals.
 */
export type ErrorPlan =
  | { kind: 'session-expired' }
  | { kind: 'unauthorized'; message: string; logoutAfterMs: number }
  | { kind: 'notice'; title: string; description: string }
  | { kind: 'warning'; message: string }
  | { kind: 'error'; message: string };

export interface FailedCall {
  status: number;
  code: number;
  message: string;
}

export const SESSION_EXPIRED_TITLE = '登录已过期';
export const SESSION_EXPIRED_CONTENT = '很抱歉，登录已过期，请重新登录';
export const RELOGIN_TEXT = '重新登录';

export function planError(e: FailedCall): ErrorPlan {
  if (e.status === 401 && e.message.includes('Token失效')) return { kind: 'session-expired' };
  // A legacy 500 "Token失效" reaches the browser as the BFF's 401 above; kept for direct calls.
  if (e.status === 500 && e.message.includes('Token失效')) return { kind: 'session-expired' };
  switch (e.status) {
    case 401:
      return { kind: 'unauthorized', message: '未授权，请重新登录', logoutAfterMs: 1500 };
    case 403:
      return { kind: 'notice', title: '系统提示', description: '拒绝访问' };
    case 404:
      return { kind: 'notice', title: '系统提示', description: '很抱歉，资源未找到!' };
    case 504:
      return { kind: 'notice', title: '系统提示', description: '网络超时' };
  }
  if (e.code === 510) return { kind: 'warning', message: e.message || '没有权限，请联系管理员授权' };
  if (e.status === 200) return { kind: 'warning', message: e.message || '操作失败' };
  return { kind: 'error', message: e.message || `请求失败（${e.status}）` };
}

/** Chunk load failures (spec 01 §8): webpack/turbopack ChunkLoadError, or a CSS chunk with code CSS_CHUNK_LOAD_FAILED. */
export function isChunkLoadError(reason: unknown): boolean {
  if (!reason || typeof reason !== 'object') return false;
  const r = reason as { name?: unknown; code?: unknown; message?: unknown };
  if (r.name === 'ChunkLoadError' || r.code === 'CSS_CHUNK_LOAD_FAILED') return true;
  return typeof r.message === 'string' && /(Loading (CSS )?chunk [\w/.-]+ failed)|(Failed to load chunk)/i.test(r.message);
}

/** Spec 01 §9: chunk load timeout 120 s. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
