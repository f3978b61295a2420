import type { ReactNode } from 'react';
import { connection } from 'next/server';
import { AntdRoot } from '@/components/antd-root';
import { UserLayout } from '@/components/shell/user-layout';
import { serverEnv } from '@/lib/server/env';

export default async function UserPagesLayout({ children }: { children: ReactNode }) {
  // The title comes from the runtime environment, not the build's.
  await connection();
  return (
    <AntdRoot>
      <UserLayout title={serverEnv().systemTitle} supportText="技术支持：星辰教育信息中心">
        {children}
      </UserLayout>
    </AntdRoot>
  );
}
