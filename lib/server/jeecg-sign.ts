import { createHash } from 'node:crypto';

/* No 'server-only' here: server.ts builds the HTTP upstream, which signs, outside React's server graph. */

/**
 * JeecgBoot 3.x's signed requests (contract §2 "Signed dictionary requests"; CORE/config/sign/*): a request to
 * one of `jeecg.signUrls` must carry `X-TIMESTAMP` and `X-Sign` = UPPER(MD5(JSON(params) + secret)), where
 * params are what the server's HttpUtils.getAllParams collects, sorted by key, with `_t` dropped:
 * - `x-path-variable`: the last path segment, URL-decoded, when it contains a comma (a table dictionary code);
 * - the query string, URL-decoded as a whole (`+` = space) and then split on `&` and the first `=`, the last
 *   of a repeated key winning.
 * The signed paths are GET endpoints, so no body takes part. Everything here is pure: it mirrors the
 * server's reading of the URL as it goes on the wire, so the caller signs exactly the path and query it sends.
 */

/** The secret JeecgBoot ships (application-*.yml `jeecg.signatureSecret`, the Vue client's signMd5Utils.js). */
export const JEECG_SIGN_SECRET_DEFAULT = 'dd05f1c54d63749eda95f9fa6d49v442a';
export const X_PATH_VARIABLE = 'x-path-variable';

/** `jeecg.signUrls` of JeecgBoot 3.x (`*` = one path segment, as Spring's path patterns). */
export const JEECG_SIGN_URLS = [
  '/sys/dict/getDictItems/*',
  '/sys/dict/loadDict/*',
  '/sys/dict/loadDictOrderByValue/*',
  '/sys/dict/loadDictItem/*',
  '/sys/dict/loadTreeData',
  '/sys/api/queryTableDictItemsByCode',
  '/sys/api/queryFilterTableDictInfo',
  '/sys/api/queryTableDictByKeys',
  '/sys/api/translateDictFromTable',
  '/sys/api/translateDictFromTableByKeys',
] as const;

const SIGNED = JEECG_SIGN_URLS.map((p) => new RegExp(`^${p.replace(/\*/g, '[^/]+')}/?$`));

/** Whether `path` (no query, relative to the API prefix, as the upstream receives it) needs a sign. */
export function isSignedPath(path: string): boolean {
  const bare = path.split('?')[0];
  return SIGNED.some((re) => re.test(bare));
}

/**
 * Java's URLDecoder.decode(s, "UTF-8"): `+` is a space, `%XX` runs are UTF-8 bytes (malformed ones become
 * U+FFFD); a `%` not followed by two hex digits is kept as it is (Java would throw, failing the request anyway).
 */
export function javaUrlDecode(s: string): string {
  const text = s.replace(/\+/g, ' ');
  let out = '';
  let bytes: number[] = [];
  const flush = () => {
    if (bytes.length) out += new TextDecoder('utf-8').decode(Uint8Array.from(bytes));
    bytes = [];
  };
  for (let i = 0; i < text.length; i++) {
    const hex = text[i] === '%' ? text.slice(i + 1, i + 3) : '';
    if (/^[0-9a-fA-F]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
      continue;
    }
    flush();
    out += text[i];
  }
  flush();
  return out;
}

/** The parameters the server signs for `pathAndQuery` (the path and raw query string as sent), `_t` excluded. */
export function signParams(pathAndQuery: string): Record<string, string> {
  const q = pathAndQuery.indexOf('?');
  const path = q < 0 ? pathAndQuery : pathAndQuery.slice(0, q);
  const query = q < 0 ? '' : pathAndQuery.slice(q + 1).split('#')[0];
  const params = new Map<string, string>();
  const last = path.slice(path.lastIndexOf('/') + 1);
  if (last.includes(',')) {
    let decoded = javaUrlDecode(last);
    // JeecgBoot decodes a second time when a `%` is left (a client that encoded twice).
    if (decoded.includes('%')) decoded = javaUrlDecode(decoded);
    params.set(X_PATH_VARIABLE, decoded);
  }
  if (query) {
    for (const part of javaUrlDecode(query).split('&')) {
      const eq = part.indexOf('=');
      // The server cannot read a parameter without `=` (it fails the request); there is nothing to sign.
      if (eq < 0) continue;
      params.set(part.slice(0, eq), part.slice(eq + 1));
    }
  }
  params.delete('_t');
  // TreeMap order: UTF-16 code units, which is also what the default sort compares.
  const sorted: Record<string, string> = {};
  for (const key of [...params.keys()].sort()) sorted[key] = params.get(key)!;
  return sorted;
}

/** X-Sign for `pathAndQuery`: UPPER(MD5(JSON of the sorted params + secret)), UTF-8. */
export function jeecgSign(pathAndQuery: string, secret: string = JEECG_SIGN_SECRET_DEFAULT): string {
  // JSON.stringify of string values is what the Vue client signs and what fastjson writes for them.
  const json = JSON.stringify(signParams(pathAndQuery));
  return createHash('md5').update(json + secret, 'utf8').digest('hex').toUpperCase();
}

/**
 * The headers a signed path needs (none for others). X-TIMESTAMP is epoch milliseconds, as the 3.x Vue
 * client sends it; the server accepts it for 5 minutes.
 */
export function signHeaders(pathAndQuery: string, secret: string = JEECG_SIGN_SECRET_DEFAULT, now: number = Date.now()): Record<string, string> {
  if (!isSignedPath(pathAndQuery)) return {};
  return { 'X-Sign': jeecgSign(pathAndQuery, secret), 'X-TIMESTAMP': String(now) };
}
