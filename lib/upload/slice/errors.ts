// What a server error code of the slice protocol means (spec 02 §8).

export const SLICE_CODES = {
  /** Sizes disagree / slices missing: start again from init (which resumes what the server has). */
  FILESIZE_NOT_MATCH: 10005,
  /** The upload is unknown, expired or someone else's: start again from init. */
  UPLOAD_NOT_FOUND: 10006,
  SHA1_ERROR: 20001,
  SLICE_LENGTH_ERROR: 20002,
  SLICE_WRITE_ERROR: 20003,
  FINISH_ERROR: 20004,
} as const;

export const SLICE_MESSAGES = {
  FILESIZE_NOT_MATCH: 'filesize not match',
  FINISH_ERROR: 'slice finish error',
  SLICE_LENGTH_ERROR: 'slice upload file error',
  SHA1_ERROR: 'get slice sha1 error',
  SLICE_WRITE_ERROR: 'upload slice file error',
} as const;

export const CANCELLED_MESSAGE = '该文件已取消上传';
export const MISSING_FINISH_URL_MESSAGE = '请设置url.finishUpload属性!';
export const SERVICE_NOT_READY_MESSAGE = '正在配置服务，请稍后重试';

export type ErrorAction = 'restart' | 'retry' | 'fail';

/** 10005 (and an unknown upload) restart from init; 20000–29999 are retried while retries remain. */
export function classifySliceError(code: number): ErrorAction {
  if (code === SLICE_CODES.FILESIZE_NOT_MATCH || code === SLICE_CODES.UPLOAD_NOT_FOUND) return 'restart';
  if (code >= 20000 && code <= 29999) return 'retry';
  return 'fail';
}

/** A failure that carries the server's code and whether another attempt may help. */
export class SliceError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly action: ErrorAction,
    readonly cancelled = false,
  ) {
    super(message);
    this.name = 'SliceError';
  }
}
