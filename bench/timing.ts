/** Shared timing helpers of the benchmarks: percentiles and an alternating A/B runner. */

export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];
export const p50 = (xs: number[]) => percentile(xs, 0.5);
export const p95 = (xs: number[]) => percentile(xs, 0.95);

/** Runs both sides alternately (after a warm-up), so load from anything else on the machine hits them alike. */
export async function timePair(a: () => Promise<void>, b: () => Promise<void>, runs: number, warmup: number): Promise<[number[], number[]]> {
  for (let i = 0; i < warmup; i++) {
    await a();
    await b();
  }
  const ta: number[] = [];
  const tb: number[] = [];
  for (let i = 0; i < runs; i++) {
    for (const [fn, out] of (i % 2 ? [[a, ta], [b, tb]] : [[b, tb], [a, ta]]) as [() => Promise<void>, number[]][]) {
      const t0 = performance.now();
      await fn();
      out.push(performance.now() - t0);
    }
  }
  return [ta, tb];
}
