import { sql } from 'kysely';
import type { Database } from '../db';
import { escapeLike } from '../db/like';
import { PERMS } from '../../lib/permissions/codes';

/**
 * The teacher options of the venue form's 负责人 picker (spec 01 §3 "Teacher option": value = id,
 * text = realname, plus phone): `GET /clazz/tblTeachScheduleTeacher/teacherList`.
 * A teacher is an active (status 1), undeleted user holding the role whose code is 'teacher'. The
 * teaching-affairs issue will widen this to teacher records: `listTeachers` is the one place to change.
 */

export const TEACHER_LIST_PERM = PERMS.teacherPicker.list;
export const TEACHER_ROLE_CODE = 'teacher';
export const TEACHER_LIST_LIMIT = 500;
const MAX_KEYWORD = 50;

export interface TeacherOption {
  value: string;
  text: string;
  phone: string | null;
  id: string;
  realname: string;
}

export interface TeacherQuery {
  /** Part of the realname, phone or username (matched literally). */
  keyword?: string;
  /** Only these user ids (the options already chosen). */
  ids?: string[];
  limit?: number;
}

/** Active teachers, by realname; also the check that a venue's 负责人 is one (`ids: [id]`). */
export async function listTeachers(db: Database, query: TeacherQuery = {}): Promise<TeacherOption[]> {
  let q = db
    .selectFrom('sys_user as u')
    .select(['u.id', 'u.realname', 'u.phone'])
    .where('u.status', '=', 1)
    .where('u.del_flag', '=', 0)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('sys_user_role as ur')
          .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
          .select(sql<number>`1`.as('one'))
          .whereRef('ur.user_id', '=', 'u.id')
          .where('r.role_code', '=', TEACHER_ROLE_CODE),
      ),
    );
  const keyword = query.keyword?.trim().slice(0, MAX_KEYWORD);
  if (keyword) {
    const pattern = `%${escapeLike(keyword)}%`;
    q = q.where((eb) => eb.or([eb('u.realname', 'ilike', pattern), eb('u.phone', 'ilike', pattern), eb('u.username', 'ilike', pattern)]));
  }
  if (query.ids) {
    if (!query.ids.length) return [];
    q = q.where('u.id', 'in', query.ids);
  }
  const rows = await q
    .orderBy('u.realname')
    .orderBy('u.id')
    .limit(Math.min(query.limit ?? TEACHER_LIST_LIMIT, TEACHER_LIST_LIMIT))
    .execute();
  return rows.map((r) => ({ value: r.id, text: r.realname, phone: r.phone, id: r.id, realname: r.realname }));
}
