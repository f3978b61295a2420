import { WORKBOOK_MESSAGES, workbookResource } from '../../features/learntools/workbook/workbook-resource';
import { ApiFailure } from '../core/errors';
import { workbookTotals } from './workbooks';
import { assertLive, checkIntOptions, fillNames } from '../edu/catalog-teaching-shared';
import type { CrudHooks } from '../resources/crud';
import { registerResource } from '../resources/registry';

/**
 * 练习册 on the engine: list / add / edit / export. Its items, rename and the delete guard are hand-written
 * (server/learntools/workbook-routes.ts, server/learntools/workbooks.ts).
 */
export const workbookHooks: CrudHooks = {
  async beforeSave(row, ctx) {
    checkIntOptions(ctx.def, row);
    if (row.name !== undefined) row.name = typeof row.name === 'string' ? row.name.trim() : row.name;
    if (row.courseId !== undefined) {
      row.courseId = typeof row.courseId === 'string' && row.courseId.trim() ? row.courseId.trim() : null;
      if (row.courseId && row.courseId !== ctx.existing?.course_id) await assertLive(ctx.db, 'tbl_course', String(row.courseId), WORKBOOK_MESSAGES.courseUnknown);
    }
    // Homework is assigned from published workbooks: one without items would give students nothing to do.
    if (Number(row.status) === 1 && Number(ctx.existing?.status) !== 1) {
      const totals = ctx.mode === 'edit' ? await workbookTotals(ctx.db, [ctx.id]) : new Map();
      if (!totals.get(ctx.id)?.count) throw new ApiFailure(WORKBOOK_MESSAGES.publishEmpty);
    }
  },
  async afterLoad(records, ctx) {
    await fillNames(ctx.db, records, 'courseId', 'tbl_course');
    const totals = await workbookTotals(ctx.db, records.map((r) => String(r.id)));
    for (const r of records) {
      const t = totals.get(String(r.id));
      r.itemCount = t?.count ?? 0;
      r.totalScore = t?.total ?? 0;
    }
  },
};

let registered = false;

export function registerWorkbookResources(): void {
  if (registered) return;
  registered = true;
  registerResource(workbookResource, workbookHooks);
}
