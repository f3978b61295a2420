import { PERMS } from '../../lib/permissions/codes';
import { taughtClazzIds } from '../resources/data-rules';
import type { ClazzScope } from './homework';
import { authOf, type Ctx } from '../core/context';
import { permCodesOf } from '../core/perm';

/**
 * Whose homework a caller reaches: a class manager (班级管理's 编辑, clazz:clazz:edit: 教务 and admin) every
 * class's; anyone else only the classes they teach (班主任, or teacher of one of its sessions), the same
 * answer as the data rules' #{sys_taught_clazz_ids}. Loaded once per request; the resource engine's
 * synchronous extraWhere reads it through `cachedHomeworkScope`.
 */
const cache = new WeakMap<Request, Promise<ClazzScope>>();

export function homeworkScope(c: Ctx): Promise<ClazzScope> {
  let scope = cache.get(c.req.raw);
  if (!scope) {
    scope = (async () => {
      const user = authOf(c).user;
      if ((await permCodesOf(c, user.id)).has(PERMS.clazz.edit)) return null;
      return taughtClazzIds(c.var.services.db, user.id);
    })();
    cache.set(c.req.raw, scope);
  }
  return scope;
}

const settled = new WeakMap<Request, ClazzScope>();

/** Loads the scope and keeps it for the synchronous readers of this request. */
export async function loadHomeworkScope(c: Ctx): Promise<ClazzScope> {
  const scope = await homeworkScope(c);
  settled.set(c.req.raw, scope);
  return scope;
}

/** The scope loaded earlier in this request; none loaded: no class at all (fails closed). */
export function cachedHomeworkScope(c: Ctx): ClazzScope {
  return settled.has(c.req.raw) ? settled.get(c.req.raw)! : [];
}
