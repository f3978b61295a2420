/**
 * Start-up phase marks (bench/start.ts): with START_TIMING=1, `[start] <phase> +<ms since the process began> ms`
 * on stdout. Otherwise a no-op.
 */
const on = process.env.START_TIMING === '1';

export function startMark(phase: string): void {
  if (on) console.log(`[start] ${phase} +${Math.round(performance.now())} ms`);
}
