import { redirect } from 'next/navigation';
import { loadAccountInfo } from '@/features/account/load-account-info';
import { loadPermissions } from '@/features/account/load-permissions';
import { resolveHome } from '@/lib/role-home';

/**
 * '/' (also where sign-in lands without a redirect): the user's home (issue #39, lib/role-home.ts) — their roles'
 * 首页配置 when they can open it, else the 行事历 (spec 01 §2) when they can, else their first permitted page.
 */
export default async function HomePage() {
  const [account, permissions] = await Promise.all([loadAccountInfo(), loadPermissions()]);
  redirect(resolveHome(account.homePath, permissions.menu, permissions));
}
