import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * What the idempotent seed would do on a start, as one hash: its options, this build's migrations and the source of
 * the seed — every file of server/seed (seed-data.ts among them) and the modules they import directly (the
 * services and definitions whose rows they insert). A start whose fingerprint equals the one stored after the last
 * complete seed skips the seed (server/seed/index.ts); any change to that code, an upgrade's new migration or
 * other options runs it again once. Null when the sources cannot be read (then the seed always runs).
 */
export function seedFingerprint(options: object, migrations: string[]): string | null {
  const dir = [__dirname, path.join(process.cwd(), 'server/seed')].find((d) => fs.existsSync(path.join(d, 'fingerprint.ts')));
  if (!dir) return null;
  try {
    const roots = [
      ...fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.ts'))
        .sort()
        .map((f) => path.join(dir, f)),
    ];
    const files = new Set(roots);
    const sources = new Map<string, string>();
    for (const f of roots) {
      const src = fs.readFileSync(f, 'utf8');
      sources.set(f, src);
      for (const m of src.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'(\.{1,2}\/[^']+)'/gm)) {
        const base = path.resolve(path.dirname(f), m[1]);
        const hit = [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')].find((c) => fs.existsSync(c));
        if (hit) files.add(hit);
      }
    }
    const hash = createHash('sha256').update(JSON.stringify({ options, migrations }));
    for (const f of [...files].sort()) hash.update(`\0${path.relative(dir, f)}\0`).update(sources.get(f) ?? fs.readFileSync(f, 'utf8'));
    return hash.digest('hex');
  } catch {
    return null;
  }
}
