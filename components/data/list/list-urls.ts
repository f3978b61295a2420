/**
 * The endpoints a list page uses (JeecgListMixin's `url` object, made explicit). CRUD, export and
 * import default to the resource's api base (contract §7); the spec 02 §7 extras (toPool, topping …)
 * have no default and must be given by the screen.
 */
import type { ResourceDef } from '@/lib/resources/types';

export type ListUrlName =
  | 'list'
  | 'queryById'
  | 'add'
  | 'edit'
  | 'delete'
  | 'deleteBatch'
  | 'exportXlsUrl'
  | 'importExcelUrl'
  | 'toPool'
  | 'toPoolBatch'
  | 'topping'
  | 'updateTags'
  | 'addBatchTask';

/** Give a url, or '' to switch a default off. */
export type ListUrls = Partial<Record<ListUrlName, string>>;

/** The CRUD urls under an api base; a list without one (`api` absent) has only the urls it is given. */
export function defaultUrls(def: Partial<Pick<ResourceDef, 'api'>>): ListUrls {
  if (!def.api) return {};
  const base = def.api.replace(/\/+$/, '');
  return {
    list: `${base}/list`,
    queryById: `${base}/queryById`,
    add: `${base}/add`,
    edit: `${base}/edit`,
    delete: `${base}/delete`,
    deleteBatch: `${base}/deleteBatch`,
    exportXlsUrl: `${base}/exportXls`,
    importExcelUrl: `${base}/importExcel`,
  };
}

export function resolveUrls(def: Partial<Pick<ResourceDef, 'api'>>, urls?: ListUrls): ListUrls {
  return { ...defaultUrls(def), ...urls };
}

/** Spec 02 §8: '请设置url.delete属性!' and likewise for every url property. */
export const missingUrlMessage = (name: ListUrlName) => `请设置url.${name}属性!`;
