import {
  createNoticePoller, HEARTBEAT_FIRST_MS, HEARTBEAT_IDLE_MS, initialNoticeState, POLL_MS, readCommand, RECONNECT_MS, step,
  type NoticePollEffect, type NoticePollEvent, type NoticePollState, type NoticeSocket,
} from './notice-poll';

const S = (over: Partial<NoticePollState> = {}): NoticePollState => ({ ...initialNoticeState(), ...over });
const running = (over: Partial<NoticePollState> = {}) => S({ started: true, polling: true, ...over });
const own = (over: Partial<NoticePollState> = {}) => running({ ownSocket: true, socket: 'open', ...over });

describe('step (pure)', () => {
  const cases: [string, NoticePollState, NoticePollEvent, Partial<NoticePollState>, NoticePollEffect[]][] = [
    ['start loads at once and arms the 6 s poll', S(), { type: 'start' }, { started: true, polling: true, loading: true }, [{ type: 'setTimer', timer: 'poll', ms: POLL_MS }, { type: 'load' }]],
    ['start twice does nothing', running(), { type: 'start' }, {}, []],
    ['start with an own socket connects', S({ ownSocket: true }), { type: 'start' }, { started: true, polling: true, loading: true, socket: 'connecting' }, [{ type: 'setTimer', timer: 'poll', ms: POLL_MS }, { type: 'load' }, { type: 'clearTimer', timer: 'reconnect' }, { type: 'connect' }]],
    ['start offline with an own socket waits for the network', S({ ownSocket: true, online: false }), { type: 'start' }, { started: true, polling: true, loading: true, socket: 'waiting' }, [{ type: 'setTimer', timer: 'poll', ms: POLL_MS }, { type: 'load' }]],
    ['a poll tick reloads and re-arms', running(), { type: 'timer', timer: 'poll' }, { loading: true }, [{ type: 'setTimer', timer: 'poll', ms: POLL_MS }, { type: 'load' }]],
    ['a poll tick during a load is skipped', running({ loading: true }), { type: 'timer', timer: 'poll' }, { loading: true, reloadPending: false }, [{ type: 'setTimer', timer: 'poll', ms: POLL_MS }]],
    ['a load failure stops the polling', running({ loading: true }), { type: 'loadFailed' }, { polling: false, loading: false }, [{ type: 'log', text: 'notice load failed; polling stopped', data: undefined }, { type: 'clearTimer', timer: 'poll' }]],
    ['a stale poll tick after the failure does nothing', running({ polling: false }), { type: 'timer', timer: 'poll' }, {}, []],
    ['topic reloads', running(), { type: 'socketMessage', data: '{"cmd":"topic","msgId":"1"}' }, { loading: true }, [{ type: 'load' }]],
    ['user (parsed object from the shell) reloads', running(), { type: 'socketMessage', data: { cmd: 'user', msgId: '1' } }, { loading: true }, [{ type: 'load' }]],
    ['a reload during a load is remembered', running({ loading: true }), { type: 'socketMessage', data: { cmd: 'user' } }, { reloadPending: true }, []],
    ['…and runs when the load ends', running({ loading: true, reloadPending: true }), { type: 'loaded' }, { loading: true, reloadPending: false }, [{ type: 'load' }]],
    ['unparseable message is logged only', running(), { type: 'socketMessage', data: 'HeartBeat?' }, {}, [{ type: 'log', text: 'unparseable socket message', data: 'HeartBeat?' }]],
    ['a message without cmd is logged only', running(), { type: 'socketMessage', data: '[1,2]' }, {}, [{ type: 'log', text: 'unknown socket message', data: '[1,2]' }]],
    ['an unknown cmd is logged only', running(), { type: 'socketMessage', data: { cmd: 'email' } }, {}, [{ type: 'log', text: 'unknown socket message', data: { cmd: 'email' } }]],
    ['heartcheck and permission are quiet', running(), { type: 'socketMessage', data: { cmd: 'heartcheck' } }, {}, []],
    ['calendar (an open 行事历 reloads) is quiet for the bell', running(), { type: 'socketMessage', data: { cmd: 'calendar' } }, {}, []],
    ['socket open: first heartbeat after 20 s', own({ socket: 'connecting' }), { type: 'socketOpen' }, { socket: 'open' }, [{ type: 'setTimer', timer: 'heartbeat', ms: HEARTBEAT_FIRST_MS }]],
    ['socket reopening resumes a stopped poll', own({ socket: 'connecting', polling: false }), { type: 'socketOpen' }, { socket: 'open', polling: true, loading: true }, [{ type: 'setTimer', timer: 'heartbeat', ms: HEARTBEAT_FIRST_MS }, { type: 'setTimer', timer: 'poll', ms: POLL_MS }, { type: 'load' }]],
    ['heartbeat tick sends and waits 55 s', own(), { type: 'timer', timer: 'heartbeat' }, {}, [{ type: 'send', text: 'HeartBeat' }, { type: 'setTimer', timer: 'heartbeat', ms: HEARTBEAT_IDLE_MS }]],
    ['traffic postpones the heartbeat', own(), { type: 'socketMessage', data: { cmd: 'heartcheck' } }, {}, [{ type: 'setTimer', timer: 'heartbeat', ms: HEARTBEAT_IDLE_MS }]],
    ['close: reconnect in 5 s', own(), { type: 'socketClosed' }, { socket: 'waiting' }, [{ type: 'clearTimer', timer: 'heartbeat' }, { type: 'setTimer', timer: 'reconnect', ms: RECONNECT_MS }]],
    ['a second close (error then close) is ignored', own({ socket: 'waiting' }), { type: 'socketClosed' }, {}, []],
    ['close while offline: no timer, wait for online', own({ online: false }), { type: 'socketClosed' }, { socket: 'waiting' }, [{ type: 'clearTimer', timer: 'heartbeat' }]],
    ['reconnect tick connects', own({ socket: 'waiting' }), { type: 'timer', timer: 'reconnect' }, { socket: 'connecting' }, [{ type: 'clearTimer', timer: 'reconnect' }, { type: 'connect' }]],
    ['online resumes polling and the socket', own({ socket: 'waiting', polling: false, online: false }), { type: 'online' }, { online: true, polling: true, loading: true, socket: 'connecting' }, [{ type: 'setTimer', timer: 'poll', ms: POLL_MS }, { type: 'load' }, { type: 'clearTimer', timer: 'reconnect' }, { type: 'connect' }]],
    ['online while polling changes nothing', running(), { type: 'online' }, {}, []],
    ['offline cancels a pending reconnect', own({ socket: 'waiting' }), { type: 'offline' }, { online: false }, [{ type: 'clearTimer', timer: 'reconnect' }]],
    ['stop clears everything and closes the socket', own(), { type: 'stop' }, { started: false, polling: false, socket: 'off' }, [{ type: 'clearTimer', timer: 'poll' }, { type: 'clearTimer', timer: 'heartbeat' }, { type: 'clearTimer', timer: 'reconnect' }, { type: 'disconnect' }]],
    ['socket events without an own socket are ignored', running(), { type: 'socketClosed' }, {}, []],
  ];
  it.each(cases)('%s', (_, state, event, expected, effects) => {
    const r = step(state, event);
    expect(r.state).toEqual({ ...state, ...expected });
    expect(r.effects).toEqual(effects);
  });

  it.each([
    ['{"cmd":"topic"}', { cmd: 'topic' }],
    [{ cmd: 'user' }, { cmd: 'user' }],
    ['nope', { error: 'unparseable' }],
    ['null', { error: 'unknown' }],
    [42, { error: 'unknown' }],
  ])('readCommand(%j)', (data, expected) => {
    expect(readCommand(data)).toEqual(expected);
  });
});

describe('createNoticePoller (fake timers)', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  const flush = async () => {
    for (let i = 0; i < 5; i++) await Promise.resolve();
  };

  it('polls every 6 s once started; a failure stops it; online resumes it', async () => {
    const load = jest.fn().mockResolvedValue(undefined);
    const log = jest.fn();
    const p = createNoticePoller({ load, log });
    p.send({ type: 'start' });
    await flush();
    expect(load).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(load).toHaveBeenCalledTimes(4);

    load.mockRejectedValueOnce(new Error('网络连接失败'));
    await jest.advanceTimersByTimeAsync(POLL_MS);
    expect(load).toHaveBeenCalledTimes(5);
    expect(p.state.polling).toBe(false);
    expect(log).toHaveBeenCalledWith('notice load failed; polling stopped', expect.any(Error));
    await jest.advanceTimersByTimeAsync(POLL_MS * 5);
    expect(load).toHaveBeenCalledTimes(5);

    p.send({ type: 'online' });
    await flush();
    expect(load).toHaveBeenCalledTimes(6);
    await jest.advanceTimersByTimeAsync(POLL_MS);
    expect(load).toHaveBeenCalledTimes(7);
    p.send({ type: 'stop' });
    await jest.advanceTimersByTimeAsync(POLL_MS * 3);
    expect(load).toHaveBeenCalledTimes(7);
  });

  it('reloads on topic/user from the shared socket; logs the rest', async () => {
    const load = jest.fn().mockResolvedValue(undefined);
    const log = jest.fn();
    const p = createNoticePoller({ load, log });
    p.send({ type: 'start' });
    await flush();
    p.send({ type: 'socketMessage', data: { cmd: 'topic', msgId: 'a' } });
    await flush();
    p.send({ type: 'socketMessage', data: '{"cmd":"user"}' });
    await flush();
    p.send({ type: 'socketMessage', data: '<html>' });
    expect(load).toHaveBeenCalledTimes(3);
    expect(log).toHaveBeenCalledWith('unparseable socket message', '<html>');
  });

  it('own socket: heartbeat at 20 s then every 55 s idle; reconnect 5 s after a close; stale sockets ignored', async () => {
    const sockets: (NoticeSocket & { h: { onOpen(): void; onMessage(d: unknown): void; onClose(): void }; sent: string[]; closed: boolean })[] = [];
    const openSocket = jest.fn((h) => {
      const s = { h, sent: [] as string[], closed: false, send: (t: string) => void s.sent.push(t), close: () => void (s.closed = true) };
      sockets.push(s);
      return s;
    });
    const load = jest.fn().mockResolvedValue(undefined);
    const p = createNoticePoller({ load, openSocket, log: () => undefined }, { ownSocket: true });
    p.send({ type: 'start' });
    expect(openSocket).toHaveBeenCalledTimes(1);
    sockets[0].h.onOpen();
    await jest.advanceTimersByTimeAsync(HEARTBEAT_FIRST_MS - 1);
    expect(sockets[0].sent).toEqual([]);
    await jest.advanceTimersByTimeAsync(1);
    expect(sockets[0].sent).toEqual(['HeartBeat']);
    await jest.advanceTimersByTimeAsync(30_000);
    sockets[0].h.onMessage('{"cmd":"heartcheck","msgTxt":"心跳响应"}');
    await jest.advanceTimersByTimeAsync(HEARTBEAT_IDLE_MS - 1);
    expect(sockets[0].sent).toEqual(['HeartBeat']);
    await jest.advanceTimersByTimeAsync(1);
    expect(sockets[0].sent).toEqual(['HeartBeat', 'HeartBeat']);

    sockets[0].h.onClose();
    sockets[0].h.onClose();
    await jest.advanceTimersByTimeAsync(RECONNECT_MS - 1);
    expect(openSocket).toHaveBeenCalledTimes(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(openSocket).toHaveBeenCalledTimes(2);
    sockets[0].h.onMessage('{"cmd":"topic"}'); // the old socket: ignored
    const before = load.mock.calls.length;
    await flush();
    expect(load.mock.calls.length).toBe(before);

    p.send({ type: 'stop' });
    expect(sockets[1].closed).toBe(true);
  });
});
