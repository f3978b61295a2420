import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { loadPermissions } from '@/features/account/load-permissions';
import { titleForPath } from '@/lib/menu';
import { SCREENS } from '@/lib/screens';

type Props = { params: Promise<{ slug: string[] }> };

/** The page title, server-side, from the user's menu (or the screen's own title). */
export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const path = '/' + (await params).slug.map(decodeURIComponent).join('/');
  if (path === '/calpanel/CalendarPanel') return { title: { absolute: '教务系统' } };
  const { menu } = await loadPermissions();
  const title = titleForPath(menu, path) ?? SCREENS.find((s) => s.path === path)?.title;
  return title ? { title } : {};
}

/**
 * Every signed-in path lands here; the shell picks the screen from the page registry and the
 * user's menu (spec 01 §2 dynamic menu routes), so screens stay mounted across tab switches.
 */
export default async function ConsolePage({ params }: Props) {
  // '/404' (where the shell sends unknown paths) is the root not-found page in the blank layout, not a screen. Next
  // served it so itself while that page was prerendered; rendered per request (for its script nonce), it is asked for.
  if ((await params).slug.join('/') === '404') notFound();
  return null;
}
