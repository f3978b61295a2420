import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { checkUri, gatewayVersion, matchRoute, orderRoutes, parseAllowlist, type AllowedHost, type GatewayTarget } from '../gateway/route-rules';

/* No 'server-only' here: server.ts (outside React's server graph) builds the BFF with this. */

/**
 * 网关路由 in the backend-for-frontend (issue #27 item 5). `createBff` asks `match` for every path outside our own
 * API; a match is forwarded by `forward` with the same headers the main upstream gets (the BFF attaches the token
 * and scrubs answers as for any call). Decisions, documented in docs/architecture.md ("Gateway routes"):
 * - Routes come in process from the embedded backend (`source.routes`), cached for `ttlMs` (3 s) and dropped at
 *   once when this process's change counter moves (a save here); other instances follow within the TTL.
 * - The allowlist (GATEWAY_ALLOWED_HOSTS) is checked again on every match: a route saved before the allowlist
 *   changed is not used.
 * - A host given as an IP literal is reached only when listed exactly. A host name is resolved at connect time and
 *   refused when any address is link-local (169.254.0.0/16 — cloud metadata — and fe80::/10), unspecified,
 *   multicast or reserved; loopback and private addresses are accepted for a listed name (internal services
 *   live there, and the operator named that host). The address checked is the one connected to (no re-resolve).
 * - The session is checked in process (`source.verifySession`) before forwarding: the route's service cannot
 *   see our revocations.
 */

export interface GatewaySource {
  /** The enabled routes (server/system/gateway-routes.ts `enabledGatewayTargets`). */
  routes(): Promise<GatewayTarget[]>;
  /** The session behind an access token is live. */
  verifySession(token: string): Promise<boolean>;
}

export interface GatewayOptions {
  /** Cache lifetime of the route list (ms, default 3000; ≤ 5 s by design). */
  ttlMs?: number;
  /** The allowlist now (default: GATEWAY_ALLOWED_HOSTS read from the environment at each call). */
  allowlist?: () => readonly AllowedHost[];
  /** Name resolution (tests); default dns.lookup with every address. */
  resolve?: (hostname: string) => Promise<{ address: string; family: number }[]>;
  now?: () => number;
}

export interface GatewayMatch {
  route: GatewayTarget;
  url: string;
}

export interface Gateway {
  match(path: string, search: string): Promise<GatewayMatch | null>;
  verifySession(token: string): Promise<boolean>;
  forward(url: string, init: RequestInit): Promise<Response>;
}

/** Addresses a host name may never lead to. */
const REFUSED = new net.BlockList();
REFUSED.addSubnet('0.0.0.0', 8, 'ipv4');
REFUSED.addSubnet('169.254.0.0', 16, 'ipv4');
REFUSED.addSubnet('224.0.0.0', 4, 'ipv4');
REFUSED.addSubnet('240.0.0.0', 4, 'ipv4');
REFUSED.addAddress('::', 'ipv6');
REFUSED.addSubnet('fe80::', 10, 'ipv6');
REFUSED.addSubnet('ff00::', 8, 'ipv6');
REFUSED.addAddress('fd00:ec2::254', 'ipv6');

/** A resolved address a listed host name must not lead to (IPv4-mapped IPv6 judged as its IPv4). */
export function refusedForName(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return REFUSED.check(mapped[1], 'ipv4');
  const family = net.isIP(address);
  if (!family) return true;
  return REFUSED.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

const defaultResolve = (hostname: string) => dns.promises.lookup(hostname, { all: true, verbatim: true });

let envCache: { raw: string; hosts: AllowedHost[] } | null = null;
function envAllowlist(): AllowedHost[] {
  const raw = process.env.GATEWAY_ALLOWED_HOSTS ?? '';
  if (envCache?.raw !== raw) envCache = { raw, hosts: parseAllowlist(raw).hosts };
  return envCache.hosts;
}

const NO_BODY_STATUS = new Set([101, 204, 205, 304]);

export function createGateway(source: GatewaySource, opts: GatewayOptions = {}): Gateway {
  const ttl = Math.min(opts.ttlMs ?? 3000, 5000);
  const now = opts.now ?? Date.now;
  const allowlist = opts.allowlist ?? envAllowlist;
  const resolve = opts.resolve ?? defaultResolve;
  let cache: { at: number; version: number; routes: GatewayTarget[] } | null = null;
  let loading: Promise<GatewayTarget[]> | null = null;

  const current = (): Promise<GatewayTarget[]> => {
    const version = gatewayVersion();
    if (cache && cache.version === version && now() - cache.at < ttl) return Promise.resolve(cache.routes);
    loading ??= source
      .routes()
      .then((rows) => {
        cache = { at: now(), version, routes: orderRoutes(rows) };
        return cache.routes;
      })
      .catch((e) => {
        // The database is unreachable: no gateway route is used (our own API is unaffected).
        console.error('[gateway] cannot read the routes:', (e as Error).message);
        return [];
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  };

  /** net.connect's lookup: every address of the name is checked, and only checked ones are connected to. */
  const lookup: net.LookupFunction = (hostname, options, callback) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => refusedForName(a.address));
        if (!addresses.length || bad) {
          const err = Object.assign(new Error(`gateway host ${hostname} resolves to a refused address ${bad?.address ?? '(none)'}`), { code: 'EGATEWAYADDR' });
          return callback(err, '', 0);
        }
        if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: typeof addresses) => void)(null, addresses);
        callback(null, addresses[0].address, addresses[0].family);
      },
      (e: NodeJS.ErrnoException) => callback(e, '', 0),
    );
  };

  return {
    async match(path, search) {
      const first = path.split('/')[1];
      if (!first) return null;
      const routes = await current();
      if (!routes.length) return null;
      const hosts = allowlist();
      // The allowlist of now, not of the save: a dropped host stops its routes at once.
      const usable = routes.filter((r) => checkUri(r.uri, hosts).ok);
      return matchRoute(usable, path, search);
    },
    verifySession: (token) => source.verifySession(token),
    forward(url, init) {
      const target = new URL(url);
      const client = target.protocol === 'https:' ? https : http;
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((v, k) => {
        headers[k] = v;
      });
      headers.host = target.host;
      return new Promise<Response>((resolveRes, reject) => {
        const req = client.request(
          target,
          { method: init.method ?? 'GET', headers, signal: init.signal ?? undefined, lookup, agent: false },
          (res) => {
            const out = new Headers();
            for (const [k, v] of Object.entries(res.headers)) {
              if (v === undefined) continue;
              for (const one of Array.isArray(v) ? v : [v]) out.append(k, one);
            }
            const status = res.statusCode ?? 502;
            const body = NO_BODY_STATUS.has(status) || init.method === 'HEAD' ? null : (Readable.toWeb(res) as unknown as ReadableStream<Uint8Array>);
            if (!body) res.resume();
            resolveRes(new Response(body, { status, headers: out }));
          },
        );
        req.on('error', (e) => reject(e.name === 'AbortError' && init.signal?.reason instanceof Error ? init.signal.reason : e));
        const body = init.body as ReadableStream<Uint8Array> | null | undefined;
        if (body) Readable.fromWeb(body as unknown as NodeReadableStream<Uint8Array>).on('error', (e) => req.destroy(e)).pipe(req);
        else req.end();
      });
    },
  };
}
