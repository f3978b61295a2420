/** @jest-environment node */
import { createBackend, type Backend } from '../backend';
import { preparedPglite } from '../testing/prepared-db';

let be: Backend;
beforeAll(async () => {
  be = await createBackend({
    memory: true,
    prepared: await preparedPglite(),
    basePath: '/jeecg-boot',
    socketAddress: (env) => (env as { incoming?: { socket: { remoteAddress: string } } }).incoming?.socket.remoteAddress,
    config: { captcha: false, seedDemo: true, seedTerm: false, trustClientIpHeader: false, databaseUrl: null },
  });
});
afterAll(() => be.close());

const nodeEnv = (ip: string) => ({ incoming: { socket: { remoteAddress: ip } } });

test('standalone: served under /jeecg-boot, throttled by the socket address, a spoofed client-IP header ignored', async () => {
  const login = (password: string, spoof: string) =>
    be.fetch(
      new Request('http://b/jeecg-boot/sys/login', { method: 'POST', headers: { 'content-type': 'application/json', 'x-jiaowu-client-ip': spoof }, body: JSON.stringify({ username: 'teacher2', password }) }),
      nodeEnv('192.0.2.10'),
    ).then((r) => r.json());
  for (let i = 0; i < 5; i++) expect((await login('wrong-pass-9', `198.51.100.${i}`)).message).toBe('用户名或密码错误');
  // Rotating the header does not escape throttling: only the socket address counts here.
  expect((await login('jiaowu2026', '198.51.100.99')).message).toMatch(/登录失败次数过多/);
  const ok = await be.fetch(new Request('http://b/jeecg-boot/sys/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'jiaowu2026' }) }), nodeEnv('192.0.2.11'));
  expect((await ok.json()).code).toBe(200);
  const outside = await be.fetch(new Request('http://b/sys/login', { method: 'POST' }), nodeEnv('192.0.2.11'));
  expect(outside.status).toBe(404);
});
