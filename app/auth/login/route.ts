import { getUpstream } from '@/lib/server/bff-instance';
import { serverEnv } from '@/lib/server/env';
import { handleLoginPost } from './handler';

export const dynamic = 'force-dynamic';

/** The login page's forms without scripts post here (./handler.ts; issue #28). */
export function POST(req: Request) {
  return handleLoginPost(req, getUpstream(), serverEnv());
}
