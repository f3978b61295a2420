import type { ReactNode } from 'react';
import { ConsoleShell } from '@/components/shell/console-shell';
import { loadAccountInfo } from '@/features/account/load-account-info';
import { loadPermissions } from '@/features/account/load-permissions';
import { serverEnv } from '@/lib/server/env';

/** Until the 行事历 screen exists, home is the account center (spec 01 §2 names / → the calendar panel). */
const HOME_PATH = '/account/center';

/** The signed-in shell, rendered on the server from the session and the permission menu. */
export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const [account, permissions] = await Promise.all([loadAccountInfo(), loadPermissions()]);
  const env = serverEnv();
  return (
    <ConsoleShell
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
    </ConsoleShell>
  );
}
