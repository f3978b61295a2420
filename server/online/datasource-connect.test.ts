/** @jest-environment node */
import { ApiFailure } from '../core/errors';
import { ADDRESS_REFUSED } from './address-rule';
import { checkedTarget, CONNECT_FAILED, sameTarget } from './datasource-connect';

const target = { host: 'db.school.example', port: 5432, database: 'school' };
const answers = (...addresses: string[]) => async () => addresses.map((address) => ({ address }));
const refusal = async (p: Promise<unknown>) => {
  const e = await p.then(() => null, (err: unknown) => err);
  expect(e).toBeInstanceOf(ApiFailure);
  return (e as ApiFailure).message;
};

describe('checkedTarget (issue #38)', () => {
  it('connects to the checked IP, keeping the name for logs and TLS', async () => {
    expect(await checkedTarget(target, { allowLoopback: false }, answers('10.2.3.4', '10.2.3.5'))).toEqual({ host: '10.2.3.4', hostname: 'db.school.example', port: 5432, database: 'school' });
  });

  it('refuses a name when any of its addresses is refused (link-local, mapped link-local, loopback unless allowed)', async () => {
    expect(await refusal(checkedTarget(target, { allowLoopback: true }, answers('10.2.3.4', '169.254.169.254')))).toBe(ADDRESS_REFUSED);
    expect(await refusal(checkedTarget(target, { allowLoopback: true }, answers('::ffff:169.254.169.254')))).toBe(ADDRESS_REFUSED);
    expect(await refusal(checkedTarget(target, { allowLoopback: false }, answers('127.0.0.1')))).toBe(ADDRESS_REFUSED);
    expect((await checkedTarget(target, { allowLoopback: true }, answers('127.0.0.1'))).host).toBe('127.0.0.1');
  });

  it('a name that does not resolve answers the one failure message', async () => {
    const nx = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND db.school.example'), { code: 'ENOTFOUND' });
    };
    expect(await refusal(checkedTarget(target, { allowLoopback: false }, nx))).toBe(CONNECT_FAILED);
    expect(await refusal(checkedTarget(target, { allowLoopback: false }, answers()))).toBe(CONNECT_FAILED);
  });

  it('the system resolver checks IP literals and names alike', async () => {
    expect(await refusal(checkedTarget({ ...target, host: '169.254.169.254' }, { allowLoopback: true }))).toBe(ADDRESS_REFUSED);
    expect(await refusal(checkedTarget({ ...target, host: 'localhost' }, { allowLoopback: false }))).toBe(ADDRESS_REFUSED);
  });
});

it('sameTarget compares host (without case), port, database and user', () => {
  const a = { ...target, user: 'reader' };
  expect(sameTarget(a, { ...a, host: 'DB.School.Example' })).toBe(true);
  for (const b of [{ host: 'other' }, { port: 5433 }, { database: 'x' }, { user: 'postgres' }]) expect(sameTarget(a, { ...a, ...b })).toBe(false);
});
