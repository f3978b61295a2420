import { API_PREFIX } from '@/lib/config';
import { CANCELLED_MESSAGE } from './slice-plan';
import { uploadSliced } from './sliced-upload';
import { uploadFile } from './upload-file';

/**
 * Video upload with a cover (spec 02 §3–§8): parameters are validated and a parameter error comes
 * back as a string (as the legacy video-on-demand SDK did); otherwise a task runs through a
 * `VideoProvider` with the cloud protocol's shape — apply upload → media → commit upload with the
 * vodSessionKey. The default provider stores on our own server: the video through the sliced upload,
 * the cover through the general upload; it needs no signature because the session authenticates.
 */

export type VideoTaskState = 'uploading' | 'cancel' | 'error' | 'success';

export interface VideoUploadResult {
  fileId: string;
  videoName: string;
  videoUrl: string;
  coverName: string;
  coverUrl: string;
}

export interface VideoUploadError {
  /** Which step failed. */
  type: 'apply' | 'video' | 'cover' | 'commit' | 'cancel';
  message: string;
  /** The server's answer text, when there was one. */
  responseText?: string;
}

export interface StoredMedia {
  name: string;
  /** Storage path (our server) or the provider's object key. */
  path: string;
  url: string;
}

export interface MediaContext {
  vodSessionKey: string;
  onProgress: (fraction: number) => void;
  signal: AbortSignal;
}

export interface VideoProvider {
  /** A cloud provider needs the caller's signature callback; our own server does not. */
  readonly needsSignature: boolean;
  applyUpload(req: { signature: string; videoName?: string; coverName?: string; fileId?: string }, signal: AbortSignal): Promise<{ vodSessionKey: string }>;
  uploadVideo(file: File, ctx: MediaContext): Promise<StoredMedia>;
  uploadCover(file: File, ctx: MediaContext): Promise<StoredMedia>;
  commitUpload(
    req: { vodSessionKey: string; signature: string; fileId?: string; video?: StoredMedia; cover?: StoredMedia },
    signal: AbortSignal,
  ): Promise<{ fileId: string; videoUrl: string; coverUrl: string }>;
}

export interface VideoUploadParams {
  videoFile?: File;
  /** An already uploaded video whose cover is being replaced (needs coverFile). */
  fileId?: string;
  coverFile?: File;
  /** Signature callback of a cloud provider. */
  getSignature?: () => string | Promise<string>;
  /** Audio files are accepted as the "video" too. */
  allowAudio?: boolean;
  /** Storage folder for the default provider (default material). */
  biz?: string;
  provider?: VideoProvider;
  /** Progress 0–1 of the video and of the cover. */
  progress?: (p: { video: number; cover: number }) => void;
  finish?: (result: VideoUploadResult) => void;
  error?: (e: VideoUploadError) => void;
  onStateChange?: (state: VideoTaskState) => void;
}

export interface VideoUploadTask {
  readonly state: VideoTaskState;
  readonly done: Promise<VideoUploadResult>;
  /** 取消: stops the transfers and removes the unfinished upload. */
  cancel(): void;
}

export const VIDEO_EXTS = ['mp4', 'mov', 'rmvb', 'rm', 'avi', 'flv', 'f4v', 'wmv', 'asf', 'mkv', 'webm', 'm4v', '3gp', 'mpg', 'mpeg', 'ts', 'vob'] as const;
export const AUDIO_EXTS = ['mp3', 'wav', 'flac', 'ogg', 'ape', 'aac', 'acc', 'm4a', 'wma', 'amr'] as const;
export const COVER_EXTS = ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp'] as const;

export const VIDEO_PARAM_ERRORS = {
  notObject: 'params must be an object',
  noMedia: 'videoFile or fileId is needed',
  noSignature: 'getSignature is needed',
  coverNeeded: 'coverFile is needed when fileId is given',
  badVideo: 'videoFile must be a video file',
  badVideoOrAudio: 'videoFile must be a video or audio file',
  badCover: 'coverFile must be an image file',
  badName: 'file name must not contain / : * ? " < > \\',
  badFileId: 'fileId is invalid',
} as const;

const FORBIDDEN_NAME = /[/:*?"<>\\]/;

const extOf = (name: string) => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};
const isFileLike = (v: unknown): v is File =>
  !!v && typeof v === 'object' && typeof (v as File).name === 'string' && typeof (v as File).size === 'number' && typeof (v as File).slice === 'function';

/** The parameter error of the spec's video upload, or null when the parameters are usable. */
export function checkVideoParams(params: unknown): string | null {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return VIDEO_PARAM_ERRORS.notObject;
  const p = params as VideoUploadParams;
  const hasVideo = isFileLike(p.videoFile);
  const hasFileId = typeof p.fileId === 'string' && p.fileId.trim() !== '';
  if (!hasVideo && !hasFileId) return VIDEO_PARAM_ERRORS.noMedia;
  if (p.fileId !== undefined && (typeof p.fileId !== 'string' || p.fileId.length > 500)) return VIDEO_PARAM_ERRORS.badFileId;
  const provider = p.provider ?? defaultVideoProvider;
  if (provider.needsSignature && typeof p.getSignature !== 'function') return VIDEO_PARAM_ERRORS.noSignature;
  if (hasFileId && !hasVideo && !isFileLike(p.coverFile)) return VIDEO_PARAM_ERRORS.coverNeeded;
  if (p.coverFile !== undefined && !isFileLike(p.coverFile)) return VIDEO_PARAM_ERRORS.badCover;
  if (hasVideo) {
    const ext = extOf(p.videoFile!.name);
    const ok = (VIDEO_EXTS as readonly string[]).includes(ext) || (!!p.allowAudio && (AUDIO_EXTS as readonly string[]).includes(ext));
    if (!ok) return p.allowAudio ? VIDEO_PARAM_ERRORS.badVideoOrAudio : VIDEO_PARAM_ERRORS.badVideo;
    if (FORBIDDEN_NAME.test(p.videoFile!.name)) return VIDEO_PARAM_ERRORS.badName;
  }
  if (p.coverFile) {
    if (!(COVER_EXTS as readonly string[]).includes(extOf(p.coverFile.name))) return VIDEO_PARAM_ERRORS.badCover;
    if (FORBIDDEN_NAME.test(p.coverFile.name)) return VIDEO_PARAM_ERRORS.badName;
  }
  return null;
}

const staticUrl = (path: string) => `${API_PREFIX}/sys/common/static/${path.split('/').map(encodeURIComponent).join('/')}`;

/** Our own server: no signature, the session authenticates; the fileId is the video's stored path. */
export const defaultVideoProvider: VideoProvider & { biz: string } = {
  needsSignature: false,
  biz: 'material',
  async applyUpload() {
    // Nothing to reserve on our server; the key only ties the steps of one task together.
    return { vodSessionKey: `local-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}` };
  },
  async uploadVideo(file, ctx) {
    const { path } = await uploadSliced(file, { biz: this.biz, onProgress: ctx.onProgress, signal: ctx.signal });
    return { name: file.name, path, url: staticUrl(path) };
  },
  async uploadCover(file, ctx) {
    const { path } = await uploadFile(file, { biz: this.biz, type: 'image', onProgress: ctx.onProgress, signal: ctx.signal, track: false });
    return { name: file.name, path, url: staticUrl(path) };
  },
  async commitUpload(req) {
    const fileId = req.video?.path ?? req.fileId ?? '';
    return { fileId, videoUrl: req.video?.url ?? (fileId ? staticUrl(fileId) : ''), coverUrl: req.cover?.url ?? '' };
  },
};

const errorText = (e: unknown) => (e instanceof Error && e.message ? e.message : '未知错误');
const responseTextOf = (e: unknown) => {
  const env = (e as { envelope?: unknown })?.envelope;
  return env ? JSON.stringify(env) : undefined;
};

/**
 * Starts a video (and cover) upload. Returns a parameter error as a string, or the running task
 * (states uploading → success | error | cancel).
 */
export function uploadVideo(params: VideoUploadParams): string | VideoUploadTask;
/** Anything else is checked too: a non-object gives 'params must be an object'. */
export function uploadVideo(params: unknown): string | VideoUploadTask;
export function uploadVideo(params: unknown): string | VideoUploadTask {
  const problem = checkVideoParams(params);
  if (problem) return problem;
  const p = params as VideoUploadParams;
  const provider = p.provider ?? defaultVideoProvider;
  const controller = new AbortController();
  let state: VideoTaskState = 'uploading';
  const setState = (s: VideoTaskState) => {
    if (state !== 'uploading') return;
    state = s;
    p.onStateChange?.(s);
  };
  const prog = { video: p.videoFile ? 0 : 1, cover: p.coverFile ? 0 : 1 };
  const report = () => p.progress?.({ ...prog });

  const run = async (): Promise<VideoUploadResult> => {
    let step: VideoUploadError['type'] = 'apply';
    try {
      const signature = provider.needsSignature ? await p.getSignature!() : '';
      const { vodSessionKey } = await provider.applyUpload(
        { signature, videoName: p.videoFile?.name, coverName: p.coverFile?.name, fileId: p.fileId },
        controller.signal,
      );
      const ctx = (key: 'video' | 'cover'): MediaContext => ({
        vodSessionKey,
        signal: controller.signal,
        onProgress: (f) => {
          prog[key] = f;
          report();
        },
      });
      step = 'video';
      const video = p.videoFile ? await provider.uploadVideo(p.videoFile, ctx('video')) : undefined;
      step = 'cover';
      const cover = p.coverFile ? await provider.uploadCover(p.coverFile, ctx('cover')) : undefined;
      step = 'commit';
      const committed = await provider.commitUpload({ vodSessionKey, signature, fileId: p.fileId, video, cover }, controller.signal);
      const result: VideoUploadResult = {
        fileId: committed.fileId,
        videoName: video?.name ?? '',
        videoUrl: committed.videoUrl,
        coverName: cover?.name ?? '',
        coverUrl: committed.coverUrl,
      };
      setState('success');
      p.finish?.(result);
      return result;
    } catch (e) {
      if (controller.signal.aborted) {
        setState('cancel');
        p.error?.({ type: 'cancel', message: CANCELLED_MESSAGE });
        throw new Error(CANCELLED_MESSAGE);
      }
      setState('error');
      p.error?.({ type: step, message: errorText(e), responseText: responseTextOf(e) });
      throw e;
    }
  };

  const done = run();
  // The caller may only use the callbacks; an unobserved rejection must not surface as an error.
  done.catch(() => undefined);
  return {
    get state() {
      return state;
    },
    done,
    cancel: () => {
      if (state === 'uploading') controller.abort(new Error(CANCELLED_MESSAGE));
    },
  };
}
