/** @jest-environment node */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Database } from '../../db';
import { QuartzScheduler } from '../quartz-scheduler';

// Shutdown (issue #27 item 9). The temp-file job needs no database, only its upload root: a folder of files
// gives it a run that is still going when `stop` is called.
const TEMP = 'org.jeecg.modules.quartz.job.TempFileCleanJob';
const SAMPLE = 'org.jeecg.modules.quartz.job.SampleJob';
const noDb = null as unknown as Database;
let root: string;

beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-quartz-stop-'));
  const dir = path.join(root, 'temp', 'many');
  fs.mkdirSync(dir, { recursive: true });
  for (let i = 0; i < 50; i++) fs.writeFileSync(path.join(dir, `f${i}`), '');
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

it('stop(grace) stops the schedules at once and lets a run in progress finish before it resolves', async () => {
  const s = new QuartzScheduler(noDb, { log: () => undefined, uploadRoot: root });
  s.schedule({ id: 'a', job_class_name: SAMPLE, cron_expression: '0 0 3 * * ?', parameter: null, status: 0 });
  let outcome: string | undefined;
  const run = s.runOnce({ job_class_name: TEMP, parameter: '' }).then((line) => (outcome = line));
  const stopped = s.stop(60_000);
  expect(s.scheduledIds()).toEqual([]);
  await stopped;
  // Resolved only once the run had ended, and the run was not aborted.
  expect(outcome).toMatch(/^TempFileCleanJob: 删除0个7天前的临时文件/);
  await run;
  s.schedule({ id: 'b', job_class_name: SAMPLE, cron_expression: '* * * * * ?', parameter: null, status: 0 });
  expect(s.isScheduled('b')).toBe(false);
});

it('stop() without grace aborts a run in progress and waits for it to give up', async () => {
  const s = new QuartzScheduler(noDb, { log: () => undefined, uploadRoot: root });
  let failure: Error | undefined;
  const run = s.runOnce({ job_class_name: TEMP, parameter: '' }).catch((e: Error) => (failure = e));
  await s.stop();
  expect(failure?.message).toBe('任务超时');
  await run;
});
