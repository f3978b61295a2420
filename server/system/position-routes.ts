import { Hono } from 'hono';
import { POSITION_MESSAGES, POSITION_READ_PERMS, positionResource } from '../../features/system/position/position-resource';
import { positionHolderCounts, positionHooks } from './catalog-position';
import { runCrud } from '../resources/crud';
import { getResource } from '../resources/registry';
import { dataRuleWhere } from '../resources/data-rules';
import { parseListQuery, type Row } from '../resources/query';
import { addDictTexts, loadDictTexts, selectPage, toRecord } from '../resources/select';
import { ApiFailure, NO_PERMISSION, ok } from '../core/errors';
import { pageOf, readPage } from '../core/paging';
import { holdsAnyCode, requirePerm } from '../core/perm';
import { authOf, type AppEnv } from '../core/context';
import { PERMS } from '../../lib/permissions/codes';

/**
 * 职务 beside the resource engine: `/sys/position/list` in JeecgBoot's shape, which the stock client's user form calls
 * (issue 20 A.7; JeecgBoot leaves it open to any signed-in user, here the caller needs a code that uses it), and the
 * deletes refused while users hold the position.
 */
export const positionRoutes = new Hono<AppEnv>();

/**
 * `GET /sys/position/list` (SysPositionController.list): a page of positions in the query grammar of contract
 * §7 (the picker's `code=a,b,` is an IN list), default newest first, each record with `postRank_dictText`.
 */
positionRoutes.get('/sys/position/list', async (c) => {
  if (!(await holdsAnyCode(c, POSITION_READ_PERMS))) throw new ApiFailure(NO_PERMISSION, 510);
  const { db } = c.var.services;
  const def = positionResource;
  const { pageNo, pageSize, offset } = readPage(c);
  const query = parseListQuery(def, c.req.query());
  // Data rules attach to the menu whose list button is `system:position:list` (none until the 职务 screen exists).
  const rules = await dataRuleWhere(db, authOf(c), def);
  const { rows, total } = await selectPage(db, def, query, { offset, limit: pageSize }, { extraWhere: rules });
  const records: Row[] = rows.map((r) => toRecord(def, r));
  const texts = await loadDictTexts(db, def, records);
  for (const r of records) addDictTexts(def, r, texts);
  return c.json(ok(pageOf(records, total, pageNo, pageSize)));
});

/**
 * `DELETE /sys/position/delete?id=` and `deleteBatch?ids=` (issue #24): refused while live users hold the
 * position (该职务还有N个用户在用，不能删除), then the resource engine's own delete.
 */
for (const action of ['delete', 'deleteBatch'] as const) {
  positionRoutes.delete(`${positionResource.api}/${action}`, requirePerm(PERMS.position[action]), async (c) => {
    const raw = c.req.query(action === 'delete' ? 'id' : 'ids') ?? '';
    const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter((s) => s && s.length <= 64))].slice(0, 1000);
    let held = 0;
    for (const n of (await positionHolderCounts(c.var.services.db, ids)).values()) held += n;
    if (held > 0) throw new ApiFailure(POSITION_MESSAGES.inUse(held));
    return runCrud(c, positionResource, getResource(positionResource.name)?.hooks ?? positionHooks, action);
  });
}
