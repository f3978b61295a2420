/** @jest-environment node */
import { createBackend } from '../backend';
import { sql } from 'kysely';
import { seed } from '../seed';
import { countStatements } from '../db/statement-counter';
import { PREPARED_SEED } from '../testing/prepared-db';
import { startTestBackend } from './helpers';

// A fresh database seeded three times (no prepared copy fits SEED_DEMO=false): longer than the default timeout
// on a loaded 2-core machine.
test('SEED_DEMO=false seeds only an admin with a random password, once; reseeding changes nothing', async () => {
  const be = await createBackend({ memory: true, config: { captcha: false, seedDemo: false, trustClientIpHeader: true, databaseUrl: null } });
  try {
    const created = be.seedReport.created;
    expect(created).toHaveLength(1);
    expect(created[0].username).toBe('admin');
    expect(created[0].password).not.toBe('jiaowu2026');
    expect(created[0].password.length).toBeGreaterThanOrEqual(12);
    const users = await be.db.selectFrom('sys_user').select('username').execute();
    expect(users.map((u) => u.username)).toEqual(['admin']);
    const login = (password: string) =>
      be.fetch(new Request('http://b/sys/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password }) })).then((r) => r.json());
    expect((await login('jiaowu2026')).message).toBe('用户名或密码错误');
    expect((await login(created[0].password)).code).toBe(200);
    const again = await seed(be.db, { demo: false, always: true });
    expect(again.created).toEqual([]);
    const dicts = await be.db.selectFrom('sys_dict').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const dictsAfter = Number(dicts.n);
    await seed(be.db, { demo: true });
    expect(Number((await be.db.selectFrom('sys_dict').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(dictsAfter);
  } finally {
    await be.close();
  }
}, 120_000);

// Start-up speed (issue #28): the seed's fingerprint (its code, options and this build's migrations) is stored after a
// complete run; a start with the same one skips the seed, and an upgrade (another fingerprint) runs it again.
test('a restart with the seed unchanged skips it with one select; after an upgrade missing seed rows come back', async () => {
  const be = await startTestBackend();
  try {
    const opts = { demo: PREPARED_SEED.seedDemo, term: PREPARED_SEED.seedTerm };
    const stored = async () => (await sql<{ fingerprint: string }>`select fingerprint from sys_seed_state`.execute(be.db)).rows.map((r) => r.fingerprint);
    const first = await stored();
    expect(first).toEqual([expect.stringMatching(/^[0-9a-f]{64}$/)]);
    // A seeded dictionary item removed, as a later seed version's new row would be missing.
    const item = { dict_id: 'dict_sex', item_value: '1' };
    const count = () => be.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', item.dict_id).where('item_value', '=', item.item_value).execute();
    expect(await count()).toHaveLength(1);
    await be.db.deleteFrom('sys_dict_item').where('dict_id', '=', item.dict_id).where('item_value', '=', item.item_value).execute();
    await be.db.deleteFrom('sys_dict').where('id', '=', item.dict_id).execute();

    // Same code and options: the stored fingerprint, the file scan of 文件管理 and nothing else.
    const { statements } = await countStatements(() => seed(be.db, opts));
    expect(statements.length).toBeLessThanOrEqual(2);
    expect(statements[0]).toBe('raw -');
    expect(await count()).toHaveLength(0);

    // An upgrade: the stored fingerprint is another build's.
    await sql`update sys_seed_state set fingerprint = 'an older build'`.execute(be.db);
    await seed(be.db, opts);
    expect(await count()).toHaveLength(1);
    expect(await stored()).toEqual(first);
  } finally {
    await be.close();
  }
});
