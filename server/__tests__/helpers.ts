import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createBackend, type Backend } from '../backend';
import type { SmsSender } from '../auth/sms';
import type { BackendConfig } from '../config';
import { PREPARED_SEED, preparedPglite, preparedPgTemplate } from '../testing/prepared-db';
import type { Envelope } from '../../lib/envelope';

export interface TestBackend extends Backend {
  sms: { mobile: string; code: string; mode: string }[];
  call(path: string, init?: RequestInit & { token?: string; json?: unknown; ip?: string }): Promise<{ status: number; body: Record<string, unknown> & Envelope }>;
  login(username: string, password?: string): Promise<string>;
}

/**
 * An embedded backend on in-memory PGlite (or on PostgreSQL when TEST_DATABASE_URL is set), through the production
 * handler. With the default seed it starts from a copy of the run's prepared database (server/testing/prepared-db.ts):
 * each suite still has a database of its own.
 */
export async function startTestBackend(config: Partial<BackendConfig> = {}, fetchExternal?: typeof fetch): Promise<TestBackend> {
  const outbox: TestBackend['sms'] = [];
  const sms: SmsSender = { send: async (mobile, code, mode) => void outbox.push({ mobile, code, mode }) };
  const seedOptions = { seedDemo: config.seedDemo ?? PREPARED_SEED.seedDemo, seedTerm: config.seedTerm ?? PREPARED_SEED.seedTerm };
  const usePrepared = seedOptions.seedDemo === PREPARED_SEED.seedDemo && seedOptions.seedTerm === PREPARED_SEED.seedTerm;
  const adminUrl = process.env.TEST_DATABASE_URL;
  const template = adminUrl && usePrepared ? await preparedPgTemplate(adminUrl) : undefined;
  const pgUrl = adminUrl ? await createScratchDatabase(adminUrl, template) : undefined;
  const pglite = !adminUrl && usePrepared ? await preparedPglite() : undefined;
  // On PostgreSQL the backend is not in memory: give it a throwaway DATA_DIR (uploads, error files).
  const dataDir = pgUrl ? fs.mkdtempSync(path.join(os.tmpdir(), 'jw-test-')) : undefined;
  const backend = await createBackend({
    memory: !pgUrl,
    sms,
    fetchExternal,
    prepared: template ? {} : pglite,
    config: { captcha: false, trustClientIpHeader: true, databaseUrl: pgUrl ?? null, ...(dataDir ? { dataDir } : {}), ...config, ...seedOptions },
  });
  const call: TestBackend['call'] = async (path, init = {}) => {
    const headers = new Headers(init.headers);
    if (init.token) headers.set('X-Access-Token', init.token);
    headers.set('x-jiaowu-client-ip', init.ip ?? '10.0.0.1');
    let body = init.body;
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json');
      body = JSON.stringify(init.json);
    }
    const res = await backend.fetch(new Request(`http://backend${path}`, { ...init, headers, body }));
    return { status: res.status, body: await res.json() };
  };
  const login = async (username: string, password = 'jiaowu2026') => {
    const r = await call('/sys/login', { method: 'POST', json: { username, password } });
    if (r.body.code !== 200) throw new Error(`login ${username} failed: ${r.body.message}`);
    return (r.body.result as { token: string }).token;
  };
  const closeDb = backend.close;
  const close = async () => {
    await closeDb();
    if (pgUrl) await dropScratchDatabase(process.env.TEST_DATABASE_URL!, pgUrl);
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  return Object.assign(backend, { sms: outbox, call, login, close });
}

/** On PostgreSQL every test file gets its own throwaway database (a copy of `template` when given), so suites can run in parallel. */
async function createScratchDatabase(adminUrl: string, template?: string): Promise<string> {
  const pg = await import('pg');
  const name = `jw_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.default.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    // Names are generated here from [a-z0-9_], never from input.
    await client.query(`create database ${name}${template ? ` template ${template}` : ''}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function dropScratchDatabase(adminUrl: string, url: string) {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: adminUrl });
  await client.connect();
  await client.query(`drop database if exists ${new URL(url).pathname.slice(1)} with (force)`);
  await client.end();
}
