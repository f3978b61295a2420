import { cache } from 'react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { connection } from 'next/server';
import { BrochureBody } from '@/features/work/prospectus/brochure-view';
import { SignupForm } from '@/features/work/prospectus/public/signup-form';
import { getUpstream } from '@/lib/server/bff-instance';
import { PROSPECTUS_THEMES, PUBLIC_API, type BrochureView } from '@/lib/work/prospectus-blocks';

interface PublicAnswer {
  view: BrochureView;
  captcha: boolean;
}

/**
 * 招生简章's public page (issue #26 item 5): no sign-in (lib/redirect.ts lets /brochure/* through), no console shell,
 * rendered on the server from the anonymous public read; only the sign-up form is client code. A withdrawn, deleted
 * or unknown link is the 404 page.
 */
const loadBrochure = cache(async (token: string): Promise<PublicAnswer | null> => {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(token)) return null;
  const res = await getUpstream()(`${PUBLIC_API}/${token}`, { method: 'GET', cache: 'no-store' });
  if (!res.ok) return null;
  const body = (await res.json().catch(() => null)) as { success?: boolean; result?: PublicAnswer } | null;
  return body?.success && body.result ? body.result : null;
});

type Props = { params: Promise<{ token: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const found = await loadBrochure((await params).token);
  return { title: found?.view.title ?? '招生简章', robots: { index: false } };
}

export default async function BrochurePage({ params }: Props) {
  await connection();
  const { token } = await params;
  const found = await loadBrochure(token);
  if (!found) notFound();
  const { view, captcha } = found;
  const theme = PROSPECTUS_THEMES[view.template] ?? PROSPECTUS_THEMES.prospectus;
  const courses = view.blocks.flatMap((b) => (b.type === 'courses' ? b.items.map((c) => ({ id: c.courseId, name: c.name })) : []));
  const unique = [...new Map(courses.map((c) => [c.id, c])).values()];
  return (
    <main data-testid="brochure-page" style={{ minHeight: '100vh', background: theme.background }}>
      <BrochureBody
        view={view}
        access={{ kind: 'public', token }}
        footer={
          <section style={{ background: theme.surface, margin: '16px 12px 0', padding: '16px 20px', borderRadius: 12 }}>
            <h2 style={{ color: theme.primary, fontSize: 19, margin: '4px 0 6px' }}>在线报名</h2>
            <SignupForm token={token} courses={unique} captcha={captcha} primary={theme.primary} />
          </section>
        }
      />
    </main>
  );
}
