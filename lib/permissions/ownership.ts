/**
 * The ownership rule (spec 01 §6), once for the screens and the embedded backend: who may edit or remove a record.
 * Data only, so server/ imports it as it is.
 */

const isOne = (v: number | string | null | undefined) => v !== null && v !== undefined && String(v).trim() === '1';

/** isAdmin = 1 or isMarketing = 1 (number or string) may edit and delete anyone's records. */
export const managesAllRecords = (user: { isAdmin?: number | string | null; isMarketing?: number | string | null }): boolean =>
  isOne(user.isAdmin) || isOne(user.isMarketing);

export interface OwnedRecord {
  ownBy?: string | null;
  createBy?: string | null;
}

export interface PermissionUser {
  id: string;
  username?: string;
  isAdmin?: number | string | null;
  isMarketing?: number | string | null;
}

/**
 * Spec 01 §6: a record can be edited or removed by its owner (ownBy equals the user id), or by a user
 * with isAdmin = 1 or isMarketing = 1 (number or string). Decision: a record that carries no ownBy at
 * all (null/undefined/'') falls back to its creator — `createBy` (JeecgBoot stores the username there)
 * equal to the user's username. A record whose ownBy names someone else is never the user's.
 */
export function canEdit(record: OwnedRecord, user: PermissionUser): boolean {
  if (managesAllRecords(user)) return true;
  if (record.ownBy) return record.ownBy === user.id;
  return !!record.createBy && !!user.username && record.createBy === user.username;
}
