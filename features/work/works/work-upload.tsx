'use client';

import { useRef, useState } from 'react';
import { App, Button, Form, Progress, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import type { EditorProps } from '@/components/fields/field-registry';
import { HIDDEN_INPUT } from '@/components/upload/hidden-input';
import { baseName, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { uploadFile } from '@/lib/upload/upload-file';
import { UPLOAD_KIND_OF_WORK } from './work-files';
import { checkWorkFile, WORK_ACCEPT, workKindOf } from './work-resource';

/**
 * 作品文件 of the form: one image (png/jpg/jpeg/gif ≤ 2 MB), mp4 video (≤ 1 GB, sliced above 20 MB) or PDF (≤ 10 MB),
 * checked here with spec 02's messages (错误的文件格式 …) and again by the server, which also reads the first bytes.
 * Fills the hidden 文件名 with the file's own name.
 */
export function WorkFileEditor({ value, onChange, disabled, id }: EditorProps) {
  const { message } = App.useApp();
  const form = Form.useFormInstance();
  const fileName = Form.useWatch('fileName', form) as string | null | undefined;
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ percent: number; error?: string } | null>(null);
  const busy = state !== null && state.error === undefined;
  const path = typeof value === 'string' ? value : '';

  const set = (stored: string, name: string) => {
    onChange?.(stored);
    form.setFieldValue('fileName', name || null);
  };

  const onFile = (file: File) => {
    const problem = checkWorkFile(file);
    const kind = workKindOf(file.name);
    if (problem || !kind) {
      message.error(problem ?? UPLOAD_MESSAGES.badFormat);
      setState({ percent: 0, error: problem ?? UPLOAD_MESSAGES.badFormat });
      return;
    }
    setState({ percent: 0 });
    uploadFile(file, { biz: 'work', kind: UPLOAD_KIND_OF_WORK[kind], onProgress: (f) => setState((s) => (s && !s.error ? { percent: Math.round(f * 100) } : s)) }).then(
      ({ path: stored }) => {
        setState(null);
        set(stored, file.name);
        message.success(UPLOAD_MESSAGES.uploaded(file.name));
      },
      (e: unknown) => {
        const text = e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.unknownError;
        message.error(UPLOAD_MESSAGES.uploadFailed(file.name));
        setState({ percent: 0, error: text });
      },
    );
  };

  return (
    <div id={id} data-testid="work-upload">
      <input
        ref={input}
        type="file"
        hidden
        style={HIDDEN_INPUT}
        accept={WORK_ACCEPT}
        data-testid="work-upload-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Space wrap>
        <Button icon={<UploadOutlined />} disabled={disabled || busy} onClick={() => input.current?.click()} data-testid="work-upload-button">
          {path ? '重新上传' : '上传作品文件'}
        </Button>
        {path && !busy && (
          <span data-testid="work-upload-value" data-path={path}>
            <Typography.Text>{fileName || baseName(path)}</Typography.Text>
            {!disabled && <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="移除文件" onClick={() => set('', '')} />}
          </span>
        )}
      </Space>
      <Typography.Text type="secondary" style={{ display: 'block' }}>
        图片 png/jpg/jpeg/gif 2M 以内，视频 mp4 1G 以内，PDF 10M 以内
      </Typography.Text>
      {busy && <Progress percent={state.percent} size="small" data-testid="work-upload-progress" />}
      {state?.error && (
        <Typography.Text type="danger" data-testid="work-upload-error" style={{ display: 'block' }}>
          {state.error}
        </Typography.Text>
      )}
    </div>
  );
}
