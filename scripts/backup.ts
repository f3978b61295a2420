/**
 * `npm run backup [-- --out <file.tar.gz>]`: one archive of the database and the stored files (server/ops/backup.ts).
 * Reads DATA_DIR (default ./data) and DATABASE_URL like the server. The embedded database is backed up with the
 * server stopped; PostgreSQL (pg_dump) while it runs.
 */
import path from 'node:path';
import { parseArgs } from 'node:util';
import { BackupError, createBackup } from '../server/ops/backup';

async function main() {
  const { values } = parseArgs({ options: { out: { type: 'string', short: 'o' }, help: { type: 'boolean', short: 'h' } } });
  if (values.help) {
    console.log('npm run backup -- [--out backup.tar.gz]   (DATA_DIR, DATABASE_URL from the environment)');
    return;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*$/, '').replace('T', '-');
  const out = path.resolve(values.out ?? `jiaowu-backup-${stamp}.tar.gz`);
  const manifest = await createBackup({ dataDir: process.env.DATA_DIR?.trim() || './data', databaseUrl: process.env.DATABASE_URL?.trim() || null, out });
  console.log(`Backup written: ${out} (${manifest.database === 'postgres' ? 'PostgreSQL' : 'embedded database'}, ${manifest.migrations.length} migrations, stored files)`);
}

main().catch((e) => {
  console.error(e instanceof BackupError ? `Backup refused: ${e.message}` : e);
  process.exit(1);
});
