import 'server-only';
import { cache } from 'react';
import { cookies } from 'next/headers';
import { serverEnv } from './env';
import { SESSION_COOKIE, unsealSession, type SessionData } from './session-cookie';

/** The session of the current request (cached per request), or null. Server components and route handlers. */
export const getSession = cache(async (): Promise<SessionData | null> => {
  const store = await cookies();
  return unsealSession(store.get(SESSION_COOKIE)?.value, serverEnv().sessionSecret);
});
