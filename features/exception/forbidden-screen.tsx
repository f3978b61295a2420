'use client';

import { ExceptionPage } from '@/components/exception/exception-page';
import { useShell } from '@/components/shell/shell-context';

/** /403: 返回首页 goes to the user's resolved home (lib/role-home.ts), never back to a page they cannot open. */
export default function ForbiddenScreen() {
  return <ExceptionPage type="403" homeHref={useShell().homePath} />;
}
