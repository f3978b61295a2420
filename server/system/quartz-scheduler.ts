import os from 'node:os';
import { Cron } from 'croner';
import { cronerPattern } from '../../lib/cron/next-runs';
import type { Database } from '../db';
import { findJobClass, parseJobParameter, type QuartzJobContext } from './quartz-jobs';

/** The part of a sys_quartz_job row the scheduler needs. */
export interface ScheduledJobRow {
  id: string;
  job_class_name: string;
  cron_expression: string;
  parameter: string | null;
  status: number;
}

export const QUARTZ_RUNNING = 0;
export const QUARTZ_STOPPED = -1;
/** A run longer than this is abandoned (its signal aborted) and logged as failed. */
export const DEFAULT_JOB_TIMEOUT_MS = 10 * 60_000;
/** After `stop` aborts the runs still going, how long it waits for them to give up before it returns anyway. */
export const STOP_ABORT_WAIT_MS = 1000;

/** Who claimed a run (sys_quartz_run.instance): host and process, for the log of a cluster. */
const INSTANCE_ID = `${os.hostname()}:${process.pid}`.slice(0, 64);
const RUN_KEEP_MS = 30 * 86_400_000;

/**
 * The scheduled time a tick belongs to: croner calls back at the actual time (a few ms late, or more under load),
 * and every instance must name the same slot. The latest second of the last minute that the pattern matches
 * (the tick's own second unless the loop lagged past it).
 */
export function scheduledSlot(cron: Pick<Cron, 'match'>, now: Date): Date {
  const second = Math.floor(now.getTime() / 1000) * 1000;
  for (let t = second; t > second - 60_000; t -= 1000) if (cron.match(new Date(t))) return new Date(t);
  return new Date(second);
}

export interface QuartzSchedulerOptions {
  timeoutMs?: number;
  /** Where failures and job lines go (console by default). */
  log?: (line: string) => void;
  uploadRoot?: string;
  stagingRoot?: string;
}

/**
 * In-process scheduler for sys_quartz_job (croner, Asia/Shanghai). Running rows are loaded at
 * start; the routes call `schedule` / `unschedule` after each committed change. A failing or
 * hanging job is logged and never takes the process down; a run still going when the next tick
 * comes is not started twice (croner's `protect`).
 */
export class QuartzScheduler {
  private readonly crons = new Map<string, Cron>();
  /** Runs in progress: their abort handle and their outcome (for `stop` to wait on). */
  private readonly running = new Map<AbortController, Promise<string>>();
  private readonly ctx: QuartzJobContext;
  private readonly timeoutMs: number;
  private stopped = false;

  constructor(db: Database, opts: QuartzSchedulerOptions = {}) {
    const log = opts.log ?? ((line: string) => console.info(`[quartz] ${line}`));
    this.ctx = { db, uploadRoot: opts.uploadRoot, stagingRoot: opts.stagingRoot, log };
    this.timeoutMs = opts.timeoutMs ?? DEFAULT_JOB_TIMEOUT_MS;
  }

  /** Schedules every live running row; a row that cannot be scheduled is logged and skipped. */
  async start(): Promise<void> {
    const rows = await this.ctx.db
      .selectFrom('sys_quartz_job')
      .select(['id', 'job_class_name', 'cron_expression', 'parameter', 'status'])
      .where('del_flag', '=', 0)
      .where('status', '=', QUARTZ_RUNNING)
      .execute();
    for (const row of rows) {
      try {
        this.schedule(row);
      } catch (e) {
        this.ctx.log(`定时任务 ${row.job_class_name} 无法调度: ${(e as Error).message}`);
      }
    }
  }

  /** (Re)schedules a row as it now is: a stopped row is only unscheduled. Throws for a bad expression or class. */
  schedule(row: ScheduledJobRow): void {
    this.unschedule(row.id);
    if (this.stopped || row.status !== QUARTZ_RUNNING) return;
    if (!findJobClass(row.job_class_name)) throw new Error(`未知的任务类 ${row.job_class_name}`);
    const { pattern, options } = cronerPattern(row.cron_expression);
    const snapshot = { ...row };
    const cron = new Cron(pattern, { ...options, protect: true }, async (self: Cron) => {
      try {
        await this.fire(snapshot, scheduledSlot(self, new Date()));
      } catch (e) {
        this.ctx.log(`定时任务 ${snapshot.job_class_name} 执行失败: ${(e as Error).message}`);
      }
    });
    this.crons.set(row.id, cron);
  }

  unschedule(id: string): void {
    this.crons.get(id)?.stop();
    this.crons.delete(id);
  }

  isScheduled(id: string): boolean {
    return this.crons.has(id);
  }

  nextRun(id: string): Date | null {
    return this.crons.get(id)?.nextRun() ?? null;
  }

  scheduledIds(): string[] {
    return [...this.crons.keys()];
  }

  /**
   * One tick of a schedule: runs the job only if this instance claims the slot (job, scheduled time) first, so
   * instances sharing a database run each scheduled time once (issue #27); records the outcome on the claim.
   * Resolves false when another instance had the slot. Rejects with the run's failure.
   */
  async fire(row: Pick<ScheduledJobRow, 'id' | 'job_class_name' | 'parameter'>, slot: Date): Promise<boolean> {
    const claimed = await this.ctx.db
      .insertInto('sys_quartz_run')
      .values({ job_id: row.id, fire_time: slot, instance: INSTANCE_ID })
      .onConflict((oc) => oc.doNothing())
      .returning('job_id')
      .executeTakeFirst();
    if (!claimed) return false;
    let ok = false;
    let message = '';
    try {
      message = await this.runOnce(row);
      ok = true;
      return true;
    } catch (e) {
      message = (e as Error).message;
      throw e;
    } finally {
      await this.ctx.db
        .updateTable('sys_quartz_run')
        .set({ end_time: new Date(), ok, message: message.slice(0, 500) })
        .where('job_id', '=', row.id)
        .where('fire_time', '=', slot)
        .execute()
        .catch(() => undefined);
      // Claims are kept a month (the monitor reads the last runs); older ones of this job go as it runs.
      await this.ctx.db
        .deleteFrom('sys_quartz_run')
        .where('job_id', '=', row.id)
        .where('fire_time', '<', new Date(slot.getTime() - RUN_KEEP_MS))
        .execute()
        .catch(() => undefined);
    }
  }

  /** Runs a row's job once now, with the timeout; rejects with the failure. */
  async runOnce(row: Pick<ScheduledJobRow, 'job_class_name' | 'parameter'>): Promise<string> {
    const job = findJobClass(row.job_class_name);
    if (!job) throw new Error(`未知的任务类 ${row.job_class_name}`);
    const params = parseJobParameter(row.parameter);
    const ac = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        ac.abort();
        reject(new Error(`执行超过${Math.round(this.timeoutMs / 1000)}秒`));
      }, this.timeoutMs);
    });
    const run = Promise.race([job.run(this.ctx, { params, signal: ac.signal }), timeout]);
    this.running.set(ac, run);
    try {
      return await run;
    } finally {
      clearTimeout(timer);
      this.running.delete(ac);
    }
  }

  /**
   * Shutdown: stops every schedule at once, so no run starts from now on. Runs in progress get `graceMs` to
   * finish (a job is not cut off half-way when it ends soon); then the rest are aborted, and given
   * STOP_ABORT_WAIT_MS to give up. Resolves when no run is going on or those waits are over, so the caller can
   * close the database (and with it any lock a run holds) after the runs rather than under them.
   */
  async stop(graceMs = 0): Promise<void> {
    this.stopped = true;
    for (const id of [...this.crons.keys()]) this.unschedule(id);
    if (graceMs > 0) await this.settled(graceMs);
    for (const ac of this.running.keys()) ac.abort();
    await this.settled(STOP_ABORT_WAIT_MS);
  }

  /** Resolves when every run in progress has ended, or after `ms`. */
  private async settled(ms: number): Promise<void> {
    if (!this.running.size) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([Promise.allSettled(this.running.values()), new Promise((r) => (timer = setTimeout(r, ms)))]);
    clearTimeout(timer);
  }
}

// One scheduler per database handle: the routes find the backend's own without widening Services.
const registry = new WeakMap<Database, QuartzScheduler>();

export async function startQuartzScheduler(db: Database, opts: QuartzSchedulerOptions = {}): Promise<QuartzScheduler> {
  void registry.get(db)?.stop();
  const s = new QuartzScheduler(db, opts);
  registry.set(db, s);
  await s.start();
  return s;
}

/** The backend's scheduler; absent when none was started (then route changes only touch the table). */
export function quartzSchedulerFor(db: Database): QuartzScheduler | undefined {
  return registry.get(db);
}
