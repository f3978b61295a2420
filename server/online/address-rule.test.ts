/** @jest-environment node */
import { ADDRESS_REFUSED, addressProblem, classifyAddress } from './address-rule';

describe('classifyAddress (issue #38: which addresses a data source may resolve to)', () => {
  it.each([
    ['10.1.2.3', 'ok'],
    ['192.168.0.10', 'ok'],
    ['8.8.8.8', 'ok'],
    ['127.0.0.1', 'loopback'],
    ['127.255.0.9', 'loopback'],
    ['169.254.169.254', 'link-local'],
    ['169.254.0.1', 'link-local'],
    ['169.253.255.255', 'ok'],
    ['0.0.0.0', 'unspecified'],
    ['0.1.2.3', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['240.0.0.1', 'broadcast'],
    ['223.255.255.255', 'ok'],
  ])('IPv4 %s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it.each([
    ['2001:db8::1', 'ok'],
    ['fd00::5', 'ok'],
    ['::1', 'loopback'],
    ['0:0:0:0:0:0:0:1', 'loopback'],
    ['::', 'unspecified'],
    ['fe80::1', 'link-local'],
    ['fe80::1%eth0', 'link-local'],
    ['febf:ffff::1', 'link-local'],
    ['fec0::1', 'ok'],
    ['ff02::1', 'multicast'],
    ['ff0e::fb', 'multicast'],
  ])('IPv6 %s is %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it.each([
    ['::ffff:169.254.169.254', 'link-local'],
    ['::ffff:a9fe:a9fe', 'link-local'],
    ['0:0:0:0:0:ffff:7f00:1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:0.0.0.0', 'unspecified'],
    ['::ffff:224.0.0.1', 'multicast'],
    ['::ffff:255.255.255.255', 'broadcast'],
    ['::ffff:10.0.0.1', 'ok'],
    ['64:ff9b::169.254.169.254', 'link-local'],
    ['64:ff9b::808:808', 'ok'],
    ['::169.254.169.254', 'link-local'],
    ['::10.0.0.1', 'ok'],
  ])('an IPv6 address carrying IPv4 (%s) is judged by the IPv4 address: %s', (ip, kind) => expect(classifyAddress(ip)).toBe(kind));

  it.each(['', 'localhost', '999.1.1.1', '1.2.3', 'fe80::g', ':::1'])('%j is not an address', (text) => expect(classifyAddress(text)).toBe('invalid'));
});

describe('addressProblem', () => {
  it('refuses everything but ordinary addresses; loopback only when allowed', () => {
    expect(addressProblem('10.0.0.5', { allowLoopback: false })).toBeNull();
    expect(addressProblem('127.0.0.1', { allowLoopback: false })).toBe(ADDRESS_REFUSED);
    expect(addressProblem('::1', { allowLoopback: true })).toBeNull();
    expect(addressProblem('::ffff:127.0.0.1', { allowLoopback: true })).toBeNull();
    for (const ip of ['169.254.169.254', '::ffff:169.254.169.254', 'fe80::1', '0.0.0.0', '::', '224.0.0.1', 'ff02::1', '255.255.255.255', 'nonsense']) {
      expect(addressProblem(ip, { allowLoopback: true })).toBe(ADDRESS_REFUSED);
    }
  });
});
