import { z } from 'zod';
import type { Database } from '../db';
import type { SysUser } from '../db/schema';
import type { FileStorage } from '../storage/storage';
import { normaliseStoredPath, StorageError } from '../storage/storage';
import { binaryFamily } from '../storage/upload-checks';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import {
  ALL_ON,
  AVATAR_BIZ,
  AVATAR_MAX_BYTES,
  AVATAR_MESSAGES,
  BIND_MESSAGES,
  birthdayProblem,
  canSignInWithout,
  EMAIL_MAX,
  EMAIL_RE,
  mutedBusTypes,
  PROFILE_MESSAGES,
  REALNAME_MAX,
  type NotifySettings,
} from '../../lib/account/account-rules';

/**
 * 账户设置 (issue #26): the signed-in user's own profile, phone, avatar, message switches and third-party
 * links. Every function acts on the user it is given (the token's); nothing here takes a user id from a body.
 */

// ---------------------------------------------------------------- 基本设置

/** JeecgBoot's SysUser as `/sys/user/login/setting/getUserData` answers it (no password, no internal flags). */
export function toProfile(u: SysUser) {
  return {
    id: u.id,
    username: u.username,
    realname: u.realname,
    avatar: u.avatar,
    birthday: u.birthday,
    sex: u.sex,
    email: u.email,
    phone: u.phone,
    orgCode: u.org_code,
    workNo: u.work_no,
    post: u.post,
    telephone: u.telephone,
  };
}

const optionalText = z.union([z.string(), z.null()]).optional();

/** JeecgBoot's userEdit body: a SysUser; absent keys are left alone (updateById skips nulls), `username` is never changed. */
export const profileSchema = z.object({
  id: z.string().max(32).optional(),
  realname: z.string({ error: PROFILE_MESSAGES.realnameRequired }).trim().min(1, PROFILE_MESSAGES.realnameRequired).max(REALNAME_MAX, PROFILE_MESSAGES.realnameTooLong).optional(),
  email: optionalText,
  birthday: optionalText,
  sex: z.union([z.literal(1), z.literal(2), z.literal('1'), z.literal('2'), z.null()], { error: PROFILE_MESSAGES.sexInvalid }).optional(),
  avatar: optionalText,
  phone: optionalText,
});
export type ProfileInput = z.infer<typeof profileSchema>;

/** Today in the school's time zone, yyyy-MM-dd. */
export const shanghaiToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai' }).format(now);

const blankToNull = (v: string | null | undefined) => (v == null || !v.trim() ? null : v.trim());

/** Validates the edit against the rules of account-rules.ts and the stored avatar; answers the columns to set. */
export async function profileChanges(user: SysUser, body: ProfileInput, storage: FileStorage | undefined, now = new Date()): Promise<Partial<SysUser>> {
  if (body.id !== undefined && body.id !== user.id) throw new ApiFailure(PROFILE_MESSAGES.notOwn);
  // The phone changes only through the SMS-confirmed updateMobile; sending the current one back is fine.
  if (body.phone !== undefined && blankToNull(body.phone) !== (user.phone ?? null)) throw new ApiFailure(PROFILE_MESSAGES.phoneBySms);
  const set: Partial<SysUser> = {};
  if (body.realname !== undefined) set.realname = body.realname;
  if (body.email !== undefined) {
    const email = blankToNull(body.email);
    if (email && email.length > EMAIL_MAX) throw new ApiFailure(PROFILE_MESSAGES.emailTooLong);
    if (email && !EMAIL_RE.test(email)) throw new ApiFailure(PROFILE_MESSAGES.emailInvalid);
    set.email = email;
  }
  if (body.birthday !== undefined) {
    const birthday = blankToNull(body.birthday);
    const problem = birthday && birthdayProblem(birthday, shanghaiToday(now));
    if (problem) throw new ApiFailure(problem);
    set.birthday = birthday;
  }
  if (body.sex !== undefined) set.sex = body.sex === null ? null : Number(body.sex);
  if (body.avatar !== undefined) {
    const avatar = blankToNull(body.avatar);
    // Only a new value is checked: a stored avatar from before (a seeded URL) may be kept as it is.
    if (avatar && avatar !== user.avatar) await checkAvatarFile(storage, avatar);
    set.avatar = avatar;
  }
  return set;
}

/**
 * A new avatar must be a file of the avatar folder that exists, is at most 2 MB and whose first bytes are a raster
 * image (png, jpeg, gif, bmp, webp; never svg): decided by the stored content, whatever its name says.
 */
export async function checkAvatarFile(storage: FileStorage | undefined, input: string): Promise<void> {
  let path: string;
  try {
    path = normaliseStoredPath(input);
  } catch (e) {
    if (e instanceof StorageError) throw new ApiFailure(AVATAR_MESSAGES.missing);
    throw e;
  }
  if (!path.startsWith(`${AVATAR_BIZ}/`) || !storage) throw new ApiFailure(AVATAR_MESSAGES.missing);
  const opened = await storage.open(path);
  if (!opened) throw new ApiFailure(AVATAR_MESSAGES.missing);
  try {
    if (opened.size > AVATAR_MAX_BYTES) throw new ApiFailure(AVATAR_MESSAGES.tooLarge);
    const head = await readHead(opened.stream, 64);
    if (binaryFamily(head) !== 'image') throw new ApiFailure(AVATAR_MESSAGES.notImage);
  } finally {
    opened.stream.destroy();
  }
}

async function readHead(stream: NodeJS.ReadableStream, bytes: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let n = 0;
  for await (const chunk of stream) {
    const b = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    chunks.push(b);
    n += b.length;
    if (n >= bytes) break;
  }
  return Buffer.concat(chunks).subarray(0, bytes);
}

// ---------------------------------------------------------------- phone

/** Why `phone` cannot become this user's, or null: the same number, or another live account's. */
export async function newPhoneProblem(db: Database, user: SysUser, phone: string): Promise<string | null> {
  if (phone === user.phone) return PROFILE_MESSAGES.phoneSame;
  const other = await db.selectFrom('sys_user').select('id').where('phone', '=', phone).where('del_flag', '=', 0).where('id', '!=', user.id).executeTakeFirst();
  return other ? PROFILE_MESSAGES.phoneTaken : null;
}

/** Sets the phone in one statement that re-checks no other live account holds it (two users racing for one number). */
export async function setPhone(db: Database, user: SysUser, phone: string): Promise<boolean> {
  const r = await db
    .updateTable('sys_user')
    .set({ phone, update_time: new Date(), update_by: user.username })
    .where('id', '=', user.id)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('sys_user as o').select('o.id').where('o.phone', '=', phone).where('o.del_flag', '=', 0).where('o.id', '!=', user.id))),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

// ---------------------------------------------------------------- 新消息通知

export const notifySettingsSchema = z.object({
  announcement: z.boolean({ error: '参数错误' }),
  task: z.boolean({ error: '参数错误' }),
  homework: z.boolean({ error: '参数错误' }),
  approval: z.boolean({ error: '参数错误' }),
});

export async function loadNotifySettings(db: Database, userId: string): Promise<NotifySettings> {
  const row = await db.selectFrom('sys_user_notify_setting').select(['announcement', 'task', 'homework', 'approval']).where('user_id', '=', userId).executeTakeFirst();
  return row ? { announcement: row.announcement, task: row.task, homework: row.homework, approval: row.approval } : { ...ALL_ON };
}

export async function saveNotifySettings(db: Database, userId: string, s: NotifySettings): Promise<void> {
  const values = { announcement: s.announcement, task: s.task, homework: s.homework, approval: s.approval, update_time: new Date() };
  await db
    .insertInto('sys_user_notify_setting')
    .values({ user_id: userId, ...values })
    .onConflict((oc) => oc.column('user_id').doUpdateSet(values))
    .execute();
}

/** What the bell leaves out for this user: 系统公告 altogether, 协商任务 待办, and system messages of these bus_types. */
export interface BellMutes {
  announcements: boolean;
  tasks: boolean;
  busTypes: string[];
}

export async function bellMutes(db: Database, userId: string): Promise<BellMutes> {
  const s = await loadNotifySettings(db, userId);
  return { announcements: !s.announcement, tasks: !s.task, busTypes: mutedBusTypes(s) };
}

// ---------------------------------------------------------------- 账号绑定

export interface ThirdBinding {
  thirdType: string;
  bound: boolean;
  realname: string | null;
  avatar: string | null;
  bindTime: string | null;
}

export async function linksOf(db: Database, userId: string) {
  return db.selectFrom('sys_third_account').select(['id', 'third_type', 'third_user_uuid', 'realname', 'avatar', 'create_time']).where('sys_user_id', '=', userId).execute();
}

/** Links the provider account to the user: refused when it is someone else's, or the user has one of this type. */
export async function bindThirdAccount(db: Database, userId: string, thirdType: string, provider: { uuid: string; realname: string | null; avatar: string | null }): Promise<void> {
  await db.transaction().execute(async (tx) => {
    // Serialises two binds of the same user (two tabs) on the user's row.
    await tx.selectFrom('sys_user').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
    const holder = await tx.selectFrom('sys_third_account').select('sys_user_id').where('third_type', '=', thirdType).where('third_user_uuid', '=', provider.uuid).executeTakeFirst();
    if (holder) {
      if (holder.sys_user_id === userId) return;
      throw new ApiFailure(BIND_MESSAGES.taken);
    }
    const mine = await tx.selectFrom('sys_third_account').select('id').where('sys_user_id', '=', userId).where('third_type', '=', thirdType).executeTakeFirst();
    if (mine) throw new ApiFailure(BIND_MESSAGES.sameTypeBound);
    // The unique (third_type, uuid) constraint still refuses a concurrent bind of the same account by another user.
    await tx
      .insertInto('sys_third_account')
      .values({ id: newId(), sys_user_id: userId, third_type: thirdType, third_user_uuid: provider.uuid, realname: provider.realname, avatar: provider.avatar })
      .execute();
  });
}

/** Removes the user's link of `thirdType` unless it is the last way the user can sign in. */
export async function unbindThirdAccount(db: Database, user: SysUser, thirdType: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const me = await tx.selectFrom('sys_user').select(['password_hash', 'phone']).where('id', '=', user.id).forUpdate().executeTakeFirstOrThrow();
    const links = await tx.selectFrom('sys_third_account').select(['id', 'third_type']).where('sys_user_id', '=', user.id).execute();
    const target = links.find((l) => l.third_type === thirdType);
    if (!target) throw new ApiFailure(BIND_MESSAGES.notBound);
    if (!canSignInWithout({ hasPassword: !!me.password_hash, phone: me.phone, otherLinks: links.length - 1 })) throw new ApiFailure(BIND_MESSAGES.onlyWay);
    await tx.deleteFrom('sys_third_account').where('id', '=', target.id).execute();
  });
}

/** Whether any link may be removed now (the screen disables 解绑 otherwise and says why). */
export function canUnbindAny(user: Pick<SysUser, 'password_hash' | 'phone'>, linkCount: number): boolean {
  return canSignInWithout({ hasPassword: !!user.password_hash, phone: user.phone, otherLinks: linkCount - 1 });
}
