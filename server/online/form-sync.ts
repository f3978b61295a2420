import { sql } from 'kysely';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import type { CgformSyncPreview } from '../../lib/online/wire';
import { dropColumns, runSteps } from './form-ddl';
import { headRow, planFor } from './form-design';

/** 同步数据库 of an online form (issue #25): the preview, the run under the form's row lock, and 确认删除 of backups. */

export async function syncPreview(db: Database, headId: string): Promise<CgformSyncPreview> {
  return (await planFor(db, await headRow(db, headId))).preview;
}

/** A database error while running a plan: nothing was changed (the transaction rolled back). */
function syncFailure(e: unknown): never {
  if (e instanceof ApiFailure) throw e;
  const code = (e as { code?: unknown })?.code;
  const detail = typeof code === 'string' && /^2[23]/.test(code) && e instanceof Error ? `：${e.message}` : '';
  throw new ApiFailure(`同步失败，数据库未作改动${detail}`);
}

/**
 * 同步数据库 in one transaction: the plan is made again under the form's row lock (the preview may be stale),
 * refused with its reasons, or run; then the fields' synced_* and the backups are recorded and the form is 'Y'.
 */
export async function syncForm(db: Database, headId: string, method: 'normal' | 'force'): Promise<CgformSyncPreview> {
  try {
    return await db.transaction().execute(async (tx) => {
      const head = await headRow(tx, headId, true);
      const plan = await planFor(tx, head, method);
      if (plan.refusals.length) throw new ApiFailure(plan.refusals.join('；'));
      await runSteps(tx, plan.steps);
      if (method === 'force') await tx.deleteFrom('onl_cgform_backup_column').where('cgform_head_id', '=', headId).execute();
      for (const b of plan.backups) await tx.insertInto('onl_cgform_backup_column').values({ id: newId(), cgform_head_id: headId, field_name: b.field, backup_column: b.backupColumn }).execute();
      await tx
        .updateTable('onl_cgform_field')
        .set({
          synced_name: sql`db_field_name`,
          synced_type: sql`db_type`,
          synced_length: sql`db_length`,
          synced_point_length: sql`db_point_length`,
          synced_is_null: sql`db_is_null`,
          synced_unique: sql`case when field_valid_type = 'only' then 1 else 0 end`,
        })
        .where('cgform_head_id', '=', headId)
        .execute();
      await tx.updateTable('onl_cgform_head').set({ is_db_synch: 'Y', update_time: new Date() }).where('id', '=', headId).execute();
      return plan.preview;
    });
  } catch (e) {
    syncFailure(e);
  }
}

/** 确认删除: drops backup columns (named by their field or backup column) for good. */
export async function confirmDrop(db: Database, headId: string, names: unknown): Promise<string[]> {
  if (!Array.isArray(names) || !names.length || names.some((n) => typeof n !== 'string')) throw new ApiFailure('请选择要删除的备份列');
  return db.transaction().execute(async (tx) => {
    const head = await headRow(tx, headId, true);
    const backups = await tx.selectFrom('onl_cgform_backup_column').selectAll().where('cgform_head_id', '=', headId).execute();
    const chosen = (names as string[]).map((n) => {
      const b = backups.find((x) => x.backup_column === n || x.field_name === n);
      if (!b) throw new ApiFailure(`备份列 ${n} 不存在`);
      return b;
    });
    const columns = [...new Set(chosen.map((b) => b.backup_column))];
    await dropColumns(tx, head.table_name, columns);
    await tx.deleteFrom('onl_cgform_backup_column').where('id', 'in', chosen.map((b) => b.id)).execute();
    return columns;
  });
}
