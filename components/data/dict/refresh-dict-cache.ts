'use client';

import { useCallback } from 'react';
import { App, message as staticMessage } from 'antd';
import { mutate as globalMutate, useSWRConfig, type ScopedMutator } from 'swr';
import { http } from '@/lib/http';
import { writeDictCache } from '@/lib/dict-cache';
import { DICT_SWR_TAG } from './use-dict';

export const REFRESH_OK = '刷新缓存完成！';
export const REFRESH_FAILED = '刷新缓存失败！';

/** What refreshDictCache needs of antd's message API. */
export interface RefreshNotifier {
  success(text: string): unknown;
  warning(text: string): unknown;
}

export interface RefreshOptions {
  /** Defaults to antd's static message; inside components prefer useRefreshDictCache (App context). */
  message?: RefreshNotifier;
  /** The swr mutator whose dictionary entries are reloaded afterwards (default: swr's global cache). */
  mutate?: ScopedMutator;
  storage?: Storage;
}

const isDictKey = (key: unknown) => Array.isArray(key) && key[0] === DICT_SWR_TAG;

/**
 * Spec 02 §7: GET sys/dict/refleshCache, then GET sys/dict/queryAllDictItems into the 7-day cache;
 * every mounted dictionary component reloads. Shows 刷新缓存完成！ or 刷新缓存失败！; resolves to success.
 */
export async function refreshDictCache({ message = staticMessage, mutate = globalMutate, storage }: RefreshOptions = {}): Promise<boolean> {
  try {
    await http.get<unknown>('/sys/dict/refleshCache');
    const all = await http.get<Record<string, unknown> | null>('/sys/dict/queryAllDictItems');
    writeDictCache(storage ?? window.localStorage, all.result ?? {});
  } catch (e) {
    console.error('[dict] cache refresh failed', e);
    message.warning(REFRESH_FAILED);
    return false;
  }
  await mutate(isDictKey);
  message.success(REFRESH_OK);
  return true;
}

/** `const refresh = useRefreshDictCache(); <Button onClick={refresh}>刷新缓存</Button>` */
export function useRefreshDictCache(): () => Promise<boolean> {
  const { message } = App.useApp();
  const { mutate } = useSWRConfig();
  return useCallback(() => refreshDictCache({ message, mutate }), [message, mutate]);
}
