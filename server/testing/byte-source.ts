/**
 * A request body of `total` bytes made on demand, one `chunk` at a time, that counts what was pulled: the body-limit
 * tests and bench send 64 MB bodies without holding them, and see whether the server stopped reading early.
 * highWaterMark 0: nothing is pulled before a reader asks, so "pulled 0" means the body was never read.
 */
export interface ByteSource {
  stream: ReadableStream<Uint8Array>;
  /** Bytes handed to the reader so far. */
  pulled(): number;
  /** The reader cancelled the stream (stopped reading) before its end. */
  cancelled(): boolean;
}

export function byteSource(total: number, chunk = 64 * 1024, fill = 0x61): ByteSource {
  const block = new Uint8Array(chunk).fill(fill);
  let pulled = 0;
  let cancelled = false;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled >= total) return controller.close();
        const n = Math.min(chunk, total - pulled);
        pulled += n;
        // A fresh view each time: a consumer may keep (or transfer) what it was given.
        controller.enqueue(block.slice(0, n));
      },
      cancel() {
        cancelled = true;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulled: () => pulled, cancelled: () => cancelled };
}

export const MB = 1024 * 1024;
