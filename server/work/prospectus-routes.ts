import path from 'node:path';
import { Readable } from 'node:stream';
import { Hono } from 'hono';
import { z } from 'zod';
import { PERMS } from '../../lib/permissions/codes';
import { PROSPECTUS_MESSAGES, prospectusInputSchema, SIGNUP_MESSAGES, signupSchema } from '../../lib/work/prospectus-blocks';
import { PROSPECTUS_API, PROSPECTUS_URLS } from '../../features/work/prospectus/prospectus-resource';
import { consumeCaptcha } from '../auth/codes';
import { ApiFailure, ok } from '../core/errors';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { idOrUndefined } from '../core/ids';
import { escapeLike } from '../db/like';
import { runInTenant } from '../db/tenant-scope';
import { contentDisposition, contentTypeFor } from '../storage/download-headers';
import { normaliseStoredPath, StorageError } from '../storage/storage';
import { findPublished, loadProspectus, publicView, referenceLabels, publishProspectus, resolveView, saveProspectus, viewFilePaths, withdrawProspectus } from './prospectus';
import { renderProspectusPdf } from './prospectus-pdf';
import { signUp } from './prospectus-signup';
import { requirePerm } from '../core/perm';
import { parse, readBody } from '../core/validate';

/**
 * 招生简章 (issue #26 item 5): the composer's add / edit / detail / preview and its pickers' options, 发布 / 撤回, the
 * PDF, and the public read-only page's read, its images and its sign-up. The three `/public/` routes are the only
 * anonymous ones (server/app.ts ANONYMOUS): a withdrawn, deleted or unknown token is 404 for each of them, and what
 * they answer is the page's content only (no ids of staff, no internal notes).
 */
export const prospectusRoutes = new Hono<AppEnv>();

const PUBLIC = `${PROSPECTUS_API}/public/:token`;
const NOT_FOUND = () => new ApiFailure(PROSPECTUS_MESSAGES.notPublished, 404, 404);

const idOf = (raw: string | null | undefined) => {
  const id = idOrUndefined(raw);
  if (!id) throw new ApiFailure('参数错误');
  return id;
};

prospectusRoutes.post(PROSPECTUS_URLS.add, requirePerm(PERMS.prospectus.add), async (c) => {
  const input = await readBody(c, prospectusInputSchema);
  const id = await saveProspectus(c.var.services.db, c.var.services.storage, { ...input, id: undefined }, authOf(c).user.username);
  return c.json(ok(await loadProspectus(c.var.services.db, id), '添加成功！'));
});

const edit = async (c: Ctx) => {
  const input = await readBody(c, prospectusInputSchema);
  const id = idOf(input.id);
  await saveProspectus(c.var.services.db, c.var.services.storage, { ...input, id }, authOf(c).user.username);
  return c.json(ok(await loadProspectus(c.var.services.db, id), '编辑成功!'));
};
prospectusRoutes.put(PROSPECTUS_URLS.edit, requirePerm(PERMS.prospectus.edit), edit);
prospectusRoutes.post(PROSPECTUS_URLS.edit, requirePerm(PERMS.prospectus.edit), edit);

/** The composer's record, with the names of the courses, venues and teachers it names (for its selects). */
prospectusRoutes.get(PROSPECTUS_URLS.detail, requirePerm(PERMS.prospectus.list), async (c) => {
  const { db } = c.var.services;
  const stored = await loadProspectus(db, idOf(c.req.query('id')));
  return c.json(ok({ ...stored, labels: await referenceLabels(db, stored.blocks) }));
});

/** 预览 of the composer's unsaved state: the same view the public page draws (images through the signed-in route). */
prospectusRoutes.post(PROSPECTUS_URLS.preview, requirePerm(PERMS.prospectus.list), async (c) => {
  const input = await readBody(c, prospectusInputSchema);
  const template = input.template as Parameters<typeof resolveView>[1]['template'];
  return c.json(ok(await resolveView(c.var.services.db, { title: input.title, subtitle: input.subtitle, template, cover: input.cover, blocks: input.blocks })));
});

const optionsQuery = z.object({ kind: z.enum(['course', 'venue', 'teacher'], { error: '参数错误' }), keyword: z.string().trim().max(50).optional() });

/** The composer's pickers: live courses (with price), venues (with address) and 在职 teachers of the tenant, 50 at most. */
prospectusRoutes.get(PROSPECTUS_URLS.options, requirePerm(PERMS.prospectus.list), async (c) => {
  const { db } = c.var.services;
  const { kind, keyword } = parse(optionsQuery, { kind: c.req.query('kind'), keyword: c.req.query('keyword') || undefined });
  const like = keyword ? `%${escapeLike(keyword)}%` : null;
  if (kind === 'course') {
    let q = db.selectFrom('tbl_course').select(['id', 'name', 'price']).where('del_flag', '=', 0);
    if (like) q = q.where('name', 'ilike', like);
    const rows = await q.orderBy('name').limit(50).execute();
    return c.json(ok(rows.map((r) => ({ value: r.id, text: r.name, price: r.price === null ? null : Number(r.price) }))));
  }
  if (kind === 'venue') {
    let q = db.selectFrom('tbl_location').select(['id', 'name', 'detail_location']).where('del_flag', '=', 0);
    if (like) q = q.where('name', 'ilike', like);
    const rows = await q.orderBy('name').limit(50).execute();
    return c.json(ok(rows.map((r) => ({ value: r.id, text: r.name, address: r.detail_location }))));
  }
  let q = db.selectFrom('tbl_teacher').select(['id', 'name', 'subjects']).where('del_flag', '=', 0).where('status', '=', 1);
  if (like) q = q.where('name', 'ilike', like);
  const rows = await q.orderBy('name').limit(50).execute();
  return c.json(ok(rows.map((r) => ({ value: r.id, text: r.name, subjects: r.subjects }))));
});

const idBody = z.object({ id: z.string({ error: '参数错误' }).trim().min(1, '参数错误').max(32, '参数错误') });

prospectusRoutes.post(PROSPECTUS_URLS.publish, requirePerm(PERMS.prospectus.publish), async (c) => {
  const { id } = await readBody(c, idBody);
  const r = await publishProspectus(c.var.services.db, id, authOf(c).user.username);
  return c.json(ok({ token: r.token, url: `/brochure/${r.token}`, publishTime: r.publishTime }, PROSPECTUS_MESSAGES.published));
});

prospectusRoutes.post(PROSPECTUS_URLS.withdraw, requirePerm(PERMS.prospectus.publish), async (c) => {
  const { id } = await readBody(c, idBody);
  await withdrawProspectus(c.var.services.db, id, authOf(c).user.username);
  return c.json(ok(null, PROSPECTUS_MESSAGES.withdrawn));
});

prospectusRoutes.get(PROSPECTUS_URLS.exportPdf, requirePerm(PERMS.prospectus.exportPdf), async (c) => {
  const { db, storage } = c.var.services;
  const stored = await loadProspectus(db, idOf(c.req.query('id')));
  const pdf = await renderProspectusPdf(await resolveView(db, stored), storage);
  return c.body(new Uint8Array(pdf), 200, {
    'Content-Type': 'application/pdf',
    'Content-Length': String(pdf.length),
    'Content-Disposition': contentDisposition(`${stored.title}.pdf`),
    'Cache-Control': 'private, no-store',
  });
});

// ---------------------------------------------------------------- public (anonymous)

/** The published brochure of the path's token, or 404; what follows runs in the brochure's tenant. */
async function published(c: Ctx) {
  const found = await findPublished(c.var.services.db, c.req.param('token') ?? '');
  if (!found) throw NOT_FOUND();
  return found;
}

prospectusRoutes.get(PUBLIC, async (c) => {
  const brochure = await published(c);
  const view = await runInTenant(brochure.tenantId, () => resolveView(c.var.services.db, brochure));
  c.header('Cache-Control', 'no-store');
  return c.json(ok({ view: publicView(view, c.req.param('token')), captcha: c.var.services.config.captcha }));
});

/** An image the published brochure shows (cover, image blocks, teacher photos, the rich text's own images), nothing else. */
prospectusRoutes.get(`${PUBLIC}/file`, async (c) => {
  const { db, storage } = c.var.services;
  const brochure = await published(c);
  let stored: string;
  try {
    stored = normaliseStoredPath(c.req.query('path') ?? '');
  } catch (e) {
    if (e instanceof StorageError) throw NOT_FOUND();
    throw e;
  }
  const view = await runInTenant(brochure.tenantId, () => resolveView(db, brochure));
  if (!viewFilePaths(view).has(stored) || !storage) throw NOT_FOUND();
  const ext = path.posix.extname(stored).toLowerCase();
  if (!['.png', '.jpg', '.jpeg', '.gif', '.webp', '.bmp'].includes(ext)) throw NOT_FOUND();
  const opened = await storage.open(stored);
  if (!opened) throw NOT_FOUND();
  const name = path.posix.basename(stored);
  return c.body(Readable.toWeb(opened.stream) as unknown as ReadableStream<Uint8Array>, 200, {
    'Content-Type': contentTypeFor(name),
    'Content-Length': String(opened.size),
    'Content-Disposition': contentDisposition(name).replace(/^attachment/, 'inline'),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
    'Cache-Control': 'public, max-age=300',
  });
});

prospectusRoutes.post(`${PUBLIC}/signup`, async (c) => {
  const { db, config } = c.var.services;
  const brochure = await published(c);
  const input = await readBody(c, signupSchema);
  // The login's captcha and its switch (LOGIN_CAPTCHA): single use, deleted by every attempt.
  if (config.captcha) {
    if (!input.captcha || !input.checkKey) throw new ApiFailure(SIGNUP_MESSAGES.captchaRequired);
    if (!(await consumeCaptcha(db, input.checkKey, input.captcha))) throw new ApiFailure(SIGNUP_MESSAGES.captchaWrong, 412);
  }
  await runInTenant(brochure.tenantId, () => signUp(db, brochure, input, c.var.ip));
  return c.json(ok(null, SIGNUP_MESSAGES.success));
});
