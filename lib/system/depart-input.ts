/** The department fields a client may write: the form's values and the server's add / edit input (server/system/departs.ts). */

/** What add / edit may set; codes, level, parent (on edit) and audit columns are the server's. */
export interface DepartInput {
  departName: string;
  departNameEn?: string | null;
  departNameAbbr?: string | null;
  departOrder?: number | null;
  orgCategory?: string | null;
  mobile?: string | null;
  fax?: string | null;
  /** Comma-joined user ids, already checked by the caller. */
  directorUserIds?: string | null;
  /** A known 6-digit region code, already checked by the caller. */
  areaCode?: string | null;
  address?: string | null;
  memo?: string | null;
  description?: string | null;
  status?: string | null;
}
