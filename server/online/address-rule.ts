import { isIP } from 'node:net';

/**
 * Which resolved addresses the server may connect to for a user-configured database (issue #38): never link-local
 * (169.254/16, fe80::/10 — cloud metadata lives there), unspecified (0.0.0.0/8, ::), multicast (224/4, ff00::/8),
 * broadcast or reserved (240/4, 255.255.255.255 included); loopback (127/8, ::1) only when the installation allows
 * it. An IPv6 address that carries an IPv4 one (IPv4-mapped ::ffff:a.b.c.d, NAT64 64:ff9b::a.b.c.d, the old
 * ::a.b.c.d) is judged by the IPv4 address. Pure: no lookups here (./datasource-connect.ts resolves, then asks).
 */

export type AddressClass = 'loopback' | 'link-local' | 'unspecified' | 'multicast' | 'broadcast' | 'invalid' | 'ok';

/** The refusal shown for an address of a class this rule never allows (or loopback when not allowed). */
export const ADDRESS_REFUSED = '不允许连接该地址：数据源不能是本机、链路本地、组播、广播或未指定地址';

function ipv4Bytes(text: string): number[] | null {
  if (isIP(text) !== 4) return null;
  return text.split('.').map(Number);
}

/** The 16 bytes of an IPv6 address (zone id dropped), or null. */
function ipv6Bytes(raw: string): number[] | null {
  let text = raw.replace(/%.*$/, '');
  if (isIP(text) !== 6) return null;
  // A dotted IPv4 tail (::ffff:169.254.169.254) becomes its two hex words.
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Bytes(dotted[1]);
    if (!v4) return null;
    text = `${text.slice(0, -dotted[1].length)}${((v4[0] << 8) | v4[1]).toString(16)}:${((v4[2] << 8) | v4[3]).toString(16)}`;
  }
  const words = (s: string) => (s ? s.split(':').map((w) => parseInt(w, 16)) : []);
  const gap = text.indexOf('::');
  const left = words(gap < 0 ? text : text.slice(0, gap));
  const right = gap < 0 ? [] : words(text.slice(gap + 2));
  const all = gap < 0 ? left : [...left, ...Array<number>(8 - left.length - right.length).fill(0), ...right];
  if (all.length !== 8 || all.some((w) => !(w >= 0 && w <= 0xffff))) return null;
  return all.flatMap((w) => [w >> 8, w & 0xff]);
}

function classifyV4([a, b]: number[]): AddressClass {
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 0) return 'unspecified';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'broadcast';
  return 'ok';
}

/** The class of one IP address (text as `dns.lookup` answers it). */
export function classifyAddress(address: string): AddressClass {
  const v4 = ipv4Bytes(address);
  if (v4) return classifyV4(v4);
  const v6 = ipv6Bytes(address);
  if (!v6) return 'invalid';
  const zeroUpTo = (n: number) => v6.slice(0, n).every((x) => x === 0);
  // IPv4-mapped (::ffff:0:0/96) and the NAT64 well-known prefix (64:ff9b::/96) carry an IPv4 address.
  if (zeroUpTo(10) && v6[10] === 0xff && v6[11] === 0xff) return classifyV4(v6.slice(12));
  if (v6[0] === 0x00 && v6[1] === 0x64 && v6[2] === 0xff && v6[3] === 0x9b && v6.slice(4, 12).every((x) => x === 0)) return classifyV4(v6.slice(12));
  if (zeroUpTo(15) && v6[15] === 1) return 'loopback';
  if (zeroUpTo(16)) return 'unspecified';
  // The deprecated IPv4-compatible form (::a.b.c.d) too, whatever a stack makes of it.
  if (zeroUpTo(12)) return classifyV4(v6.slice(12));
  if (v6[0] === 0xfe && (v6[1] & 0xc0) === 0x80) return 'link-local';
  if (v6[0] === 0xff) return 'multicast';
  return 'ok';
}

/** Null when the server may connect to `address`, else the message. */
export function addressProblem(address: string, opts: { allowLoopback: boolean }): string | null {
  const kind = classifyAddress(address);
  if (kind === 'ok' || (kind === 'loopback' && opts.allowLoopback)) return null;
  return ADDRESS_REFUSED;
}
