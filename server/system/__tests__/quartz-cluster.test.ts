/** @jest-environment node */
import { Cron } from 'croner';
import { startTestBackend, type TestBackend } from '../../__tests__/helpers';
import { QuartzScheduler, scheduledSlot } from '../quartz-scheduler';

/*
 * Two instances on one database (issue #27): each schedules every running job, and each tick claims its slot
 * in sys_quartz_run first, so a scheduled time runs once across the cluster. On PostgreSQL (CI's PG stage) the
 * two claims race on separate pool connections.
 */

let be: TestBackend;
beforeAll(async () => {
  be = await startTestBackend();
});
afterAll(() => be.close());

const SAMPLE = 'org.jeecg.modules.quartz.job.SampleJob';

function runner() {
  const lines: string[] = [];
  const s = new QuartzScheduler(be.db, { log: (l) => lines.push(l) });
  return { s, lines };
}

describe('定时任务 across instances', () => {
  const row = { id: 'quartz_cluster_t1', job_class_name: SAMPLE, parameter: '{"n":1}' };

  it('two runners firing the same slot at once: exactly one runs it, and the claim keeps the outcome', async () => {
    const a = runner();
    const b = runner();
    const slot = new Date('2026-11-26T02:00:00Z');
    const results = await Promise.all([a.s.fire(row, slot), b.s.fire(row, slot)]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect([...a.lines, ...b.lines].filter((l) => l.startsWith('SampleJob'))).toHaveLength(1);
    const claims = await be.db.selectFrom('sys_quartz_run').selectAll().where('job_id', '=', row.id).execute();
    expect(claims).toHaveLength(1);
    expect(claims[0]).toMatchObject({ ok: true });
    expect(claims[0]!.end_time).not.toBeNull();
    // A later slot runs again (on whichever instance claims it).
    expect(await b.s.fire(row, new Date('2026-11-26T02:01:00Z'))).toBe(true);
  });

  it('a failing run is recorded as failed on its claim and still blocks the other instance', async () => {
    const a = runner();
    const b = runner();
    const bad = { id: 'quartz_cluster_t2', job_class_name: 'no.such.Job', parameter: null };
    const slot = new Date('2026-11-26T03:00:00Z');
    await expect(a.s.fire(bad, slot)).rejects.toThrow('未知的任务类');
    expect(await b.s.fire(bad, slot)).toBe(false);
    const claim = await be.db.selectFrom('sys_quartz_run').selectAll().where('job_id', '=', bad.id).executeTakeFirstOrThrow();
    expect(claim).toMatchObject({ ok: false });
    expect(claim.message).toContain('未知的任务类');
  });

  it('names the scheduled second, not the late callback time, so every instance names the same slot', () => {
    const everyMinute = new Cron('0 * * * * *', { paused: true });
    expect(scheduledSlot(everyMinute, new Date('2026-11-26T02:00:00.004Z')).toISOString()).toBe('2026-11-26T02:00:00.000Z');
    // Under load the callback came 2.3 s late: still the :00 slot.
    expect(scheduledSlot(everyMinute, new Date('2026-11-26T02:00:02.300Z')).toISOString()).toBe('2026-11-26T02:00:00.000Z');
    everyMinute.stop();
  });
});
