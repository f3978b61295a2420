/**
 * The material-upload list shown in the shell's right drawer (spec 01 §2, spec 02 §4): upload widgets
 * push items, report progress 0–1, then success (上传成功) or failure (上传失败 + 重新上传). Pure reducer.
 */
export type UploadStatus = 'uploading' | 'done' | 'error';

export interface UploadItem {
  id: string;
  name: string;
  /** Bytes, when known. */
  size?: number;
  /** 0–1 while uploading (spec 02 §4: progress 0–1). */
  percent: number;
  status: UploadStatus;
  message?: string;
  /** A retry is possible (the widget registered one). */
  retryable: boolean;
}

export type UploadListAction =
  | { type: 'add'; item: Omit<UploadItem, 'percent' | 'status'> }
  | { type: 'progress'; id: string; percent: number }
  | { type: 'done'; id: string }
  | { type: 'error'; id: string; message?: string }
  | { type: 'retry'; id: string }
  | { type: 'remove'; id: string }
  | { type: 'clearFinished' };

export const UPLOAD_DONE_TEXT = '上传成功';
export const UPLOAD_ERROR_TEXT = '上传失败';
export const UPLOAD_RETRY_TEXT = '重新上传';
/** Spec 02 §4: an error without a message shows this. */
export const UNKNOWN_ERROR_TEXT = '未知错误';

const clamp01 = (n: number) => (Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0);

function update(items: UploadItem[], id: string, patch: (i: UploadItem) => UploadItem): UploadItem[] {
  return items.map((i) => (i.id === id ? patch(i) : i));
}

export function uploadListReducer(items: UploadItem[], action: UploadListAction): UploadItem[] {
  switch (action.type) {
    case 'add':
      // Newest first; re-adding an id restarts it rather than duplicating the row.
      return [{ ...action.item, percent: 0, status: 'uploading' }, ...items.filter((i) => i.id !== action.item.id)];
    case 'progress':
      // Progress never goes backwards and never moves a finished item.
      return update(items, action.id, (i) => (i.status === 'uploading' ? { ...i, percent: Math.max(i.percent, clamp01(action.percent)) } : i));
    case 'done':
      return update(items, action.id, (i) => ({ ...i, percent: 1, status: 'done', message: undefined }));
    case 'error':
      return update(items, action.id, (i) => ({ ...i, status: 'error', message: action.message?.trim() || UNKNOWN_ERROR_TEXT }));
    case 'retry':
      return update(items, action.id, (i) => (i.status === 'error' ? { ...i, status: 'uploading', percent: 0, message: undefined } : i));
    case 'remove':
      return items.filter((i) => i.id !== action.id);
    case 'clearFinished':
      return items.filter((i) => i.status === 'uploading');
  }
}

/** The status line of one item: a percentage while uploading, then the spec's texts. */
export function uploadStatusText(item: UploadItem): string {
  if (item.status === 'done') return UPLOAD_DONE_TEXT;
  if (item.status === 'error') return UPLOAD_ERROR_TEXT;
  return `${Math.round(item.percent * 100)}%`;
}

export function activeCount(items: UploadItem[]): number {
  return items.filter((i) => i.status === 'uploading').length;
}
