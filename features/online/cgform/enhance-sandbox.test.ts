/** @jest-environment node */
import { createHash } from 'node:crypto';
import vm from 'node:vm';
import { ENHANCE_CHANNEL, ENHANCE_TIMEOUT, type FromSandbox, type ToSandbox } from './enhance-runtime';
import { SANDBOX_BOOTSTRAP, SANDBOX_CSP, SANDBOX_WORKER, sandboxDocument, sandboxHeaders } from './enhance-sandbox';

/** Lets queued deliveries and the hooks' promise chains run (deliveries go through setImmediate, never faked here). */
const flush = async () => {
  for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
};

/**
 * The frame's bootstrap in a VM context standing for the iframe (`window`, its parent, Blob, URL and Worker). Each
 * Worker runs the blob's source in a context of its own (`self` only), messages structured-cloned both ways; a muted
 * Worker never answers (a script looping at its top level).
 */
function frame(options: { mute?: boolean } = {}) {
  const sent: FromSandbox[] = [];
  const parent = { postMessage: (m: FromSandbox) => sent.push(structuredClone(m)) };
  let listener: (ev: { source: unknown; data: unknown }) => void = () => undefined;
  const blobs = new Map<string, string>();
  const workers: { url: string; terminated: boolean }[] = [];
  class FakeWorker {
    onmessage: ((ev: { data: unknown }) => void) | null = null;
    onerror: unknown = null;
    terminated = false;
    private inbox: (ev: { data: unknown }) => void = () => undefined;
    constructor(readonly url: string) {
      const self = {
        postMessage: (m: unknown) => {
          const data = structuredClone(m);
          if (!options.mute) setImmediate(() => !this.terminated && this.onmessage?.({ data }));
        },
        addEventListener: (_: string, fn: (ev: { data: unknown }) => void) => (this.inbox = fn),
      };
      vm.runInNewContext(blobs.get(url) ?? '', { self });
      workers.push(this);
    }
    postMessage(m: unknown) {
      const data = structuredClone(m);
      setImmediate(() => !this.terminated && this.inbox({ data }));
    }
    terminate() {
      this.terminated = true;
    }
  }
  const context = {
    window: { parent, addEventListener: (_: string, fn: typeof listener) => (listener = fn) },
    Blob: class {
      constructor(readonly parts: string[]) {}
    },
    URL: { createObjectURL: (b: { parts: string[] }) => (blobs.set(`blob:null/${blobs.size}`, b.parts.join('')), `blob:null/${blobs.size - 1}`) },
    Worker: FakeWorker,
    setTimeout,
    clearTimeout,
  };
  vm.runInNewContext(SANDBOX_BOOTSTRAP, context);
  return {
    sent,
    workers,
    blobs,
    post: async (m: ToSandbox, source: unknown = parent) => {
      listener({ source, data: m });
      await flush();
    },
  };
}

const init = (script: string): ToSandbox => ({ channel: ENHANCE_CHANNEL, type: 'init', script });
const call = (id: number, hook: 'button' | 'onLoad' | 'beforeSubmit', args: unknown[]): ToSandbox => ({ channel: ENHANCE_CHANNEL, type: 'call', id, hook, args });
const reset: ToSandbox = { channel: ENHANCE_CHANNEL, type: 'reset' };

describe('the sandbox document', () => {
  it('holds only our bootstrap, which runs no script of its own but starts a Worker from a blob: URL', () => {
    const doc = sandboxDocument();
    const scripts = [...doc.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]);
    expect(scripts).toEqual([SANDBOX_BOOTSTRAP]);
    expect(doc.replace(/<script>[\s\S]*?<\/script>/, '')).not.toMatch(/script|on\w+=/i);
    // The administrator's script is evaluated in the Worker only: the bootstrap without the Worker's source (a string)
    // has no eval, no Function and no way to reach a document of ours.
    const bootstrapOwn = SANDBOX_BOOTSTRAP.replace(JSON.stringify(SANDBOX_WORKER), '""');
    expect(bootstrapOwn).not.toMatch(/\beval\b|Function\(|\.script\)\s*\(|document|location|top\./);
    expect(bootstrapOwn).toContain('new Worker(url)');
    expect(bootstrapOwn).toContain('URL.createObjectURL(new Blob(');
    expect(SANDBOX_WORKER).toContain("new Function('api', String(d.script))");
  });

  it('is served with a policy of its own: sandboxed, only the bootstrap by its hash, blob: Workers, nothing loaded or sent', () => {
    const hash = createHash('sha256').update(SANDBOX_BOOTSTRAP, 'utf8').digest('base64');
    const directives = SANDBOX_CSP.split('; ');
    expect(directives).toEqual([
      'sandbox allow-scripts',
      "default-src 'none'",
      `script-src 'sha256-${hash}' 'unsafe-eval'`,
      'worker-src blob:',
      "connect-src 'none'",
      "img-src 'none'",
      "form-action 'none'",
      "base-uri 'none'",
      "frame-ancestors 'self'",
    ]);
    expect(sandboxHeaders()).toEqual({ 'Content-Type': 'text/html; charset=utf-8', 'Content-Security-Policy': SANDBOX_CSP, 'Cache-Control': 'no-cache' });
  });
});

describe('the sandbox bootstrap and its Worker', () => {
  it('runs the script once in one Worker, answers ready with its buttons and each call with its hook (promises too)', async () => {
    const s = frame();
    await s.post(init(`api.buttons = [{ key: 'hi', text: '你好' }];
      api.onButton = function (key, rows) { return { message: key + ':' + rows.length }; };
      api.beforeSubmit = function (row) { return Promise.resolve({ row: { qty: row.qty + 1 } }); };`));
    expect(s.workers).toHaveLength(1);
    expect(s.workers[0].url).toBe('blob:null/0');
    expect(s.blobs.get('blob:null/0')).toBe(SANDBOX_WORKER);
    expect(s.sent[0]).toEqual({ channel: ENHANCE_CHANNEL, type: 'ready', buttons: [{ key: 'hi', text: '你好' }] });
    await s.post(init('api.buttons = []'));
    expect(s.sent).toHaveLength(1);
    expect(s.workers).toHaveLength(1);
    await s.post(call(1, 'button', ['hi', [{ id: 'a' }, { id: 'b' }]]));
    await s.post(call(2, 'beforeSubmit', [{ qty: 1 }]));
    await s.post(call(3, 'onLoad', [{}]));
    expect(s.sent.slice(1)).toEqual([
      { channel: ENHANCE_CHANNEL, type: 'result', id: 1, ok: true, value: { message: 'hi:2' }, message: undefined },
      { channel: ENHANCE_CHANNEL, type: 'result', id: 2, ok: true, value: { row: { qty: 2 } }, message: undefined },
      { channel: ENHANCE_CHANNEL, type: 'result', id: 3, ok: true, value: undefined, message: undefined },
    ]);
  });

  it('reports a script that throws, a hook that throws or answers what cannot be sent, and ignores other windows', async () => {
    const s = frame();
    await s.post(init('api.onLoad = function () { throw new Error("坏了"); }; x.y;'));
    expect(s.sent[0]).toMatchObject({ type: 'error', message: expect.stringContaining('x') });
    expect(s.workers[0].terminated).toBe(true);
    const t = frame();
    await t.post(init('api.onLoad = function () { throw new Error("坏了"); }; api.onButton = function () { return { f: function () {} }; };'));
    await t.post(call(7, 'onLoad', [{}]), { other: true });
    expect(t.sent).toHaveLength(1);
    await t.post(call(7, 'onLoad', [{}]));
    await t.post(call(8, 'button', ['k', []]));
    expect(t.sent.slice(1)).toEqual([
      { channel: ENHANCE_CHANNEL, type: 'result', id: 7, ok: false, value: undefined, message: '坏了' },
      { channel: ENHANCE_CHANNEL, type: 'result', id: 8, ok: false, value: undefined, message: '增强脚本返回值无法传递' },
    ]);
  });

  it('passes on only the protocol\'s messages and fields from the Worker', async () => {
    const s = frame();
    await s.post(init("self.postMessage({ channel: 'other', type: 'ready' }); self.postMessage({ channel: '" + ENHANCE_CHANNEL + "', type: 'navigate', url: 'http://x' }); self.postMessage({ channel: '" + ENHANCE_CHANNEL + "', type: 'result', id: 1, ok: 'yes', extra: 1 });"));
    expect(s.sent).toEqual([
      { channel: ENHANCE_CHANNEL, type: 'result', id: 1, ok: false, value: undefined, message: undefined },
      { channel: ENHANCE_CHANNEL, type: 'ready', buttons: [] },
    ]);
  });

  it('reset ends the Worker and starts the same script in a new one', async () => {
    const s = frame();
    await s.post(init("var n = 0; api.onButton = function (key) { n++; return key === 'hang' ? new Promise(function () {}) : { message: 'n=' + n }; };"));
    await s.post(call(1, 'button', ['ok', []]));
    await s.post(call(2, 'button', ['hang', []]));
    await s.post(reset);
    expect(s.workers.map((w) => w.terminated)).toEqual([true, false]);
    await s.post(call(3, 'button', ['ok', []]));
    expect(s.sent.filter((m) => m.type !== 'ready')).toEqual([
      { channel: ENHANCE_CHANNEL, type: 'result', id: 1, ok: true, value: { message: 'n=1' }, message: undefined },
      { channel: ENHANCE_CHANNEL, type: 'result', id: 3, ok: true, value: { message: 'n=1' }, message: undefined },
    ]);
    expect(s.sent.filter((m) => m.type === 'ready')).toHaveLength(2);
  });

  it('ends a script whose start takes over 2 s and reports the timeout', async () => {
    jest.useFakeTimers({ doNotFake: ['setImmediate'] });
    try {
      const s = frame({ mute: true });
      await s.post(init('api.buttons = []'));
      const first = s.workers[0];
      jest.advanceTimersByTime(1999);
      expect(first.terminated).toBe(false);
      jest.advanceTimersByTime(1);
      expect(first.terminated).toBe(true);
      expect(s.sent).toEqual([{ channel: ENHANCE_CHANNEL, type: 'error', message: ENHANCE_TIMEOUT }]);
      // Nothing is passed to a Worker that was ended.
      await s.post(call(1, 'onLoad', [{}]));
      await s.post(reset);
      expect(s.workers).toHaveLength(1);
    } finally {
      jest.useRealTimers();
    }
  });
});
