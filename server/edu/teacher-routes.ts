import { Hono } from 'hono';
import { parseIdList } from '../core/ids';
import { listTeachers, TEACHER_LIST_LIMIT } from './teachers';
import { ok } from '../core/errors';
import { requirePerm } from '../core/perm';
import type { AppEnv } from '../core/context';
import { PERMS } from '../../lib/permissions/codes';

/** `GET /clazz/tblTeachScheduleTeacher/teacherList?keyword=&id=a,b` (spec 01 §7): the 负责人 picker's options. */

/** `id=a,b` → bounded ids; undefined when the parameter is absent or empty. */
function idsParam(raw: string | undefined): string[] | undefined {
  const ids = parseIdList(raw);
  return ids.length ? ids.filter((s) => s.length <= 64).slice(0, TEACHER_LIST_LIMIT) : undefined;
}

export const teacherRoutes = new Hono<AppEnv>();

teacherRoutes.get('/clazz/tblTeachScheduleTeacher/teacherList', requirePerm(PERMS.teacherPicker.list), async (c) => {
  const list = await listTeachers(c.var.services.db, { keyword: c.req.query('keyword'), ids: idsParam(c.req.query('id')) });
  return c.json(ok(list));
});
