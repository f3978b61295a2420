/** @jest-environment node */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { createCspReporter, CSP_REPORT_MAX_BYTES, CSP_REPORTS_PER_MINUTE, parseCspReport } from '../csp-report';
import { createOps } from '../http-ops';
import { createLogger } from '../logger';
import { createMetrics } from '../metrics';

const URI_REPORT = {
  'csp-report': {
    'document-uri': 'http://jw.test/system/user?token=secret#x',
    referrer: '',
    'violated-directive': 'script-src-elem',
    'effective-directive': 'script-src-elem',
    'original-policy': "default-src 'self'",
    disposition: 'enforce',
    'blocked-uri': 'https://evil.test/x.js?k=1',
    'line-number': 3,
    'column-number': 7,
    'source-file': 'http://jw.test/_next/static/chunks/a.js',
    'status-code': 200,
    'script-sample': '',
  },
};

describe('parseCspReport', () => {
  test('the report-uri format: the fields that matter, URLs without query or fragment', () => {
    expect(parseCspReport(JSON.stringify(URI_REPORT))).toEqual([
      { document: 'http://jw.test/system/user', directive: 'script-src-elem', blocked: 'https://evil.test/x.js', source: 'http://jw.test/_next/static/chunks/a.js', line: 3, column: 7, disposition: 'enforce' },
    ]);
  });

  test('the Reporting API format, and anything else is no violation', () => {
    const api = [{ type: 'csp-violation', body: { documentURL: 'http://jw.test/', effectiveDirective: 'img-src', blockedURL: 'data', sample: 'x'.repeat(500) } }, { type: 'deprecation', body: {} }];
    const [v, ...rest] = parseCspReport(JSON.stringify(api));
    expect(rest).toEqual([]);
    expect(v).toMatchObject({ document: 'http://jw.test/', directive: 'img-src', blocked: 'data' });
    expect(v.sample).toHaveLength(80);
    for (const junk of ['', 'not json', '{}', '[1,2]', '{"csp-report":"x"}', 'null']) expect(parseCspReport(junk)).toEqual([]);
  });
});

/** A reporter behind a real server: what a browser's POST gets, and the lines it logs. */
async function withReporter(enabled: boolean, run: (post: (body: string, method?: string) => Promise<number>, lines: () => Record<string, unknown>[], tick: (ms: number) => void) => Promise<void>) {
  const out: string[] = [];
  const logger = createLogger({ level: 'warn', destination: new Writable({ write: (c, _e, cb) => (out.push(String(c)), cb()) }) });
  let t = 1_000_000;
  const reporter = createCspReporter({ logger, enabled, now: () => t });
  const ops = createOps({ apiPrefix: '/jeecg-boot', logger, metrics: createMetrics({ websocketClients: () => 0, pool: null }), metricsToken: null, readiness: async () => ({ status: 200, body: {} }) as never, cspReport: reporter });
  const server = http.createServer((req, res) => (ops.serves(req.url ?? '/') ? ops.serve(req, res) : (res.writeHead(404), res.end())));
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as AddressInfo;
  const post = async (body: string, method = 'POST') => (await fetch(`http://127.0.0.1:${port}/csp-report`, { method, body: method === 'POST' ? body : undefined, headers: { 'content-type': 'application/csp-report' } })).status;
  try {
    await run(post, () => out.map((l) => JSON.parse(l) as Record<string, unknown>), (ms) => (t += ms));
  } finally {
    await new Promise((r) => server.close(r));
  }
}

describe('POST /csp-report', () => {
  test('answers 204 without a session and logs one warn line per violation', async () => {
    await withReporter(true, async (post, lines) => {
      expect(await post(JSON.stringify(URI_REPORT))).toBe(204);
      expect(lines()).toEqual([expect.objectContaining({ level: 'warn', msg: 'csp violation', csp: expect.objectContaining({ directive: 'script-src-elem', blocked: 'https://evil.test/x.js' }) })]);
      expect(JSON.stringify(lines())).not.toContain('secret');
      expect(await post('', 'GET')).toBe(405);
    });
  });

  test('a body over 16 KB is refused unread; past the rate limit reports are counted, not logged', async () => {
    await withReporter(true, async (post, lines, tick) => {
      expect(await post('x'.repeat(CSP_REPORT_MAX_BYTES + 1))).toBe(413);
      for (let i = 0; i < CSP_REPORTS_PER_MINUTE + 5; i++) expect(await post(JSON.stringify(URI_REPORT))).toBe(204);
      expect(lines()).toHaveLength(CSP_REPORTS_PER_MINUTE);
      tick(60_000);
      await post(JSON.stringify(URI_REPORT));
      expect(lines().slice(-2).map((l) => [l.msg, l.dropped])).toEqual([
        ['csp violations not logged (rate limit)', 5],
        ['csp violation', undefined],
      ]);
    });
  });

  test('reporting off (production without CSP_REPORT=on): answered, never logged', async () => {
    await withReporter(false, async (post, lines) => {
      expect(await post(JSON.stringify(URI_REPORT))).toBe(204);
      expect(lines()).toEqual([]);
    });
  });
});
