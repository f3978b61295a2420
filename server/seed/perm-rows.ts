/** A button row of the seeds: its menu row (`parent`), its code and the demo roles that get it on first insert. */
export type SeedPerm = { id: string; parent: string; name: string; perms: string; roles: string[] };

type CrudCodes = { list: string; add: string; edit: string; delete: string; deleteBatch: string; exportXls?: string; importExcel?: string };

/** The resource engine's buttons of one catalogue area, plus the extra (export/import) codes it names. */
export const crud = (idBase: string, parent: string, title: string, codes: CrudCodes, roles: { read: string[]; write: string[]; remove: string[] }, extra: ('exportXls' | 'importExcel')[] = []): SeedPerm[] => [
  { id: `${idBase}_list`, parent, name: `查看${title}`, perms: codes.list, roles: roles.read },
  { id: `${idBase}_add`, parent, name: `新增${title}`, perms: codes.add, roles: roles.write },
  { id: `${idBase}_edit`, parent, name: `编辑${title}`, perms: codes.edit, roles: roles.write },
  { id: `${idBase}_delete`, parent, name: `删除${title}`, perms: codes.delete, roles: roles.remove },
  { id: `${idBase}_del_batch`, parent, name: `批量删除${title}`, perms: codes.deleteBatch, roles: roles.remove },
  ...extra.map((a) => ({ id: `${idBase}_${a === 'exportXls' ? 'export' : 'import'}`, parent, name: `${a === 'exportXls' ? '导出' : '导入'}${title}`, perms: codes[a]!, roles: roles.remove })),
];

