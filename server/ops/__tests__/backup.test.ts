/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { openDb } from '../../db';
import { LocalFileStorage } from '../../storage/local';
import { preparedPglite } from '../../testing/prepared-db';
import { BackupError, createBackup, restoreBackup } from '../backup';

// One round trip on the embedded database (PostgreSQL's pg_dump / pg_restore path is the same archive with a
// dump in place of pglite/: docs/deploy.md). Every PGlite open costs about a second, so the steps share one flow.
let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'jw-backup-'));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

// Three PGlite opens and a tar round trip: past Jest's default 30 s on a loaded 2-core machine (CI saw 30.3 s).
test('backup then restore into an empty data dir finds every record and stored file; refusals say why', async () => {
  const dataDir = path.join(root, 'data');
  // The run's prepared (migrated, seeded) database, written to disk as DATA_DIR/pglite.
  const prepared = await preparedPglite();
  if (!prepared) throw new Error('needs the Jest global setup (scripts/jest/global-setup.js)');
  fs.mkdirSync(dataDir);
  const pg = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: { btree_gist }, loadDataDir: prepared.snapshot });
  const dicts = ['backup_a', 'backup_b', 'backup_c'];
  try {
    for (const code of dicts) await pg.query(`insert into sys_dict (id, dict_name, dict_code) values ($1, $2, $1)`, [code, `备份测试 ${code}`]);
    // A running server holds the embedded database: the backup refuses instead of copying moving files.
    await expect(createBackup({ dataDir, out: path.join(root, 'busy.tar.gz') })).rejects.toThrow(/in use.*stop the server/);
  } finally {
    await pg.close();
  }

  const storage = new LocalFileStorage(path.join(dataDir, 'upload'));
  const stored = [
    await storage.put(Buffer.from('第一份资料'), { biz: 'temp', originalName: 'a.txt' }),
    await storage.put(Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]), { biz: 'course/material', originalName: 'b.png' }),
  ];
  fs.writeFileSync(path.join(dataDir, 'upload', 'temp', '.part-halfwritten'), 'x');
  fs.writeFileSync(path.join(dataDir, 'session-secret'), 's'.repeat(43), { mode: 0o600 });

  const archive = path.join(root, 'backup.tar.gz');
  const manifest = await createBackup({ dataDir, out: archive });
  expect(manifest).toMatchObject({ format: 'jiaowu-backup', database: 'pglite' });
  expect(manifest.migrations.length).toBeGreaterThan(20);

  // Restore refuses a data dir that holds anything, and leaves it alone.
  await expect(restoreBackup({ archive, dataDir })).rejects.toThrow(BackupError);
  await expect(restoreBackup({ archive, dataDir })).rejects.toThrow(/is not empty/);
  // An embedded archive is not restored into PostgreSQL by mistake: refused before anything is written.
  const target = path.join(root, 'restored');
  await expect(restoreBackup({ archive, dataDir: target, databaseUrl: 'postgres://nobody@127.0.0.1:1/none' })).rejects.toThrow(/unset DATABASE_URL/);
  expect(fs.existsSync(target)).toBe(false);

  const report = await restoreBackup({ archive, dataDir: target });
  expect(report).toMatchObject({ database: 'pglite', files: 2 });
  expect(report.users).toBeGreaterThan(0);
  for (const f of stored) expect(fs.readFileSync(path.join(target, 'upload', f.path))).toEqual(fs.readFileSync(path.join(dataDir, 'upload', f.path)));
  expect(fs.existsSync(path.join(target, 'upload', 'temp', '.part-halfwritten'))).toBe(false);
  expect(fs.readFileSync(path.join(target, 'session-secret'), 'utf8')).toBe('s'.repeat(43));
  expect(fs.existsSync(path.join(target, 'backup-manifest.json'))).toBe(false);

  const restored = await openDb({ pgliteDir: path.join(target, 'pglite') });
  try {
    const rows = await restored.db.selectFrom('sys_dict').select(['dict_code', 'dict_name']).where('dict_code', 'in', dicts).orderBy('dict_code').execute();
    expect(rows).toEqual(dicts.map((code) => ({ dict_code: code, dict_name: `备份测试 ${code}` })));
  } finally {
    await restored.close();
  }
}, 90_000);
