import { pino, type DestinationStream, type Logger } from 'pino';

/** Keys whose values never reach a log line, wherever an object logged by mistake carries them. */
const SECRET_KEYS = ['password', 'oldpassword', 'newPassword', 'confirmPassword', 'token', 'accessToken', 'secret', 'captcha', 'smscode', 'cookie', 'authorization'];

/**
 * pino redact paths (fast-redact: no deep wildcards, so the usual depths are listed). Access lines carry no
 * headers or bodies at all; these catch a request, response or body object passed to a log call later.
 */
export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-access-token"]',
  'req.headers["x-metrics-token"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-access-token"]',
  'headers["set-cookie"]',
  ...SECRET_KEYS.flatMap((k) => [k, `*.${k}`, `*.*.${k}`]),
];

export interface LoggerOptions {
  /** LOG_LEVEL: trace, debug, info (default), warn, error, fatal, silent. At warn the access lines are off. */
  level?: string;
  /** Where lines go (default stdout); tests pass a stream. */
  destination?: DestinationStream;
}

const LEVELS = new Set(['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent']);

export function readLogLevel(env: NodeJS.ProcessEnv = process.env): string {
  const level = (env.LOG_LEVEL ?? 'info').trim().toLowerCase();
  if (!LEVELS.has(level)) throw new Error(`LOG_LEVEL must be one of ${[...LEVELS].join(', ')}`);
  return level;
}

/** The process's JSON logger: one line per event, ISO time, secrets censored. */
export function createLogger(opts: LoggerOptions = {}): Logger {
  const options = {
    level: opts.level ?? 'info',
    redact: { paths: REDACT_PATHS, censor: '[redacted]' },
    timestamp: pino.stdTimeFunctions.isoTime,
    formatters: { level: (label: string) => ({ level: label }) },
  };
  return opts.destination ? pino(options, opts.destination) : pino(options);
}

export interface AccessEntry {
  reqId: string;
  userId?: string;
  method: string;
  route: string;
  path: string;
  status: number;
  ms: number;
  ip?: string;
  aborted?: boolean;
}

/** One access line: info below 500, warn for server errors (so they stay visible at LOG_LEVEL=warn). */
export function logAccess(logger: Logger, entry: AccessEntry): void {
  if (entry.status >= 500) logger.warn(entry, 'request');
  else if (logger.isLevelEnabled('info')) logger.info(entry, 'request');
}

export type { Logger };
