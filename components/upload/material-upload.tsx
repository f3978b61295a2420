'use client';

import { useRef, useState } from 'react';
import { App, Button, Progress, Space, Typography } from 'antd';
import { DeleteOutlined, UploadOutlined } from '@ant-design/icons';
import { baseName, checkMaterialFile, MATERIAL_RULES, truncateName, UPLOAD_MESSAGES, type MaterialKind } from '@/lib/upload/rules';
import { uploadFile } from '@/lib/upload/upload-file';
import { HIDDEN_INPUT } from './hidden-input';
import { downloadStored } from './download-file';

/**
 * The materials upload (spec 02 §5 "Upload widget by type"): one file whose format and size follow the
 * chosen kind (audio mp3/wav 50 MB, video mp4 1 GB, images png/jpg/jpeg/gif 2 MB, documents 10 MB);
 * the server applies the same rules. The value is the stored path.
 */
export interface MaterialUploadProps {
  /** The kind the file must be; without it any material format is accepted. */
  kind?: MaterialKind;
  value?: string;
  /** The stored path and the uploaded file's own name ('' when removed). */
  onChange?(path: string, fileName: string): void;
  /** The file's own name, shown instead of the generated storage name when known. */
  fileName?: string | null;
  disabled?: boolean;
  /** Server folder (default 'material'). */
  biz?: string;
  /** Button text (default 上传文件). */
  buttonText?: string;
  id?: string;
}

export function acceptOf(kind?: MaterialKind): string {
  const kinds = kind ? [kind] : (Object.keys(MATERIAL_RULES) as MaterialKind[]);
  return kinds.flatMap((k) => MATERIAL_RULES[k].exts.map((e) => `.${e}`)).join(',');
}

export function MaterialUpload({ kind, value, onChange, fileName, disabled, biz = 'material', buttonText = '上传文件', id }: MaterialUploadProps) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [state, setState] = useState<{ name: string; percent: number; error?: string } | null>(null);
  const busy = state !== null && state.error === undefined;
  const shownName = fileName || baseName(value ?? '');

  const onFile = (file: File) => {
    const problem = checkMaterialFile(file, kind);
    if (problem) {
      message.error(problem);
      setState({ name: file.name, percent: 0, error: problem });
      return;
    }
    setState({ name: file.name, percent: 0 });
    uploadFile(file, { biz, kind, onProgress: (f) => setState((s) => (s && !s.error ? { ...s, percent: Math.round(f * 100) } : s)) }).then(
      ({ path }) => {
        setState(null);
        onChange?.(path, file.name);
        message.success(UPLOAD_MESSAGES.uploaded(file.name));
      },
      (e: unknown) => {
        // The toast names the file; the line under the button keeps the server's reason.
        const text = e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.unknownError;
        message.error(UPLOAD_MESSAGES.uploadFailed(file.name));
        setState({ name: file.name, percent: 0, error: text });
      },
    );
  };

  return (
    <div data-testid="material-upload" id={id}>
      <input
        ref={input}
        type="file"
        hidden
        style={HIDDEN_INPUT}
        accept={acceptOf(kind)}
        data-testid="material-upload-input"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) onFile(file);
        }}
      />
      <Space wrap>
        <Button icon={<UploadOutlined />} disabled={disabled || busy} onClick={() => input.current?.click()} data-testid="material-upload-button">
          {buttonText}
        </Button>
        {value && !busy && (
          <span data-testid="material-upload-value" data-path={value}>
            <Typography.Link
              title={shownName}
              onClick={() => {
                downloadStored(value, fileName || undefined).catch((err: unknown) => message.warning(err instanceof Error ? err.message : UPLOAD_MESSAGES.downloadUnknown));
              }}
            >
              {fileName ? shownName : truncateName(shownName)}
            </Typography.Link>
            {!disabled && <Button type="text" size="small" icon={<DeleteOutlined />} aria-label="移除文件" onClick={() => onChange?.('', '')} />}
          </span>
        )}
      </Space>
      {busy && <Progress percent={state.percent} size="small" data-testid="material-upload-progress" />}
      {state?.error && (
        <Typography.Text type="danger" data-testid="material-upload-error" style={{ display: 'block' }}>
          {state.error}
        </Typography.Text>
      )}
    </div>
  );
}
