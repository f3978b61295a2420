import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export interface SpawnedServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  output(): string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** A second, private instance of the production server (own port and DATA_DIR) for journeys that need other settings. */
export async function spawnServer(port: number, env: Record<string, string> = {}, dataDir?: string): Promise<SpawnedServer> {
  const dir = dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-e2e-'));
  // node --import tsx directly: an npx wrapper would not pass SIGTERM on to the server.
  const child = spawn(process.execPath, ['--import', 'tsx', 'server.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dir, LOGIN_CAPTCHA: 'off', COOKIE_SECURE: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (b) => (out += b.toString()));
  child.stderr!.on('data', (b) => (out += b.toString()));
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (out.includes('ready in')) {
        clearInterval(timer);
        resolve();
      }
    }, 100);
    child.on('exit', (code) => {
      clearInterval(timer);
      reject(new Error(`server exited ${code}:\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${port}`,
    dataDir: dir,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
      }),
  };
}
