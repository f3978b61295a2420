import { PERMS } from '../../lib/permissions/codes';
import type { ResourceDef } from '../../lib/resources/types';

/** A button row of the seeds: its menu row (`parent`), its code and the demo roles that get it on first insert. */
export type SeedPerm = { id: string; parent: string; name: string; perms: string; roles: string[] };

type CrudCodes = { list: string; add: string; edit: string; delete: string; deleteBatch: string; exportXls?: string; importExcel?: string };
type CrudRoles = { read: string[]; write: string[]; remove: string[] };
type EngineAction = 'list' | 'add' | 'edit' | 'delete' | 'deleteBatch' | 'exportXls' | 'importExcel';

/** The engine's button actions, in the seed's order: each one's id suffix, name prefix and the roles that get it. */
const BUTTONS: Record<EngineAction, { suffix: string; verb: string; roles: keyof CrudRoles }> = {
  list: { suffix: 'list', verb: '查看', roles: 'read' },
  add: { suffix: 'add', verb: '新增', roles: 'write' },
  edit: { suffix: 'edit', verb: '编辑', roles: 'write' },
  delete: { suffix: 'delete', verb: '删除', roles: 'remove' },
  deleteBatch: { suffix: 'del_batch', verb: '批量删除', roles: 'remove' },
  exportXls: { suffix: 'export', verb: '导出', roles: 'remove' },
  importExcel: { suffix: 'import', verb: '导入', roles: 'remove' },
};
const ACTIONS = Object.keys(BUTTONS) as EngineAction[];

function buttonRows(idBase: string, parent: string, title: string, codeOf: (a: EngineAction) => string, roles: CrudRoles, actions: readonly EngineAction[]): SeedPerm[] {
  return actions.map((a) => ({ id: `${idBase}_${BUTTONS[a].suffix}`, parent, name: `${BUTTONS[a].verb}${title}`, perms: codeOf(a), roles: roles[BUTTONS[a].roles] }));
}

/** The resource engine's buttons of one catalogue area, plus the extra (export/import) codes it names. */
export const crud = (idBase: string, parent: string, title: string, codes: CrudCodes, roles: CrudRoles, extra: ('exportXls' | 'importExcel')[] = []): SeedPerm[] =>
  buttonRows(idBase, parent, title, (a) => codes[a]!, roles, ['list', 'add', 'edit', 'delete', 'deleteBatch', ...extra]);

/**
 * The buttons of a definition's screen, derived from the definition (issue #40): 查看 always, then one row per enabled
 * engine action (`actions`: add, edit, delete, deleteBatch, exportXls, importExcel), named after its `title`, with the
 * catalogue's codes of its `perm` prefix (lib/permissions/codes.ts; a prefix or code not catalogued is an error, so no
 * code is spelled here). `menu` is the screen's menu row (server/seed/seed-data.ts); `id` the row ids' base, by default
 * `perm_btn_<name>` (older screens keep theirs).
 */
export function defButtons(def: Pick<ResourceDef, 'name' | 'title' | 'perm' | 'actions'>, menu: string, roles: CrudRoles, id = `perm_btn_${def.name}`): SeedPerm[] {
  const group: Readonly<Record<string, string>> | undefined = Object.values(PERMS).find((g) => g.prefix === def.perm);
  if (!group) throw new Error(`resource "${def.name}": perm prefix "${def.perm}" is not in lib/permissions/codes.ts`);
  const actions = ACTIONS.filter((a) => a === 'list' || def.actions[a]);
  return buttonRows(id, menu, def.title, (a) => {
    const code = group[a];
    if (!code) throw new Error(`resource "${def.name}": "${def.perm}:${a}" is not in lib/permissions/codes.ts`);
    return code;
  }, roles, actions);
}
