import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import {
  PROSPECTUS_MESSAGES,
  publicRichText,
  richTextImagePaths,
  type BrochureView,
  type ProspectusBlock,
  type ProspectusInput,
  type ViewBlock,
  type ViewCourse,
  type ViewTeacher,
  type ViewVenue,
} from '../../lib/work/prospectus-blocks';
import type { ProspectusTemplateKey } from '../../lib/work/prospectus-templates';
import { sanitizeHtml } from '../../lib/sanitize-html';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { binaryFamily } from '../storage/upload-checks';
import { normaliseStoredPath, StorageError, type FileStorage } from '../storage/storage';
import { formatDateTime } from '../core/format';

/**
 * 招生简章 (issue #26 item 5): saving a brochure (typed blocks checked, references checked in the tenant, rich text
 * sanitised, images checked by their first bytes), publishing and withdrawing its public link, and resolving it into
 * the one view every renderer draws (the editor's 预览, the public page, the PDF). The public sign-up is in
 * prospectus-signup.ts, the PDF in prospectus-pdf.ts.
 */

const UNIT_TEXT: Record<number, string> = { 1: '课时', 2: '天', 3: '月' };
/** 256 random bits, url-safe: the public link cannot be guessed. */
export const newPublicToken = () => randomBytes(32).toString('base64url');
export const PUBLIC_TOKEN_RE = /^[A-Za-z0-9_-]{43}$/;

export interface StoredProspectus {
  id: string;
  title: string;
  template: ProspectusTemplateKey;
  subtitle: string | null;
  cover: string | null;
  blocks: ProspectusBlock[];
  status: number;
  publicToken: string | null;
  publishTime: string | null;
}

const live = <T extends { del_flag: number }>(row: T | undefined) => (row && row.del_flag === 0 ? row : undefined);

/** The editor's record (blocks as stored). */
export async function loadProspectus(db: Database, id: string): Promise<StoredProspectus> {
  const row = live(await db.selectFrom('tbl_prospectus').selectAll().where('id', '=', id).executeTakeFirst());
  if (!row) throw new ApiFailure(PROSPECTUS_MESSAGES.notFound);
  return {
    id: row.id,
    title: row.title,
    template: row.template as ProspectusTemplateKey,
    subtitle: row.subtitle,
    cover: row.cover,
    blocks: (Array.isArray(row.blocks) ? row.blocks : []) as ProspectusBlock[],
    status: row.status,
    publicToken: row.public_token,
    publishTime: formatDateTime(row.publish_time),
  };
}

export interface ReferenceLabels {
  courses: Record<string, string>;
  venues: Record<string, string>;
  teachers: Record<string, string>;
}

/** The names of the rows a brochure's blocks name, for the composer's selects (one query per kind). */
export async function referenceLabels(db: Database, blocks: ProspectusBlock[]): Promise<ReferenceLabels> {
  const pick = (type: ProspectusBlock['type'], f: (b: ProspectusBlock) => string[]) => [...new Set(blocks.filter((b) => b.type === type).flatMap(f))];
  const courseIds = pick('courses', (b) => (b.type === 'courses' ? b.items.map((i) => i.courseId) : []));
  const venueIds = pick('venues', (b) => (b.type === 'venues' ? b.items.map((i) => i.locationId) : []));
  const teacherIds = pick('teachers', (b) => (b.type === 'teachers' ? b.items.map((i) => i.teacherId) : []));
  const names = async (table: 'tbl_course' | 'tbl_location' | 'tbl_teacher', ids: string[]) =>
    ids.length ? Object.fromEntries((await db.selectFrom(table).select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id, r.name])) : {};
  const [courses, venues, teachers] = await Promise.all([names('tbl_course', courseIds), names('tbl_location', venueIds), names('tbl_teacher', teacherIds)]);
  return { courses, venues, teachers };
}

// ---------------------------------------------------------------- checking what is saved

/** A stored raster image (png, jpeg, gif, bmp, webp by its first bytes): its normalised path. */
async function checkImage(storage: FileStorage | undefined, raw: string): Promise<string> {
  let path: string;
  try {
    path = normaliseStoredPath(raw);
  } catch (e) {
    if (e instanceof StorageError) throw new ApiFailure(PROSPECTUS_MESSAGES.imageInvalid);
    throw e;
  }
  const opened = storage ? await storage.open(path) : null;
  if (!opened) throw new ApiFailure(PROSPECTUS_MESSAGES.imageInvalid);
  try {
    let head = Buffer.alloc(0);
    for await (const chunk of opened.stream) {
      head = Buffer.concat([head, Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string)]);
      if (head.length >= 64) break;
    }
    if (binaryFamily(head) !== 'image') throw new ApiFailure(PROSPECTUS_MESSAGES.imageInvalid);
  } finally {
    opened.stream.destroy();
  }
  return path;
}

/** Every referenced id must be a live row of the caller's tenant (the scope plugin adds the tenant). */
async function assertAllLive(db: Database, table: 'tbl_course' | 'tbl_location' | 'tbl_teacher', ids: string[], message: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return;
  const found = await db.selectFrom(table).select('id').where('id', 'in', unique).where('del_flag', '=', 0).execute();
  if (found.length !== unique.length) throw new ApiFailure(message);
}

/** The blocks as they will be stored: references checked, rich text sanitised, image paths normalised. */
async function normaliseBlocks(db: Database, storage: FileStorage | undefined, blocks: ProspectusBlock[]): Promise<ProspectusBlock[]> {
  const out: ProspectusBlock[] = [];
  for (const b of blocks) {
    switch (b.type) {
      case 'courses':
        await assertAllLive(db, 'tbl_course', b.items.map((i) => i.courseId), PROSPECTUS_MESSAGES.courseMissing);
        out.push({ ...b, items: b.items.map((i) => ({ ...i, price: i.price === null ? null : Math.round(i.price * 100) / 100 })) });
        break;
      case 'venues':
        await assertAllLive(db, 'tbl_location', b.items.map((i) => i.locationId), PROSPECTUS_MESSAGES.venueMissing);
        out.push(b);
        break;
      case 'teachers':
        await assertAllLive(db, 'tbl_teacher', b.items.map((i) => i.teacherId), PROSPECTUS_MESSAGES.teacherMissing);
        out.push(b);
        break;
      case 'richText':
        out.push({ ...b, html: sanitizeHtml(b.html) });
        break;
      case 'images': {
        const paths: string[] = [];
        for (const p of b.paths) paths.push(await checkImage(storage, p));
        out.push({ ...b, paths });
        break;
      }
      default:
        out.push(b);
    }
  }
  return out;
}

/** Adds (no id) or edits a brochure; answers its id. Published brochures may be edited: the link shows the new text. */
export async function saveProspectus(db: Database, storage: FileStorage | undefined, input: ProspectusInput, username: string): Promise<string> {
  const blocks = await normaliseBlocks(db, storage, input.blocks);
  const cover = input.cover ? await checkImage(storage, input.cover) : null;
  const now = new Date();
  const values = { title: input.title, subtitle: input.subtitle, template: input.template, cover, blocks: JSON.stringify(blocks) };
  if (!input.id) {
    const id = newId();
    await db.insertInto('tbl_prospectus').values({ id, ...values, create_by: username, create_time: now }).execute();
    return id;
  }
  const done = await db.updateTable('tbl_prospectus').set({ ...values, update_by: username, update_time: now }).where('id', '=', input.id).where('del_flag', '=', 0).returning('id').executeTakeFirst();
  if (!done) throw new ApiFailure(PROSPECTUS_MESSAGES.notFound);
  return done.id;
}

/** 发布: a new random link (a brochure published again after a withdrawal never gets its old link back). */
export async function publishProspectus(db: Database, id: string, username: string): Promise<{ token: string; publishTime: string | null }> {
  const now = new Date();
  const token = newPublicToken();
  const done = await db
    .updateTable('tbl_prospectus')
    .set({ status: 1, public_token: sql<string>`coalesce(public_token, ${token})`, publish_time: sql<Date>`coalesce(publish_time, ${now})`, update_by: username, update_time: now })
    .where('id', '=', id)
    .where('del_flag', '=', 0)
    .returning(['public_token', 'publish_time'])
    .executeTakeFirst();
  if (!done?.public_token) throw new ApiFailure(PROSPECTUS_MESSAGES.notFound);
  return { token: done.public_token, publishTime: formatDateTime(done.publish_time) };
}

/** 撤回: the token is dropped, so the link answers 404 from the next request on. */
export async function withdrawProspectus(db: Database, id: string, username: string): Promise<void> {
  const done = await db
    .updateTable('tbl_prospectus')
    .set({ status: 0, public_token: null, publish_time: null, update_by: username, update_time: new Date() })
    .where('id', '=', id)
    .where('del_flag', '=', 0)
    .returning('id')
    .executeTakeFirst();
  if (!done) throw new ApiFailure(PROSPECTUS_MESSAGES.notFound);
}

// ---------------------------------------------------------------- the view

interface ViewSource {
  title: string;
  subtitle: string | null;
  template: ProspectusTemplateKey;
  cover: string | null;
  blocks: ProspectusBlock[];
}

/**
 * The brochure as every renderer draws it: course names, prices and units from the catalogue (the brochure's own price
 * wins), venue names and addresses, teacher names, subjects and account photos. One query per kind for the whole
 * brochure; references deleted since the save are left out rather than shown broken.
 */
export async function resolveView(db: Database, src: ViewSource): Promise<BrochureView> {
  const ids = (type: ProspectusBlock['type'], pick: (b: ProspectusBlock) => string[]) => [...new Set(src.blocks.filter((b) => b.type === type).flatMap(pick))];
  const courseIds = ids('courses', (b) => (b.type === 'courses' ? b.items.map((i) => i.courseId) : []));
  const venueIds = ids('venues', (b) => (b.type === 'venues' ? b.items.map((i) => i.locationId) : []));
  const teacherIds = ids('teachers', (b) => (b.type === 'teachers' ? b.items.map((i) => i.teacherId) : []));
  const [courses, venues, teachers] = await Promise.all([
    courseIds.length ? db.selectFrom('tbl_course').select(['id', 'name', 'price', 'unit', 'intro']).where('id', 'in', courseIds).where('del_flag', '=', 0).execute() : [],
    venueIds.length ? db.selectFrom('tbl_location').select(['id', 'name', 'detail_location', 'longitude', 'latitude']).where('id', 'in', venueIds).where('del_flag', '=', 0).execute() : [],
    teacherIds.length
      ? db
          .selectFrom('tbl_teacher as t')
          .leftJoin('sys_user as u', 'u.id', 't.user_id')
          .select(['t.id', 't.name', 't.subjects', 'u.avatar'])
          .where('t.id', 'in', teacherIds)
          .where('t.del_flag', '=', 0)
          .execute()
      : [],
  ]);
  const courseById = new Map(courses.map((c) => [c.id, c]));
  const venueById = new Map(venues.map((v) => [v.id, v]));
  const teacherById = new Map(teachers.map((t) => [t.id, t]));
  const num = (v: unknown) => (v === null || v === undefined || v === '' ? null : Number(v));

  const blocks: ViewBlock[] = src.blocks.map((b): ViewBlock => {
    switch (b.type) {
      case 'courses':
        return {
          type: 'courses',
          title: b.title,
          items: b.items.flatMap((i): ViewCourse[] => {
            const c = courseById.get(i.courseId);
            if (!c) return [];
            return [{ courseId: c.id, name: c.name, price: i.price ?? num(c.price), unit: UNIT_TEXT[c.unit] ?? '', note: i.note, intro: c.intro ?? '' }];
          }),
        };
      case 'venues':
        return {
          type: 'venues',
          title: b.title,
          items: b.items.flatMap((i): ViewVenue[] => {
            const v = venueById.get(i.locationId);
            return v ? [{ name: v.name, address: v.detail_location, longitude: num(v.longitude), latitude: num(v.latitude) }] : [];
          }),
        };
      case 'teachers':
        return {
          type: 'teachers',
          title: b.title,
          items: b.items.flatMap((i): ViewTeacher[] => {
            const t = teacherById.get(i.teacherId);
            return t ? [{ name: t.name, subjects: t.subjects ?? '', intro: i.intro, photo: t.avatar || null }] : [];
          }),
        };
      case 'richText':
        // Sanitised on save; again here, as every display of stored HTML does.
        return { type: 'richText', title: b.title, html: sanitizeHtml(b.html) };
      case 'schedule':
        return { type: 'schedule', title: b.title, rows: b.rows };
      case 'images':
        return { type: 'images', title: b.title, paths: b.paths };
    }
  });
  return { title: src.title, subtitle: src.subtitle, template: src.template, cover: src.cover, blocks };
}

/** The stored files a published view may hand out through its public link: exactly the ones it shows. */
export function viewFilePaths(view: BrochureView): Set<string> {
  const out = new Set<string>();
  if (view.cover) out.add(view.cover);
  for (const b of view.blocks) {
    if (b.type === 'images') b.paths.forEach((p) => out.add(p));
    if (b.type === 'teachers') b.items.forEach((t) => t.photo && out.add(t.photo));
    if (b.type === 'richText') richTextImagePaths(b.html).forEach((p) => out.add(p));
  }
  return out;
}

// ---------------------------------------------------------------- the public read

export interface PublishedProspectus extends ViewSource {
  id: string;
  tenantId: number;
}

/**
 * The live published brochure of a token, whatever its tenant (an anonymous request has none: the caller runs what
 * follows in `tenantId`). A withdrawn, deleted or unknown token: null.
 */
export async function findPublished(db: Database, token: string): Promise<PublishedProspectus | null> {
  if (!PUBLIC_TOKEN_RE.test(token)) return null;
  const row = await db
    .selectFrom('tbl_prospectus')
    .select(['id', 'title', 'subtitle', 'template', 'cover', 'blocks', sql<number>`tenant_id`.as('tenant_id')])
    .where('public_token', '=', token)
    .where('status', '=', 1)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    tenantId: Number(row.tenant_id),
    title: row.title,
    subtitle: row.subtitle,
    template: row.template as ProspectusTemplateKey,
    cover: row.cover,
    blocks: (Array.isArray(row.blocks) ? row.blocks : []) as ProspectusBlock[],
  };
}

/** The public answer: the view with the rich text's images re-pointed at the public file route. */
export function publicView(view: BrochureView, token: string): BrochureView {
  return { ...view, blocks: view.blocks.map((b) => (b.type === 'richText' ? { ...b, html: sanitizeHtml(publicRichText(b.html, token)) } : b)) };
}
