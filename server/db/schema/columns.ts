import type { ColumnType, Generated } from 'kysely';

/** Column shapes shared by the areas' tables (numeric columns arrive as strings from both drivers). */

/** `date` columns: written as 'YYYY-MM-DD', read back as a Date at UTC midnight by both drivers. */
export type DateCol = ColumnType<Date, string, string>;

export type Audit = {
  del_flag: Generated<number>;
  create_by: string | null;
  create_time: Generated<Date>;
  update_by: string | null;
  update_time: Date | null;
};
