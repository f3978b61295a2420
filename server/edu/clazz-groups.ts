import { MEMBER_STATUS } from '../../features/edu/clazz/clazz-resource';
import { GROUP_LIMITS, GROUP_MESSAGES, type ClazzGroup, type ClazzGroupAddInput, type ClazzGroupEditInput, type ClazzGroupSetMembersInput } from '../../lib/edu/progress-types';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';

/**
 * Class groups (分组, domain §2): a class's students in named groups. A student is in at most one group of a
 * class and only while an active (正常) member; every write locks the class row so two writers cannot both
 * pass the name/count/one-group checks.
 */

async function lockClazz(tx: Database, clazzId: string) {
  const clazz = await tx.selectFrom('tbl_clazz').select('id').where('id', '=', clazzId).where('del_flag', '=', 0).forUpdate().executeTakeFirst();
  if (!clazz) throw new ApiFailure(GROUP_MESSAGES.clazzNotFound);
  return clazz;
}

async function groupOf(tx: Database, groupId: string) {
  const group = await tx.selectFrom('tbl_clazz_group').select(['id', 'clazz_id', 'name']).where('id', '=', groupId).executeTakeFirst();
  if (!group) throw new ApiFailure(GROUP_MESSAGES.notFound);
  return group;
}

async function assertNameFree(tx: Database, clazzId: string, name: string, exceptId?: string) {
  let q = tx.selectFrom('tbl_clazz_group').select('id').where('clazz_id', '=', clazzId).where('name', '=', name);
  if (exceptId) q = q.where('id', '<>', exceptId);
  if (await q.executeTakeFirst()) throw new ApiFailure(GROUP_MESSAGES.duplicate(name));
}

/** The class's groups in order, each with its active members (已退班 students never show). */
export async function listGroups(db: Database, clazzId: string): Promise<ClazzGroup[]> {
  const clazz = await db.selectFrom('tbl_clazz').select('id').where('id', '=', clazzId).where('del_flag', '=', 0).executeTakeFirst();
  if (!clazz) throw new ApiFailure(GROUP_MESSAGES.clazzNotFound);
  const groups = await db
    .selectFrom('tbl_clazz_group')
    .select(['id', 'clazz_id', 'name', 'sort'])
    .where('clazz_id', '=', clazzId)
    .orderBy('sort')
    .orderBy('create_time')
    .orderBy('id')
    .execute();
  const members = groups.length
    ? await db
        .selectFrom('tbl_clazz_group_member as gm')
        .innerJoin('tbl_clazz_group as g', 'g.id', 'gm.group_id')
        .innerJoin('tbl_clazz_student as m', (j) => j.onRef('m.clazz_id', '=', 'g.clazz_id').onRef('m.student_id', '=', 'gm.student_id'))
        .innerJoin('tbl_student as s', 's.id', 'gm.student_id')
        .select(['gm.group_id', 'gm.student_id', 's.name', 's.phone'])
        .where('g.clazz_id', '=', clazzId)
        .where('m.status', '=', MEMBER_STATUS.active)
        .where('s.del_flag', '=', 0)
        .orderBy('s.name')
        .orderBy('s.id')
        .execute()
    : [];
  return groups.map((g) => ({
    id: g.id,
    clazzId: g.clazz_id,
    name: g.name,
    sort: g.sort,
    members: members.filter((m) => m.group_id === g.id).map((m) => ({ studentId: m.student_id, name: m.name, phone: m.phone })),
  }));
}

export async function addGroup(db: Database, input: ClazzGroupAddInput, by: string): Promise<string> {
  return db.transaction().execute(async (tx) => {
    await lockClazz(tx, input.clazzId);
    const { n } = await tx.selectFrom('tbl_clazz_group').select((eb) => eb.fn.countAll<string>().as('n')).where('clazz_id', '=', input.clazzId).executeTakeFirstOrThrow();
    if (Number(n) >= GROUP_LIMITS.perClazz) throw new ApiFailure(GROUP_MESSAGES.tooMany);
    await assertNameFree(tx, input.clazzId, input.name);
    const id = newId();
    await tx
      .insertInto('tbl_clazz_group')
      .values({ id, clazz_id: input.clazzId, name: input.name, sort: input.sort ?? Number(n), create_by: by })
      .execute();
    return id;
  });
}

export async function editGroup(db: Database, input: ClazzGroupEditInput): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const group = await groupOf(tx, input.id);
    await lockClazz(tx, group.clazz_id);
    await assertNameFree(tx, group.clazz_id, input.name, group.id);
    await tx
      .updateTable('tbl_clazz_group')
      .set({ name: input.name, ...(input.sort !== undefined ? { sort: input.sort } : {}) })
      .where('id', '=', group.id)
      .execute();
  });
}

export async function deleteGroup(db: Database, groupId: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    const group = await groupOf(tx, groupId);
    await tx.deleteFrom('tbl_clazz_group_member').where('group_id', '=', group.id).execute();
    await tx.deleteFrom('tbl_clazz_group').where('id', '=', group.id).execute();
  });
}

/**
 * Makes `studentIds` the group's complete member list. Each must be an active member of the group's class;
 * one already in another group of the class moves here (its old membership is removed in the same transaction).
 */
export async function setGroupMembers(db: Database, input: ClazzGroupSetMembersInput): Promise<{ members: number; moved: number }> {
  const studentIds = [...new Set(input.studentIds)];
  return db.transaction().execute(async (tx) => {
    const group = await groupOf(tx, input.groupId);
    await lockClazz(tx, group.clazz_id);
    if (studentIds.length) {
      const active = await tx
        .selectFrom('tbl_clazz_student')
        .select('student_id')
        .where('clazz_id', '=', group.clazz_id)
        .where('student_id', 'in', studentIds)
        .where('status', '=', MEMBER_STATUS.active)
        .execute();
      if (active.length !== studentIds.length) throw new ApiFailure(GROUP_MESSAGES.notMembers);
    }
    const classGroups = tx.selectFrom('tbl_clazz_group').select('id').where('clazz_id', '=', group.clazz_id);
    let moved = 0;
    if (studentIds.length) {
      const r = await tx
        .deleteFrom('tbl_clazz_group_member')
        .where('group_id', 'in', classGroups)
        .where('group_id', '<>', group.id)
        .where('student_id', 'in', studentIds)
        .executeTakeFirst();
      moved = Number(r.numDeletedRows);
    }
    let drop = tx.deleteFrom('tbl_clazz_group_member').where('group_id', '=', group.id);
    if (studentIds.length) drop = drop.where('student_id', 'not in', studentIds);
    await drop.execute();
    if (studentIds.length) {
      await tx
        .insertInto('tbl_clazz_group_member')
        .values(studentIds.map((s) => ({ id: newId(), group_id: group.id, student_id: s })))
        .onConflict((oc) => oc.columns(['group_id', 'student_id']).doNothing())
        .execute();
    }
    return { members: studentIds.length, moved };
  });
}

/**
 * A student who leaves a class (退班) drops out of all of its groups. Called inside the leaving transaction
 * (server/edu/clazz-member-routes.ts removeMember), so rejoining later starts ungrouped.
 */
export async function dropFromClazzGroups(tx: Database, clazzId: string, studentId: string): Promise<number> {
  const r = await tx
    .deleteFrom('tbl_clazz_group_member')
    .where('student_id', '=', studentId)
    .where('group_id', 'in', tx.selectFrom('tbl_clazz_group').select('id').where('clazz_id', '=', clazzId))
    .executeTakeFirst();
  return Number(r.numDeletedRows);
}
