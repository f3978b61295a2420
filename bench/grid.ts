/**
 * The editable grid (components/grid) with 10,000 rows in Debian's Chromium, two ways:
 *
 * 1. The component alone with issue 5's shape, 10,000 rows × 20 columns (bench/grid-harness.tsx
 *    bundled by esbuild, minified, production React), against 10 rows × 20 in the same run.
 * 2. The production build's real 字典项 批量编辑 screen: a bench dictionary gets 10,000 items through
 * `POST /sys/dictItem/saveBatch`, a baseline dictionary 10 items, and both are measured in the same run.
 * The dictionary grid has 5 data columns (名称, 数据值, 描述, 排序, 启用) plus the drag, selection,
 * row-number and action columns — not the 20 columns of the target shape.
 *
 * - first render: click 批量编辑 → the first row drawn (includes fetching every item: ~1 MB for 10k);
 * - scroll: rAF frame-time p95 (and p50) while the grid's scroll box moves 150 px every frame for 240 frames.
 *
 *   npm run build && npx tsx bench/grid.ts        (BENCH_RUNS to change the first-render repetitions;
 *                                                 BENCH_GRID_SCREEN=0 runs part 1 only, no build needed)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { build } from 'esbuild';
import { launchChromium, signInAsAdmin, startProduct } from './product';
import { p50, p95 } from './timing';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const PORT = 3416;
const BASE = `http://127.0.0.1:${PORT}`;

async function makeDict(page: Page, code: string, n: number): Promise<void> {
  const headers = { origin: BASE };
  const add = await (await page.request.post(`${BASE}/jeecg-boot/sys/dict/add`, { data: { dictName: code, dictCode: code }, headers })).json();
  if (!add.success) throw new Error(`dict add: ${add.message}`);
  const list = await (await page.request.get(`${BASE}/jeecg-boot/sys/dict/list?dictCode=${code}`)).json();
  const dictId = String(list.result.records[0].id);
  const rows = Array.from({ length: n }, (_, i) => ({ itemText: `项目${i + 1}`, itemValue: `v${i + 1}`, description: `第${i + 1}项的描述`, sortOrder: i + 1, status: i % 3 ? 1 : 0 }));
  const saved = await (await page.request.post(`${BASE}/jeecg-boot/sys/dictItem/saveBatch`, { data: { dictId, rows, deleteIds: [] }, headers, timeout: 120_000 })).json();
  if (!saved.success) throw new Error(`saveBatch: ${saved.message}`);
}

/** Opens the dictionary's 字典配置 drawer (list mode). */
async function openDrawer(page: Page, code: string): Promise<void> {
  await page.goto(`${BASE}/isystem/dict`);
  const list = page.getByTestId('page-wrapper').getByTestId('list-page');
  await list.getByTestId('list-search-field-dictCode').locator('input').fill(code);
  await list.getByTestId('list-search-submit').click();
  await list.locator('tbody tr.ant-table-row').first().waitFor();
  await list.locator('[data-testid^="dict-config-"]').first().click();
  await page.getByTestId('dict-items-mode').waitFor();
}

/** ms from the 批量编辑 click to the grid's first row. */
async function firstRender(page: Page, code: string): Promise<number> {
  await openDrawer(page, code);
  // A string, not a function: tsx's name-keeping helper (__name) does not exist in the page.
  return page.evaluate(`new Promise((resolve) => {
    const option = [...document.querySelectorAll('[data-testid="dict-items-mode"] .ant-segmented-item')].find((el) => el.textContent.includes('批量编辑'));
    const t0 = performance.now();
    option.click();
    const tick = () => {
      if (document.querySelector('[data-testid="dict-items-grid"] [data-testid="grid-row-0"]')) resolve(performance.now() - t0);
      else requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  })`) as Promise<number>;
}

/** rAF deltas while scrolling the grid 150 px per frame (wrapping at the end). */
async function scrollFrames(page: Page, scrollTestId = 'dict-items-grid-scroll'): Promise<number[]> {
  return page.evaluate(`new Promise((resolve) => {
    const box = document.querySelector('[data-testid="${scrollTestId}"]');
    const range = Math.max(1, box.scrollHeight - box.clientHeight);
    const deltas = [];
    let last = performance.now();
    let i = 0;
    const tick = (now) => {
      deltas.push(now - last);
      last = now;
      i += 1;
      box.scrollTop = (i * 150) % range;
      if (i < 240) requestAnimationFrame(tick);
      else resolve(deltas.slice(5));
    };
    requestAnimationFrame(tick);
  })`) as Promise<number[]>;
}

/** Part 1: the component alone, 10,000 × 20 against 10 × 20. */
async function componentBench(): Promise<void> {
  const bundle = await build({
    entryPoints: ['bench/grid-harness.tsx'],
    bundle: true,
    write: false,
    format: 'iife',
    jsx: 'automatic',
    minify: true,
    platform: 'browser',
    target: 'es2022',
    // Code shared with the app reads NEXT_PUBLIC_* settings; here they are all unset.
    define: { 'process.env.NODE_ENV': '"production"', 'process.env': '{}' },
    // CSS modules (the grid's row and cell classes) are bundled into a CSS file the page links.
    loader: { '.module.css': 'local-css', '.css': 'empty', '.svg': 'empty' },
    outdir: 'bench-out',
    logLevel: 'error',
  });
  const js = bundle.outputFiles.find((f) => f.path.endsWith('.js'))!.text;
  const styles = bundle.outputFiles.find((f) => f.path.endsWith('.css'))?.text ?? '';
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.route('http://bench.local/**', (route) =>
      route.request().url().endsWith('.js')
        ? route.fulfill({ contentType: 'text/javascript', body: js })
        : route.fulfill({ contentType: 'text/html', body: `<!doctype html><meta charset="utf-8"><style>${styles}</style><div id="root"></div><script src="/grid.js"></script>` }),
    );
    page.on('pageerror', (e) => console.error('[page]', e.message));
    await page.goto('http://bench.local/');
    await page.waitForFunction('typeof window.benchMount === "function"', undefined, { timeout: 10_000 });
    const mount = (n: number) => page.evaluate(`window.benchMount(${n})`) as Promise<number>;
    await mount(10);
    await mount(10_000); // warm-up: JIT and antd's style cache
    const render: number[] = [];
    const renderBase: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      render.push(await mount(10_000));
      renderBase.push(await mount(10));
    }
    const frames = await scrollFrames(page, 'bench-grid-scroll');
    await mount(10_000);
    const framesBig = await scrollFrames(page, 'bench-grid-scroll');
    const rowsDrawn = await page.evaluate(`document.querySelectorAll('[data-testid="bench-grid"] [data-row-id]').length`);
    console.log(`EditableGrid alone, 20 data columns (+ drag, selection, row number), Chromium 1440×900; first render p50 of ${RUNS} alternating runs`);
    printTable('first render (render() → first row)', render, renderBase, frames, framesBig, '10,000 × 20', '10 × 20 (baseline)');
    console.log(`rows in the DOM with 10,000 loaded: ${String(rowsDrawn)}\n`);
  } finally {
    await browser.close();
  }
}

function printTable(renderLabel: string, render: number[], renderBase: number[], frames: number[], framesBig: number[], big: string, small: string): void {
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  console.log(`| measure | ${big} | ${small} | ratio |`);
  console.log('|---|---|---|---|');
  console.log(`| ${renderLabel} | ${ms(p50(render))} | ${ms(p50(renderBase))} | **${(p50(render) / p50(renderBase)).toFixed(2)}** |`);
  console.log(`| scroll frame time p95 | ${ms(p95(framesBig))} | ${ms(p95(frames))} | **${(p95(framesBig) / p95(frames)).toFixed(2)}** |`);
  console.log(`| scroll frame time p50 | ${ms(p50(framesBig))} | ${ms(p50(frames))} | ${(p50(framesBig) / p50(frames)).toFixed(2)} |`);
  // Frame times are whole vsyncs (16.7 ms): the share of frames that missed one says more than p95.
  const late = (f: number[]) => `${((100 * f.filter((d) => d > 20).length) / f.length).toFixed(1)} %`;
  console.log(`| frames over one vsync | ${late(framesBig)} | ${late(frames)} | |`);
}

async function main() {
  await componentBench();
  if (process.env.BENCH_GRID_SCREEN === '0') return;
  if (!fs.existsSync('.next/BUILD_ID')) throw new Error('Run `npm run build` first (or BENCH_GRID_SCREEN=0 for the component part only).');
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'jiaowu-grid-'));
  const server = await startProduct(PORT, dataDir, { SEED_TERM: 'false' });
  const browser = await launchChromium();
  try {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await signInAsAdmin(page, BASE);
    const stamp = Date.now().toString(36);
    const big = `bench_grid_big_${stamp}`;
    const small = `bench_grid_small_${stamp}`;
    await makeDict(page, big, 10_000);
    await makeDict(page, small, 10);
    // Warm-up: chunks and the server's first queries.
    await firstRender(page, small);
    await firstRender(page, big);

    const render: number[] = [];
    const renderBase: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      render.push(await firstRender(page, big));
      renderBase.push(await firstRender(page, small));
    }
    const frames = await scrollFrames(page); // the page now shows the small grid
    await firstRender(page, big);
    const framesBig = await scrollFrames(page);
    const rowsDrawn = await page.evaluate(`document.querySelectorAll('[data-testid="dict-items-grid"] [data-row-id]').length`);

    console.log(`字典项 批量编辑 grid in Chromium (1440×900), production build; first render p50 of ${RUNS} alternating runs`);
    printTable('first render (click → first row, incl. fetch)', render, renderBase, frames, framesBig, '10,000 rows', '10 rows (baseline)');
    console.log(`rows in the DOM with 10,000 loaded: ${String(rowsDrawn)}`);
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
