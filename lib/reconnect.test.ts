import { RECONNECT_CAP_MS, reconnectDelay } from './reconnect';

describe('reconnectDelay', () => {
  it('keeps the spec’s fixed delay for the first retry', () => {
    expect(reconnectDelay(5000, 0, () => 0.99)).toBe(5000);
  });
  it('doubles per failure within [half, whole] of the ceiling, never under the base', () => {
    expect(reconnectDelay(5000, 1, () => 0)).toBe(5000);
    expect(reconnectDelay(5000, 1, () => 1)).toBe(10000);
    expect(reconnectDelay(5000, 2, () => 0.5)).toBe(11250);
    expect(reconnectDelay(5000, 2, () => 1)).toBe(15000);
  });
  it('is capped at 15 s however long the outage (spec 01: reconnect after 5 s; issue #39)', () => {
    expect(RECONNECT_CAP_MS).toBeLessThanOrEqual(15_000);
    expect(reconnectDelay(5000, 50, () => 1)).toBe(RECONNECT_CAP_MS);
    expect(reconnectDelay(5000, 50, () => 0)).toBe(RECONNECT_CAP_MS / 2);
  });
  it('spreads clients: different random draws give different delays', () => {
    const draws = [0.1, 0.4, 0.7, 0.95].map((r) => reconnectDelay(5000, 1, () => r));
    expect(new Set(draws).size).toBe(4);
  });
});
