import { z } from '../zod';
import { normalisePhone } from '../crm/lead-rules';
import { PROSPECTUS_TEMPLATES, type ProspectusTemplateKey } from './prospectus-templates';
import { PUBLIC_API, SIGNUP_LIMITS, SIGNUP_MESSAGES } from './prospectus-public';

export { PROSPECTUS_LEAD_CHANNEL, PUBLIC_API, SIGNUP_LIMITS, SIGNUP_MESSAGES } from './prospectus-public';

/**
 * 招生简章's content (issue #26 item 5): the typed blocks a brochure is composed of, their limits and messages,
 * the resolved view every renderer draws (the editor's 预览, the public page and the PDF), the templates' themes and
 * the public sign-up's rules. Pure data and functions: the screen, the server and the public page share them.
 */

export const PROSPECTUS_LIMITS = {
  title: 60,
  subtitle: 100,
  blocks: 30,
  blockTitle: 30,
  items: 50,
  note: 100,
  scheduleTime: 50,
  scheduleContent: 200,
  teacherIntro: 300,
  richHtml: 20_000,
  images: 9,
  price: 9_999_999,
} as const;

export const PROSPECTUS_MESSAGES = {
  titleRequired: '请输入标题',
  titleTooLong: `标题最多${PROSPECTUS_LIMITS.title}个字`,
  subtitleTooLong: `副标题最多${PROSPECTUS_LIMITS.subtitle}个字`,
  templateInvalid: '模板不存在',
  blocksInvalid: '简章内容格式错误',
  tooManyBlocks: `内容块最多${PROSPECTUS_LIMITS.blocks}个`,
  tooManyItems: `每个内容块最多${PROSPECTUS_LIMITS.items}项`,
  tooManyImages: `每个图片块最多${PROSPECTUS_LIMITS.images}张`,
  blockTitleTooLong: `内容块标题最多${PROSPECTUS_LIMITS.blockTitle}个字`,
  noteTooLong: `备注最多${PROSPECTUS_LIMITS.note}个字`,
  priceInvalid: '价格须为0到9999999之间的数字',
  scheduleTimeRequired: '请填写课程安排的时间',
  scheduleTimeTooLong: `时间最多${PROSPECTUS_LIMITS.scheduleTime}个字`,
  scheduleContentTooLong: `安排内容最多${PROSPECTUS_LIMITS.scheduleContent}个字`,
  introTooLong: `教师介绍最多${PROSPECTUS_LIMITS.teacherIntro}个字`,
  richTooLong: '图文内容过长',
  courseMissing: '所选课程不存在，请重新选择',
  venueMissing: '所选场地不存在，请重新选择',
  teacherMissing: '所选教师不存在，请重新选择',
  imageInvalid: '图片不存在或格式不正确',
  notFound: '招生简章不存在',
  notPublished: '招生简章未发布或已撤回',
  published: '发布成功',
  withdrawn: '已撤回，公开链接已失效',
  editPublished: '已发布的招生简章不能修改，请先撤回',
} as const;

export const BLOCK_TYPES = ['courses', 'schedule', 'venues', 'teachers', 'richText', 'images'] as const;
export type BlockType = (typeof BLOCK_TYPES)[number];

export const BLOCK_LABELS: Record<BlockType, string> = {
  courses: '课程与价格',
  schedule: '课程安排',
  venues: '上课地点',
  teachers: '师资介绍',
  richText: '图文介绍',
  images: '图片',
};

const id = z.string().trim().min(1).max(32);
const text = (max: number, message: string) => z.string().trim().max(max, message);
const blockTitle = text(PROSPECTUS_LIMITS.blockTitle, PROSPECTUS_MESSAGES.blockTitleTooLong).optional().default('');
const items = <T extends z.ZodType>(item: T) => z.array(item).max(PROSPECTUS_LIMITS.items, PROSPECTUS_MESSAGES.tooManyItems);

/** The stored blocks, as the editor sends them and the database keeps them (ids and stored paths only). */
export const blockSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('courses'),
    title: blockTitle,
    items: items(
      z.object({
        courseId: id,
        // null: the course's catalogue price.
        price: z.number({ error: PROSPECTUS_MESSAGES.priceInvalid }).min(0, PROSPECTUS_MESSAGES.priceInvalid).max(PROSPECTUS_LIMITS.price, PROSPECTUS_MESSAGES.priceInvalid).nullable().optional().default(null),
        note: text(PROSPECTUS_LIMITS.note, PROSPECTUS_MESSAGES.noteTooLong).optional().default(''),
      }),
    ),
  }),
  z.object({
    type: z.literal('schedule'),
    title: blockTitle,
    rows: items(
      z.object({
        time: z.string().trim().min(1, PROSPECTUS_MESSAGES.scheduleTimeRequired).max(PROSPECTUS_LIMITS.scheduleTime, PROSPECTUS_MESSAGES.scheduleTimeTooLong),
        content: text(PROSPECTUS_LIMITS.scheduleContent, PROSPECTUS_MESSAGES.scheduleContentTooLong).optional().default(''),
      }),
    ),
  }),
  z.object({ type: z.literal('venues'), title: blockTitle, items: items(z.object({ locationId: id })) }),
  z.object({
    type: z.literal('teachers'),
    title: blockTitle,
    items: items(z.object({ teacherId: id, intro: text(PROSPECTUS_LIMITS.teacherIntro, PROSPECTUS_MESSAGES.introTooLong).optional().default('') })),
  }),
  z.object({ type: z.literal('richText'), title: blockTitle, html: z.string().max(PROSPECTUS_LIMITS.richHtml, PROSPECTUS_MESSAGES.richTooLong).default('') }),
  z.object({
    type: z.literal('images'),
    title: blockTitle,
    paths: z.array(z.string().trim().min(1).max(500)).max(PROSPECTUS_LIMITS.images, PROSPECTUS_MESSAGES.tooManyImages),
  }),
]);

export type ProspectusBlock = z.infer<typeof blockSchema>;
export type BlockOf<T extends BlockType> = Extract<ProspectusBlock, { type: T }>;

const isTemplate = (v: string): v is ProspectusTemplateKey => PROSPECTUS_TEMPLATES.some((t) => t.key === v);

/** The editor's body (add / edit / preview). */
export const prospectusInputSchema = z.object({
  id: z.string().trim().max(32).optional(),
  title: z.string({ error: PROSPECTUS_MESSAGES.titleRequired }).trim().min(1, PROSPECTUS_MESSAGES.titleRequired).max(PROSPECTUS_LIMITS.title, PROSPECTUS_MESSAGES.titleTooLong),
  subtitle: text(PROSPECTUS_LIMITS.subtitle, PROSPECTUS_MESSAGES.subtitleTooLong).nullish().transform((v) => v || null),
  template: z.string({ error: PROSPECTUS_MESSAGES.templateInvalid }).refine(isTemplate, PROSPECTUS_MESSAGES.templateInvalid),
  cover: z.string().trim().max(500).nullish().transform((v) => v || null),
  blocks: z.array(blockSchema, { error: PROSPECTUS_MESSAGES.blocksInvalid }).max(PROSPECTUS_LIMITS.blocks, PROSPECTUS_MESSAGES.tooManyBlocks).default([]),
});

export type ProspectusInput = z.infer<typeof prospectusInputSchema>;

/** An empty block of a type, as 添加内容块 makes it. */
export function emptyBlock(type: BlockType): ProspectusBlock {
  switch (type) {
    case 'courses':
      return { type, title: '', items: [] };
    case 'schedule':
      return { type, title: '', rows: [] };
    case 'venues':
      return { type, title: '', items: [] };
    case 'teachers':
      return { type, title: '', items: [] };
    case 'richText':
      return { type, title: '', html: '' };
    case 'images':
      return { type, title: '', paths: [] };
  }
}

/** Moves block `from` one step up (-1) or down (+1); out-of-range moves return the list unchanged. */
export function moveBlock<T>(list: readonly T[], from: number, step: -1 | 1): T[] {
  const to = from + step;
  if (from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  [next[from], next[to]] = [next[to], next[from]];
  return next;
}

// ---------------------------------------------------------------- the resolved view

export interface ViewCourse {
  courseId: string;
  name: string;
  /** Yuan; null when neither the brochure nor the course gives one (shown 咨询). */
  price: number | null;
  unit: string;
  note: string;
  intro: string;
}
export interface ViewVenue {
  name: string;
  address: string;
  longitude: number | null;
  latitude: number | null;
}
export interface ViewTeacher {
  name: string;
  subjects: string;
  intro: string;
  /** Stored path of the teacher's account avatar. */
  photo: string | null;
}

export type ViewBlock =
  | { type: 'courses'; title: string; items: ViewCourse[] }
  | { type: 'schedule'; title: string; rows: { time: string; content: string }[] }
  | { type: 'venues'; title: string; items: ViewVenue[] }
  | { type: 'teachers'; title: string; items: ViewTeacher[] }
  | { type: 'richText'; title: string; html: string }
  | { type: 'images'; title: string; paths: string[] };

/** What every renderer draws: no ids of staff, no internal notes; images as stored paths. */
export interface BrochureView {
  title: string;
  subtitle: string | null;
  template: ProspectusTemplateKey;
  cover: string | null;
  blocks: ViewBlock[];
}

/** How a renderer turns a stored path into an image address: signed in (preview) or through the public link. */
export type FileAccess = { kind: 'static' } | { kind: 'public'; token: string };

export const STATIC_PREFIX = '/jeecg-boot/sys/common/static/';

export function fileUrl(access: FileAccess, path: string): string {
  if (access.kind === 'static') return STATIC_PREFIX + path.split('/').map(encodeURIComponent).join('/');
  return `/jeecg-boot${PUBLIC_API}/${encodeURIComponent(access.token)}/file?path=${encodeURIComponent(path)}`;
}

/** The stored paths a rich text's images name through the signed-in static route (what the public file route may serve). */
export function richTextImagePaths(html: string): string[] {
  const out: string[] = [];
  const re = /<img\b[^>]*?\bsrc="([^"]+)"/gi;
  for (let m = re.exec(html); m; m = re.exec(html)) {
    const src = m[1].replace(/&amp;/g, '&');
    if (!src.startsWith(STATIC_PREFIX)) continue;
    try {
      out.push(decodeURIComponent(src.slice(STATIC_PREFIX.length)));
    } catch {
      // An undecodable address is simply not served.
    }
  }
  return out;
}

/** The rich text's own images re-pointed at the public file route (the static route needs a session). */
export function publicRichText(html: string, token: string): string {
  return html.replace(/(<img\b[^>]*?\bsrc=")([^"]+)"/gi, (whole, head: string, src: string) => {
    const raw = src.replace(/&amp;/g, '&');
    if (!raw.startsWith(STATIC_PREFIX)) return whole;
    try {
      return `${head}${fileUrl({ kind: 'public', token }, decodeURIComponent(raw.slice(STATIC_PREFIX.length))).replace(/&/g, '&amp;')}"`;
    } catch {
      return whole;
    }
  });
}

/** A map link for a venue with coordinates (opens the map site; no key, nothing loaded by the page). */
export const venueMapLink = (v: ViewVenue): string | null =>
  v.longitude !== null && v.latitude !== null ? `https://uri.amap.com/marker?position=${v.longitude},${v.latitude}&name=${encodeURIComponent(v.name)}` : null;

export const formatPrice = (price: number | null): string => (price === null ? '咨询' : `¥${price.toFixed(2)}`);

// ---------------------------------------------------------------- themes

export interface ProspectusTheme {
  /** Headings, table header, the form's button. */
  primary: string;
  /** Prices and highlights. */
  accent: string;
  /** Page background. */
  background: string;
  /** Block background. */
  surface: string;
  text: string;
  /** banner: a coloured title band; centered: a centred title over the cover; card: blocks as cards. */
  layout: 'banner' | 'centered' | 'card';
}

/** Each template decides colours and layout; the PDF uses the same colours. */
export const PROSPECTUS_THEMES: Record<ProspectusTemplateKey, ProspectusTheme> = {
  prospectus: { primary: '#1677ff', accent: '#fa541c', background: '#f5f8ff', surface: '#ffffff', text: '#1f1f1f', layout: 'banner' },
  newProspectu: { primary: '#13a8a8', accent: '#d4380d', background: '#f0fbfa', surface: '#ffffff', text: '#1f1f1f', layout: 'card' },
  newProspectu3: { primary: '#722ed1', accent: '#eb2f96', background: '#f9f5ff', surface: '#ffffff', text: '#1f1f1f', layout: 'card' },
  BeBornInto: { primary: '#cf1322', accent: '#d48806', background: '#fff8f0', surface: '#ffffff', text: '#262626', layout: 'centered' },
  BeBornIntoCopy: { primary: '#ad4e00', accent: '#cf1322', background: '#fffbe6', surface: '#ffffff', text: '#262626', layout: 'centered' },
  'workCNv3.5': { primary: '#237804', accent: '#1677ff', background: '#f6ffed', surface: '#ffffff', text: '#1f1f1f', layout: 'banner' },
};

export const templateTitle = (key: string): string => PROSPECTUS_TEMPLATES.find((t) => t.key === key)?.title ?? key;

// ---------------------------------------------------------------- the public sign-up

export const signupSchema = z.object({
  name: z.string({ error: SIGNUP_MESSAGES.nameRequired }).trim().min(1, SIGNUP_MESSAGES.nameRequired).max(SIGNUP_LIMITS.name, SIGNUP_MESSAGES.nameTooLong),
  // '138 0013 8000' or '+86…' as the CRM takes them: normalised first.
  phone: z
    .string({ error: SIGNUP_MESSAGES.phoneInvalid })
    .transform(normalisePhone)
    .pipe(z.string().regex(/^1[3-9]\d{9}$/, SIGNUP_MESSAGES.phoneInvalid)),
  // Optional: a parent may leave it for the first call; the lead keeps it as 孩子姓名 and 预约试听 offers it.
  childName: z.string().trim().max(SIGNUP_LIMITS.childName, SIGNUP_MESSAGES.childNameTooLong).nullish().transform((v) => v || null),
  childAge: z
    .union([z.number(), z.string()])
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = Number(v);
      if (!Number.isInteger(n) || n < 1 || n > 99) {
        ctx.addIssue({ code: 'custom', message: SIGNUP_MESSAGES.ageInvalid });
        return z.NEVER;
      }
      return n;
    }),
  grade: z.string().trim().max(SIGNUP_LIMITS.grade, SIGNUP_MESSAGES.gradeTooLong).nullish().transform((v) => v || null),
  courseId: z.string().trim().max(32).nullish().transform((v) => v || null),
  remark: z.string().trim().max(SIGNUP_LIMITS.remark, SIGNUP_MESSAGES.remarkTooLong).nullish().transform((v) => v || null),
  captcha: z.string().trim().max(10).nullish(),
  checkKey: z.string().trim().max(64).nullish(),
});

export type SignupInput = z.infer<typeof signupSchema>;

/** The lead's 备注: where it came from, then what the visitor wrote (plain text; shown escaped everywhere). */
export function signupRemark(brochureTitle: string, input: Pick<SignupInput, 'childAge' | 'remark'>): string {
  const parts = [`来自招生简章《${brochureTitle}》`];
  if (input.childAge !== null) parts.push(`孩子年龄：${input.childAge}岁`);
  if (input.remark) parts.push(`留言：${input.remark}`);
  return parts.join('；').slice(0, 500);
}

/** What a brochure sign-up wrote, read back from a lead's 备注 (signupRemark's format); null for any other 备注. */
export interface SignupRemarkParts {
  brochure: string;
  childAge: number | null;
  message: string | null;
}

const SIGNUP_REMARK = /^来自招生简章《([\s\S]*?)》(?:；孩子年龄：(\d{1,2})岁)?(?:；留言：([\s\S]*))?$/;

export function parseSignupRemark(remark: string | null | undefined): SignupRemarkParts | null {
  const m = remark ? SIGNUP_REMARK.exec(remark) : null;
  if (!m) return null;
  return { brochure: m[1], childAge: m[2] ? Number(m[2]) : null, message: m[3] ?? null };
}
