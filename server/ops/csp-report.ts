import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from './logger';

/** Larger bodies are not one violation report: read no further and answer 413. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;
/** Violations logged per minute and process; the rest are counted and summed up in one line. */
export const CSP_REPORTS_PER_MINUTE = 30;

export interface CspViolation {
  document: string;
  directive: string;
  blocked: string;
  source?: string;
  line?: number;
  column?: number;
  sample?: string;
  disposition?: string;
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : undefined);
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A URL without its query and fragment (they may carry tokens); keywords such as `inline` or `eval` as they are. */
function bare(v: unknown): string | undefined {
  const s = text(v, 2048);
  if (s === undefined) return undefined;
  return s.replace(/[?#].*$/s, '').slice(0, 300);
}

/**
 * The violations in a report body: the `report-uri` format (`{"csp-report": {...}}`, kebab-case) or the Reporting
 * API's (`[{type: 'csp-violation', body: {...}}]`, camelCase). Anything else is none.
 */
export function parseCspReport(body: string): CspViolation[] {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return [];
  }
  const bodies: Record<string, unknown>[] = [];
  if (Array.isArray(json)) {
    for (const r of json.slice(0, 10)) {
      const b = (r as { type?: unknown; body?: unknown } | null)?.body;
      if ((r as { type?: unknown }).type === 'csp-violation' && b && typeof b === 'object') bodies.push(b as Record<string, unknown>);
    }
  } else if (json && typeof json === 'object' && typeof (json as Record<string, unknown>)['csp-report'] === 'object') {
    bodies.push((json as Record<string, Record<string, unknown>>)['csp-report']);
  }
  return bodies.flatMap((b) => {
    const pick = (kebab: string, camel: string) => b[kebab] ?? b[camel];
    const directive = text(pick('effective-directive', 'effectiveDirective') ?? b['violated-directive'], 100);
    const document = bare(pick('document-uri', 'documentURL'));
    if (!directive || !document) return [];
    const v: CspViolation = { document, directive, blocked: bare(pick('blocked-uri', 'blockedURL')) ?? '' };
    const source = bare(pick('source-file', 'sourceFile'));
    const line = num(pick('line-number', 'lineNumber'));
    const column = num(pick('column-number', 'columnNumber'));
    const sample = text(pick('script-sample', 'sample'), 80);
    const disposition = text(b.disposition, 20);
    return [{ ...v, ...(source ? { source } : {}), ...(line ? { line } : {}), ...(column ? { column } : {}), ...(sample ? { sample } : {}), ...(disposition ? { disposition } : {}) }];
  });
}

function readBounded(req: IncomingMessage, max: number): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > max) {
        resolve(null);
        req.pause();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export interface CspReporterOptions {
  logger: Logger;
  /** lib/csp.ts cspReportEnabled: when off, reports are answered and dropped unread. */
  enabled: boolean;
  now?: () => number;
}

/**
 * `POST /csp-report` (lib/csp.ts CSP_REPORT_PATH), answered by server.ts ahead of Next: no session, the body read to
 * at most 16 KB, one warn line per violation up to CSP_REPORTS_PER_MINUTE, always 204 (the browser wants nothing back).
 */
export function createCspReporter(opts: CspReporterOptions) {
  const now = opts.now ?? Date.now;
  let windowStart = 0;
  let logged = 0;
  let dropped = 0;

  function note(v: CspViolation) {
    const t = now();
    if (t - windowStart >= 60_000) {
      if (dropped) opts.logger.warn({ dropped }, 'csp violations not logged (rate limit)');
      windowStart = t;
      logged = 0;
      dropped = 0;
    }
    if (logged >= CSP_REPORTS_PER_MINUTE) {
      dropped++;
      return;
    }
    logged++;
    opts.logger.warn({ csp: v }, 'csp violation');
  }

  return async function serve(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const answer = (status: number, extra: Record<string, string> = {}) => {
      res.writeHead(status, { 'cache-control': 'no-store', ...extra });
      res.end();
    };
    if (req.method !== 'POST') return answer(405, { allow: 'POST' });
    if (!opts.enabled) {
      req.resume();
      return answer(204);
    }
    const declared = Number(req.headers['content-length']);
    if (declared > CSP_REPORT_MAX_BYTES) {
      req.resume();
      return answer(413, { connection: 'close' });
    }
    const body = await readBounded(req, CSP_REPORT_MAX_BYTES);
    if (body === null) return answer(413, { connection: 'close' });
    for (const v of parseCspReport(body)) note(v);
    answer(204);
  };
}
