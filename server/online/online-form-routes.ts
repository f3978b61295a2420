import { ROW_VERSION_HEADER, versionOf } from '../../lib/resources/row-version';
import { Hono } from 'hono';
import { PERMS } from '../../lib/permissions/codes';
import { authOf, type AppEnv, type Ctx } from '../core/context';
import { ApiFailure, ok } from '../core/errors';
import { idOrUndefined } from '../core/ids';
import {
  addForm,
  deleteForm,
  editForm,
  formFields,
  formHead,

  listVersions,
  versionSnapshot,
} from './form-design';
import { confirmDrop, syncForm, syncPreview } from './form-sync';
import { enhanceJsHistory, getEnhanceJs, saveEnhanceJs } from './form-enhance';
import { addFormMenu } from './form-menu';
import { requirePerm } from '../core/perm';

/**
 * Issue #25: the form designer (Online表单开发) at JeecgBoot's paths where it has them (OnlCgformHeadController,
 * OnlCgformApiController, OnlCgformFieldController); versions, confirmDrop and the enhance history are ours.
 * The work is server/online/form-design.ts; every route needs its online:cgform:* code.
 */
export const onlineFormRoutes = new Hono<AppEnv>();

async function jsonBody(c: Ctx): Promise<unknown> {
  try {
    return await c.req.json();
  } catch {
    throw new ApiFailure('请求数据格式错误');
  }
}

function idParam(raw: string | undefined): string {
  const id = idOrUndefined(raw);
  if (!id) throw new ApiFailure('参数错误');
  return id;
}

onlineFormRoutes.get('/online/cgform/head/queryById', requirePerm(PERMS.cgform.list), async (c) => c.json(ok(await formHead(c.var.services.db, idParam(c.req.query('id'))))));

onlineFormRoutes.get('/online/cgform/field/listByHeadId', requirePerm(PERMS.cgform.list), async (c) => c.json(ok(await formFields(c.var.services.db, idParam(c.req.query('headId'))))));

onlineFormRoutes.post('/online/cgform/api/addAll', requirePerm(PERMS.cgform.add), async (c) => c.json(ok(await addForm(c.var.services.db, authOf(c).user, await jsonBody(c)), '添加成功！')));

onlineFormRoutes.put('/online/cgform/api/editAll', requirePerm(PERMS.cgform.edit), async (c) => c.json(ok(await editForm(c.var.services.db, authOf(c).user, await jsonBody(c), versionOf(c.req.header(ROW_VERSION_HEADER))), '修改成功！')));

onlineFormRoutes.delete('/online/cgform/head/delete', requirePerm(PERMS.cgform.delete), async (c) => {
  await deleteForm(c.var.services, authOf(c).user, idParam(c.req.query('id')), c.req.query('force') === '1' || c.req.query('force') === 'true');
  return c.json(ok(null, '删除成功!'));
});

onlineFormRoutes.get('/online/cgform/api/synchPreview/:headId', requirePerm(PERMS.cgform.list), async (c) => c.json(ok(await syncPreview(c.var.services.db, idParam(c.req.param('headId'))))));

onlineFormRoutes.post('/online/cgform/api/doDbSynch/:headId/:synMethod', requirePerm(PERMS.cgform.sync), async (c) => {
  const method = c.req.param('synMethod');
  if (method !== 'normal' && method !== 'force') throw new ApiFailure('同步方式只能是 normal 或 force');
  return c.json(ok(await syncForm(c.var.services.db, idParam(c.req.param('headId')), method), '同步数据库成功!'));
});

onlineFormRoutes.post('/online/cgform/api/confirmDrop/:headId', requirePerm(PERMS.cgform.sync), async (c) => {
  const body = (await jsonBody(c)) as { fields?: unknown } | null;
  return c.json(ok(await confirmDrop(c.var.services.db, idParam(c.req.param('headId')), body?.fields), '备份列已删除'));
});

onlineFormRoutes.get('/online/cgform/api/versions/:headId', requirePerm(PERMS.cgform.list), async (c) => c.json(ok(await listVersions(c.var.services.db, idParam(c.req.param('headId'))))));

onlineFormRoutes.get('/online/cgform/api/version/:versionId', requirePerm(PERMS.cgform.list), async (c) => c.json(ok(await versionSnapshot(c.var.services.db, idParam(c.req.param('versionId'))))));

onlineFormRoutes.post('/online/cgform/head/addMenu/:headId', requirePerm(PERMS.cgform.menu), async (c) => {
  const body = ((await jsonBody(c)) ?? {}) as { parentId?: unknown; name?: unknown };
  const row = await addFormMenu(c.var.services, authOf(c).user, idParam(c.req.param('headId')), body, PERMS.cgform.menu);
  return c.json(ok(row, row.created ? '添加到菜单成功' : '该表单已在菜单中'));
});

onlineFormRoutes.get('/online/cgform/head/enhanceJs/:headId', requirePerm(PERMS.cgform.enhance), async (c) => c.json(ok(await getEnhanceJs(c.var.services.db, idParam(c.req.param('headId')), c.req.query('type')))));

onlineFormRoutes.post('/online/cgform/head/enhanceJs/:headId', requirePerm(PERMS.cgform.enhance), async (c) =>
  c.json(ok(await saveEnhanceJs(c.var.services.db, authOf(c).user, idParam(c.req.param('headId')), await jsonBody(c)), '保存成功')),
);

onlineFormRoutes.get('/online/cgform/head/enhanceJsHistory/:headId', requirePerm(PERMS.cgform.enhance), async (c) => c.json(ok(await enhanceJsHistory(c.var.services.db, idParam(c.req.param('headId')), c.req.query('type')))));
