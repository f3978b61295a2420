import type { ReactNode } from 'react';
import { ConsoleFrame } from './console-frame';
import { AntdRoot } from '@/components/antd-root';
import { loadAccountInfo } from '@/features/account/load-account-info';
import { loadPermissions } from '@/features/account/load-permissions';
import { serverEnv } from '@/lib/server/env';

/** Home is the 行事历 (spec 01 §2: '/' → /calpanel/CalendarPanel, the first breadcrumb everywhere). */
const HOME_PATH = '/calpanel/CalendarPanel';

/** The signed-in shell, rendered on the server from the session and the permission menu. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const [account, permissions] = await Promise.all([loadAccountInfo(), loadPermissions()]);
  const env = serverEnv();
  return (
    <AntdRoot>
      <ConsoleFrame
        account={account}
        menu={permissions.menu}
        auth={permissions.auth}
        allAuth={permissions.allAuth}
        systemTitle={env.systemTitle}
        homePath={HOME_PATH}
        helpUrl={env.helpUrl}
        settingsEnabled={env.settingsDrawer}
      >
        {children}
      </ConsoleFrame>
    </AntdRoot>
  );
}
