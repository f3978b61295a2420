/** @jest-environment node */
import vm from 'node:vm';
import {
  createEnhanceClient,
  ENHANCE_CHANNEL,
  ENHANCE_TIMEOUT,
  SANDBOX_BOOTSTRAP,
  sandboxDocument,
  toButtonResult,
  toButtons,
  toDefaults,
  toSubmitResult,
  type FromSandbox,
  type ToSandbox,
} from './enhance-runtime';

/** The sandbox's bootstrap run in a bare VM context standing for the iframe (only `window` and its parent). */
function sandbox() {
  const sent: FromSandbox[] = [];
  const parent = { postMessage: (m: FromSandbox) => sent.push(JSON.parse(JSON.stringify(m)) as FromSandbox) };
  let listener: (ev: { source: unknown; data: unknown }) => void = () => undefined;
  const window = { parent, addEventListener: (_: string, fn: typeof listener) => (listener = fn) };
  vm.runInNewContext(SANDBOX_BOOTSTRAP, { window });
  const flush = () => new Promise((r) => setTimeout(r, 0));
  return {
    sent,
    post: async (m: ToSandbox, source: unknown = parent) => {
      listener({ source, data: m });
      await flush();
    },
  };
}

const init = (script: string): ToSandbox => ({ channel: ENHANCE_CHANNEL, type: 'init', script });
const call = (id: number, hook: 'button' | 'onLoad' | 'beforeSubmit', args: unknown[]): ToSandbox => ({ channel: ENHANCE_CHANNEL, type: 'call', id, hook, args });

describe('the sandbox document', () => {
  it('lets its scripts run but load or send nothing (connections only through postMessage)', () => {
    const doc = sandboxDocument();
    expect(doc).toMatch(/<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'; form-action 'none'">/);
    expect(doc).toContain(SANDBOX_BOOTSTRAP);
  });
});

describe('the sandbox bootstrap', () => {
  it('runs the script once, answers ready with its buttons and each call with its hook (promises too)', async () => {
    const s = sandbox();
    await s.post(init(`api.buttons = [{ key: 'hi', text: '你好' }];
      api.onButton = function (key, rows) { return { message: key + ':' + rows.length }; };
      api.beforeSubmit = function (row) { return Promise.resolve({ row: { qty: row.qty + 1 } }); };`));
    expect(s.sent[0]).toEqual({ channel: ENHANCE_CHANNEL, type: 'ready', buttons: [{ key: 'hi', text: '你好' }] });
    await s.post(init('api.buttons = []'));
    expect(s.sent).toHaveLength(1);
    await s.post(call(1, 'button', ['hi', [{ id: 'a' }, { id: 'b' }]]));
    await s.post(call(2, 'beforeSubmit', [{ qty: 1 }]));
    await s.post(call(3, 'onLoad', [{}]));
    expect(s.sent.slice(1)).toEqual([
      { channel: ENHANCE_CHANNEL, type: 'result', id: 1, ok: true, value: { message: 'hi:2' } },
      { channel: ENHANCE_CHANNEL, type: 'result', id: 2, ok: true, value: { row: { qty: 2 } } },
      { channel: ENHANCE_CHANNEL, type: 'result', id: 3, ok: true },
    ]);
  });

  it('reports a script that throws, a hook that throws, and ignores messages not from the parent', async () => {
    const s = sandbox();
    await s.post(init('api.onLoad = function () { throw new Error("坏了"); }; x.y;'));
    expect(s.sent[0]).toMatchObject({ type: 'error', message: expect.stringContaining('x') });
    const t = sandbox();
    await t.post(init('api.onLoad = function () { throw new Error("坏了"); };'));
    await t.post(call(7, 'onLoad', [{}]), { other: true });
    expect(t.sent).toHaveLength(1);
    await t.post(call(7, 'onLoad', [{}]));
    expect(t.sent[1]).toEqual({ channel: ENHANCE_CHANNEL, type: 'result', id: 7, ok: false, message: '坏了' });
  });
});

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
    expect(posted.map((p) => p.type === 'call' && p.id)).toEqual([1, 2, 3]);
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
