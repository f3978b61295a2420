/** @jest-environment node */
import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createBff } from '../bff';
import { readServerEnv } from '../env-read';
import { isSignedPath, JEECG_SIGN_SECRET_DEFAULT, jeecgSign, javaUrlDecode, signHeaders, signParams } from '../jeecg-sign';
import { SESSION_COOKIE, sealSession } from '../session-cookie';
import { httpUpstream } from '../upstream';
import type { Envelope } from '../../envelope';

/*
 * X-Sign of JeecgBoot 3.x (contract §2). The known answers below were computed outside this code, as
 * MD5(<the JSON written out by hand> + secret) in upper-case hex, from the contract's algorithm.
 */
describe('jeecgSign: known answers', () => {
  it('a table dictionary with a keyword: x-path-variable, the decoded query, _t dropped, keys sorted', () => {
    // {"keyword":"张","pageSize":"10","x-path-variable":"sys_user,realname,id"}
    expect(jeecgSign('/sys/dict/loadDict/sys_user,realname,id?keyword=%E5%BC%A0&pageSize=10&_t=1700000000')).toBe('67E8E155459AF18820D935AB97C28F43');
    expect(signParams('/sys/dict/loadDict/sys_user,realname,id?keyword=%E5%BC%A0&pageSize=10&_t=1700000000')).toEqual({
      keyword: '张',
      pageSize: '10',
      'x-path-variable': 'sys_user,realname,id',
    });
  });

  it('a plain dictionary code signs the empty object', () => {
    // {}
    expect(jeecgSign('/sys/dict/getDictItems/sex')).toBe('E19D6243CB1945AB4F7202A1B00F77D5');
  });

  it('loadTreeData: a JSON condition value is escaped as a JSON string, an empty value is kept', () => {
    // {"code":"id","condition":"{\"code\":\"A\"}","hasChildField":"has_child","pid":"","pidField":"pid","tableName":"sys_category","text":"name"}
    const path = '/sys/dict/loadTreeData?pid=&pidField=pid&tableName=sys_category&text=name&code=id&hasChildField=has_child&condition=%7B%22code%22%3A%22A%22%7D&_t=5';
    expect(jeecgSign(path)).toBe('F39389E6C562B8C9AFC20E84EE2336AE');
  });

  it("a filter in the dictionary code is decoded into x-path-variable (the Vue client's #2728 case)", () => {
    // {"x-path-variable":"sys_user,realname,id,username!='admin' order by create_time"}
    expect(jeecgSign("/sys/dict/getDictItems/sys_user,realname,id,username!='admin'%20order%20by%20create_time")).toBe('E413D8C6BB5698080F6DBF79DB8A2E0F');
  });

  it('the secret is part of the sign', () => {
    expect(jeecgSign('/sys/dict/loadDict/sys_user,realname,id?keyword=%E5%BC%A0&pageSize=10', 'another-secret')).toBe('44C616D607AE7C2A9A4E489C14036E76');
    expect(JEECG_SIGN_SECRET_DEFAULT).toBe('dd05f1c54d63749eda95f9fa6d49v442a');
  });
});

describe('signParams reads the URL as the server does', () => {
  it('decodes the whole query first (+ is a space), then splits; a repeated key keeps the last value', () => {
    expect(signParams('/sys/dict/loadDict/x,y,z?keyword=a+b&keyword=c%26d=e')).toEqual({ keyword: 'c', d: 'e', 'x-path-variable': 'x,y,z' });
  });

  it('an encoded comma is no path variable (the server tests the raw URI); a twice-encoded segment is decoded twice', () => {
    expect(signParams('/sys/dict/loadDict/sys_user%2Crealname%2Cid')).toEqual({});
    expect(signParams('/sys/dict/getDictItems/sys_user,realname,id,realname%2520like')).toEqual({ 'x-path-variable': 'sys_user,realname,id,realname like' });
  });

  it('javaUrlDecode keeps a stray % and replaces broken UTF-8', () => {
    expect(javaUrlDecode('100%+x')).toBe('100% x');
    expect(javaUrlDecode('%E5%BC')).toBe('\ufffd');
  });

  it('only jeecg.signUrls are signed; the timestamp is epoch milliseconds', () => {
    expect(isSignedPath('/sys/dict/getDictItems/sex')).toBe(true);
    expect(isSignedPath('/sys/dict/loadTreeData?pid=')).toBe(true);
    expect(isSignedPath('/sys/dict/getDictItems/a/b')).toBe(false);
    expect(isSignedPath('/sys/dict/queryAllDictItems')).toBe(false);
    expect(signHeaders('/sys/user/list?pageNo=1')).toEqual({});
    expect(signHeaders('/sys/dict/getDictItems/sex', JEECG_SIGN_SECRET_DEFAULT, 1_700_000_000_123)).toEqual({ 'X-Sign': 'E19D6243CB1945AB4F7202A1B00F77D5', 'X-TIMESTAMP': '1700000000123' });
  });

  it('LEGACY_SIGN_SECRET configures the secret; JeecgBoot’s default otherwise', () => {
    const base = { SESSION_SECRET: 's'.repeat(40), NODE_ENV: 'test' } as NodeJS.ProcessEnv;
    expect(readServerEnv(base).legacySignSecret).toBe(JEECG_SIGN_SECRET_DEFAULT);
    expect(readServerEnv({ ...base, LEGACY_SIGN_SECRET: ' site-secret ' }).legacySignSecret).toBe('site-secret');
  });
});

// ---------------------------------------------------------------- a JeecgBoot 3.x server double

/**
 * SignAuthInterceptor + HttpUtils.getAllParams + SignUtil of JeecgBoot 3.x, written here on their own (not
 * with the code under test): the raw request URI's last segment when it has a comma, the query string
 * URL-decoded as a whole and split, `_t` removed, a TreeMap, fastjson's JSON, MD5 + secret, upper case.
 */
function serverSign(rawUrl: string, secret: string): string {
  const [rawPath, rawQuery = ''] = rawUrl.split('?');
  const map: Record<string, string> = {};
  const last = rawPath.substring(rawPath.lastIndexOf('/') + 1);
  if (last.includes(',')) map['x-path-variable'] = decodeURIComponent(last.replace(/\+/g, ' '));
  if (rawQuery) {
    for (const s of decodeURIComponent(rawQuery.replace(/\+/g, ' ')).split('&')) map[s.substring(0, s.indexOf('='))] = s.substring(s.indexOf('=') + 1);
  }
  delete map._t;
  const json = '{' + Object.keys(map).sort().map((k) => `${JSON.stringify(k)}:${JSON.stringify(map[k])}`).join(',') + '}';
  return createHash('md5').update(json + secret).digest('hex').toUpperCase();
}

const SIGN_URLS = [/\/sys\/dict\/(getDictItems|loadDict|loadDictOrderByValue|loadDictItem)\/[^/]+$/, /\/sys\/dict\/loadTreeData$/];
const result = (success: boolean, message: string, code: number, res: unknown = null) => JSON.stringify({ success, message, code, result: res, timestamp: Date.now() });

interface Seen {
  url: string;
  sign: string | undefined;
  timestamp: string | undefined;
  token: string | undefined;
}

async function startJeecgDouble(secret: string) {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    const path = url.split('?')[0];
    const sign = req.headers['x-sign'] as string | undefined;
    const timestamp = req.headers['x-timestamp'] as string | undefined;
    seen.push({ url, sign, timestamp, token: req.headers['x-access-token'] as string | undefined });
    res.setHeader('content-type', 'application/json;charset=UTF-8');
    if (!path.startsWith('/jeecg-boot/')) return res.writeHead(404).end();
    if (SIGN_URLS.some((re) => re.test(path))) {
      if (!timestamp) return res.end(result(false, 'Sign签名校验失败，时间戳为空！', 500));
      const client = Number(timestamp);
      if (timestamp.length !== 14 && Date.now() - client > 5 * 60 * 1000) return res.end(result(false, '签名验证失败:X-TIMESTAMP已过期', 500));
      if (sign !== serverSign(url, secret)) return res.end(result(false, 'Sign签名校验失败！', 500));
    }
    if (!req.headers['x-access-token']) return res.writeHead(401).end(result(true, 'Token失效，请重新登录!', 401));
    res.end(result(true, '', 0, [{ value: '1', text: '男', title: '男', label: '男' }]));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/jeecg-boot`;
  return { base, seen, close: () => new Promise((r) => server.close(r)) };
}

describe('the BFF against a JeecgBoot 3.x double (LEGACY_API_URL)', () => {
  const env = { sessionSecret: 'x'.repeat(40), cookieSecure: false, casUrl: null, trustProxy: false, allowedOrigins: [] };
  const ORIGIN = 'http://app.test';
  let double: Awaited<ReturnType<typeof startJeecgDouble>>;
  let cookie: string;
  beforeAll(async () => {
    double = await startJeecgDouble(JEECG_SIGN_SECRET_DEFAULT);
    cookie = await sealSession({ token: 'legacy-jwt.token.value', userId: 'u1', username: 'admin', tenantId: 0, loginAt: Date.now() }, env.sessionSecret);
  });
  afterAll(() => double.close());
  beforeEach(() => {
    double.seen.length = 0;
  });

  /** Calls the BFF as server.ts does: `/jeecg-boot/<path>` split into decoded segments, the raw query kept. */
  async function viaBff(bff: ReturnType<typeof createBff>, path: string) {
    const req = new Request(`${ORIGIN}/jeecg-boot${path}`, { headers: { host: 'app.test', cookie: `${SESSION_COOKIE}=${cookie}` } });
    const segments = path.split('?')[0].split('/').filter(Boolean).map(decodeURIComponent);
    const res = await bff(req, segments);
    return (await res.json()) as Envelope;
  }

  it('refuses unsigned, badly signed and stale calls with JeecgBoot’s answers', async () => {
    const get = async (path: string, headers: Record<string, string> = {}) =>
      (await (await fetch(double.base + path, { headers: { 'X-Access-Token': 't', ...headers } })).json()) as Envelope;
    expect(await get('/sys/dict/getDictItems/sex')).toMatchObject({ success: false, code: 500, message: 'Sign签名校验失败，时间戳为空！' });
    expect(await get('/sys/dict/getDictItems/sex', { 'X-TIMESTAMP': String(Date.now()) })).toMatchObject({ success: false, code: 500, message: 'Sign签名校验失败！' });
    const wrong = { 'X-TIMESTAMP': String(Date.now()), 'X-Sign': jeecgSign('/sys/dict/getDictItems/sex', 'not-the-secret') };
    expect(await get('/sys/dict/getDictItems/sex', wrong)).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    const stale = createBff(httpUpstream(double.base, { now: () => Date.now() - 10 * 60_000 }), env);
    expect(await viaBff(stale, '/sys/dict/getDictItems/sex')).toMatchObject({ success: false, message: '签名验证失败:X-TIMESTAMP已过期' });
  });

  it('signs the dictionary calls it forwards, exactly as sent, and accepts the answer', async () => {
    const bff = createBff(httpUpstream(double.base), env);
    const calls = [
      '/sys/dict/getDictItems/sex',
      // The stock client's table dictionary with a keyword and _t; our client encodes the commas.
      `/sys/dict/loadDict/sys_user,realname,id?keyword=${encodeURIComponent('张')}&pageSize=10&_t=1700000000`,
      '/sys/dict/loadDictItem/sys_user%2Crealname%2Cusername?key=admin,teacher&delNotExist=false',
      `/sys/dict/loadTreeData?pid=&pidField=pid&tableName=sys_category&text=name&code=id&hasChildField=has_child&condition=${encodeURIComponent('{"code":"A"}')}`,
    ];
    for (const path of calls) expect(await viaBff(bff, path)).toMatchObject({ success: true, result: [{ value: '1', text: '男' }] });
    expect(double.seen).toHaveLength(calls.length);
    for (const s of double.seen) {
      expect(s.token).toBe('legacy-jwt.token.value');
      expect(s.sign).toMatch(/^[0-9A-F]{32}$/);
      expect(Math.abs(Date.now() - Number(s.timestamp))).toBeLessThan(60_000);
    }
    // Commas go upstream literally, as JeecgBoot's client sends them (so the server signs x-path-variable).
    expect(double.seen[2].url).toBe('/jeecg-boot/sys/dict/loadDictItem/sys_user,realname,username?key=admin,teacher&delNotExist=false');
  });

  it('adds no sign to other paths', async () => {
    const bff = createBff(httpUpstream(double.base), env);
    expect(await viaBff(bff, '/sys/user/list?pageNo=1')).toMatchObject({ success: true });
    expect(double.seen[0]).toMatchObject({ sign: undefined, timestamp: undefined });
  });

  it('uses the configured secret (LEGACY_SIGN_SECRET) for a server with its own', async () => {
    const own = await startJeecgDouble('site-secret-2026');
    try {
      const signedRight = createBff(httpUpstream(own.base, { signSecret: 'site-secret-2026' }), env);
      const signedDefault = createBff(httpUpstream(own.base), env);
      expect(await viaBff(signedRight, '/sys/dict/getDictItems/sex')).toMatchObject({ success: true });
      expect(await viaBff(signedDefault, '/sys/dict/getDictItems/sex')).toMatchObject({ success: false, message: 'Sign签名校验失败！' });
    } finally {
      await own.close();
    }
  });
});
