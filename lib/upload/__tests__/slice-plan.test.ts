/** @jest-environment node */
import { createHash, randomBytes } from 'node:crypto';
import {
  AttemptTimeout,
  classifySliceError,
  missingSlices,
  planSlices,
  receivedBytes,
  sha1Fallback,
  sha1Hex,
  shouldSlice,
  SLICE_ATTEMPT_TIMEOUTS_MS,
  sliceLength,
  SliceError,
  SliceScheduler,
  throttleProgress,
  withAttempts,
} from '../slice-plan';

const KB = 1024;
const MB = 1024 * KB;

describe('planSlices', () => {
  it('uses 512 KB slices up to 512 KB and 1 MB slices above, with a short last slice', () => {
    expect(planSlices(0)).toEqual({ size: 0, sliceSize: 512 * KB, sliceCount: 1 });
    expect(planSlices(1)).toEqual({ size: 1, sliceSize: 512 * KB, sliceCount: 1 });
    expect(planSlices(512 * KB)).toEqual({ size: 512 * KB, sliceSize: 512 * KB, sliceCount: 1 });
    expect(planSlices(512 * KB + 1)).toEqual({ size: 512 * KB + 1, sliceSize: MB, sliceCount: 1 });
    expect(planSlices(MB)).toMatchObject({ sliceSize: MB, sliceCount: 1 });
    expect(planSlices(MB + 1)).toMatchObject({ sliceSize: MB, sliceCount: 2 });
    const p = planSlices(20 * MB + 123);
    expect(p.sliceCount).toBe(21);
    expect(sliceLength(p, 0)).toBe(MB);
    expect(sliceLength(p, 20)).toBe(123);
    expect(() => sliceLength(p, 21)).toThrow(RangeError);
    expect(planSlices(1024 * MB).sliceCount).toBe(1024);
    expect(() => planSlices(-1)).toThrow(RangeError);
  });

  it('slices only files over 20 MB; lists missing slices and counts received bytes', () => {
    expect(shouldSlice(20 * MB)).toBe(false);
    expect(shouldSlice(20 * MB + 1)).toBe(true);
    const p = planSlices(3 * MB + 10);
    expect(missingSlices(p, [0, 2])).toEqual([1, 3]);
    expect(receivedBytes(p, [0, 3, 3])).toBe(MB + 10);
  });
});

describe('error codes (spec 02 §8)', () => {
  it('restarts on 10005, retries 20000–29999, fails otherwise', () => {
    expect(classifySliceError(10005)).toBe('restart');
    expect(classifySliceError(20000)).toBe('retry');
    expect(classifySliceError(20001)).toBe('retry');
    expect(classifySliceError(29999)).toBe('retry');
    expect(classifySliceError(30000)).toBe('fail');
    expect(classifySliceError(500)).toBe('fail');
  });
});

describe('withAttempts', () => {
  afterEach(() => jest.useRealTimers());

  it('gives each attempt its own timeout: 3 s, 5 s, 10 s, then fails', async () => {
    jest.useFakeTimers();
    expect(SLICE_ATTEMPT_TIMEOUTS_MS).toEqual([3000, 5000, 10000]);
    const started: number[] = [];
    const t0 = Date.now();
    // Never answers: only the timeouts end the attempts.
    const p = withAttempts(() => (started.push(Date.now() - t0), new Promise<never>(() => undefined)), { timeouts: SLICE_ATTEMPT_TIMEOUTS_MS });
    const settled = p.catch((e: unknown) => e);
    await jest.advanceTimersByTimeAsync(2999);
    expect(started).toEqual([0]);
    await jest.advanceTimersByTimeAsync(1);
    expect(started).toEqual([0, 3000]);
    await jest.advanceTimersByTimeAsync(5000);
    expect(started).toEqual([0, 3000, 8000]);
    await jest.advanceTimersByTimeAsync(9999);
    expect(started).toHaveLength(3);
    await jest.advanceTimersByTimeAsync(1);
    const e = await settled;
    expect(e).toBeInstanceOf(AttemptTimeout);
    expect((e as AttemptTimeout).ms).toBe(10000);
  });

  it('retries retryable errors, stops at a non-retryable one, and stops when the caller aborts', async () => {
    let n = 0;
    await expect(
      withAttempts(async () => {
        if (++n < 3) throw new SliceError('get slice sha1 error', 20001, 'retry');
        return 'ok';
      }, { timeouts: [1000, 1000, 1000] }),
    ).resolves.toBe('ok');
    expect(n).toBe(3);
    n = 0;
    await expect(withAttempts(async () => (n++, Promise.reject(new SliceError('filesize not match', 10005, 'restart'))), { timeouts: [1000, 1000, 1000] })).rejects.toMatchObject({ code: 10005 });
    expect(n).toBe(1);
    const ctl = new AbortController();
    n = 0;
    const p = withAttempts(() => (n++, new Promise<never>(() => undefined)), { timeouts: [1000, 1000, 1000], signal: ctl.signal });
    ctl.abort(new Error('stop'));
    await expect(p).rejects.toThrow('stop');
    expect(n).toBe(1);
  });
});

describe('SliceScheduler', () => {
  it('runs at most 3 files, 3 slices per file and 5 requests overall; the rest queue', async () => {
    const s = new SliceScheduler();
    let inFlight = 0;
    let peak = 0;
    const perFile = new Map<number, number>();
    const perFilePeak = new Map<number, number>();
    let filePeak = 0;
    const gates: (() => void)[] = [];
    const file = async (f: number) => {
      const lane = await s.acquireFile();
      filePeak = Math.max(filePeak, s.activeFiles);
      try {
        await Promise.all(
          Array.from({ length: 6 }, () =>
            lane.run(async () => {
              inFlight++;
              perFile.set(f, (perFile.get(f) ?? 0) + 1);
              peak = Math.max(peak, inFlight);
              perFilePeak.set(f, Math.max(perFilePeak.get(f) ?? 0, perFile.get(f)!));
              await new Promise<void>((r) => gates.push(r));
              inFlight--;
              perFile.set(f, perFile.get(f)! - 1);
            }),
          ),
        );
      } finally {
        lane.release();
      }
    };
    const all = Promise.all([1, 2, 3, 4, 5].map(file));
    await new Promise((r) => setTimeout(r, 0));
    expect(s.activeFiles).toBe(3); // files 4 and 5 wait
    expect(inFlight).toBe(5);
    expect(s.activeRequests).toBe(5);
    while (gates.length) {
      gates.shift()!();
      await new Promise((r) => setTimeout(r, 0));
      expect(inFlight).toBeLessThanOrEqual(5);
    }
    await all;
    expect(peak).toBe(5);
    expect(filePeak).toBe(3);
    for (const v of perFilePeak.values()) expect(v).toBeLessThanOrEqual(3);
    expect(Math.max(...perFilePeak.values())).toBe(3);
    expect(s.activeFiles).toBe(0);
    expect(s.activeRequests).toBe(0);
  });

  it('a queued file can be cancelled while it waits', async () => {
    const s = new SliceScheduler({ files: 1, perFile: 3, total: 5 });
    const first = await s.acquireFile();
    const ctl = new AbortController();
    const waiting = s.acquireFile(ctl.signal);
    ctl.abort(new Error('cancelled'));
    await expect(waiting).rejects.toThrow('cancelled');
    first.release();
    const next = await s.acquireFile();
    expect(s.activeFiles).toBe(1);
    next.release();
  });
});

describe('throttleProgress', () => {
  afterEach(() => jest.useRealTimers());

  it('emits at most every 100 ms, always ending with the latest value', async () => {
    jest.useFakeTimers();
    const seen: number[] = [];
    const t = throttleProgress((v) => seen.push(v), 100);
    t(0.1);
    t(0.2);
    t(0.3);
    expect(seen).toEqual([0.1]);
    jest.advanceTimersByTime(99);
    expect(seen).toEqual([0.1]);
    jest.advanceTimersByTime(1);
    expect(seen).toEqual([0.1, 0.3]);
    t(0.5);
    t(0.6);
    t.flush();
    expect(seen).toEqual([0.1, 0.3, 0.6]);
    jest.advanceTimersByTime(1000);
    expect(seen).toEqual([0.1, 0.3, 0.6]);
  });
});

describe('sha1', () => {
  it('the fallback equals WebCrypto / node for several lengths', async () => {
    for (const n of [0, 1, 55, 56, 63, 64, 65, 1000, 512 * KB + 3]) {
      const b = randomBytes(n);
      const want = createHash('sha1').update(b).digest('hex');
      expect(sha1Fallback(new Uint8Array(b))).toBe(want);
      expect(await sha1Hex(new Uint8Array(b))).toBe(want);
    }
  });
});
