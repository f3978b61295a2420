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

export function httpUpstream(baseUrl: string): Upstream {
  return (path, init) => fetch(baseUrl + path, init);
}

export class UpstreamUnavailable extends Error {}
