import type { Database } from '../db/index';
import { linkId } from '../core/ids';
import { taughtClazzIds } from '../resources/data-rules';
import { recount } from '../learntools/homework';

/**
 * Demo 作业 (issue #22 item 6): three homework on the demo term's classes, with submissions in every state,
 * so 作业 and 学员作业 have something to show to admin, jiaowu and teacher. Runs once (into an empty
 * tbl_homework) and only when the term's classes exist.
 */

const DAY = 86_400_000;

async function membersOf(db: Database, clazzId: string): Promise<string[]> {
  const rows = await db.selectFrom('tbl_clazz_student').select('student_id').where('clazz_id', '=', clazzId).where('status', '=', 1).orderBy('student_id').execute();
  return rows.map((r) => r.student_id);
}

export async function seedHomework(db: Database, now = new Date()): Promise<void> {
  if (await db.selectFrom('tbl_homework').select('id').limit(1).executeTakeFirst()) return;
  // The demo teacher's class first (so signing in as teacher finds homework), then any other class.
  const mine = await taughtClazzIds(db, 'u_teacher');
  const others = await db.selectFrom('tbl_clazz').select('id').where('del_flag', '=', 0).orderBy('id').limit(5).execute();
  const clazzIds = [...new Set([...mine.slice(0, 1), ...others.map((o) => o.id)])];
  const picked: { id: string; members: string[] }[] = [];
  for (const id of clazzIds) {
    const members = await membersOf(db, id);
    if (members.length >= 3) picked.push({ id, members });
    if (picked.length === 2) break;
  }
  if (picked.length < 2) return;
  const [a, b] = picked;
  const lastSession = await db
    .selectFrom('tbl_calendar')
    .select('id')
    .where('clazz_id', '=', a.id)
    .where('del_flag', '=', 0)
    .where('type', '=', 0)
    .where('status', '=', 1)
    .orderBy('start_time', 'desc')
    .limit(1)
    .executeTakeFirst();
  const at = (days: number) => new Date(now.getTime() + days * DAY);

  await db.transaction().execute(async (tx) => {
    const homework = [
      {
        id: 'hw_demo_1',
        clazz_id: a.id,
        calendar_id: lastSession?.id ?? null,
        title: '课后练习：本课知识点复习',
        content: '<p>完成课本本节练习 1–5 题，拍照上传或交纸质作业。</p>',
        due_time: at(2),
        max_score: 100,
        assignee_mode: 0,
        status: 1,
        create_by: 'teacher',
        create_time: at(-1),
      },
      {
        id: 'hw_demo_2',
        clazz_id: a.id,
        calendar_id: null,
        title: '朗读打卡（指定学员）',
        content: '<p>朗读课文三遍并录音。</p>',
        due_time: at(5),
        max_score: 10,
        assignee_mode: 1,
        status: 1,
        create_by: 'jiaowu',
        create_time: at(-0.5),
      },
      {
        id: 'hw_demo_3',
        clazz_id: b.id,
        calendar_id: null,
        title: '单元小结',
        content: '<p>写一份本单元的学习小结（不少于 200 字）。</p>',
        due_time: at(-1),
        max_score: 100,
        assignee_mode: 0,
        status: 2,
        create_by: 'jiaowu',
        create_time: at(-5),
      },
    ];
    await tx.insertInto('tbl_homework').values(homework.map((h) => ({ ...h, source: 0, sys_org_code: 'A01A01' }))).execute();

    type Sub = { student: string; status: number; late?: number; score?: number; comment?: string; read?: number; version?: number };
    const rows: [string, Sub[]][] = [
      [
        'hw_demo_1',
        a.members.map((student, i): Sub =>
          i === 0 ? { student, status: 2, score: 92, comment: '步骤清楚，继续保持', read: 1, version: 2 }
          : i === 1 ? { student, status: 1, read: 1, version: 1 }
          : i === 2 ? { student, status: 3, comment: '第 3 题计算有误，请订正', read: 1, version: 2 }
          : { student, status: 0 },
        ),
      ],
      ['hw_demo_2', a.members.slice(0, 2).map((student, i): Sub => (i === 0 ? { student, status: 1, version: 1 } : { student, status: 0 }))],
      ['hw_demo_3', b.members.map((student, i): Sub => (i === 0 ? { student, status: 1, late: 1, version: 1 } : i === 1 ? { student, status: 2, score: 85, read: 1, version: 2 } : { student, status: 0 }))],
    ];
    for (const [homeworkId, subs] of rows) {
      await tx
        .insertInto('tbl_homework_student')
        .values(
          subs.map((s) => ({
            id: linkId(homeworkId, s.student),
            homework_id: homeworkId,
            student_id: s.student,
            status: s.status,
            read_flag: s.read ?? 0,
            late: s.late ?? 0,
            submitted_time: s.status === 0 ? null : s.late ? at(-0.5) : at(-0.8),
            content: s.status === 0 ? null : '<p>（纸质作业已收）</p>',
            score: s.score ?? null,
            comment: s.comment ?? null,
            graded_by: s.status >= 2 ? 'teacher' : null,
            graded_time: s.status >= 2 ? at(-0.2) : null,
            version: s.version ?? 0,
          })),
        )
        .execute();
      await recount(tx, homeworkId);
    }
  });
}
