import { AsyncLocalStorage } from 'node:async_hooks';

/** What the access log learns about a request while it is served (server.ts opens one per request). */
export interface RequestContext {
  reqId: string;
  /** Set by the embedded backend's auth middleware once the token is verified. */
  userId?: string;
}

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithRequestContext<T>(ctx: RequestContext, fn: () => T): T {
  return storage.run(ctx, fn);
}

/**
 * The backend calls this after verifying a token: the BFF and the backend run in the request's own async
 * context (in process), so the access line gets the user id without a second session lookup. A no-op outside one
 * (standalone backend, tests).
 */
export function noteRequestUser(userId: string): void {
  const ctx = storage.getStore();
  if (ctx) ctx.userId = userId;
}

export function currentRequestContext(): RequestContext | undefined {
  return storage.getStore();
}
