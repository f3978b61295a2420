import { redirect } from 'next/navigation';
import { loadAccountInfo } from '@/features/account/load-account-info';
import { safeRedirectPath } from '@/lib/redirect';

/** Home is the 行事历 (spec 01 §2: '/' → /calpanel/CalendarPanel). */
const CALENDAR_HOME = '/calpanel/CalendarPanel';

/**
 * '/' (also where sign-in lands without a redirect): the user's role home (sys_role.home_path, issue #23: the
 * marketing role's 招生工作台) when one of their roles has one, else the 行事历.
 */
export default async function HomePage() {
  const { homePath } = await loadAccountInfo();
  const target = homePath ? safeRedirectPath(homePath, CALENDAR_HOME) : CALENDAR_HOME;
  redirect(target === '/' ? CALENDAR_HOME : target);
}
