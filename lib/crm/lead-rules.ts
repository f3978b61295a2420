/**
 * The pure rules of 线索 and 跟进记录 (issue #23, domain §7), shared by the embedded backend (which enforces
 * them) and the screens (which say them before a round trip): tags, phone normalisation, due times, overdue.
 * Times are instants (`Date`); wire times are Asia/Shanghai wall time 'YYYY-MM-DD HH:mm:ss' (no DST, +08:00).
 * Every rule takes `now` from its caller, so tests run on a fixed clock.
 */

export const LEAD_LIMITS = { maxTags: 20, maxTagLength: 20, reasonMax: 200, followContentMax: 1000, followImagesMax: 9, taskTitleMax: 100, taskContentMax: 1000 } as const;

/** follow_status (migration 0028): 0 待跟进 1 跟进中 2 已约课 3 已体验 4 已失效 5 已转化. */
export const FOLLOW_STATUS = { pending: 0, following: 1, booked: 2, tried: 3, lost: 4, converted: 5 } as const;

/** tbl_lead_follow.method: 1 电话 2 微信 3 到访. */
export const FOLLOW_METHODS = [
  { value: 1, text: '电话' },
  { value: 2, text: '微信' },
  { value: 3, text: '到访' },
] as const;

export const LEAD_MESSAGES = {
  notOwner: '只有线索的负责人或市场人员可以操作该线索',
  notFound: '未找到对应数据',
  duplicatePhone: (owner: string) => `该手机号已存在线索（负责人：${owner}）`,
  duplicateInPool: '该手机号已存在于线索池中',
  phoneInvalid: '请输入正确的手机号码!',
  tooManyTags: `标签不能超过${LEAD_LIMITS.maxTags}个`,
  tagTooLong: `每个标签不能超过${LEAD_LIMITS.maxTagLength}个字符`,
  nextFollowInPast: '下次跟进时间不能早于当前时间',
  reasonTooLong: `原因不能超过${LEAD_LIMITS.reasonMax}个字符`,
  followContentRequired: '请输入跟进内容',
  followContentTooLong: `跟进内容不能超过${LEAD_LIMITS.followContentMax}个字符`,
  followMethod: '请选择跟进方式',
  tooManyImages: `图片最多${LEAD_LIMITS.followImagesMax}张`,
  imageInvalid: '图片不存在或格式不正确，请重新上传',
  taskTitleRequired: '请输入任务标题',
  taskAssigneeRequired: '请选择负责人',
  taskDueRequired: '请选择截止时间',
  convertedByConvert: '“已转化”状态由线索转化设置',
  trialStudentNameRequired: '请填写学员姓名',
  trialStudentNameTooLong: '学员姓名不能超过50个字符',
  selectOne: '请选择一条记录！',
} as const;

const TAG_SPLIT = /[,，]/;

/**
 * A tag set from the wire (a comma string or an array): trimmed, empty ones dropped, duplicates dropped in
 * their first order. Commas cannot be part of a tag (the column is comma-joined).
 */
export function parseTags(input: unknown): string[] {
  const items = Array.isArray(input) ? input.flatMap((v) => (typeof v === 'string' || typeof v === 'number' ? String(v).split(TAG_SPLIT) : [])) : typeof input === 'string' ? input.split(TAG_SPLIT) : [];
  const out: string[] = [];
  for (const raw of items) {
    const t = raw.trim();
    if (t && !out.includes(t)) out.push(t);
  }
  return out;
}

/** Why a tag set is refused (≤ 20 tags, each ≤ 20 characters), or null. Characters, not UTF-16 units. */
export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.length > LEAD_LIMITS.maxTags) return LEAD_MESSAGES.tooManyTags;
  if (tags.some((t) => [...t].length > LEAD_LIMITS.maxTagLength)) return LEAD_MESSAGES.tagTooLong;
  return null;
}

/**
 * A phone number as stored and deduplicated: spaces, dashes, dots and brackets removed, a +86 / 0086 / 86
 * country prefix of an 11-digit mobile dropped. '138 0013-8000' and '+86 13800138000' are the same lead.
 */
export function normalisePhone(raw: unknown): string {
  if (typeof raw !== 'string' && typeof raw !== 'number') return '';
  let s = String(raw).replace(/[\s\-.()（）]/g, '');
  const m = /^(?:\+?0{0,2}86)(1\d{10})$/.exec(s);
  if (m) s = m[1];
  return s;
}

export const isMobile = (phone: string) => /^1[3-9]\d{9}$/.test(phone);

/** Shanghai wall time 'YYYY-MM-DD HH:mm[:ss]' (or 'YYYY-MM-DD', its first second) → the instant; null when not a real time. */
export function parseWallTime(s: unknown): Date | null {
  if (typeof s !== 'string') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(s.trim());
  if (!m) return null;
  const [y, mo, d, h, mi, sec] = [m[1], m[2], m[3], m[4] ?? '00', m[5] ?? '00', m[6] ?? '00'].map(Number);
  if (h > 23 || mi > 59 || sec > 59) return null;
  const utc = Date.UTC(y, mo - 1, d, h, mi, sec);
  const check = new Date(utc);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d) return null;
  return new Date(utc - 8 * 3600_000);
}

/**
 * Whether a chosen next follow-up time lies in the past. Pickers choose minutes, so a time in the current minute
 * still counts as now (a user picking "now" is not refused for the seconds it took to press 确定). A task's due
 * time (addBatchTask) follows the tasks' own rule, lib/crm/task-rules.ts `dueTimeProblem`.
 */
export function isInPast(at: Date, now: Date): boolean {
  return at.getTime() < Math.floor(now.getTime() / 60_000) * 60_000;
}

/** The first instant after today in Asia/Shanghai: 今日待跟进 lists next follow-ups before it (overdue ones included). */
export function endOfShanghaiDay(now: Date): Date {
  const shifted = now.getTime() + 8 * 3600_000;
  const dayStart = shifted - (((shifted % 86_400_000) + 86_400_000) % 86_400_000);
  return new Date(dayStart + 86_400_000 - 8 * 3600_000);
}

/** A next follow-up (an instant or a wire wall time) before now: 已逾期. */
export function isOverdue(next: Date | string | null | undefined, now: Date): boolean {
  const at = next instanceof Date ? next : parseWallTime(next);
  return at !== null && at.getTime() < now.getTime();
}
