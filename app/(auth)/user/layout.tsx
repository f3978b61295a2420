import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { UserLayout } from '@/components/shell/user-layout';
import { serverEnv } from '@/lib/server/env';

/** The sign-in pages' frame. No antd here: the login page is plain React (issue #28); the others add it in (antd)/layout. */
export default async function UserPagesLayout({ children }: { children: ReactNode }) {
  // The title comes from the runtime environment, not the build's.
  await connection();
  return (
    <UserLayout title={serverEnv().systemTitle} supportText="技术支持：星辰教育信息中心">
      {children}
    </UserLayout>
  );
}
