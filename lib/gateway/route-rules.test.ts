/** @jest-environment node */
import {
  checkPathPrefix,
  checkUri,
  GATEWAY_MESSAGES as M,
  matchRoute,
  orderRoutes,
  parseAllowlist,
  prefixFromPredicates,
  stripFromFilters,
  toFilters,
  toPredicates,
} from './route-rules';

const allow = (raw: string) => parseAllowlist(raw).hosts;

describe('GATEWAY_ALLOWED_HOSTS', () => {
  it('reads host and host:port entries, normalised as URL does, and reports unreadable ones', () => {
    expect(parseAllowlist(' ERP.school.edu , 10.0.0.5:8080, [::1]:9000, 127.1:81, bad host, x:99999, ')).toEqual({
      hosts: [
        { host: 'erp.school.edu', port: null },
        { host: '10.0.0.5', port: '8080' },
        { host: '[::1]', port: '9000' },
        { host: '127.0.0.1', port: '81' },
      ],
      invalid: ['bad host', 'x:99999'],
    });
    expect(parseAllowlist(undefined).hosts).toEqual([]);
  });

  it('an empty allowlist refuses every uri, with the reason', () => {
    expect(checkUri('http://erp.school.edu', [])).toEqual({ ok: false, message: M.allowlistEmpty });
  });

  it('only http(s), no credentials, query or fragment', () => {
    const hosts = allow('erp.school.edu');
    for (const uri of ['file:///etc/passwd', 'ftp://erp.school.edu/', 'javascript:alert(1)', 'lb://jeecg-system', 'gopher://erp.school.edu']) {
      expect(checkUri(uri, hosts)).toEqual({ ok: false, message: M.uriScheme });
    }
    expect(checkUri('http://u:p@erp.school.edu', hosts)).toEqual({ ok: false, message: M.uriCredentials });
    expect(checkUri('http://erp.school.edu/?a=1', hosts)).toEqual({ ok: false, message: M.uriQuery });
    expect(checkUri('not a url', hosts)).toEqual({ ok: false, message: M.uriInvalid });
    expect(checkUri('', hosts)).toEqual({ ok: false, message: M.uriRequired });
    expect(checkUri('https://erp.school.edu/api/', allow('erp.school.edu'))).toEqual({ ok: true, value: 'https://erp.school.edu/api' });
  });

  it('the exact host and port: no port means the scheme default only; internal addresses only when listed', () => {
    const hosts = allow('erp.school.edu,10.0.0.5:8080');
    expect(checkUri('http://erp.school.edu', hosts).ok).toBe(true);
    expect(checkUri('http://erp.school.edu:8080', hosts)).toEqual({ ok: false, message: M.hostNotAllowed('erp.school.edu:8080') });
    expect(checkUri('http://evil.school.edu', hosts).ok).toBe(false);
    expect(checkUri('http://erp.school.edu.evil.com', hosts).ok).toBe(false);
    expect(checkUri('http://10.0.0.5:8080/x', hosts).ok).toBe(true);
    for (const uri of ['http://127.0.0.1', 'http://169.254.169.254/latest/meta-data', 'http://localhost:3000', 'http://[::1]/', 'http://0x7f.1/', 'http://2130706433/']) {
      expect(checkUri(uri, hosts).ok).toBe(false);
    }
    expect(checkUri('http://0x7f.1:81/', allow('127.0.0.1:81')).ok).toBe(true);
    expect(checkUri('http://169.254.169.254', allow('169.254.169.254')).ok).toBe(true);
  });
});

describe('path prefix', () => {
  it('name segments only, not one of our API prefixes', () => {
    expect(checkPathPrefix('/erp')).toEqual({ ok: true, value: '/erp' });
    expect(checkPathPrefix('/erp/api/')).toEqual({ ok: true, value: '/erp/api' });
    for (const bad of ['erp', '/erp/../sys', '/erp?x=1', '/erp/*', '/e rp', '//erp', '/erp/./x', '/%2e%2e']) {
      expect(checkPathPrefix(bad)).toEqual({ ok: false, message: M.prefixInvalid });
    }
    for (const ours of ['/sys', '/SYS/x', '/online', '/edu', '/crm', '/course', '/calendar', '/clazz', '/learntools', '/websocket', '/jmreport', '/actuator']) {
      expect(checkPathPrefix(ours)).toEqual({ ok: false, message: M.prefixReserved(ours.split('/')[1]) });
    }
    expect(checkPathPrefix('/a/b/c/d/e/f')).toEqual({ ok: false, message: M.prefixTooLong });
    expect(checkPathPrefix('')).toEqual({ ok: false, message: M.prefixRequired });
  });
});

describe("JeecgBoot's predicates and filters", () => {
  it('a Path predicate is the prefix; StripPrefix strips; the rest is refused', () => {
    expect(prefixFromPredicates('[{"name":"Path","args":["/erp/**"]}]')).toEqual({ ok: true, value: '/erp' });
    expect(prefixFromPredicates([{ name: 'Path', args: { _genkey_0: '/erp/api/**' } }])).toEqual({ ok: true, value: '/erp/api' });
    expect(prefixFromPredicates(toPredicates('/x/y'))).toEqual({ ok: true, value: '/x/y' });
    expect(prefixFromPredicates('[]')).toEqual({ ok: true, value: null });
    expect(prefixFromPredicates('[{"name":"Host","args":["a"]}]')).toEqual({ ok: false, message: M.predicateUnsupported('Host') });
    expect(prefixFromPredicates('[{"name":"Path","args":["/a/**","/b/**"]}]')).toEqual({ ok: false, message: M.predicatePath });
    expect(prefixFromPredicates('{oops')).toEqual({ ok: false, message: M.jsonInvalid });
    expect(stripFromFilters(JSON.stringify(toFilters('/erp', true)))).toEqual({ ok: true, value: true });
    expect(stripFromFilters('[]')).toEqual({ ok: true, value: false });
    expect(stripFromFilters('[{"name":"RequestRateLimiter","args":[]}]')).toEqual({ ok: false, message: M.filterUnsupported('RequestRateLimiter') });
  });
});

describe('matching', () => {
  const r = (id: string, pathPrefix: string, stripPrefix: boolean, sortOrder = 0) => ({ id, pathPrefix, uri: `http://h/${id}`, stripPrefix, sortOrder });
  const routes = orderRoutes([r('a', '/erp', true), r('b', '/erp/api', false), r('c', '/late', true, 5)]);

  it('whole segments, longer prefix first at equal order, strip as configured, query kept', () => {
    expect(matchRoute(routes, '/erp/api/x', '?q=1')).toEqual({ route: routes[0], url: 'http://h/b/erp/api/x?q=1' });
    expect(matchRoute(routes, '/erp/orders')?.url).toBe('http://h/a/orders');
    expect(matchRoute(routes, '/erp')?.url).toBe('http://h/a/');
    expect(matchRoute(routes, '/erpx/orders')).toBeNull();
    expect(matchRoute(routes, '/late/1')?.url).toBe('http://h/c/1');
  });

  it('never one of our own paths, whatever is stored', () => {
    expect(matchRoute([r('s', '/sys', true)], '/sys/user/list')).toBeNull();
  });
});
