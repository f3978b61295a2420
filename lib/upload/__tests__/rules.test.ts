import {
  checkDialogFile,
  checkGeneralUpload,
  checkMaterialFile,
  dialogMaxFiles,
  keepLast,
  MB,
  MEDIA_EXTS,
  materialKindOf,
  splitPaths,
  truncateName,
  UPLOAD_MESSAGES,
} from '../rules';

const f = (name: string, size = 1024) => ({ name, size });
const BAD_NAME = "文件名不能包含 : * ? , < > ' \" \\ 字符，请去掉再重试";

describe('general upload (spec 02 §5)', () => {
  it('refuses 200 MB and more with 文件大小不能大于200MB', () => {
    expect(checkGeneralUpload(f('a.pdf', 200 * MB + 1))).toBe('文件大小不能大于200MB');
    expect(checkGeneralUpload(f('a.pdf', 200 * MB))).toBeNull();
  });

  it('refuses each forbidden name character', () => {
    for (const ch of [':', '*', '?', ',', '<', '>', "'", '"', '\\']) expect(checkGeneralUpload(f(`a${ch}b.txt`))).toBe(BAD_NAME);
    expect(UPLOAD_MESSAGES.badName).toBe(BAD_NAME);
    expect(checkGeneralUpload(f('课程 大纲(1).txt'))).toBeNull();
  });

  it('file-only refuses images with 请上传文件; image-only refuses others with 请上传图片', () => {
    expect(checkGeneralUpload(f('a.PNG'), 'file')).toBe('请上传文件');
    expect(checkGeneralUpload(f('a.pdf'), 'file')).toBeNull();
    expect(checkGeneralUpload(f('a.pdf'), 'image')).toBe('请上传图片');
    expect(checkGeneralUpload(f('a.jpeg'), 'image')).toBeNull();
  });

  it('multiple mode keeps the last N when number > 0', () => {
    expect(keepLast([1, 2, 3, 4], 2)).toEqual([3, 4]);
    expect(keepLast([1, 2, 3], 0)).toEqual([1, 2, 3]);
    expect(keepLast([1, 2, 3])).toEqual([1, 2, 3]);
  });
});

describe('file dialog', () => {
  it('size below N MB (default 5) else 文件大小不能大于 N MB', () => {
    expect(checkDialogFile(f('a.png', 5 * MB), { mode: 'image' })).toBe('文件大小不能大于 5 MB');
    expect(checkDialogFile(f('a.png', 5 * MB - 1), { mode: 'image' })).toBeNull();
    expect(checkDialogFile(f('a.png', 3 * MB), { mode: 'image', maxMb: 2 })).toBe('文件大小不能大于 2 MB');
  });

  it('forbidden characters', () => {
    expect(checkDialogFile(f('a,b.png'), { mode: 'image' })).toBe(BAD_NAME);
  });

  it('images png / jpg / jpeg only', () => {
    for (const ok of ['a.png', 'a.jpg', 'a.JPEG']) expect(checkDialogFile(f(ok), { mode: 'image' })).toBeNull();
    for (const bad of ['a.gif', 'a.svg', 'a.webp']) expect(checkDialogFile(f(bad), { mode: 'image' })).toBe(UPLOAD_MESSAGES.dialogImageFormat);
  });

  it('media list, each other format with its format message', () => {
    expect([...MEDIA_EXTS]).toEqual(['mpeg', 'mp3', 'acc', 'wav', 'flac', 'ogg', 'ape', 'mp4', 'mov', 'rmvb', 'avi']);
    for (const ext of MEDIA_EXTS) expect(checkDialogFile(f(`a.${ext}`), { mode: 'media' })).toBeNull();
    expect(checkDialogFile(f('a.mkv'), { mode: 'media' })).toBe(UPLOAD_MESSAGES.mediaFormat('mkv'));
    expect(UPLOAD_MESSAGES.mediaFormat('mkv')).toContain('mkv');
  });

  it('9 files in multiple mode, 1 in single', () => {
    expect(dialogMaxFiles(true)).toBe(9);
    expect(dialogMaxFiles(false)).toBe(1);
  });
});

describe('materials by type', () => {
  it('audio mp3 / wav up to 50 MB', () => {
    expect(checkMaterialFile(f('a.mp3', 50 * MB))).toBeNull();
    expect(checkMaterialFile(f('a.wav', 50 * MB + 1))).toBe('上传音频失败，请压缩大小到50M以内');
  });
  it('video mp4 up to 1 GB', () => {
    expect(checkMaterialFile(f('a.mp4', 1024 * MB))).toBeNull();
    expect(checkMaterialFile(f('a.mp4', 1024 * MB + 1))).toBe('上传视频失败，请使用格式工厂转换格式或压缩大小到1G以内');
  });
  it('images png / jpg / jpeg / gif up to 2 MB', () => {
    expect(checkMaterialFile(f('a.gif', 2 * MB))).toBeNull();
    expect(checkMaterialFile(f('a.png', 3 * MB))).toBe('上传图片失败，请先压缩图片大小到2M以内');
  });
  it('documents pdf / ppt / pptx / doc / docx / xls / xlsx up to 10 MB', () => {
    for (const ext of ['pdf', 'ppt', 'pptx', 'doc', 'docx', 'xls', 'xlsx']) expect(checkMaterialFile(f(`a.${ext}`, 10 * MB))).toBeNull();
    expect(checkMaterialFile(f('a.docx', 10 * MB + 1))).toBe('上传文档失败，请先压缩大小到10M以内');
  });
  it('anything else, or a file of another kind than chosen: 错误的文件格式', () => {
    expect(checkMaterialFile(f('a.exe'))).toBe('错误的文件格式');
    expect(checkMaterialFile(f('a.mov'))).toBe('错误的文件格式');
    expect(checkMaterialFile(f('a.pdf'), 'image')).toBe('错误的文件格式');
    expect(materialKindOf('x.PPT')).toBe('document');
    expect(materialKindOf('x')).toBeNull();
  });
});

describe('display helpers', () => {
  it('truncates names to 5 characters plus an ellipsis', () => {
    expect(truncateName('课程资料大纲.pdf')).toBe('课程资料大…');
    expect(truncateName('a.pdf')).toBe('a.pdf');
  });
  it('splits comma-joined paths', () => {
    expect(splitPaths('a/b.png, c/d.pdf,')).toEqual(['a/b.png', 'c/d.pdf']);
    expect(splitPaths(undefined)).toEqual([]);
  });
});
