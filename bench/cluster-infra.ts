/** bench/cluster.ts's machinery: the two instances, nginx in front of them, PostgreSQL, and one HTTP call. */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const PORT_A = 3461;
export const PORT_B = 3462;
export const PORT_NGINX = 3460;
export const PASSWORD = 'Bench-cluster-2026!';
const REQUEST_TIMEOUT_MS = 30_000;

export interface Instance {
  name: string;
  base: string;
  child: ChildProcess;
}

export function startInstance(name: string, port: number, env: Record<string, string>, logFile: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOGIN_CAPTCHA: 'off', COOKIE_SECURE: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const log = fs.createWriteStream(logFile);
  return new Promise((resolve, reject) => {
    let seen = '';
    const timer = setTimeout(() => reject(new Error(`${name}: not ready within 180 s (log: ${logFile})`)), 180_000);
    const onData = (b: Buffer) => {
      log.write(b);
      if (seen.length < 100_000) seen += b.toString();
      if (seen.includes('ready in')) {
        clearTimeout(timer);
        seen = 'ready';
        resolve({ name, base: `http://127.0.0.1:${port}`, child });
      }
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.on('exit', (code, signal) => {
      clearTimeout(timer);
      log.end();
      if (seen !== 'ready') reject(new Error(`${name} exited (${code ?? signal}) before it was ready:\n${seen.slice(-3000)}`));
    });
  });
}

export const exited = (child: ChildProcess) => new Promise<void>((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', () => r())));

/** deploy/nginx.conf with the upstream addresses and the port replaced, pid, logs and temp files in `dir`. */
export function nginxConfig(dir: string): string {
  let conf = fs.readFileSync('deploy/nginx.conf', 'utf8');
  const swap = (from: string, to: string) => {
    if (!conf.includes(from)) throw new Error(`deploy/nginx.conf: "${from}" not found`);
    conf = conf.split(from).join(to);
  };
  swap('server app1:3000', `server 127.0.0.1:${PORT_A}`);
  swap('server app2:3000', `server 127.0.0.1:${PORT_B}`);
  swap('listen 80;', `listen 127.0.0.1:${PORT_NGINX};`);
  // Loopback only and no root: everything nginx writes stays in the temp folder.
  const local = [
    // Which instance answered each request (the last one tried), for the fail-over report.
    `log_format bench '$msec $request_method $status "$upstream_addr"';`,
    `access_log ${dir}/access.log bench;`,
    `client_body_temp_path ${dir}/body;`,
    `proxy_temp_path ${dir}/proxy;`,
    `fastcgi_temp_path ${dir}/fastcgi;`,
    `uwsgi_temp_path ${dir}/uwsgi;`,
    `scgi_temp_path ${dir}/scgi;`,
  ];
  swap('http {', `http {\n    ${local.join('\n    ')}`);
  return `pid ${dir}/nginx.pid;\nerror_log ${dir}/error.log warn;\n${os.userInfo().uid === 0 ? 'user root;\n' : ''}${conf}`;
}

export async function startNginx(dir: string): Promise<ChildProcess> {
  fs.mkdirSync(dir, { recursive: true });
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir));
  const test = spawnSync('nginx', ['-p', dir, '-c', conf, '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new Error(`nginx -t failed:\n${test.stderr}`);
  const child = spawn('nginx', ['-p', dir, '-c', conf, '-g', 'daemon off;'], { stdio: ['ignore', 'inherit', 'inherit'] });
  for (let i = 0; i < 50; i++) {
    if (await fetch(`http://127.0.0.1:${PORT_NGINX}/healthz`).then((r) => r.ok).catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('nginx did not answer /healthz');
}

export async function postgresUrl(): Promise<string> {
  if (process.env.BENCH_PG_URL) return process.env.BENCH_PG_URL;
  const out = spawnSync('bash', ['scripts/start-test-postgres.sh'], { encoding: 'utf8' });
  if (out.status !== 0) throw new Error(`no PostgreSQL: ${out.stderr}`);
  return out.stdout.trim().split('\n').pop()!;
}

/* ------------------------------------------------------------------ HTTP client */

export interface Answer {
  ok: boolean;
  status: number;
  body: { success?: boolean; message?: string; code?: number; result?: unknown } | null;
  setCookie: string | null;
}

export async function call(base: string, method: string, apiPath: string, opts: { cookie?: string; json?: unknown; raw?: Buffer<ArrayBuffer>; headers?: Record<string, string> } = {}): Promise<Answer> {
  const headers: Record<string, string> = { origin: base, ...opts.headers };
  if (opts.cookie) headers.cookie = opts.cookie;
  let body: BodyInit | undefined;
  if (opts.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.json);
  } else if (opts.raw) {
    headers['content-type'] = 'application/octet-stream';
    body = opts.raw;
  }
  try {
    const res = await fetch(`${base}/jeecg-boot${apiPath}`, { method, headers, body, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) });
    const text = await res.text();
    let parsed: Answer['body'] = null;
    try {
      parsed = JSON.parse(text);
    } catch {
      /* a non-JSON answer (nginx's 502 page) counts as a failure below */
    }
    return { ok: res.ok && !!parsed && parsed.success !== false, status: res.status, body: parsed, setCookie: res.headers.get('set-cookie') };
  } catch {
    return { ok: false, status: 0, body: null, setCookie: null };
  }
}

export async function signIn(base: string, username = 'admin', password = PASSWORD): Promise<{ answer: Answer; cookie: string; userId: string }> {
  const answer = await call(base, 'POST', '/sys/login', { json: { username, password } });
  const result = answer.body?.result as { userInfo?: { id?: string } } | undefined;
  return { answer, cookie: (answer.setCookie ?? '').split(';')[0], userId: result?.userInfo?.id ?? '' };
}
