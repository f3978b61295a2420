/** @jest-environment node */
import { createBackend } from '../backend';
import { preparedPglite } from '../testing/prepared-db';

/*
 * The notifier wiring of createBackend (used by server.ts for the websocket pushes). It opens the embedded engine
 * itself, so it runs in the PGlite stage only (scripts/jest/suites.js PGLITE_ONLY), where the run's prepared copy
 * already exists; in the PostgreSQL stage it would build one first.
 */
const PUSH = { cmd: 'permission', msgTxt: '权限已变更' };

test('createBackend({notify}) routes pushes to the given function; setNotifier replaces it', async () => {
  const first = jest.fn();
  const second = jest.fn();
  const other = await createBackend({ memory: true, prepared: await preparedPglite(), notify: first, config: { captcha: false, seedDemo: true, seedTerm: false, trustClientIpHeader: true, databaseUrl: null } });
  try {
    const call = (path: string, init: { method?: string; json?: unknown; token?: string }) =>
      other
        .fetch(
          new Request(`http://b${path}`, {
            method: init.method ?? 'GET',
            headers: { 'content-type': 'application/json', ...(init.token ? { 'x-access-token': init.token } : {}) },
            body: init.json === undefined ? undefined : JSON.stringify(init.json),
          }),
        )
        .then((r) => r.json());
    const login = await call('/sys/login', { method: 'POST', json: { username: 'admin', password: 'jiaowu2026' } });
    const token = login.result.token as string;
    expect((await call('/sys/user/editRoles', { method: 'PUT', token, json: { userId: 'u_teacher', roleIds: 'role_teacher' } })).success).toBe(true);
    expect(first).toHaveBeenCalledWith(['u_teacher'], PUSH);
    other.setNotifier(second);
    await call('/sys/user/editRoles', { method: 'PUT', token, json: { userId: 'u_marketing', roleIds: 'role_marketing' } });
    expect(second).toHaveBeenCalledWith(['u_marketing'], PUSH);
    expect(first).toHaveBeenCalledTimes(1);
  } finally {
    await other.close();
  }
});
