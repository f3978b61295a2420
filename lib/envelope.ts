/**
 * JeecgBoot's response envelope (contract §1), the one declaration of it: the embedded backend answers it
 * (server/core/errors.ts `ok` / `fail`), the BFF passes it on and every client reads it (lib/http.ts re-exports it).
 * `code` is 200 on success; `timestamp` is always sent by the backend, and optional to readers, which never need it.
 */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp?: number;
}
