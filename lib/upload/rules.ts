/**
 * Upload rules of spec 02 §5 / §9, pure so the widgets and the server (/sys/common/upload with
 * `type` / `kind`) enforce the same limits and messages. No '@/' imports: the server imports this file.
 */

export const MB = 1024 * 1024;
export const GENERAL_MAX_BYTES = 200 * MB;
/** Spec 02 §9: files over 20 MB go through the sliced upload. */
export const SLICED_THRESHOLD_BYTES = 20 * MB;
export const DIALOG_DEFAULT_MAX_MB = 5;
export const DIALOG_MAX_FILES_MULTIPLE = 9;
/**
 * Excel import (`{api}/importExcel` / `previewExcel`): the server's limit for one request's files
 * (server/excel/format.ts). The dialog checks it before sending: the server stops reading a larger body,
 * which the browser only reports as a broken connection (网络连接失败).
 */
export const IMPORT_MAX_BYTES = 20 * MB;

export const UPLOAD_MESSAGES = {
  tooLarge: '文件大小不能大于200MB',
  badName: "文件名不能包含 : * ? , < > ' \" \\ 字符，请去掉再重试",
  fileOnly: '请上传文件',
  imageOnly: '请上传图片',
  dialogTooLarge: (mb: number) => `文件大小不能大于 ${mb} MB`,
  importTooLarge: (mb: number) => `文件过大（最大 ${mb} MB）`,
  dialogImageFormat: '图片格式只能是 png、jpg、jpeg',
  mediaFormat: (ext: string) => `不支持 ${ext || '该'} 格式的音视频文件，仅支持 ${MEDIA_EXTS.join('、')}`,
  audio: '上传音频失败，请压缩大小到50M以内',
  video: '上传视频失败，请使用格式工厂转换格式或压缩大小到1G以内',
  image: '上传图片失败，请先压缩图片大小到2M以内',
  document: '上传文档失败，请先压缩大小到10M以内',
  badFormat: '错误的文件格式',
  nothingUploaded: '未上传任何文件',
  unknownError: '未知错误',
  /** Spec 02 §8: the toast after one file of an upload widget finished or failed. */
  uploaded: (name: string) => `${name}上传成功!`,
  uploadFailed: (name: string) => `${name}上传失败.`,
  downloadEmpty: '文件下载失败',
  downloadUnknown: '未知的文件',
} as const;

/** : * ? , < > ' " \ (spec 02 §5). */
const FORBIDDEN_NAME = /[:*?,<>'"\\]/;

export interface FileLike {
  name: string;
  size: number;
}

/** The lower-cased extension without the dot ('' when none). */
export function extOf(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

export function hasForbiddenNameChars(name: string): boolean {
  return FORBIDDEN_NAME.test(name);
}

/** Images of the general upload's image-only / file-only modes (JeecgBoot's JUpload checks image types). */
export const GENERAL_IMAGE_EXTS = ['png', 'jpg', 'jpeg', 'gif', 'bmp', 'webp'] as const;
export const isImageName = (name: string) => (GENERAL_IMAGE_EXTS as readonly string[]).includes(extOf(name));

export type GeneralType = 'image' | 'file';

/** General upload (JUpload): 200 MB, name characters, file-only / image-only. Null = accepted. */
export function checkGeneralUpload(file: FileLike, type?: GeneralType): string | null {
  if (file.size > GENERAL_MAX_BYTES) return UPLOAD_MESSAGES.tooLarge;
  if (hasForbiddenNameChars(file.name)) return UPLOAD_MESSAGES.badName;
  if (type === 'file' && isImageName(file.name)) return UPLOAD_MESSAGES.fileOnly;
  if (type === 'image' && !isImageName(file.name)) return UPLOAD_MESSAGES.imageOnly;
  return null;
}

/** Multiple mode: only the last `number` files are kept when number > 0. */
export function keepLast<T>(list: readonly T[], number?: number): T[] {
  return number && number > 0 ? list.slice(-number) : [...list];
}

// ---------------------------------------------------------------- file / image dialog

export const DIALOG_IMAGE_EXTS = ['png', 'jpg', 'jpeg'] as const;
export const MEDIA_EXTS = ['mpeg', 'mp3', 'acc', 'wav', 'flac', 'ogg', 'ape', 'mp4', 'mov', 'rmvb', 'avi'] as const;
/** Spec 02 §9: video for mp4, mov, rmvb, avi, otherwise audio. */
export const VIDEO_EXTS = ['mp4', 'mov', 'rmvb', 'avi'] as const;

export type DialogMode = 'image' | 'media' | 'file';

export interface DialogRuleOptions {
  mode: DialogMode;
  /** Size limit in MB (default 5). */
  maxMb?: number;
}

/** One file of the file/image dialog. Null = accepted. */
export function checkDialogFile(file: FileLike, { mode, maxMb = DIALOG_DEFAULT_MAX_MB }: DialogRuleOptions): string | null {
  if (file.size >= maxMb * MB) return UPLOAD_MESSAGES.dialogTooLarge(maxMb);
  if (hasForbiddenNameChars(file.name)) return UPLOAD_MESSAGES.badName;
  const ext = extOf(file.name);
  if (mode === 'image' && !(DIALOG_IMAGE_EXTS as readonly string[]).includes(ext)) return UPLOAD_MESSAGES.dialogImageFormat;
  if (mode === 'media' && !(MEDIA_EXTS as readonly string[]).includes(ext)) return UPLOAD_MESSAGES.mediaFormat(ext);
  return null;
}

export const dialogMaxFiles = (multiple: boolean) => (multiple ? DIALOG_MAX_FILES_MULTIPLE : 1);

// ---------------------------------------------------------------- materials (课程资料)

/** `ppt`, `pdf`, `other`: 课件 types of issue #22 (material_type 5..7). */
export type MaterialKind = 'audio' | 'video' | 'image' | 'document' | 'ppt' | 'pdf' | 'other';

interface MaterialRule {
  exts: readonly string[];
  maxBytes: number;
  message: string;
}

export const MATERIAL_RULES: Record<MaterialKind, MaterialRule> = {
  audio: { exts: ['mp3', 'wav'], maxBytes: 50 * MB, message: UPLOAD_MESSAGES.audio },
  video: { exts: ['mp4'], maxBytes: 1024 * MB, message: UPLOAD_MESSAGES.video },
  // gif is allowed too (spec 02 §5 "Allowed formats also include gif").
  image: { exts: ['png', 'jpg', 'jpeg', 'gif'], maxBytes: 2 * MB, message: UPLOAD_MESSAGES.image },
  document: { exts: ['pdf', 'ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx'], maxBytes: 10 * MB, message: UPLOAD_MESSAGES.document },
  // Courseware beyond the spec's 10 MB documents (issue #22): slides and books with pictures run larger;
  // above 20 MB they go through the sliced upload.
  ppt: { exts: ['ppt', 'pptx'], maxBytes: 100 * MB, message: UPLOAD_MESSAGES.importTooLarge(100) },
  pdf: { exts: ['pdf'], maxBytes: 50 * MB, message: UPLOAD_MESSAGES.importTooLarge(50) },
  other: { exts: ['zip', 'rar'], maxBytes: 200 * MB, message: UPLOAD_MESSAGES.importTooLarge(200) },
};

/** tbl_course_material.material_type: 1 音频 2 视频 3 图片 4 文档 5 PPT 6 PDF 7 其他. */
export const MATERIAL_TYPE_OF_KIND: Record<MaterialKind, number> = { audio: 1, video: 2, image: 3, document: 4, ppt: 5, pdf: 6, other: 7 };
export const MATERIAL_KIND_OF_TYPE: Record<number, MaterialKind> = { 1: 'audio', 2: 'video', 3: 'image', 4: 'document', 5: 'ppt', 6: 'pdf', 7: 'other' };

export const isMaterialKind = (v: unknown): v is MaterialKind => typeof v === 'string' && Object.hasOwn(MATERIAL_RULES, v);

/** The kind a file name belongs to, or null for a format no kind accepts. */
export function materialKindOf(name: string): MaterialKind | null {
  const ext = extOf(name);
  for (const kind of Object.keys(MATERIAL_RULES) as MaterialKind[]) if (MATERIAL_RULES[kind].exts.includes(ext)) return kind;
  return null;
}

/**
 * A material file: its format decides the kind (it must be `expected` when given), then that kind's
 * size limit applies. Null = accepted.
 */
export function checkMaterialFile(file: FileLike, expected?: MaterialKind): string | null {
  // A format may belong to two kinds (pdf: 文档 and PDF), so the expected kind's own list decides.
  const kind = expected ? (MATERIAL_RULES[expected].exts.includes(extOf(file.name)) ? expected : null) : materialKindOf(file.name);
  if (!kind) return UPLOAD_MESSAGES.badFormat;
  if (file.size > MATERIAL_RULES[kind].maxBytes) return MATERIAL_RULES[kind].message;
  if (hasForbiddenNameChars(file.name)) return UPLOAD_MESSAGES.badName;
  return null;
}

/** Spec 02 §9: a file name is shown cut to 5 characters plus an ellipsis. */
export function truncateName(name: string, max = 5): string {
  const chars = Array.from(name);
  return chars.length > max ? `${chars.slice(0, max).join('')}…` : name;
}

/** The file name part of a stored path (`temp/x_1.pdf` → `x_1.pdf`). */
export const baseName = (path: string) => path.split('/').pop() ?? path;

/** Splits a comma-joined value of stored paths. */
export const splitPaths = (value: string | null | undefined) =>
  (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * Excel import files against IMPORT_MAX_BYTES: each file, and all of them together (they go in one request).
 * Null = accepted; else the message naming the file(s).
 */
export function checkImportFiles(files: readonly FileLike[], maxBytes = IMPORT_MAX_BYTES): string | null {
  const message = UPLOAD_MESSAGES.importTooLarge(+(maxBytes / MB).toFixed(1));
  const big = files.find((f) => f.size > maxBytes);
  if (big) return `${big.name} ${message}`;
  const total = files.reduce((sum, f) => sum + f.size, 0);
  return total > maxBytes ? `${message}：一次导入的文件合计不能超过 ${+(maxBytes / MB).toFixed(1)} MB，请分批导入` : null;
}
