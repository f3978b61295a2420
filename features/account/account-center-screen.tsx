'use client';

import { useShell } from '@/components/shell/shell-context';
import { AccountCenter } from './account-center';

/** The account center as a shell screen: the account the console layout already loaded. */
export default function AccountCenterScreen() {
  return <AccountCenter account={useShell().account} />;
}
