import { ApiError } from '@/lib/http';

/** The text to show for a failed call: the backend's own message when there is one. */
export function errorText(e: unknown, fallback = '操作失败，请稍后重试'): string {
  if (e instanceof ApiError) return e.message || fallback;
  return fallback;
}
