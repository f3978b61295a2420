/** @jest-environment node */
import { randomBytes, scryptSync } from 'node:crypto';
import { hashPassword, scryptCost, verifyPassword } from './password';

test('production hashes at N=2^15; only Jest (NODE_ENV=test) uses the cheaper 2^10', () => {
  expect(scryptCost('production')).toBe(32768);
  expect(scryptCost('development')).toBe(32768);
  expect(scryptCost(undefined)).toBe(32768);
  expect(scryptCost('test')).toBe(1024);
});

test('a record carries its cost: a 2^15 record verifies whatever the current cost', async () => {
  const salt = randomBytes(16);
  const key = scryptSync('abc12345', salt, 32, { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  const stored = ['scrypt', 32768, 8, 1, salt.toString('base64url'), key.toString('base64url')].join('$');
  expect(await verifyPassword('abc12345', stored)).toBe(true);
  expect(await verifyPassword('abc12346', stored)).toBe(false);
  const fresh = await hashPassword('abc12345');
  expect(fresh.split('$')[1]).toBe(String(scryptCost(process.env.NODE_ENV)));
  expect(await verifyPassword('abc12345', fresh)).toBe(true);
});
