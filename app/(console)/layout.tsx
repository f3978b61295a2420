import type { ReactNode } from 'react';
import { Layout } from 'antd';
import { ConsoleHeader } from '@/components/shell/console-header';
import { loadAccountInfo } from '@/features/account/load-account-info';
import { serverEnv } from '@/lib/server/env';

/** The signed-in shell, rendered on the server from the session (no session → login, via serverGet). */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const account = await loadAccountInfo();
  const env = serverEnv();
  return (
    <Layout style={{ minHeight: '100vh' }}>
      <ConsoleHeader title={env.systemTitle} helpUrl={env.helpUrl} user={account.userInfo} departs={account.departs} />
      <main style={{ padding: 24, flex: 1 }}>{children}</main>
    </Layout>
  );
}
