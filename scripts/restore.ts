/**
 * `npm run restore -- <archive.tar.gz>`: restores a `npm run backup` archive into an EMPTY data directory
 * (DATA_DIR, default ./data) and, for a PostgreSQL archive, into the empty database of DATABASE_URL.
 */
import { parseArgs } from 'node:util';
import { BackupError, restoreBackup } from '../server/ops/backup';

async function main() {
  const { positionals, values } = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean', short: 'h' } } });
  if (values.help || positionals.length !== 1) {
    console.log('npm run restore -- <archive.tar.gz>   (into an empty DATA_DIR; DATABASE_URL: an empty PostgreSQL database)');
    process.exit(values.help ? 0 : 2);
  }
  const dataDir = process.env.DATA_DIR?.trim() || './data';
  const report = await restoreBackup({ archive: positionals[0], dataDir, databaseUrl: process.env.DATABASE_URL?.trim() || null });
  console.log(`Restored into ${dataDir}: ${report.database === 'postgres' ? 'PostgreSQL' : 'embedded database'} with ${report.users} users, ${report.files} stored files`);
}

main().catch((e) => {
  console.error(e instanceof BackupError ? `Restore refused: ${e.message}` : e);
  process.exit(1);
});
