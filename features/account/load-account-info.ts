import 'server-only';
import { cache } from 'react';
import { serverGet } from '@/lib/server/api';
import type { AccountInfoResult } from '@/lib/account/types';

/** The signed-in user's account, once per request (the console layout and its pages share it). */
export const loadAccountInfo = cache(async (): Promise<AccountInfoResult> => {
  const envelope = await serverGet<AccountInfoResult>('/sys/user/getAccountInfoFromToken');
  if (!envelope.success || !envelope.result?.userInfo) throw new Error(envelope.message || '当前系统无登录用户!');
  return envelope.result;
});
