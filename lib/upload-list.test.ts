import { activeCount, UNKNOWN_ERROR_TEXT, uploadListReducer, uploadStatusText, type UploadItem } from './upload-list';

const add = (items: UploadItem[], id: string) => uploadListReducer(items, { type: 'add', item: { id, name: `${id}.mp4`, retryable: true } });

describe('upload list reducer (spec 02 §4)', () => {
  it('adds newest first, uploading at 0', () => {
    const items = add(add([], 'a'), 'b');
    expect(items.map((i) => i.id)).toEqual(['b', 'a']);
    expect(items[0]).toMatchObject({ status: 'uploading', percent: 0 });
    expect(uploadStatusText(items[0])).toBe('0%');
  });

  it('progress is clamped to 0–1, never goes back, and stops once finished', () => {
    let items = add([], 'a');
    items = uploadListReducer(items, { type: 'progress', id: 'a', percent: 0.456 });
    expect(uploadStatusText(items[0])).toBe('46%');
    items = uploadListReducer(items, { type: 'progress', id: 'a', percent: 0.2 });
    expect(items[0].percent).toBe(0.456);
    items = uploadListReducer(items, { type: 'progress', id: 'a', percent: 7 });
    expect(items[0].percent).toBe(1);
    items = uploadListReducer(items, { type: 'done', id: 'a' });
    items = uploadListReducer(items, { type: 'progress', id: 'a', percent: 0.1 });
    expect(items[0]).toMatchObject({ status: 'done', percent: 1 });
  });

  it('success says 上传成功; failure says 上传失败 with the message or 未知错误', () => {
    let items = add(add([], 'a'), 'b');
    items = uploadListReducer(items, { type: 'done', id: 'a' });
    items = uploadListReducer(items, { type: 'error', id: 'b', message: '  ' });
    expect(uploadStatusText(items.find((i) => i.id === 'a')!)).toBe('上传成功');
    const b = items.find((i) => i.id === 'b')!;
    expect(uploadStatusText(b)).toBe('上传失败');
    expect(b.message).toBe(UNKNOWN_ERROR_TEXT);
    expect(activeCount(items)).toBe(0);
  });

  it('retry restarts only a failed item; clearFinished keeps uploads in progress', () => {
    let items = add(add(add([], 'a'), 'b'), 'c');
    items = uploadListReducer(items, { type: 'error', id: 'a', message: '网络错误' });
    items = uploadListReducer(items, { type: 'done', id: 'b' });
    items = uploadListReducer(items, { type: 'retry', id: 'b' });
    expect(items.find((i) => i.id === 'b')!.status).toBe('done');
    items = uploadListReducer(items, { type: 'retry', id: 'a' });
    expect(items.find((i) => i.id === 'a')).toMatchObject({ status: 'uploading', percent: 0, message: undefined });
    items = uploadListReducer(items, { type: 'clearFinished' });
    expect(items.map((i) => i.id).sort()).toEqual(['a', 'c']);
    expect(uploadListReducer(items, { type: 'remove', id: 'a' }).map((i) => i.id)).toEqual(['c']);
  });

  it('re-adding an id restarts it instead of duplicating', () => {
    let items = add([], 'a');
    items = uploadListReducer(items, { type: 'error', id: 'a' });
    items = add(items, 'a');
    expect(items).toHaveLength(1);
    expect(items[0].status).toBe('uploading');
  });
});
