import type { Expression } from 'kysely';
import type { Database } from '../../db';

/**
 * Online reports (contract §10) as named, fixed queries defined here on the server. The client only
 * ever names a report code, a column of it (sort), and values of its query fields: never SQL, a table
 * or an expression. Every identifier that reaches SQL comes from a definition in this folder.
 */

/** Value type of a report column / query field; drives casting, formatting and `fieldType`. */
export type ReportValueType = 'string' | 'int' | 'number' | 'date' | 'datetime';

export interface ReportColumn<F extends string = string> {
  /** The base query's output alias (camelCase), the wire name (`dataIndex`). */
  field: F;
  title: string;
  type: ReportValueType;
  /** Plain dictionary or a registered table dictionary (server/resources/dicts.ts); adds `_dictText` and dictOptions. */
  dictCode?: string;
  /** Column width in px (`fieldWidth`). */
  width?: number;
  /** Only sortable columns may be named by `column` (the sort whitelist). */
  sortable: boolean;
}

export interface ReportQueryField<F extends string = string> {
  /** An output alias of the base query (need not be a shown column). */
  field: F;
  label: string;
  /** single: `<field>=v`; group: `<field>_begin` / `<field>_end`. */
  mode: 'single' | 'group';
  /**
   * The query form's input (`view`). Filtering follows the column's own type when the field is also a
   * column: a 'date' query on a datetime column means whole GMT+8 days.
   */
  type: ReportValueType;
  /** A dictionary select in the query form (`view: 'list'`); its value matches exactly. */
  dictCode?: string;
}

export interface ReportDef<O extends object = Record<string, unknown>> {
  /** Registry key, e.g. 'depart_post'; also the `cgRpConfigId` the client sends back. */
  code: string;
  /** 报表名称 (`cgRpConfigName`). */
  title: string;
  /** When set, the caller needs this permission code; otherwise any signed-in user may read the report. */
  perm?: string;
  /**
   * The fixed query, built with kysely: every output column aliased to its field name. It is wrapped as
   * a subquery, so filters and the sort refer to these aliases only.
   */
  base(db: Database): Expression<O>;
  /**
   * Unique per row; the final sort tie-break (stable paging). Returned in records, not necessarily shown. Designer-made
   * reports (server/online/report-run.ts) have none: their SQL's own order stands.
   */
  rowKey?: Extract<keyof O, string>;
  columns: ReportColumn<Extract<keyof O, string>>[];
  queryFields: ReportQueryField<Extract<keyof O, string>>[];
  /** Without one (designer-made reports) and without a requested sort, the rows keep the SQL's own order. */
  defaultSort?: { field: Extract<keyof O, string>; order: 'asc' | 'desc' };
}

/** A definition with its row type erased, as the registry stores it. */
export type AnyReportDef = ReportDef<Record<string, unknown>>;

/**
 * Checks a definition against its base query's row type (every column, query field, row key and sort
 * names an output alias), then erases that type for the registry. Expression<O> is invariant in O, so
 * the erasure needs a cast; it is sound because nothing reads the row type after this check.
 */
export const defineReport = <O extends object>(def: ReportDef<O>): AnyReportDef => def as unknown as AnyReportDef;
