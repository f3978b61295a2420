'use client';

import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError, http } from '@/lib/http';
import { createNoticePoller, type NoticePoller } from '@/lib/notice-poll';
import { EMPTY_NOTICES, LIST_BY_USER_URL, MY_TODO_TASKS_URL, type NoticeLists, type TodoTaskItem } from './notice-types';
import { noticeSocket } from './notice-socket-bus';

/** The bell shows 5 per tab (contract §5 listByUser default). */
export const BELL_PAGE_SIZE = 5;

const count = (v: unknown) => (Number.isFinite(Number(v)) ? Number(v) : 0);

/**
 * The bell's lists: loaded at once and every 6 s (lib/notice-poll), reloaded on the shell socket's
 * topic/user messages, resumed when the browser comes back online. Failures are logged, never shown —
 * except an ended session: the poll is often the first call to learn of it, and the BFF then drops
 * the cookie, so it must raise 登录已过期 itself (`onSessionExpired`) or the next call would only see 401.
 */
export function useNoticeFeed(pageSize = BELL_PAGE_SIZE, onSessionExpired?: (e: ApiError) => void, withTasks = false) {
  const [lists, setLists] = useState<NoticeLists>(EMPTY_NOTICES);
  // My 待办 协商任务 (withTasks: the user holds crm:task:list); a failure there only leaves them out.
  const [tasks, setTasks] = useState<{ total: number; records: TodoTaskItem[] }>({ total: 0, records: [] });
  // False until the first answer: an empty badge before it means "not known yet", not "nothing unread".
  const [loaded, setLoaded] = useState(false);
  const poller = useRef<NoticePoller | null>(null);
  const expired = useRef(onSessionExpired);
  useEffect(() => {
    expired.current = onSessionExpired;
  }, [onSessionExpired]);

  useEffect(() => {
    let live = true;
    const p = createNoticePoller(
      {
        load: async () => {
          const todo = withTasks
            ? http.get<{ total?: unknown; records?: TodoTaskItem[] } | null>(MY_TODO_TASKS_URL, { pageSize }).catch((e: unknown) => {
                console.info('[notice] task load failed', e);
                return null;
              })
            : null;
          const r = await http.get<Partial<NoticeLists> | null>(LIST_BY_USER_URL, { pageSize }).catch((e: unknown) => {
            if (e instanceof ApiError && e.isSessionExpired) expired.current?.(e);
            throw e;
          });
          const v = r.result ?? {};
          const t = (await todo)?.result;
          if (live) {
            setTasks({ total: count(t?.total), records: Array.isArray(t?.records) ? t.records : [] });
            setLists({
              anntMsgList: v.anntMsgList ?? [],
              anntMsgTotal: count(v.anntMsgTotal),
              sysMsgList: v.sysMsgList ?? [],
              sysMsgTotal: count(v.sysMsgTotal),
            });
            setLoaded(true);
          }
        },
        log: (text, data) => console.info(`[notice] ${text}`, data ?? ''),
      },
      { online: typeof navigator === 'undefined' ? true : navigator.onLine !== false },
    );
    poller.current = p;
    p.send({ type: 'start' });
    const unsubscribe = noticeSocket.subscribe((event) => p.send(event));
    const online = () => p.send({ type: 'online' });
    const offline = () => p.send({ type: 'offline' });
    window.addEventListener('online', online);
    window.addEventListener('offline', offline);
    return () => {
      live = false;
      unsubscribe();
      window.removeEventListener('online', online);
      window.removeEventListener('offline', offline);
      p.send({ type: 'stop' });
      poller.current = null;
    };
  }, [pageSize, withTasks]);

  const reload = useCallback(() => poller.current?.send({ type: 'reload' }), []);
  return { ...lists, taskTotal: tasks.total, taskList: tasks.records, total: lists.anntMsgTotal + lists.sysMsgTotal + tasks.total, loaded, reload };
}
