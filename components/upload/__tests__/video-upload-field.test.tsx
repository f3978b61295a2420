import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { App } from 'antd';
import { MB, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import type { StoredMedia, VideoProvider } from '@/lib/upload/video-upload';
import { VideoUploadField } from '../video-upload-field';

/** The video upload with a cover (spec 02 §3–§8) as the 课程资料 form uses it: 文件, 文件名 and 视频封面 filled together. */

const file = (name: string, size = 10) => {
  const f = new File(['x'], name);
  Object.defineProperty(f, 'size', { value: size });
  return f;
};
const choose = (testId: string, f: File) => fireEvent.change(screen.getByTestId(testId), { target: { files: [f] } });

/** Our server's protocol shape; the video step fails `failures` times, or waits for 取消 when `hang`. */
function fakeProvider(opts: { failures?: number; hang?: boolean } = {}) {
  let failures = opts.failures ?? 0;
  const calls: string[] = [];
  const provider: VideoProvider = {
    needsSignature: false,
    applyUpload: async () => ({ vodSessionKey: 'k' }),
    async uploadVideo(f, ctx): Promise<StoredMedia> {
      calls.push(`video:${f.name}`);
      ctx.onProgress(0.5);
      if (opts.hang) await new Promise<void>((_, reject) => ctx.signal.addEventListener('abort', () => reject(ctx.signal.reason)));
      if (failures-- > 0) throw new Error('分片上传失败');
      return { name: f.name, path: `material/v_${f.name}`, url: '' };
    },
    async uploadCover(f) {
      calls.push(`cover:${f.name}`);
      return { name: f.name, path: `material/c_${f.name}`, url: '' };
    },
    commitUpload: async (req) => ({ fileId: req.video?.path ?? req.fileId ?? '', videoUrl: '', coverUrl: '' }),
  };
  return { provider, calls };
}

/** The form's three fields, wired as features/edu/material's 文件 editor wires them. */
function Harness({ provider }: { provider: VideoProvider }) {
  const [v, setV] = useState({ filePath: '', fileName: '', coverPath: '' });
  return (
    <App>
      <VideoUploadField
        provider={provider}
        value={v.filePath}
        fileName={v.fileName}
        coverValue={v.coverPath}
        onChange={(filePath, fileName) => setV((s) => ({ ...s, filePath, fileName }))}
        onCoverChange={(coverPath) => setV((s) => ({ ...s, coverPath }))}
      />
      <pre data-testid="values">{JSON.stringify(v)}</pre>
    </App>
  );
}
const values = () => JSON.parse(screen.getByTestId('values').textContent ?? '{}') as Record<string, string>;

describe('VideoUploadField', () => {
  it('refuses a video over 1 GB in the spec words without uploading', () => {
    const { provider, calls } = fakeProvider();
    render(<Harness provider={provider} />);
    choose('video-upload-input', file('课堂.mp4', 1025 * MB));
    expect(screen.getByTestId('video-upload-error').textContent).toBe('上传视频失败，请使用格式工厂转换格式或压缩大小到1G以内');
    choose('video-upload-input', file('课堂.avi'));
    expect(screen.getByTestId('video-upload-error').textContent).toBe(UPLOAD_MESSAGES.badFormat);
    expect(calls).toEqual([]);
  });

  it('uploads the video with the cover picked before it: 上传失败 → 重新上传 → 上传成功 fills path, name and cover', async () => {
    const { provider, calls } = fakeProvider({ failures: 1 });
    render(<Harness provider={provider} />);
    choose('video-upload-cover-input', file('封面.png'));
    expect(screen.getByTestId('video-upload-cover').textContent).toContain('封面.png（随视频上传）');
    choose('video-upload-input', file('课堂.mp4'));
    await waitFor(() => expect(screen.getByTestId('video-upload-item').getAttribute('data-status')).toBe('error'));
    expect(screen.getByTestId('video-upload-item').textContent).toContain('上传失败');
    expect(screen.getByTestId('video-upload-error').textContent).toBe('分片上传失败');
    expect(values().filePath).toBe('');

    fireEvent.click(screen.getByTestId('video-upload-retry'));
    await waitFor(() => expect(screen.getByTestId('video-upload-item').textContent).toContain('上传成功'));
    expect(values()).toEqual({ filePath: 'material/v_课堂.mp4', fileName: '课堂.mp4', coverPath: 'material/c_封面.png' });
    expect(calls).toEqual(['video:课堂.mp4', 'video:课堂.mp4', 'cover:封面.png']);

    // A new cover for the stored video goes up alone.
    choose('video-upload-cover-input', file('新封面.jpg'));
    await waitFor(() => expect(values().coverPath).toBe('material/c_新封面.jpg'));
    expect(calls.slice(3)).toEqual(['cover:新封面.jpg']);
    expect(values().filePath).toBe('material/v_课堂.mp4');
  });

  it('取消 stops the upload and removes it, leaving the field empty', async () => {
    const { provider } = fakeProvider({ hang: true });
    render(<Harness provider={provider} />);
    choose('video-upload-input', file('课堂.mp4', 100));
    await waitFor(() => expect(screen.getByTestId('video-upload-progress').textContent).toContain('50%'));
    await act(async () => fireEvent.click(screen.getByTestId('video-upload-cancel')));
    await waitFor(() => expect(screen.queryByTestId('video-upload-item')).toBeNull());
    expect(values()).toEqual({ filePath: '', fileName: '', coverPath: '' });
    expect(screen.getByTestId('video-upload-button').hasAttribute('disabled')).toBe(false);
  });
});
