import { sandboxDocument, sandboxHeaders } from '@/features/online/cgform/enhance-sandbox';

// The same bytes for everyone: no session, no data (the script arrives by postMessage). Outside the page guard
// (proxy.ts's matcher) so that it is framed the same whether or not the session cookie is sent.
export const dynamic = 'force-static';

/** The JS 增强 sandbox document with its own policy (features/online/cgform/enhance-sandbox.ts). */
export function GET() {
  return new Response(sandboxDocument(), { headers: sandboxHeaders() });
}
