/** @jest-environment node */
import {
  createEnhanceClient,
  createSandboxOutbox,
  ENHANCE_CHANNEL,
  ENHANCE_TIMEOUT,
  toButtonResult,
  toButtons,
  toDefaults,
  toSubmitResult,
  type ToSandbox,
} from './enhance-runtime';

describe('the screen side', () => {
  afterEach(() => jest.useRealTimers());

  it('matches results to calls and times out after 2 s', async () => {
    jest.useFakeTimers();
    const posted: ToSandbox[] = [];
    const client = createEnhanceClient((m) => posted.push(m));
    const a = client.call('onLoad', [{}]);
    const b = client.call('button', ['x', []]);
    client.receive({ channel: ENHANCE_CHANNEL, type: 'result', id: 2, ok: false, message: 'bad' });
    client.receive({ channel: ENHANCE_CHANNEL, type: 'result', id: 99, ok: true, value: 1 });
    await expect(b).rejects.toThrow('bad');
    jest.advanceTimersByTime(1999);
    client.receive({ channel: ENHANCE_CHANNEL, type: 'result', id: 1, ok: true, value: { qty: 3 } });
    await expect(a).resolves.toEqual({ qty: 3 });
    const c = client.call('beforeSubmit', [{}]);
    jest.advanceTimersByTime(2000);
    await expect(c).rejects.toThrow(ENHANCE_TIMEOUT);
    expect(posted.map((p) => p.type === 'call' && p.id)).toEqual([1, 2, 3, false]);
    expect(posted[3]).toEqual({ channel: ENHANCE_CHANNEL, type: 'reset' });
  });

  it('a timeout resets the sandbox once and fails the calls queued behind the runaway one', async () => {
    jest.useFakeTimers();
    const posted: ToSandbox[] = [];
    const client = createEnhanceClient((m) => posted.push(m));
    const a = client.call('button', ['loop', []]);
    jest.advanceTimersByTime(1000);
    const b = client.call('button', ['x', []]);
    jest.advanceTimersByTime(1000);
    await expect(a).rejects.toThrow(ENHANCE_TIMEOUT);
    await expect(b).rejects.toThrow(ENHANCE_TIMEOUT);
    jest.advanceTimersByTime(5000);
    expect(posted.filter((p) => p.type === 'reset')).toHaveLength(1);
    // The new Worker answers the next call.
    const c = client.call('onLoad', [{}]);
    client.receive({ channel: ENHANCE_CHANNEL, type: 'result', id: 3, ok: true, value: { qty: 1 } });
    await expect(c).resolves.toEqual({ qty: 1 });
  });

  it('holds calls made before the sandbox document loaded, then sends init first and the rest in order', () => {
    const outbox = createSandboxOutbox();
    const client = createEnhanceClient(outbox.post);
    void client.call('onLoad', [{}]).catch(() => undefined);
    const sent: [ToSandbox, string][] = [];
    const init: ToSandbox = { channel: ENHANCE_CHANNEL, type: 'init', script: 'api.onLoad = function () {}' };
    outbox.open({ postMessage: (m, origin) => sent.push([m, origin]) }, init);
    void client.call('button', ['x', []]).catch(() => undefined);
    expect(sent.map(([m, origin]) => [m.type, m.type === 'call' ? m.id : null, origin])).toEqual([
      ['init', null, '*'],
      ['call', 1, '*'],
      ['call', 2, '*'],
    ]);
    client.close();
  });

  it('keeps only well-formed buttons, results, defaults and rows of the form\'s own fields', () => {
    expect(toButtons([{ key: 'a', text: '甲' }, { key: 'a', text: '重复' }, { key: 'b c', text: '空格' }, { key: 'd' }, 'x', { key: 'e', text: '戊'.repeat(30) }])).toEqual([
      { key: 'a', text: '甲' },
      { key: 'e', text: '戊'.repeat(20) },
    ]);
    expect(toButtons(Array.from({ length: 20 }, (_, i) => ({ key: `k${i}`, text: 't' })))).toHaveLength(10);
    expect(toButtonResult({ message: ' 好 ', refresh: true, other: 1 })).toEqual({ message: '好', refresh: true });
    expect(toButtonResult('x')).toEqual({});
    expect(toDefaults({ qty: 1, hack: 'x', obj: {}, tags: ['a'] }, ['qty', 'tags', 'obj'])).toEqual({ qty: 1, tags: ['a'] });
    const row = { qty: 1, name: 'a' };
    expect(toSubmitResult({ error: '数量不能超过10' }, row, ['qty'])).toEqual({ error: '数量不能超过10' });
    expect(toSubmitResult({ row: { qty: 2, id: 'other' } }, row, ['qty', 'name'])).toEqual({ row: { qty: 2, name: 'a' } });
    expect(toSubmitResult(undefined, row, ['qty'])).toEqual({ row });
  });
});
