import type { Ctx } from './context';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 200;

function positiveInt(raw: string | undefined, fallback: number): number {
  if (raw === undefined || !/^\d{1,9}$/.test(raw.trim())) return fallback;
  const n = Number(raw);
  return n >= 1 ? n : fallback;
}

/** `pageNo` (default 1) and `pageSize` (default 10, at most 200) of contract §7; garbage falls back to the defaults. */
export function readPage(c: Ctx) {
  const pageNo = positiveInt(c.req.query('pageNo'), 1);
  const pageSize = Math.min(positiveInt(c.req.query('pageSize'), DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

/** The parts of MyBatis-Plus's Page the client reads (contract §1). */
export function pageOf<T>(records: T[], total: number, pageNo: number, pageSize: number) {
  return { records, total, current: pageNo, size: pageSize, pages: Math.ceil(total / pageSize) };
}
