/**
 * The notification bell's polling and socket rules (spec 01 §4, §8, §9) as a pure state machine,
 * plus a small runner that carries out its effects with injected timers, loader and socket.
 *
 * - Once started the lists load at once and then every 6 s; a load failure stops the polling.
 * - A socket message whose cmd is `topic` or `user` reloads; unparseable or unknown ones are only logged.
 * - Own socket (optional; the shell's shared socket is the default): a heartbeat 20 s after opening,
 *   then only after 55 s without traffic; reconnect 5 s after an error or close.
 * - The network coming back (`online`, or the own socket reopening) resumes polling and the socket.
 */

export const POLL_MS = 6_000;
export const HEARTBEAT_FIRST_MS = 20_000;
export const HEARTBEAT_IDLE_MS = 55_000;
export const RECONNECT_MS = 5_000;
export const HEARTBEAT_TEXT = 'HeartBeat';

export type TimerName = 'poll' | 'heartbeat' | 'reconnect';
export type SocketState = 'off' | 'connecting' | 'open' | 'waiting';

export interface NoticePollState {
  started: boolean;
  /** The 6 s poll timer is armed. */
  polling: boolean;
  loading: boolean;
  /** A reload was asked for during a load: load once more when it ends. */
  reloadPending: boolean;
  online: boolean;
  /** Whether this machine owns a socket (false: messages come from the shell's socket). */
  ownSocket: boolean;
  socket: SocketState;
}

export type NoticePollEvent =
  | { type: 'start' }
  | { type: 'stop' }
  | { type: 'timer'; timer: TimerName }
  | { type: 'loaded' }
  | { type: 'loadFailed'; error?: unknown }
  | { type: 'reload' }
  | { type: 'socketOpen' }
  /** Raw socket text, or an already parsed object from the shell's socket. */
  | { type: 'socketMessage'; data: unknown }
  /** The socket errored or closed. */
  | { type: 'socketClosed' }
  | { type: 'online' }
  | { type: 'offline' };

export type NoticePollEffect =
  | { type: 'load' }
  | { type: 'setTimer'; timer: TimerName; ms: number }
  | { type: 'clearTimer'; timer: TimerName }
  | { type: 'connect' }
  | { type: 'disconnect' }
  | { type: 'send'; text: string }
  | { type: 'log'; text: string; data?: unknown };

export interface Step {
  state: NoticePollState;
  effects: NoticePollEffect[];
}

export function initialNoticeState({ ownSocket = false, online = true }: { ownSocket?: boolean; online?: boolean } = {}): NoticePollState {
  return { started: false, polling: false, loading: false, reloadPending: false, online, ownSocket, socket: 'off' };
}

/** The reload-triggering commands of the spec. */
export const RELOAD_COMMANDS = new Set(['topic', 'user']);
/** Known commands that need nothing from the bell (the shell handles `permission`, an open 行事历 `calendar`). */
const QUIET_COMMANDS = new Set(['heartcheck', 'permission', 'calendar']);

/** `cmd` of a socket message, or null with the reason it is not one. */
export function readCommand(data: unknown): { cmd: string } | { error: 'unparseable' | 'unknown' } {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return { error: 'unparseable' };
    }
  }
  const cmd = (value as { cmd?: unknown } | null)?.cmd;
  return typeof value === 'object' && value !== null && typeof cmd === 'string' ? { cmd } : { error: 'unknown' };
}

function load(s: NoticePollState, effects: NoticePollEffect[]): NoticePollState {
  if (s.loading) return { ...s, reloadPending: true };
  effects.push({ type: 'load' });
  return { ...s, loading: true };
}

function startPolling(s: NoticePollState, effects: NoticePollEffect[]): NoticePollState {
  effects.push({ type: 'setTimer', timer: 'poll', ms: POLL_MS });
  return load({ ...s, polling: true }, effects);
}

function connect(s: NoticePollState, effects: NoticePollEffect[]): NoticePollState {
  effects.push({ type: 'clearTimer', timer: 'reconnect' }, { type: 'connect' });
  return { ...s, socket: 'connecting' };
}

export function step(state: NoticePollState, event: NoticePollEvent): Step {
  const effects: NoticePollEffect[] = [];
  let s = state;
  switch (event.type) {
    case 'start':
      if (s.started) break;
      s = startPolling({ ...s, started: true }, effects);
      if (s.ownSocket && s.online) s = connect(s, effects);
      else if (s.ownSocket) s = { ...s, socket: 'waiting' };
      break;
    case 'stop':
      if (!s.started) break;
      effects.push({ type: 'clearTimer', timer: 'poll' }, { type: 'clearTimer', timer: 'heartbeat' }, { type: 'clearTimer', timer: 'reconnect' });
      if (s.socket === 'open' || s.socket === 'connecting') effects.push({ type: 'disconnect' });
      s = { ...s, started: false, polling: false, reloadPending: false, socket: 'off' };
      break;
    case 'timer':
      if (!s.started) break;
      if (event.timer === 'poll' && s.polling) {
        effects.push({ type: 'setTimer', timer: 'poll', ms: POLL_MS });
        // A slow answer is not piled up on: the tick is skipped.
        if (!s.loading) s = load(s, effects);
      } else if (event.timer === 'heartbeat' && s.socket === 'open') {
        effects.push({ type: 'send', text: HEARTBEAT_TEXT }, { type: 'setTimer', timer: 'heartbeat', ms: HEARTBEAT_IDLE_MS });
      } else if (event.timer === 'reconnect' && s.socket === 'waiting' && s.online) {
        s = connect(s, effects);
      }
      break;
    case 'loaded':
      s = { ...s, loading: false };
      if (s.reloadPending && s.started) s = load({ ...s, reloadPending: false }, effects);
      break;
    case 'loadFailed':
      effects.push({ type: 'log', text: 'notice load failed; polling stopped', data: event.error });
      if (s.polling) effects.push({ type: 'clearTimer', timer: 'poll' });
      s = { ...s, loading: false, reloadPending: false, polling: false };
      break;
    case 'reload':
      if (s.started) s = load(s, effects);
      break;
    case 'socketMessage': {
      if (s.ownSocket && s.socket === 'open') effects.push({ type: 'setTimer', timer: 'heartbeat', ms: HEARTBEAT_IDLE_MS });
      const r = readCommand(event.data);
      if ('error' in r) effects.push({ type: 'log', text: `${r.error} socket message`, data: event.data });
      else if (RELOAD_COMMANDS.has(r.cmd)) {
        if (s.started) s = load(s, effects);
      } else if (!QUIET_COMMANDS.has(r.cmd)) effects.push({ type: 'log', text: 'unknown socket message', data: event.data });
      break;
    }
    case 'socketOpen':
      if (!s.ownSocket || !s.started || s.socket === 'off') break;
      s = { ...s, socket: 'open' };
      effects.push({ type: 'setTimer', timer: 'heartbeat', ms: HEARTBEAT_FIRST_MS });
      // Reconnected: the network is back, so polling resumes if a failure had stopped it.
      if (!s.polling) s = startPolling(s, effects);
      break;
    case 'socketClosed':
      if (!s.ownSocket || !s.started || (s.socket !== 'open' && s.socket !== 'connecting')) break;
      effects.push({ type: 'clearTimer', timer: 'heartbeat' });
      if (s.online) effects.push({ type: 'setTimer', timer: 'reconnect', ms: RECONNECT_MS });
      s = { ...s, socket: 'waiting' };
      break;
    case 'online':
      s = { ...s, online: true };
      if (!s.started) break;
      if (!s.polling) s = startPolling(s, effects);
      if (s.ownSocket && s.socket === 'waiting') s = connect(s, effects);
      break;
    case 'offline':
      s = { ...s, online: false };
      if (s.socket === 'waiting') effects.push({ type: 'clearTimer', timer: 'reconnect' });
      break;
  }
  return { state: s, effects };
}

// ---------------------------------------------------------------- runner

export interface NoticeSocket {
  send(text: string): void;
  close(): void;
}

export interface NoticePollDeps {
  /** Loads the lists; a rejection stops the polling. */
  load(): Promise<void>;
  /** Only for an own socket: opens it and reports through the handlers. */
  openSocket?(handlers: { onOpen(): void; onMessage(data: unknown): void; onClose(): void }): NoticeSocket;
  log?(text: string, data?: unknown): void;
  setTimer?(fn: () => void, ms: number): unknown;
  clearTimer?(handle: unknown): void;
}

export interface NoticePoller {
  send(event: NoticePollEvent): void;
  readonly state: NoticePollState;
}

/** Runs the machine: each event's effects are carried out at once (timers replace their namesakes). */
export function createNoticePoller(deps: NoticePollDeps, opts: { ownSocket?: boolean; online?: boolean } = {}): NoticePoller {
  const setTimer = deps.setTimer ?? ((fn, ms) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const log = deps.log ?? ((text, data) => console.info(`[notice] ${text}`, data ?? ''));
  let state = initialNoticeState({ ownSocket: Boolean(opts.ownSocket && deps.openSocket), online: opts.online ?? true });
  const timers = new Map<TimerName, unknown>();
  let socket: NoticeSocket | null = null;
  let generation = 0;

  const send = (event: NoticePollEvent) => {
    const r = step(state, event);
    state = r.state;
    for (const e of r.effects) run(e);
  };

  const run = (e: NoticePollEffect) => {
    switch (e.type) {
      case 'load':
        deps.load().then(
          () => send({ type: 'loaded' }),
          (error: unknown) => send({ type: 'loadFailed', error }),
        );
        return;
      case 'setTimer': {
        if (timers.has(e.timer)) clearTimer(timers.get(e.timer));
        const name = e.timer;
        timers.set(name, setTimer(() => {
          timers.delete(name);
          send({ type: 'timer', timer: name });
        }, e.ms));
        return;
      }
      case 'clearTimer':
        if (timers.has(e.timer)) clearTimer(timers.get(e.timer));
        timers.delete(e.timer);
        return;
      case 'connect': {
        socket?.close();
        const mine = ++generation;
        // Events of a socket we have replaced or closed are ignored.
        const live = (fn: () => void) => () => mine === generation && fn();
        socket = deps.openSocket!({
          onOpen: live(() => send({ type: 'socketOpen' })),
          onMessage: (data) => mine === generation && send({ type: 'socketMessage', data }),
          onClose: live(() => send({ type: 'socketClosed' })),
        });
        return;
      }
      case 'disconnect':
        generation++;
        socket?.close();
        socket = null;
        return;
      case 'send':
        socket?.send(e.text);
        return;
      case 'log':
        log(e.text, e.data);
    }
  };

  return {
    send,
    get state() {
      return state;
    },
  };
}
