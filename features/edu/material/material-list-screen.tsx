'use client';

import { useMemo, useState } from 'react';
import { App, Form, Space, Typography } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { downloadStored } from '@/components/upload/download-file';
import { MaterialUpload } from '@/components/upload/material-upload';
import { baseName, MATERIAL_KIND_OF_TYPE, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { REFS, RefSelect, refEditor } from '../course/ref-select';
import { materialResource } from './material-resource';

/** The file of the form: the upload follows the chosen 类型 (spec 02 §5 materials rules). */
function FileEditor({ value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const type = Form.useWatch('materialType', form) as number | string | undefined;
  // The hidden 文件名 field: the name the user's file had (storage names are generated).
  const fileName = Form.useWatch('fileName', form) as string | null | undefined;
  const kind = type === undefined || type === null || type === '' ? undefined : MATERIAL_KIND_OF_TYPE[Number(type)];
  if (!kind) return <Typography.Text type="secondary">请先选择类型</Typography.Text>;
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

/** A video's optional cover image (png/jpg/jpeg, 2 MB). */
function CoverEditor({ value, onChange, disabled, id }: EditorProps) {
  const form = Form.useFormInstance();
  const type = Number(Form.useWatch('materialType', form));
  if (MATERIAL_KIND_OF_TYPE[type] !== 'video') return <Typography.Text type="secondary">仅视频资料可设置封面</Typography.Text>;
  return <MaterialUpload id={id} kind="image" buttonText="上传封面" value={typeof value === 'string' ? value : ''} disabled={disabled} onChange={(p) => onChange?.(p)} />;
}

const editors = {
  courseId: refEditor(REFS.course),
  filePath: (props: EditorProps) => <FileEditor {...props} />,
  coverPath: (props: EditorProps) => <CoverEditor {...props} />,
};

function formatSize(v: unknown): string {
  const n = Number(v);
  if (v === null || v === undefined || v === '' || !Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${(n / 1024 / 1024).toFixed(1)} MB`;
}

/** 课程资料 (material/TblCourseMaterialList): audio, video, images and documents of a course. */
export default function MaterialListScreen() {
  const { message } = App.useApp();
  const [courseId, setCourseId] = useState<string | undefined>();
  const extraParams = useMemo(() => (courseId ? { courseId } : undefined), [courseId]);
  const renderers = useMemo(
    () => ({
      filePath: (v: unknown, record: Row) => {
        const path = typeof v === 'string' ? v : '';
        if (!path) return null;
        // Older rows have no 文件名: their stored name is all there is.
        const name = typeof record.fileName === 'string' && record.fileName ? record.fileName : baseName(path);
        return (
          <Typography.Link
            data-testid="material-download"
            title={name}
            ellipsis
            onClick={() => {
              downloadStored(path, name).catch((e: unknown) => message.warning(e instanceof Error ? e.message : UPLOAD_MESSAGES.downloadUnknown));
            }}
          >
            下载 {name}
          </Typography.Link>
        );
      },
      fileSize: (v: unknown) => formatSize(v),
    }),
    [message],
  );
  return (
    <PageWrapper description="课程的音频、视频、图片与文档资料。音频 mp3/wav 50M 以内，视频 mp4 1G 以内，图片 png/jpg/jpeg/gif 2M 以内，文档 pdf/ppt/pptx/doc/docx/xls/xlsx 10M 以内。">
      <Space style={{ marginBottom: 12 }} data-testid="material-course-filter">
        <span>课程：</span>
        <div style={{ width: 240 }}>
          <RefSelect config={REFS.course} value={courseId ?? ''} placeholder="全部课程" onChange={(v) => setCourseId(v || undefined)} />
        </div>
      </Space>
      <ListPage def={materialResource} editors={editors} renderers={renderers} extraParams={extraParams} />
    </PageWrapper>
  );
}
