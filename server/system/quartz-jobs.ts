import fs from 'node:fs';
import path from 'node:path';
import type { Database } from '../db';
import { QUARTZ_JOB_CLASS_OPTIONS } from '../../features/system/quartz/quartz-resource';
import { SliceStore } from '../storage/slices';
import { runAutoReturn } from '../crm/lead-auto-return';

/** What a job may use; built once by the scheduler. */
export interface QuartzJobContext {
  db: Database;
  /** The upload store's root (`<DATA_DIR>/upload`); the temp-file job only ever walks `<root>/temp`. */
  uploadRoot?: string;
  /** Where sliced uploads are staged (`<DATA_DIR>/upload-slices`). */
  stagingRoot?: string;
  log: (line: string) => void;
}

export interface QuartzJobRun {
  /** The job's parameter: a JSON object ({} when empty). */
  params: Record<string, unknown>;
  /** Aborted when the run times out or the scheduler stops. */
  signal: AbortSignal;
}

export interface QuartzJobClass {
  className: string;
  /** Label of the class select (from QUARTZ_JOB_CLASS_OPTIONS). */
  label: string;
  run(ctx: QuartzJobContext, run: QuartzJobRun): Promise<string>;
}

type JobImpl = Omit<QuartzJobClass, 'label'>;

const DAY_MS = 86_400_000;

/** A whole number of days from the parameter object, defaulted and clamped (1–3650). */
function daysParam(params: Record<string, unknown>, fallback: number): number {
  const v = params.days;
  if (v === undefined || v === null || v === '') return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 3650) throw new Error('参数days应为1到3650的整数');
  return n;
}

/** JeecgBoot's demo job: writes one line, nothing else. */
const sampleJob: JobImpl = {
  className: 'org.jeecg.modules.quartz.job.SampleJob',
  async run(ctx, { params }) {
    const line = `SampleJob 执行, 参数: ${JSON.stringify(params)}`;
    ctx.log(line);
    return line;
  },
};

/**
 * Removes files under `<upload root>/temp` not modified for `days` days (default 7), then sweeps
 * expired sliced uploads. The walk never follows symbolic links and stays under the temp folder.
 */
const tempFileCleanJob: JobImpl = {
  className: 'org.jeecg.modules.quartz.job.TempFileCleanJob',
  async run(ctx, { params, signal }) {
    const days = daysParam(params, 7);
    const cutoff = Date.now() - days * DAY_MS;
    let removed = 0;
    if (ctx.uploadRoot) {
      const tempRoot = path.join(path.resolve(ctx.uploadRoot), 'temp');
      const walk = async (dir: string): Promise<void> => {
        const entries = await fs.promises.readdir(dir, { withFileTypes: true }).catch(() => [] as fs.Dirent[]);
        for (const e of entries) {
          if (signal.aborted) throw new Error('任务超时');
          const full = path.join(dir, e.name);
          if (!full.startsWith(tempRoot + path.sep)) continue;
          if (e.isDirectory()) {
            await walk(full);
            // An emptied sub-folder goes too (rmdir refuses a non-empty one).
            await fs.promises.rmdir(full).catch(() => undefined);
          } else if (e.isFile()) {
            const st = await fs.promises.lstat(full).catch(() => null);
            if (st && st.mtimeMs < cutoff) {
              await fs.promises.rm(full, { force: true });
              removed++;
            }
          }
          // Symbolic links and other entries are left alone.
        }
      };
      await walk(tempRoot);
    }
    let liveUploads = 0;
    if (ctx.stagingRoot) liveUploads = await new SliceStore(ctx.stagingRoot).sweep();
    const line = `TempFileCleanJob: 删除${removed}个${days}天前的临时文件, 进行中的分片上传${liveUploads}个`;
    ctx.log(line);
    return line;
  },
};

/** Deletes login sessions that expired or were revoked more than `days` days ago (default 30). */
const sessionCleanJob: JobImpl = {
  className: 'org.jeecg.modules.quartz.job.SessionCleanJob',
  async run(ctx, { params }) {
    const days = daysParam(params, 30);
    const cutoff = new Date(Date.now() - days * DAY_MS);
    const r = await ctx.db
      .deleteFrom('sys_user_session')
      .where((w) => w.or([w('expires_at', '<', cutoff), w.and([w('revoked_at', 'is not', null), w('revoked_at', '<', cutoff)])]))
      .executeTakeFirst();
    const line = `SessionCleanJob: 删除${String(r.numDeletedRows ?? 0n)}个会话`;
    ctx.log(line);
    return line;
  },
};

/** 线索自动回收 (issue #23): leads past the pool's limits go back to the pool; owners are warned ahead (lead-auto-return.ts). */
const leadAutoReturnJob: JobImpl = {
  className: 'org.jeecg.modules.crm.job.LeadAutoReturnJob',
  async run(ctx) {
    const r = await runAutoReturn(ctx.db, new Date());
    const line = r.enabled ? `LeadAutoReturnJob: 回收${r.returned}条线索, 提醒${r.warnedOwners}人(${r.warnedLeads}条)` : 'LeadAutoReturnJob: 线索池未启用';
    ctx.log(line);
    return line;
  },
};

const IMPLEMENTED = [sampleJob, tempFileCleanJob, sessionCleanJob, leadAutoReturnJob];

/**
 * The only classes a job may name: the screen's options (one list for the select and this
 * whitelist), each with its implementation; an option without one is left out.
 */
export const QUARTZ_JOB_CLASSES: readonly QuartzJobClass[] = QUARTZ_JOB_CLASS_OPTIONS.flatMap((o) => {
  const job = IMPLEMENTED.find((j) => j.className === o.value);
  return job ? [{ ...job, label: o.text }] : [];
});

export function findJobClass(className: string): QuartzJobClass | undefined {
  return QUARTZ_JOB_CLASSES.find((j) => j.className === className);
}

/** A stored parameter as the job's object: empty → {}; anything but a JSON object is refused. */
export function parseJobParameter(raw: string | null | undefined): Record<string, unknown> {
  const text = (raw ?? '').trim();
  if (!text) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw new Error('参数必须是JSON对象');
  }
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new Error('参数必须是JSON对象');
  return v as Record<string, unknown>;
}
