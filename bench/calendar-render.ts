/**
 * 行事历 render time in Debian's Chromium, against the production build: a week holding 300 and 1,000
 * teaching sessions, against a baseline measured in the same run, the same screen on an empty week
 * (shell, calendar chunk, API round trip and an empty grid: everything but the sessions themselves).
 *
 * Two measurements per size, alternating with the baseline:
 * - page load: navigation start → every session of the week drawn (the baseline: → 本时段暂无日程 shown);
 * - week switch: click 上一页/下一页 from an empty week → every session drawn (API fetch + render; the
 *   baseline switches between two empty weeks).
 *
 *   npm run build && npx tsx bench/calendar-render.ts        (BENCH_RUNS to change the repetitions)
 *
 * BENCH_PORT: the server's port (3414). BENCH_SIZES=1000: only the listed sizes (comma-separated).
 * BENCH_PROFILE=1: after the table, one more switch to the 1,000-session week under a Chromium trace and one under
 * V8's CPU profiler, each summarised (main-thread self time by trace event; top JS functions by self time).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { createBackend } from '../server/backend';
import { fillWeek } from './calendar-fixture';
import { launchChromium, signInAsAdmin, startProduct } from './product';
import { p50 } from './timing';

const RUNS = Number(process.env.BENCH_RUNS || 5);
const PORT = Number(process.env.BENCH_PORT) || 3414;
const BASE = `http://127.0.0.1:${PORT}`;
/** Fixed weeks far from the demo data: filled, empty, filled, empty, empty. */
const WEEK = { s300: '2027-03-01', empty1: '2027-03-08', s1000: '2027-03-15', empty2: '2027-03-22', empty3: '2027-03-29' };
const ALL_SIZES = [
  { n: 300, week: WEEK.s300, from: WEEK.empty1, button: 'cal-prev' },
  { n: 1000, week: WEEK.s1000, from: WEEK.empty1, button: 'cal-next' },
] as const;
const ONLY = process.env.BENCH_SIZES?.split(',').map(Number);
const SIZES = ALL_SIZES.filter((s) => !ONLY || ONLY.includes(s.n));

const url = (date: string) => `${BASE}/calpanel/CalendarPanel?view=week&date=${date}`;

/** Page load: ms from navigation start until `n` sessions are drawn (n = 0: until the empty notice). */
async function loadTime(page: Page, date: string, n: number): Promise<number> {
  await page.goto(url(date), { waitUntil: 'commit' });
  const handle = await page.waitForFunction(
    (count) => {
      const drawn = document.querySelectorAll('[data-testid="cal-event"]').length;
      const done = count === 0 ? !!document.querySelector('[data-testid="cal-empty"]') : drawn >= count;
      return done ? performance.now() : false;
    },
    n,
    { polling: 'raf', timeout: 120_000 },
  );
  return (await handle.jsonValue()) as number;
}

/** Week switch: from a loaded week, click `button` and time until `n` sessions (or the empty notice) show. */
async function switchTime(page: Page, from: string, button: string, n: number, beforeClick?: () => Promise<unknown>): Promise<number> {
  await loadTime(page, from, 0);
  // Hydration must be done before the click counts (an SSR button ignores clicks until then).
  await page.locator('[data-socket="open"]').waitFor({ timeout: 60_000 });
  await beforeClick?.();
  // A string, not a function: tsx's name-keeping helper (__name) does not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    const label = document.querySelector('[data-testid="cal-range-label"]')?.textContent;
    const t0 = performance.now();
    document.querySelector('[data-testid="${button}"]').click();
    const tick = () => {
      const moved = document.querySelector('[data-testid="cal-range-label"]')?.textContent !== label;
      const drawn = document.querySelectorAll('[data-testid="cal-event"]').length;
      const done = moved && (${n} === 0 ? !!document.querySelector('[data-testid="cal-empty"]') : drawn >= ${n});
      if (done) resolve(performance.now() - t0);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`) as Promise<number>;
}

interface TraceEvent { name: string; ph: string; ts: number; dur?: number; tdur?: number; pid: number; tid: number; args?: { name?: string } }

/**
 * The renderer main thread's CPU time (thread time, `tdur`: what preemption by other processes does not inflate)
 * in the trace, in total and as self time by trace event name (a parent's time minus its children's).
 */
function traceCpu(events: TraceEvent[]): { total: number; self: Map<string, number> } {
  const self = new Map<string, number>();
  const main = events.find((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.name === 'FunctionCall'));
  if (!main) return { total: NaN, self };
  const xs = events.filter((e) => e.pid === main.pid && e.tid === main.tid && e.ph === 'X' && e.dur !== undefined && e.tdur !== undefined).sort((a, b) => a.ts - b.ts || b.dur! - a.dur!);
  let total = 0;
  const stack: { end: number; name: string }[] = [];
  for (const e of xs) {
    while (stack.length && stack[stack.length - 1].end <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.tdur!);
    else total += e.tdur!;
    self.set(e.name, (self.get(e.name) ?? 0) + e.tdur!);
    stack.push({ end: e.ts + e.dur!, name: e.name });
  }
  return { total: total / 1000, self };
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number }

/** JS self time by function (name, script, line:column), top 15, from a V8 CPU profile. */
function profileSummary(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }): string {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byFile = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const f = byId.get(id)!.callFrame;
    const file = f.url.split('/').pop() || '(native)';
    const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber}:${f.columnNumber}`;
    self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0));
    byFile.set(file, (byFile.get(file) ?? 0) + (profile.timeDeltas[i] ?? 0));
  });
  const top = (m: Map<string, number>, n: number) => [...m].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, us]) => `  ${(us / 1000).toFixed(1).padStart(8)} ms  ${k}`).join('\n');
  return `${top(self, 15)}\nby script:\n${top(byFile, 8)}`;
}

/**
 * BENCH_PROFILE=n: n traced switches to the 1,000-session week (main-thread CPU time, median, and the self time of the
 * last one by trace event), then one under V8's CPU profiler (top JS functions).
 */
async function profileSwitch(browser: Browser, page: Page) {
  const s = ALL_SIZES[1];
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8', 'blink'];
  const cpu: number[] = [];
  const wall: number[] = [];
  let last: Map<string, number> = new Map();
  for (let i = 0; i < Math.max(1, Number(process.env.BENCH_PROFILE) || 1); i++) {
    wall.push(await switchTime(page, s.from, s.button, s.n, () => browser.startTracing(page, { categories })));
    const trace = JSON.parse((await browser.stopTracing()).toString()) as { traceEvents: TraceEvent[] };
    const r = traceCpu(trace.traceEvents);
    cpu.push(r.total);
    last = r.self;
  }
  const nodes = await page.evaluate(() => document.querySelectorAll('[data-testid="cal-grid"] *').length);
  console.log(`\nTraced switches to ${s.n} sessions (${cpu.length}): wall ${wall.map((v) => v.toFixed(0)).join(', ')} ms; renderer main-thread CPU ${cpu.map((v) => v.toFixed(0)).join(', ')} ms, p50 **${p50(cpu).toFixed(0)} ms**`);
  console.log(`Elements in the grid after the switch: ${nodes.toLocaleString('en')}. Main-thread CPU self time of the last, by trace event:`);
  console.log([...last].sort((x, y) => y[1] - x[1]).slice(0, 12).map(([n, us]) => `  ${(us / 1000).toFixed(1).padStart(8)} ms  ${n}`).join('\n'));

  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  const profiled = await switchTime(page, s.from, s.button, s.n, () => cdp.send('Profiler.start'));
  const { profile } = await cdp.send('Profiler.stop');
  console.log(`\nProfiled switch to ${s.n} sessions: ${profiled.toFixed(0)} ms; self time by function:`);
  console.log(profileSummary(profile as unknown as Parameters<typeof profileSummary>[0]));
}

async function main() {
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` first.');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-calr-'));
  // Prepare the database first, then hand its directory to the production server.
  const be = await createBackend({ config: { dataDir, captcha: false, seedDemo: true, seedTerm: false, databaseUrl: null } });
  await fillWeek(be.db, 300, new Date(`${WEEK.s300}T00:00:00+08:00`), 'r3');
  await fillWeek(be.db, 1000, new Date(`${WEEK.s1000}T00:00:00+08:00`), 'r10');
  await be.close();

  const server = await startProduct(PORT, dataDir, { SEED_TERM: 'false' });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAsAdmin(page, BASE);
    // Warm-up: the calendar chunk and the server's first queries.
    await loadTime(page, WEEK.s300, 300);
    await loadTime(page, WEEK.empty1, 0);

    console.log(`行事历 week view in Chromium (1440×900), production build, ${RUNS} runs per side (alternating), p50`);
    console.log('| sessions in the week | page load | empty week load | ratio | week switch | empty week switch | ratio |');
    console.log('|---|---|---|---|---|---|---|');
    for (const s of SIZES) {
      const load: number[] = [];
      const loadBase: number[] = [];
      const sw: number[] = [];
      const swBase: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        load.push(await loadTime(page, s.week, s.n));
        loadBase.push(await loadTime(page, WEEK.empty2, 0));
        sw.push(await switchTime(page, s.from, s.button, s.n));
        swBase.push(await switchTime(page, WEEK.empty2, 'cal-next', 0));
      }
      const ms = (v: number) => `${v.toFixed(0)} ms`;
      console.log(
        `| ${s.n.toLocaleString('en')} | ${ms(p50(load))} | ${ms(p50(loadBase))} | **${(p50(load) / p50(loadBase)).toFixed(2)}** | ${ms(p50(sw))} | ${ms(p50(swBase))} | **${(p50(sw) / p50(swBase)).toFixed(2)}** |`,
      );
    }
    if (process.env.BENCH_PROFILE) await profileSwitch(browser, page);
  } finally {
    await browser.close();
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
