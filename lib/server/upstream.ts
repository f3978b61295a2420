import { JEECG_SIGN_SECRET_DEFAULT, signHeaders } from './jeecg-sign';

/**
 * The upstream has the shape of fetch: the embedded backend in process, or a legacy server over HTTP.
 * An in-process upstream that sets `takesRawBody` may be handed the Node request body itself
 * (`raw`) for the few high-volume routes the BFF chooses (slice uploads), instead of `init.body`.
 */
export type Upstream = ((path: string, init: RequestInit, raw?: RawBody) => Promise<Response>) & { takesRawBody?: boolean };

/** A request body as the Node server received it (an IncomingMessage), not yet read. */
export type RawBody = AsyncIterable<Uint8Array>;

/** Spec 01 §7: request timeout 600000 ms. */
export const UPSTREAM_TIMEOUT_MS = 600_000;

interface EmbeddedHandle {
  fetch(request: Request): Promise<Response>;
}

const KEY = Symbol.for('jiaowu.embedded-backend');

/** server.ts creates the embedded backend before listening and parks it on globalThis under KEY. */
export function embeddedUpstream(): Upstream {
  return async (path, init) => {
    const holder = globalThis as { [KEY]?: Promise<EmbeddedHandle> };
    const backend = holder[KEY];
    if (!backend) throw new UpstreamUnavailable('嵌入式后端未启动：请用 npm start 启动本系统');
    return (await backend).fetch(new Request(`http://embedded${path}`, init));
  };
}

export interface HttpUpstreamOptions {
  /** JeecgBoot 3.x's `jeecg.signatureSecret` for its signed dictionary paths (default: the one it ships). */
  signSecret?: string;
  /** The clock of X-TIMESTAMP (tests). */
  now?: () => number;
}

/**
 * A JeecgBoot-compatible server over HTTP. Requests to its signed dictionary paths get `X-Sign` and
 * `X-TIMESTAMP` computed here (lib/server/jeecg-sign.ts), for exactly the path and query sent: the browser
 * never holds the secret, and a 3.x server refuses those calls without them (2.4.x ignores the headers).
 */
export function httpUpstream(baseUrl: string, opts: HttpUpstreamOptions = {}): Upstream {
  const secret = opts.signSecret || JEECG_SIGN_SECRET_DEFAULT;
  const now = opts.now ?? Date.now;
  return (path, init) => {
    const sign = signHeaders(path, secret, now());
    if (!Object.keys(sign).length) return fetch(baseUrl + path, init);
    const headers = new Headers(init.headers);
    for (const [k, v] of Object.entries(sign)) headers.set(k, v);
    return fetch(baseUrl + path, { ...init, headers });
  };
}

export class UpstreamUnavailable extends Error {}
