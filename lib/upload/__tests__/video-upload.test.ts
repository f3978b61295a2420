/** @jest-environment node */
import { checkVideoParams, uploadVideo, VIDEO_PARAM_ERRORS, type StoredMedia, type VideoProvider, type VideoTaskState, type VideoUploadTask } from '../video-upload';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

/** A cloud-like provider that records the protocol steps. */
function fakeProvider(opts: { needsSignature?: boolean; failVideo?: boolean; hangVideo?: boolean } = {}) {
  const steps: string[] = [];
  const provider: VideoProvider = {
    needsSignature: opts.needsSignature ?? true,
    async applyUpload(req) {
      steps.push(`apply:${req.signature}:${req.videoName ?? ''}:${req.coverName ?? ''}`);
      return { vodSessionKey: 'vod-1' };
    },
    async uploadVideo(f, ctx): Promise<StoredMedia> {
      steps.push(`video:${ctx.vodSessionKey}`);
      ctx.onProgress(0.5);
      if (opts.hangVideo) await new Promise<void>((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
      if (opts.failVideo) throw Object.assign(new Error('slice upload file error'), { envelope: { success: false, code: 20002 } });
      ctx.onProgress(1);
      return { name: f.name, path: `v/${f.name}`, url: `https://media/v/${f.name}` };
    },
    async uploadCover(f, ctx) {
      steps.push(`cover:${ctx.vodSessionKey}`);
      ctx.onProgress(1);
      return { name: f.name, path: `c/${f.name}`, url: `https://media/c/${f.name}` };
    },
    async commitUpload(req) {
      steps.push(`commit:${req.vodSessionKey}:${req.signature}`);
      return { fileId: req.fileId ?? 'file-9', videoUrl: req.video?.url ?? 'https://media/v/old.mp4', coverUrl: req.cover?.url ?? '' };
    },
  };
  return { provider, steps };
}

const asTask = (t: string | VideoUploadTask) => {
  if (typeof t === 'string') throw new Error(`parameter error: ${t}`);
  return t;
};

describe('checkVideoParams (spec 02 §5)', () => {
  const { provider } = fakeProvider();
  const sig = () => 'sig';
  it('returns the parameter errors as strings', () => {
    expect(uploadVideo(null)).toBe(VIDEO_PARAM_ERRORS.notObject);
    expect(uploadVideo('x')).toBe('params must be an object');
    expect(uploadVideo([])).toBe('params must be an object');
    expect(checkVideoParams({ provider, getSignature: sig })).toBe('videoFile or fileId is needed');
    expect(checkVideoParams({ provider, videoFile: file('a.mp4') })).toBe('getSignature is needed');
    expect(checkVideoParams({ provider, getSignature: sig, fileId: 'f1' })).toBe(VIDEO_PARAM_ERRORS.coverNeeded);
    expect(checkVideoParams({ provider, getSignature: sig, videoFile: file('a.pdf') })).toBe(VIDEO_PARAM_ERRORS.badVideo);
    expect(checkVideoParams({ provider, getSignature: sig, videoFile: file('a.mp3') })).toBe(VIDEO_PARAM_ERRORS.badVideo);
    expect(checkVideoParams({ provider, getSignature: sig, videoFile: file('a.mp3'), allowAudio: true })).toBeNull();
    expect(checkVideoParams({ provider, getSignature: sig, videoFile: file('a.txt'), allowAudio: true })).toBe(VIDEO_PARAM_ERRORS.badVideoOrAudio);
    expect(checkVideoParams({ provider, getSignature: sig, videoFile: file('a.mp4'), coverFile: file('c.mp4') })).toBe(VIDEO_PARAM_ERRORS.badCover);
    for (const bad of ['a:b.mp4', 'a*b.mp4', 'a?.mp4', 'a"b.mp4', 'a<b.mp4', 'a>b.mp4', 'a\\b.mp4']) {
      expect(checkVideoParams({ provider, getSignature: sig, videoFile: file(bad) })).toBe(VIDEO_PARAM_ERRORS.badName);
    }
    expect(checkVideoParams({ provider, getSignature: sig, videoFile: file('a.mp4'), coverFile: file('c<1>.png') })).toBe(VIDEO_PARAM_ERRORS.badName);
    for (const ok of ['a.mp4', 'b.MOV', 'c.rmvb', 'd.avi', 'e.flv']) expect(checkVideoParams({ provider, getSignature: sig, videoFile: file(ok) })).toBeNull();
    expect(checkVideoParams({ provider, getSignature: sig, fileId: 'f1', coverFile: file('c.jpg') })).toBeNull();
    // Our own server needs no signature.
    expect(checkVideoParams({ videoFile: file('a.mp4') })).toBeNull();
  });
});

describe('uploadVideo', () => {
  it('applies, uploads video and cover, commits with the vodSessionKey, and reports success', async () => {
    const { provider, steps } = fakeProvider();
    const states: VideoTaskState[] = [];
    const progress: { video: number; cover: number }[] = [];
    const finish = jest.fn();
    const task = asTask(
      uploadVideo({ provider, getSignature: async () => 'sig-1', videoFile: file('课堂.mp4'), coverFile: file('封面.png'), onStateChange: (s: VideoTaskState) => states.push(s), progress: (p: { video: number; cover: number }) => progress.push(p), finish }),
    );
    expect(task.state).toBe('uploading');
    const r = await task.done;
    expect(r).toEqual({ fileId: 'file-9', videoName: '课堂.mp4', videoUrl: 'https://media/v/课堂.mp4', coverName: '封面.png', coverUrl: 'https://media/c/封面.png' });
    expect(steps).toEqual(['apply:sig-1:课堂.mp4:封面.png', 'video:vod-1', 'cover:vod-1', 'commit:vod-1:sig-1']);
    expect(states).toEqual(['success']);
    expect(task.state).toBe('success');
    expect(finish).toHaveBeenCalledWith(r);
    expect(progress[progress.length - 1]).toEqual({ video: 1, cover: 1 });
  });

  it('a fileId with a new cover uploads only the cover', async () => {
    const { provider, steps } = fakeProvider();
    const r = await asTask(uploadVideo({ provider, getSignature: () => 's', fileId: 'old-1', coverFile: file('c.jpg') })).done;
    expect(steps).toEqual(['apply:s::c.jpg', 'cover:vod-1', 'commit:vod-1:s']);
    expect(r).toMatchObject({ fileId: 'old-1', coverName: 'c.jpg', videoName: '' });
  });

  it('an error goes to the error callback with its type, message and response text', async () => {
    const { provider } = fakeProvider({ failVideo: true });
    const error = jest.fn();
    const task = asTask(uploadVideo({ provider, getSignature: () => 's', videoFile: file('a.mp4'), error }));
    await expect(task.done).rejects.toThrow('slice upload file error');
    expect(task.state).toBe('error');
    expect(error).toHaveBeenCalledWith({ type: 'video', message: 'slice upload file error', responseText: JSON.stringify({ success: false, code: 20002 }) });
  });

  it('取消 cancels: state cancel, 该文件已取消上传, nothing committed', async () => {
    const { provider, steps } = fakeProvider({ hangVideo: true });
    const error = jest.fn();
    const task = asTask(uploadVideo({ provider, getSignature: () => 's', videoFile: file('a.mp4'), error }));
    await new Promise((r) => setTimeout(r, 10));
    task.cancel();
    await expect(task.done).rejects.toThrow('该文件已取消上传');
    expect(task.state).toBe('cancel');
    expect(error).toHaveBeenCalledWith({ type: 'cancel', message: '该文件已取消上传' });
    expect(steps.some((s) => s.startsWith('commit'))).toBe(false);
  });
});
