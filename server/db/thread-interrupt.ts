import inspector, { type Session } from 'node:inspector';

/**
 * Runs a function inside a busy worker thread. A thread that is inside a long WebAssembly call runs no JavaScript
 * and reads no message; the only way in is V8's interrupt, which Node's inspector uses to deliver a debugger message
 * to a worker (the NodeWorker domain of the main thread's in-process session: no port is opened). The embedded
 * database's engine uses it to raise PostgreSQL's cancel flags in its thread (server/db/pglite-worker.ts).
 */

interface InterruptState {
  session: Session | null;
  ready: Promise<boolean> | null;
  /** threadId → the inspector's session id for that worker. */
  sessions: Map<number, string>;
  nextId: number;
}

// One per process, whatever module graph or global loads this file (Jest gives each test file its own registry and
// global, Next's bundle its own graph): a second inspector session with the NodeWorker domain is not told of new
// workers. So the state hangs on the built-in module's class, the one object they all share.
const KEY = Symbol.for('jiaowu.thread-interrupt');
const holder = inspector.Session as unknown as { [KEY]?: InterruptState };
const state: InterruptState = (holder[KEY] ??= { session: null, ready: null, sessions: new Map(), nextId: 1 });
const sessions = state.sessions;

function attach(): Promise<boolean> {
  state.ready ??= (async () => {
    try {
      const s = new inspector.Session();
      s.connect();
      s.on('NodeWorker.attachedToWorker', (ev: { params: { sessionId: string; workerInfo: { workerId: string } } }) => {
        sessions.set(Number(ev.params.workerInfo.workerId), ev.params.sessionId);
      });
      s.on('NodeWorker.detachedFromWorker', (ev: { params: { sessionId: string } }) => {
        for (const [thread, id] of sessions) if (id === ev.params.sessionId) sessions.delete(thread);
      });
      await new Promise<void>((resolve, reject) => s.post('NodeWorker.enable', { waitForDebuggerOnStart: false }, (err) => (err ? reject(err) : resolve())));
      state.session = s;
      return true;
    } catch (e) {
      // A Node built without the inspector: the engine falls back to ending the thread.
      console.warn(`[db] no in-process inspector (${e instanceof Error ? e.message : String(e)}): a runaway statement ends its database thread instead of being cancelled`);
      return false;
    }
  })();
  return state.ready;
}

/** Attaches the inspector before the worker starts, so its attach event is seen. */
export const prepareInterrupts = attach;

/**
 * Evaluates `expression` in worker `threadId` at its next interrupt check (within milliseconds even inside
 * WebAssembly). Resolves false when the worker is unknown or the inspector is unavailable.
 */
export async function interruptThread(threadId: number, expression: string): Promise<boolean> {
  if (!(await attach()) || !state.session) return false;
  // The attach event follows the worker's start by a tick or two.
  for (let i = 0; i < 20 && !sessions.has(threadId); i++) await new Promise((r) => setTimeout(r, 5));
  const sessionId = sessions.get(threadId);
  if (!sessionId) return false;
  const message = JSON.stringify({ id: state.nextId++, method: 'Runtime.evaluate', params: { expression, silent: true } });
  const s = state.session;
  return new Promise((resolve) => s.post('NodeWorker.sendMessageToWorker', { sessionId, message }, (err) => resolve(!err)));
}
