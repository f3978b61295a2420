/** @jest-environment node */
import { createBackend } from '../backend';
import { seed } from '../db/seed';

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
    const again = await seed(be.db, { demo: false });
    expect(again.created).toEqual([]);
    const dicts = await be.db.selectFrom('sys_dict').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const dictsAfter = Number(dicts.n);
    await seed(be.db, { demo: true });
    expect(Number((await be.db.selectFrom('sys_dict').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n)).toBe(dictsAfter);
  } finally {
    await be.close();
  }
}, 120_000);
