/** @jest-environment node */
import { sql } from 'kysely';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { seedTerm } from '../../seed/term';
import { capacityError, CLAZZ_MESSAGES } from '../../../features/edu/clazz/clazz-resource';
import { dateText } from '../catalog-teaching-shared';
import { runInTenant } from '../../db/tenant-scope';

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend({ seedTerm: true });
}, 120_000);
afterAll(() => be.close());

// The term is tenant 1's (the demo's tenant 2 has students of its own).
const count = async (table: 'tbl_teacher' | 'tbl_clazz' | 'tbl_student' | 'tbl_calendar') =>
  Number((await runInTenant(1, () => be.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow())).n);

describe('demo teaching term', () => {
  it('has the size of a realistic term', async () => {
    expect(await count('tbl_teacher')).toBe(20);
    expect(await count('tbl_clazz')).toBe(30);
    expect(await count('tbl_student')).toBe(300);
    // ten weeks of weekly sessions for 30 classes (some twice a week), plus this week's three events
    expect(await count('tbl_calendar')).toBeGreaterThan(350);
  });

  it('links the demo teachers and gives 周明 sessions in the current week', async () => {
    const t = await be.db.selectFrom('tbl_teacher').select(['id', 'name']).where('user_id', '=', 'u_teacher2').executeTakeFirstOrThrow();
    expect(t.name).toBe('周明');
    const now = Date.now();
    const week = await be.db
      .selectFrom('tbl_calendar_teacher as ct')
      .innerJoin('tbl_calendar as c', 'c.id', 'ct.calendar_id')
      .select('c.id')
      .where('ct.teacher_id', '=', t.id)
      .where('c.start_time', '>=', new Date(now - 7 * 86400_000))
      .where('c.start_time', '<', new Date(now + 7 * 86400_000))
      .execute();
    expect(week.length).toBeGreaterThan(0);
  });

  it('has no overlapping live sessions for any teacher, room or class', async () => {
    const overlaps = await sql<{ n: number }>`
      select count(*)::int as n from tbl_calendar a join tbl_calendar b on a.id < b.id
      where a.del_flag = 0 and b.del_flag = 0 and a.status in (0, 1) and b.status in (0, 1)
        and a.start_time < b.end_time and b.start_time < a.end_time
        and (a.room_id = b.room_id or a.clazz_id = b.clazz_id)`.execute(be.db);
    expect(overlaps.rows[0].n).toBe(0);
  });

  it('checked past sessions wrote consumption that matches the packages', async () => {
    const mismatch = await sql<{ n: number }>`
      select count(*)::int as n from tbl_student_course p
      where p.used_qty <> coalesce((select sum(hours) from tbl_consume_log l where l.student_course_id = p.id and l.status = 0), 0)`.execute(be.db);
    expect(mismatch.rows[0].n).toBe(0);
    const pending = await be.db.selectFrom('tbl_lesson_student').select('id').where('makeup_status', '=', 1).limit(1).execute();
    expect(pending).toHaveLength(1);
  });

  it('every class obeys the class rules: capacity (R4), 开班 / 结班 dates in order, a room of its own venue (issue #21)', async () => {
    const classes = await be.db
      .selectFrom('tbl_clazz as z')
      .leftJoin('tbl_room as r', 'r.id', 'z.room_id')
      .select(['z.id', 'z.capacity', 'z.allow_over', 'z.start_date', 'z.end_date', 'z.status', 'z.location_id', 'r.name as room_name', 'r.capacity as room_capacity', 'r.location_id as room_location'])
      .where('z.del_flag', '=', 0)
      .execute();
    const active = new Map(
      (await be.db.selectFrom('tbl_clazz_student').select(['clazz_id', sql<number>`count(*)::int`.as('n')]).where('status', '=', 1).groupBy('clazz_id').execute()).map((r) => [r.clazz_id, r.n]),
    );
    expect(classes).toHaveLength(30);
    const today = new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
    const broken = classes.flatMap((c) => {
      const room = c.room_name === null ? null : { name: c.room_name, capacity: Number(c.room_capacity) };
      const start = dateText(c.start_date);
      const end = dateText(c.end_date);
      const problems = [
        capacityError({ capacity: c.capacity, allowOver: c.allow_over }, room, 0, active.get(c.id) ?? 0),
        !start || !end ? '没有开班或结班日期' : null,
        start && end && end < start ? CLAZZ_MESSAGES.dateRange : null,
        // 正常 (running) means today lies within the class's dates.
        c.status === 1 && start && end && !(start <= today && today <= end) ? '状态正常但今天不在开班与结班之间' : null,
        room && c.room_location !== c.location_id ? '默认教室不属于所选场地' : null,
      ].filter(Boolean);
      return problems.length ? [{ id: c.id, problems }] : [];
    });
    expect(broken).toEqual([]);
    // The demo still has students in two classes.
    expect([...active.values()].reduce((a, b) => a + b, 0)).toBeGreaterThan(300);
  });

  it('runs once, and its attempted double bookings are refused by the database', async () => {
    expect(await seedTerm(be.db)).toBeNull();
    // From empty teaching tables again: the three clashing inserts fail on the exclusion constraints.
    // The teaching content (issue #22) hangs off the term's courses and classes: it goes first.
    for (const t of ['tbl_homework_student', 'tbl_homework', 'tbl_workbook_item', 'tbl_workbook', 'tbl_calendar_material', 'tbl_teach_template_item', 'tbl_teach_template', 'tbl_course_chapter', 'tbl_course_material'] as const) {
      await be.db.deleteFrom(t).execute();
    }
    for (const t of ['tbl_consume_log', 'tbl_lesson_student', 'tbl_calendar_teacher', 'tbl_calendar', 'tbl_schedule_series', 'tbl_student_course', 'tbl_clazz_student', 'tbl_student', 'tbl_clazz', 'tbl_holiday', 'tbl_teacher', 'tbl_course', 'tbl_room'] as const) {
      await be.db.deleteFrom(t).execute();
    }
    const report = await seedTerm(be.db);
    expect(report).toMatchObject({ refusedConflicts: 3 });
    expect(await be.db.selectFrom('tbl_calendar').select('id').where('id', 'like', 'cal_try_%').execute()).toEqual([]);
    expect(await be.db.selectFrom('tbl_calendar_teacher').select('id').where('calendar_id', 'like', 'cal_try_%').execute()).toEqual([]);
  });
});
