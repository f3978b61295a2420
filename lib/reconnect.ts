/**
 * How long a socket waits before its next reconnect. The first retry after a working connection keeps the spec's
 * fixed delay (spec 01 §4/§9: 5 s); while the server stays unreachable each further retry doubles, up to 15 s, and is
 * spread over its upper half at random, so the clients of a restarted instance do not all come back in the same
 * second (issue #27). The cap stays short (issue #39: a minute's wait looked like a dead notification bell).
 */
export const RECONNECT_CAP_MS = 15_000;

export function reconnectDelay(baseMs: number, failures: number, random: () => number = Math.random): number {
  if (failures <= 0) return baseMs;
  const ceiling = Math.min(baseMs * 2 ** Math.min(failures, 16), RECONNECT_CAP_MS);
  return Math.max(baseMs, Math.round(ceiling * (0.5 + random() / 2)));
}
