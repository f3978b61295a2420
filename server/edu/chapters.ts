import { CHAPTER_MESSAGES, type TreeNodeWire } from '../../lib/edu/course-type-api';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { addNode, deleteNode, nestTree, treeRows, type TreeStore } from './course-types';

/*
 * 章节 of a course (issue #22, domain §4): a tree per course on the tree store of course-types.ts. A chapter
 * may not be deleted while a lesson of a live teaching template or a live 课件 (课程资料) points at it or at
 * one of its sub-chapters.
 */

export const CHAPTER_STORE: TreeStore = { table: 'tbl_course_chapter', nameColumn: 'title', scopeColumn: 'course_id', label: '章节', lockKey: 2202 };

async function assertCourse(db: Database, courseId: string) {
  const found = await db.selectFrom('tbl_course').select('id').where('id', '=', courseId).where('del_flag', '=', 0).executeTakeFirst();
  if (!found) throw new ApiFailure(CHAPTER_MESSAGES.courseNotFound);
}

/** `GET /course/chapter/tree?courseId=`: the course's chapters as a tree, siblings by sort. */
export async function chapterTree(db: Database, courseId: string): Promise<TreeNodeWire[]> {
  await assertCourse(db, courseId);
  return nestTree(await treeRows(db, CHAPTER_STORE, courseId));
}

export async function addChapter(db: Database, input: { courseId: string; parentId: string | null; title: string }, by: string): Promise<string> {
  await assertCourse(db, input.courseId);
  return addNode(db, CHAPTER_STORE, { scope: input.courseId, parentId: input.parentId, name: input.title }, by);
}

/** Template lessons (of live templates) and live materials pointing at any of `ids`. */
async function chapterUse(tx: Database, ids: string[]): Promise<string | null> {
  const items = await tx
    .selectFrom('tbl_teach_template_item as i')
    .innerJoin('tbl_teach_template as t', 't.id', 'i.template_id')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('i.chapter_id', 'in', ids)
    .where('t.del_flag', '=', 0)
    .executeTakeFirstOrThrow();
  const materials = await tx.selectFrom('tbl_course_material').select((eb) => eb.fn.countAll<string>().as('n')).where('chapter_id', 'in', ids).where('del_flag', '=', 0).executeTakeFirstOrThrow();
  const a = Number(items.n);
  const b = Number(materials.n);
  return a || b ? CHAPTER_MESSAGES.inUse(a, b) : null;
}

export const deleteChapter = (db: Database, id: string, by: string) => deleteNode(db, CHAPTER_STORE, id, by, chapterUse);
