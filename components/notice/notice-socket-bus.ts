import type { NoticePollEvent } from '@/lib/notice-poll';

/**
 * The bell listens on the shell's notification socket instead of opening a second one: the shell
 * forwards what it receives here (console-shell's onSocket / onSocketOpen), the bell subscribes.
 */
type Listener = (event: NoticePollEvent) => void;
const listeners = new Set<Listener>();

function emit(event: NoticePollEvent) {
  for (const l of [...listeners]) l(event);
}

export const noticeSocket = {
  /** Every message of `/websocket/{userId}` (parsed or raw); the bell reloads on cmd topic/user. */
  message(data: unknown) {
    emit({ type: 'socketMessage', data });
  },
  /** Read state changed on this page (a notice opened, 全部标注已读): the bell and 我的消息 reload. */
  changed() {
    emit({ type: 'reload' });
  },
  /** The shell's socket reconnected: the network is back, so a stopped poll resumes. */
  reconnected() {
    emit({ type: 'online' });
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
