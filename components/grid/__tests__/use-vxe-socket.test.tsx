import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { ShellProvider, type ShellData } from '@/components/shell/shell-context';
import { useVxeSocket } from '../use-vxe-socket';

/** A WebSocket stand-in the test drives by hand. */
class FakeSocket {
  static CONNECTING = 0;
  static OPEN = 1;
  static CLOSING = 2;
  static CLOSED = 3;
  static all: FakeSocket[] = [];
  readyState = FakeSocket.CONNECTING;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(public url: string) {
    FakeSocket.all.push(this);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = FakeSocket.CLOSED;
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(v: unknown) {
    this.onmessage?.({ data: typeof v === 'string' ? v : JSON.stringify(v) });
  }
  drop() {
    this.readyState = FakeSocket.CLOSED;
    this.onclose?.();
  }
}

const shell = { account: { userInfo: { id: 'u 1' } }, menu: [], auth: [], allAuth: [], systemTitle: '', homePath: '/' } as unknown as ShellData;
const wrapper = ({ children }: { children: ReactNode }) => <ShellProvider value={shell}>{children}</ShellProvider>;
const last = () => FakeSocket.all[FakeSocket.all.length - 1];
const realWebSocket = global.WebSocket;

beforeEach(() => {
  jest.useFakeTimers();
  FakeSocket.all = [];
  (global as { WebSocket: unknown }).WebSocket = FakeSocket;
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  jest.useRealTimers();
  (global as { WebSocket: unknown }).WebSocket = realWebSocket;
  jest.restoreAllMocks();
});

function setup(onUpdate = jest.fn(), enabled = true) {
  const hook = renderHook(() => useVxeSocket({ pageId: 'dict_items', socketKey: 'sys_dict_item', enabled, onUpdate }), { wrapper });
  act(() => void jest.advanceTimersByTime(0));
  return { ...hook, onUpdate };
}

test('connects to /vxeSocket/{userId}/{pageId}, sends changes and delivers only its own grid', () => {
  const { result, onUpdate } = setup();
  expect(FakeSocket.all).toHaveLength(1);
  expect(last().url).toBe('ws://localhost/vxeSocket/u%201/dict_items');
  expect(result.current.status).toBe('connecting');
  act(() => last().open());
  expect(result.current.status).toBe('open');

  act(() => result.current.send(['update', 'r1', { itemText: 'x' }]));
  expect(JSON.parse(last().sent[0])).toEqual({ type: 'update_vxe_table', data: { socketKey: 'sys_dict_item', args: ['update', 'r1', { itemText: 'x' }] } });

  act(() => last().receive({ type: 'update_vxe_table', data: { socketKey: 'sys_dict_item', args: ['reload'], userId: 'u2' } }));
  act(() => last().receive({ type: 'update_vxe_table', data: { socketKey: 'other_grid', args: ['reload'] } }));
  act(() => last().receive({ type: 'common_send_date', data: { socketKey: 'sys_dict_item', args: [1] } }));
  expect(onUpdate.mock.calls).toEqual([
    [['reload'], 'u2'],
    [[1], undefined],
  ]);
});

test('bad frames are logged only', () => {
  const { onUpdate } = setup();
  act(() => last().open());
  act(() => last().receive('{oops'));
  act(() => last().receive({ type: 'whatever', data: {} }));
  act(() => last().receive({ type: 'update_vxe_table', data: { socketKey: 'sys_dict_item', args: 'x' } }));
  expect(onUpdate).not.toHaveBeenCalled();
  expect(console.warn).toHaveBeenCalledTimes(3);
  expect(FakeSocket.all).toHaveLength(1);
});

test('heartbeat every 10 s; an answer keeps the socket, none within 6 s reconnects 5 s later', () => {
  const { result } = setup();
  const first = last();
  act(() => first.open());
  act(() => void jest.advanceTimersByTime(9_999));
  expect(first.sent).toEqual([]);
  act(() => void jest.advanceTimersByTime(1));
  expect(first.sent).toEqual([JSON.stringify({ type: 'heart_beat' })]);
  act(() => first.receive({ type: 'heart_beat' }));
  act(() => void jest.advanceTimersByTime(6_000));
  expect(first.readyState).toBe(FakeSocket.OPEN);

  // Next beat (t = 20 s) is not answered: dead at 26 s, new socket at 31 s.
  act(() => void jest.advanceTimersByTime(4_000));
  expect(first.sent).toHaveLength(2);
  act(() => void jest.advanceTimersByTime(5_999));
  expect(first.readyState).toBe(FakeSocket.OPEN);
  act(() => void jest.advanceTimersByTime(1));
  expect(first.readyState).toBe(FakeSocket.CLOSED);
  expect(result.current.status).toBe('closed');
  act(() => void jest.advanceTimersByTime(4_999));
  expect(FakeSocket.all).toHaveLength(1);
  act(() => void jest.advanceTimersByTime(1));
  expect(FakeSocket.all).toHaveLength(2);
  expect(result.current.status).toBe('connecting');
  act(() => last().open());
  expect(result.current.status).toBe('open');
});

test('reconnects 5 s after a close or an error (backing off while it keeps failing), and stops on unmount', () => {
  const { unmount } = setup();
  act(() => last().open());
  act(() => last().drop());
  act(() => void jest.advanceTimersByTime(5_000));
  expect(FakeSocket.all).toHaveLength(2);
  // A second failure without an open in between: lib/reconnect.ts's back-off, 5–10 s.
  act(() => last().onerror?.());
  act(() => void jest.advanceTimersByTime(10_000));
  expect(FakeSocket.all).toHaveLength(3);
  const open = last();
  act(() => open.open());
  unmount();
  expect(open.readyState).toBe(FakeSocket.CLOSED);
  act(() => void jest.advanceTimersByTime(60_000));
  expect(FakeSocket.all).toHaveLength(3);
});

test('disabled: no socket, status closed, send is a no-op', () => {
  const { result } = setup(jest.fn(), false);
  expect(FakeSocket.all).toHaveLength(0);
  expect(result.current.status).toBe('closed');
  act(() => result.current.send(['reload']));
  expect(FakeSocket.all).toHaveLength(0);
});
