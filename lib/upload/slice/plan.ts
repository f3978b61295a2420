// How a file is cut into slices, and the protocol's sizes, limits and timeouts (spec 02 §9).

const KB = 1024;
const MB = 1024 * KB;

/** Files over 20 MB go through the slice protocol; smaller ones use the plain upload. */
export const SLICE_THRESHOLD = 20 * MB;
/** 512 KB slices for files up to 512 KB, 1 MB otherwise. */
export const SMALL_SLICE_SIZE = 512 * KB;
export const SLICE_SIZE = 1 * MB;
/** The spec also defines a 3 MB default chunk; the planner uses the two sizes above. */
export const DEFAULT_CHUNK_SIZE = 3 * MB;
/** The largest file a sliced upload accepts (materials video: 1 GB). */
export const MAX_SLICED_SIZE = 1024 * MB;

/** Files uploading at once, slices per file at once, requests overall. */
export const FILE_CONCURRENCY = 3;
export const SLICE_CONCURRENCY = 3;
export const MAX_THREADS = 5;

/** One attempt per timeout: 3 s, 5 s, then 10 s; the slice fails after the third. */
export const SLICE_ATTEMPT_TIMEOUTS_MS: readonly number[] = [3000, 5000, 10000];
export const FINISH_RETRIES = 3;
/** Finishing may move a 1 GB file: a generous limit per attempt. */
export const FINISH_TIMEOUT_MS = 120_000;
/** Unfinished uploads (and their slice checksums) are kept this long. */
export const SLICE_SESSION_TTL_S = 259_200;
export const PROGRESS_INTERVAL_MS = 100;
/** Restarts from init after code 10005 before giving up. */
export const MAX_RESTARTS = 3;

export interface SlicePlan {
  size: number;
  sliceSize: number;
  sliceCount: number;
}

/** The server and the client plan with this one function, so they always agree. */
export function planSlices(size: number): SlicePlan {
  if (!Number.isSafeInteger(size) || size < 0) throw new RangeError('invalid file size');
  const sliceSize = size <= SMALL_SLICE_SIZE ? SMALL_SLICE_SIZE : SLICE_SIZE;
  // An empty file still has one (empty) slice, so finishing has something to check.
  const sliceCount = Math.max(1, Math.ceil(size / sliceSize));
  return { size, sliceSize, sliceCount };
}

/** Bytes of slice `index` (the last one may be short). */
export function sliceLength(plan: SlicePlan, index: number): number {
  if (!Number.isInteger(index) || index < 0 || index >= plan.sliceCount) throw new RangeError('invalid slice index');
  return Math.min(plan.sliceSize, plan.size - index * plan.sliceSize);
}

export function sliceRange(plan: SlicePlan, index: number): { start: number; end: number } {
  const start = index * plan.sliceSize;
  return { start, end: start + sliceLength(plan, index) };
}

export const shouldSlice = (size: number): boolean => size > SLICE_THRESHOLD;

/** The slices still to send, in order. */
export function missingSlices(plan: SlicePlan, received: readonly number[]): number[] {
  const have = new Set(received);
  const out: number[] = [];
  for (let i = 0; i < plan.sliceCount; i++) if (!have.has(i)) out.push(i);
  return out;
}

export function receivedBytes(plan: SlicePlan, received: readonly number[]): number {
  let n = 0;
  for (const i of new Set(received)) if (i >= 0 && i < plan.sliceCount) n += sliceLength(plan, i);
  return n;
}

/**
 * The path of one slice's PUT (`/sys/upload/slice/{uploadId}/{index}`, server/system/slice-routes.ts).
 * The BFF and the backend's auth treat these requests, a thousand per gigabyte, specially.
 */
export const SLICE_PUT_PATH = /^\/sys\/upload\/slice\/[0-9a-f]{32}\/\d{1,7}$/;
