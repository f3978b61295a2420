import type { ReactNode } from 'react';
import { ConsoleFrame } from './console-frame';
import { AntdRoot } from '@/components/antd-root';
import { loadAccountInfo } from '@/features/account/load-account-info';
import { loadPermissions } from '@/features/account/load-permissions';
import { resolveHome } from '@/lib/role-home';
import { serverEnv } from '@/lib/server/env';

/** The signed-in shell, rendered on the server from the session and the permission menu. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const [account, permissions] = await Promise.all([loadAccountInfo(), loadPermissions()]);
  const env = serverEnv();
  // The home tab, the first breadcrumb and 返回首页: the user's 首页配置 or 行事历 or first page (issue #39). Our backend
  // resolves it already (account.homePath); against JeecgBoot's own backend, with none, it is resolved here.
  const homePath = resolveHome(account.homePath, permissions.menu, permissions);
  return (
    <AntdRoot>
      <ConsoleFrame
        account={account}
        menu={permissions.menu}
        auth={permissions.auth}
        allAuth={permissions.allAuth}
        systemTitle={env.systemTitle}
        homePath={homePath}
        helpUrl={env.helpUrl}
        settingsEnabled={env.settingsDrawer}
      >
        {children}
      </ConsoleFrame>
    </AntdRoot>
  );
}
