'use client';

import { useEffect, useRef, useState, type ChangeEvent } from 'react';
import { App, Button, Progress, Space, Typography } from 'antd';
import { DeleteOutlined, PictureOutlined, VideoCameraOutlined } from '@ant-design/icons';
import { baseName, checkMaterialFile, DIALOG_IMAGE_EXTS, extOf, MATERIAL_RULES, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { defaultVideoProvider, uploadVideo, VIDEO_PARAM_ERRORS, type VideoProvider, type VideoUploadTask } from '@/lib/upload/video-upload';
import { HIDDEN_INPUT } from './hidden-input';
import { downloadStored } from './download-file';

/**
 * The video upload with a cover (spec 02 §3–§8) as a form control: the value is the stored video path,
 * the cover's stored path is reported through `onCoverChange`. Picking a video starts the upload (with a
 * cover picked before it); picking a cover for a stored video uploads the cover alone (fileId + coverFile).
 * While uploading: progress and 取消 (the task removes the unfinished upload); then 上传成功, or 上传失败
 * with the reason and 重新上传. The server checks the stored files again when the form is saved.
 */
export interface VideoUploadFieldProps {
  value?: string;
  /** The stored video path and the video file's own name. */
  onChange?(path: string, fileName: string): void;
  /** The file's own name, shown instead of the generated storage name when known. */
  fileName?: string | null;
  /** The stored cover path ('' = none). */
  coverValue?: string | null;
  onCoverChange?(path: string, coverName: string): void;
  disabled?: boolean;
  /** Storage folder of the default provider (default material). */
  biz?: string;
  /** Where the files go (default our own server: sliced upload + general upload). */
  provider?: VideoProvider;
  id?: string;
}

type Item =
  | { status: 'uploading'; name: string; percent: number }
  | { status: 'done'; name: string }
  | { status: 'error'; name: string; message: string };

const VIDEO_ACCEPT = MATERIAL_RULES.video.exts.map((e) => `.${e}`).join(',');
const COVER_ACCEPT = DIALOG_IMAGE_EXTS.map((e) => `.${e}`).join(',');

/** A cover: png/jpg/jpeg (what the server takes for 视频封面) within the image limit. */
export function checkCoverFile(file: File): string | null {
  if (!(DIALOG_IMAGE_EXTS as readonly string[]).includes(extOf(file.name))) return UPLOAD_MESSAGES.dialogImageFormat;
  return checkMaterialFile(file, 'image');
}

/** The task's parameter errors are the SDK's English strings; the files were checked before, so only the name can fail. */
const paramErrorText = (e: string) => (e === VIDEO_PARAM_ERRORS.badName ? UPLOAD_MESSAGES.badName : UPLOAD_MESSAGES.badFormat);

/** The picked file; the input is emptied so picking the same file again fires again. */
function picked(e: ChangeEvent<HTMLInputElement>, onFile: (f: File) => void) {
  const file = e.target.files?.[0];
  e.target.value = '';
  if (file) onFile(file);
}

export function VideoUploadField({ value, onChange, fileName, coverValue, onCoverChange, disabled, biz = 'material', provider, id }: VideoUploadFieldProps) {
  const { message } = App.useApp();
  const videoInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);
  const task = useRef<VideoUploadTask | null>(null);
  const [item, setItem] = useState<Item | null>(null);
  /** A cover picked before its video: it goes up with the video. */
  const [pendingCover, setPendingCover] = useState<File | null>(null);
  /** The files of the last attempt, for 重新上传. */
  const [last, setLast] = useState<{ video?: File; cover?: File } | null>(null);
  const busy = item?.status === 'uploading';

  // Leaving the form mid-upload stops the transfer rather than storing an orphan.
  useEffect(() => () => task.current?.cancel(), []);

  const start = (video: File | undefined, cover: File | undefined) => {
    setLast({ video, cover });
    const name = video?.name ?? cover?.name ?? '';
    let coverPath = '';
    const base = provider ?? { ...defaultVideoProvider, biz };
    // The task's result carries the cover's url only; the form stores its path. Delegating (not spreading)
    // keeps `this` of a provider whose methods live on a prototype.
    const wrapped: VideoProvider = {
      needsSignature: base.needsSignature,
      applyUpload: (req, signal) => base.applyUpload(req, signal),
      uploadVideo: (f, ctx) => base.uploadVideo(f, ctx),
      uploadCover: async (f, ctx) => {
        const stored = await base.uploadCover(f, ctx);
        coverPath = stored.path;
        return stored;
      },
      commitUpload: (req, signal) => base.commitUpload(req, signal),
    };
    const weight = { video: video?.size ?? 0, cover: cover?.size ?? 0 };
    const total = weight.video + weight.cover || 1;
    const t = uploadVideo({
      provider: wrapped,
      videoFile: video,
      fileId: video ? undefined : value,
      coverFile: cover,
      progress: (p) => {
        const percent = Math.round(((p.video * weight.video + p.cover * weight.cover) / total) * 100);
        setItem((s) => (s?.status === 'uploading' ? { ...s, percent } : s));
      },
      finish: (r) => {
        task.current = null;
        setPendingCover(null);
        if (video) onChange?.(r.fileId, r.videoName);
        if (cover) onCoverChange?.(coverPath, r.coverName);
        setItem({ status: 'done', name });
        message.success(UPLOAD_MESSAGES.uploaded(name));
      },
      error: (e) => {
        task.current = null;
        // 取消 removes the upload: nothing is listed and the value stays as it was.
        if (e.type === 'cancel') {
          setItem(null);
          setPendingCover(null);
          setLast(null);
          return;
        }
        message.error(UPLOAD_MESSAGES.uploadFailed(name));
        setItem({ status: 'error', name, message: e.message || UPLOAD_MESSAGES.unknownError });
      },
    });
    if (typeof t === 'string') {
      const text = paramErrorText(t);
      message.error(text);
      setItem({ status: 'error', name, message: text });
      return;
    }
    task.current = t;
    setItem({ status: 'uploading', name, percent: 0 });
  };

  const onVideo = (file: File) => {
    const problem = checkMaterialFile(file, 'video');
    if (problem) {
      message.error(problem);
      setLast(null);
      setItem({ status: 'error', name: file.name, message: problem });
      return;
    }
    start(file, pendingCover ?? undefined);
  };

  const onCover = (file: File) => {
    const problem = checkCoverFile(file);
    if (problem) {
      message.error(problem);
      setLast(null);
      setItem({ status: 'error', name: file.name, message: problem });
      return;
    }
    if (value) start(undefined, file);
    else {
      setPendingCover(file);
      setItem(null);
    }
  };

  const download = (path: string, name?: string) =>
    downloadStored(path, name).catch((err: unknown) => message.warning(err instanceof Error ? err.message : UPLOAD_MESSAGES.downloadUnknown));

  return (
    <div data-testid="video-upload" id={id}>
      <input ref={videoInput} type="file" hidden style={HIDDEN_INPUT} accept={VIDEO_ACCEPT} data-testid="video-upload-input" onChange={(e) => picked(e, onVideo)} />
      <input ref={coverInput} type="file" hidden style={HIDDEN_INPUT} accept={COVER_ACCEPT} data-testid="video-upload-cover-input" onChange={(e) => picked(e, onCover)} />
      <Space wrap>
        <Button icon={<VideoCameraOutlined />} disabled={disabled || busy} onClick={() => videoInput.current?.click()} data-testid="video-upload-button">
          {value ? '更换视频' : '上传视频'}
        </Button>
        <Button icon={<PictureOutlined />} disabled={disabled || busy} onClick={() => coverInput.current?.click()} data-testid="video-upload-cover-button">
          {coverValue || pendingCover ? '更换封面' : '选择封面'}
        </Button>
      </Space>
      {value && (
        <div data-testid="video-upload-value" data-path={value}>
          视频：<Typography.Link onClick={() => void download(value, fileName || undefined)}>{fileName || baseName(value)}</Typography.Link>
        </div>
      )}
      {(coverValue || pendingCover) && (
        <div data-testid="video-upload-cover" data-path={coverValue ?? ''}>
          封面：
          {pendingCover ? (
            <Typography.Text type="secondary">
              {pendingCover.name}
              {busy ? '' : '（随视频上传）'}
            </Typography.Text>
          ) : (
            <Typography.Link onClick={() => coverValue && void download(coverValue)}>{baseName(coverValue ?? '')}</Typography.Link>
          )}
          {!disabled && !busy && (
            <Button
              type="text"
              size="small"
              icon={<DeleteOutlined />}
              aria-label="移除封面"
              onClick={() => {
                setPendingCover(null);
                if (coverValue) onCoverChange?.('', '');
              }}
            />
          )}
        </div>
      )}
      {item && (
        <div data-testid="video-upload-item" data-status={item.status}>
          <Typography.Text ellipsis style={{ maxWidth: 240 }} title={item.name}>
            {item.name}
          </Typography.Text>{' '}
          {item.status === 'uploading' && (
            <>
              <Progress percent={item.percent} size="small" data-testid="video-upload-progress" />
              <Button size="small" onClick={() => task.current?.cancel()} data-testid="video-upload-cancel">
                取消
              </Button>
            </>
          )}
          {item.status === 'done' && <Typography.Text type="success">上传成功</Typography.Text>}
          {item.status === 'error' && (
            <>
              <Typography.Text type="danger">上传失败</Typography.Text>{' '}
              {last && !disabled && (
                <Typography.Link data-testid="video-upload-retry" onClick={() => start(last.video, last.cover)}>
                  重新上传
                </Typography.Link>
              )}
              <Typography.Text type="danger" data-testid="video-upload-error" style={{ display: 'block' }}>
                {item.message}
              </Typography.Text>
            </>
          )}
        </div>
      )}
    </div>
  );
}
