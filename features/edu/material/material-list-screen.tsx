'use client';

import { useEffect, useMemo, useState } from 'react';
import { App, Divider, Form, Space, Typography } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { MaterialUpload } from '@/components/upload/material-upload';
import { VideoUploadField } from '@/components/upload/video-upload-field';
import { baseName, MATERIAL_KIND_OF_TYPE, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { REFS, RefSelect, refEditor } from '../course/ref-select';
import { ChapterEditor } from './chapter-select';
import { downloadMaterial, previewKindOf } from './material-files';
import { MaterialPreview, type PreviewTarget } from './material-preview';
import { materialResource } from './material-resource';
import { formatFileSize } from '@/lib/format';

/**
 * The file of the form: the upload follows the chosen 类型 (spec 02 §5 materials rules). A 视频 goes through
 * the video upload with its cover (spec 02 §3–§8), which fills 文件, 文件名 and 视频封面 together.
 */
function FileEditor({ value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('materialType', form) as number | string | undefined;
  // The hidden 文件名 field: the name the user's file had (storage names are generated).
  const fileName = Form.useWatch('fileName', form) as string | null | undefined;
  const coverPath = Form.useWatch('coverPath', form) as string | null | undefined;
  const kind = type === undefined || type === null || type === '' ? undefined : MATERIAL_KIND_OF_TYPE[Number(type)];
  if (!kind) return <Typography.Text type="secondary">请先选择类型</Typography.Text>;
  if (kind === 'video')
    return (
      <VideoUploadField
        id={id}
        value={typeof value === 'string' ? value : ''}
        fileName={fileName}
        coverValue={coverPath}
        disabled={disabled}
        onChange={(p, name) => {
          onChange?.(p);
          form.setFieldValue('fileName', name || null);
        }}
        onCoverChange={(p) => form.setFieldValue('coverPath', p || null)}
      />
    );
  return (
    <MaterialUpload
      id={id}
      kind={kind}
      value={typeof value === 'string' ? value : ''}
      fileName={fileName}
      disabled={disabled}
      onChange={(p, name) => {
        onChange?.(p);
        form.setFieldValue('fileName', name || null);
      }}
    />
  );
}

/** A video's optional cover image (png/jpg/jpeg, 2 MB): picked in the video upload of 文件. */
function CoverEditor({ value, onChange }: EditorProps) {
  const form = Form.useFormInstance();
  const type = Number(Form.useWatch('materialType', form));
  const isVideo = MATERIAL_KIND_OF_TYPE[type] === 'video';
  // The server refuses a cover on other types: a cover left from 视频 goes when the type changes.
  useEffect(() => {
    if (!isVideo && Number.isFinite(type) && value) onChange?.(null);
  }, [isVideo, type, value, onChange]);
  if (!isVideo) return <Typography.Text type="secondary">仅视频资料可设置封面</Typography.Text>;
  return <Typography.Text type="secondary">{value ? '已设置，可在“文件”中更换或移除' : '在“文件”中随视频选择封面'}</Typography.Text>;
}

const editors = {
  courseId: refEditor(REFS.course),
  chapterId: (props: EditorProps) => <ChapterEditor {...props} />,
  filePath: (props: EditorProps) => <FileEditor {...props} />,
  coverPath: (props: EditorProps) => <CoverEditor {...props} />,
};

/** The file's own name; older rows have no 文件名 and show their stored name. */
const fileNameOf = (record: Row) => {
  const path = typeof record.filePath === 'string' ? record.filePath : '';
  return typeof record.fileName === 'string' && record.fileName ? record.fileName : baseName(path);
};

/**
 * 课程资料 / 课件 (material/TblCourseMaterialList): audio, video, images, documents, PPT, PDF and other files of a
 * course or one of its chapters; 预览 / 播放 in the browser, 下载 counted by the server.
 */
export default function MaterialListScreen() {
  const { message } = App.useApp();
  const [courseId, setCourseId] = useState<string | undefined>();
  const [preview, setPreview] = useState<PreviewTarget | null>(null);
  const extraParams = useMemo(() => (courseId ? { courseId } : undefined), [courseId]);
  const renderers = useMemo(
    () => ({
      filePath: (v: unknown, record: Row) => {
        if (typeof v !== 'string' || !v) return null;
        const name = fileNameOf(record);
        return (
          <Typography.Text data-testid="material-file" title={name} ellipsis>
            {name}
          </Typography.Text>
        );
      },
      fileSize: (v: unknown) => formatFileSize(v),
    }),
    [],
  );
  const rowActions = (record: Row, page: { reload: () => Promise<unknown> }) => {
    const id = String(record.id);
    const name = fileNameOf(record);
    const kind = previewKindOf(record.materialType, record.filePath);
    return (
      <>
        {kind && (
          <>
            <a data-testid={`material-preview-${id}`} onClick={() => setPreview({ id, name, kind })}>
              {kind === 'video' || kind === 'audio' ? '播放' : '预览'}
            </a>
            <Divider orientation="vertical" />
          </>
        )}
        <a
          data-testid="material-download"
          onClick={() => {
            downloadMaterial(id, name).then(
              // The list shows the new 下载次数.
              () => void page.reload(),
              (e: unknown) => message.warning(e instanceof Error ? e.message : UPLOAD_MESSAGES.downloadUnknown),
            );
          }}
        >
          下载
        </a>
      </>
    );
  };
  return (
    <PageWrapper description="课程与章节的资料和课件。音频 mp3/wav 50M 以内，视频 mp4 1G 以内，图片 png/jpg/jpeg/gif 2M 以内，文档 pdf/ppt/pptx/doc/docx/xls/xlsx 10M 以内，PPT ppt/pptx 100M 以内，PDF 50M 以内，其他 zip/rar 200M 以内（20M 以上分片上传）。可见范围为“本课程教师”的资料只有任教该课程的教师与教务能看到。">
      <Space style={{ marginBottom: 12 }} data-testid="material-course-filter">
        <span>课程：</span>
        <div style={{ width: 240 }}>
          <RefSelect config={REFS.course} value={courseId ?? ''} placeholder="全部课程" onChange={(v) => setCourseId(v || undefined)} />
        </div>
      </Space>
      <ListPage def={materialResource} editors={editors} renderers={renderers} extraParams={extraParams} rowActions={rowActions} />
      <MaterialPreview target={preview} onClose={() => setPreview(null)} />
    </PageWrapper>
  );
}
