/** @jest-environment node */
import { buildCsp, createNonce, cspReportEnabled, pageKind, tileSource, type CspOptions } from './csp';

const NONCE = 'dGVzdC1ub25jZS0xMjM0NQ==';
const base: CspOptions = { nonce: NONCE, kind: 'console', dev: false, tileUrl: null, origin: 'https://jw.example.edu.cn', report: false };

/** The header as a map: directive → its sources. */
function directives(header: string): Map<string, string[]> {
  return new Map(header.split('; ').map((d) => d.split(' ')).map(([name, ...sources]) => [name, sources]));
}

describe('buildCsp', () => {
  test('the console in production: nonce and strict-dynamic scripts, no eval, inline styles, the sources the shell uses', () => {
    expect(buildCsp(base)).toBe(
      [
        "default-src 'self'",
        `script-src 'self' 'nonce-${NONCE}' 'strict-dynamic'`,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob: http: https:",
        "media-src 'self' blob: http: https:",
        "font-src 'self' data:",
        "connect-src 'self' ws://jw.example.edu.cn wss://jw.example.edu.cn",
        "frame-src 'self' blob: http: https:",
        'object-src blob:',
        "base-uri 'self'",
        "form-action 'self'",
        "frame-ancestors 'self'",
      ].join('; '),
    );
  });

  test('development adds eval for React and the report endpoint when asked', () => {
    const d = directives(buildCsp({ ...base, dev: true, report: true }));
    expect(d.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'", "'unsafe-eval'"]);
    expect(d.get('report-uri')).toEqual(['/csp-report']);
    expect(directives(buildCsp(base)).has('report-uri')).toBe(false);
  });

  test('the map tile host from MAP_TILE_URL joins img-src on console pages only', () => {
    const tiles = 'https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png';
    expect(directives(buildCsp({ ...base, tileUrl: tiles })).get('img-src')).toContain('https://*.tile.openstreetmap.org');
    expect(directives(buildCsp({ ...base, tileUrl: 'http://10.0.0.5:8080/tiles/{z}/{x}/{y}.png' })).get('img-src')).toContain('http://10.0.0.5:8080');
    expect(buildCsp({ ...base, kind: 'public', tileUrl: tiles })).not.toContain('openstreetmap');
  });

  test('sign-in pages: own images and the data: captcha, no remote media, no frames, no sockets', () => {
    const d = directives(buildCsp({ ...base, kind: 'sign-in' }));
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:']);
    expect(d.get('media-src')).toEqual(["'self'", 'blob:']);
    expect(d.get('frame-src')).toEqual(["'none'"]);
    expect(d.get('object-src')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
    expect(d.get('script-src')).toEqual(["'self'", `'nonce-${NONCE}'`, "'strict-dynamic'"]);
  });

  test('the public brochure: remote images and media (its rich text), no frames, no sockets', () => {
    const d = directives(buildCsp({ ...base, kind: 'public' }));
    expect(d.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http:', 'https:']);
    expect(d.get('frame-src')).toEqual(["'none'"]);
    expect(d.get('connect-src')).toEqual(["'self'"]);
  });

  test('nothing from the request can add a directive: a bad nonce throws, a strange host is left out', () => {
    expect(() => buildCsp({ ...base, nonce: "x'; script-src *" })).toThrow(/nonce/);
    expect(directives(buildCsp({ ...base, origin: 'http://evil; script-src *' })).get('connect-src')).toEqual(["'self'"]);
    expect(directives(buildCsp({ ...base, origin: null })).get('connect-src')).toEqual(["'self'"]);
    expect(directives(buildCsp({ ...base, origin: 'http://[::1]:3000' })).get('connect-src')).toEqual(["'self'"]);
  });
});

describe('tileSource', () => {
  test.each([
    ['https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png', 'https://*.tile.openstreetmap.org'],
    ['https://tiles.example.test/{z}/{x}/{y}.png?key=abc', 'https://tiles.example.test'],
    ['HTTP://Tiles.Example.test:8080/{z}/{x}/{y}', 'http://tiles.example.test:8080'],
    ['https://webrd0{s}.is.autonavi.com/appmaptile?x={x}&y={y}&z={z}', 'https://*.is.autonavi.com'],
    ['https://tiles.{s}.example.test/{z}/{x}/{y}.png', 'https:'],
    ['/tiles/{z}/{x}/{y}.png', null],
    ['', null],
    [null, null],
  ])('%s → %s', (url, source) => expect(tileSource(url)).toBe(source));
});

describe('pageKind', () => {
  test.each([
    ['/user/login', 'sign-in'],
    ['/user/register/', 'sign-in'],
    ['/user/alteration', 'sign-in'],
    ['/brochure/AbC_123', 'public'],
    ['/', 'console'],
    ['/calpanel/CalendarPanel', 'console'],
    ['/user/loginx', 'console'],
  ])('%s → %s', (path, kind) => expect(pageKind(path)).toBe(kind));
});

test('createNonce: 16 random bytes in base64, a new one each time', () => {
  const a = createNonce();
  expect(a).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  expect(createNonce()).not.toBe(a);
});

test('cspReportEnabled: on in development, off in production unless CSP_REPORT=on; an explicit off wins', () => {
  expect(cspReportEnabled({ NODE_ENV: 'development' })).toBe(true);
  expect(cspReportEnabled({ NODE_ENV: 'production' })).toBe(false);
  expect(cspReportEnabled({ NODE_ENV: 'production', CSP_REPORT: 'on' })).toBe(true);
  expect(cspReportEnabled({ NODE_ENV: 'development', CSP_REPORT: 'off' })).toBe(false);
});
