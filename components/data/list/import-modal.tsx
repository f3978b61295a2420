'use client';

import Link from 'next/link';
import { useState, type HTMLAttributes } from 'react';
import { Alert, App, Button, Modal, Radio, Table, Typography, Upload, type TableColumnsType, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { API_PREFIX } from '@/lib/config';
import { ApiError } from '@/lib/http';
import { currentPath, resultHref } from '@/lib/result-link';
import { checkImportFiles } from '@/lib/upload/rules';
import { missingUrlMessage } from './list-urls';
import { fetchBlob, saveBlob } from './use-export';
import { fileProgress, uploadExcel, type ImportPreview, type ImportResult } from './upload-excel';

/** Spec 02 §2: the Excel import dialog accepts .xls and .xlsx. */
export const IMPORT_ACCEPT = '.xls,.xlsx';
export const IMPORT_TITLE = '导入EXCEL';

export interface ImportModalProps {
  open: boolean;
  /** `{api}/importExcel`; without it 开始上传 shows 请设置url.importExcelUrl属性!. */
  url?: string;
  /** Sent as `isSingleTableImport` (the mixin's `biz`). */
  isSingleTableImport?: string;
  /** Sent as `foreignKeys`. */
  foreignKeys?: string;
  onClose: () => void;
  /** After a (partly) successful import: reload the list. */
  onImported?: () => void;
  title?: string;
  /**
   * `{api}/previewExcel`: when set, 开始上传 first validates the files there and shows the rows (bad ones with
   * their reason); 确认导入 then imports, 返回 goes back to the file list. Without it the dialog is spec 02 §2's.
   */
  previewUrl?: string;
  /** `{api}/importTemplate`: adds a 下载导入模板 link (an empty sheet with the importable columns). */
  templateUrl?: string;
  /**
   * The labels of the resource's unique fields: when given, the dialog offers 仅新增 / 新增或更新, the latter
   * updating the stored row with the same value in one of these columns (sent as `importMode=upsert`).
   */
  matchLabels?: readonly string[];
}

export type ImportMode = 'insert' | 'upsert';

type PreviewRow = ImportPreview['rows'][number];

/** `共 n 行，可导入 x 行，错误 y 行`; with updates `可导入 x 行（其中更新 u 行）`. */
export const previewSummary = (p: Pick<ImportPreview, 'total' | 'valid' | 'invalid' | 'updates'>) =>
  `共 ${p.total} 行，可导入 ${p.valid} 行${p.updates ? `（其中更新 ${p.updates} 行）` : ''}，错误 ${p.invalid} 行`;

function PreviewStep({ preview }: { preview: ImportPreview }) {
  const multiFile = new Set(preview.rows.map((r) => r.fileName)).size > 1;
  const columns: TableColumnsType<PreviewRow> = [
    { title: '行号', dataIndex: 'rowNumber', width: 64, fixed: 'left', render: (v: number, r) => (multiFile ? `${r.fileName} #${v}` : v) },
    ...preview.headers.map((h) => ({ title: h, key: h, ellipsis: true, render: (_: unknown, r: PreviewRow) => r.values[h] ?? '' })),
    {
      title: '错误信息',
      dataIndex: 'error',
      width: 220,
      render: (v: string | null, r) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : <Typography.Text type="success">{r.update ? '将更新' : '可导入'}</Typography.Text>),
    },
  ];
  return (
    <div data-testid="import-preview">
      <Alert
        type={preview.invalid ? 'warning' : 'success'}
        showIcon
        style={{ marginBottom: 12 }}
        title={<span data-testid="import-preview-summary">{previewSummary(preview)}</span>}
        description={preview.invalid ? '错误行不会导入；确认导入后可下载错误文件，修改后再次导入。' : undefined}
      />
      <Table<PreviewRow>
        size="small"
        rowKey={(r) => `${r.fileName}#${r.rowNumber}`}
        columns={columns}
        dataSource={preview.rows}
        pagination={false}
        scroll={{ x: 'max-content', y: 360 }}
        onRow={(r) => ({
          'data-testid': `import-preview-row-${r.rowNumber}`,
          'data-invalid': r.error ? 'true' : 'false',
          // The highlight: a bad row stands out without reading the last column.
          style: r.error ? { background: '#fff1f0' } : undefined,
        } as HTMLAttributes<HTMLElement>)}
      />
      {preview.total > preview.rows.length && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          仅显示 {preview.rows.length} 行（有错误的行在前）
        </Typography.Text>
      )}
    </div>
  );
}

/** The link of a 201 answer's error file; the path is under the API prefix (/jeecg-boot). */
export const errorFileHref = (fileUrl: string) => (/^https?:\/\//i.test(fileUrl) ? fileUrl : `${API_PREFIX}${fileUrl.startsWith('/') ? '' : '/'}${fileUrl}`);

/**
 * The error file is saved under the answer's `fileName` (`学员导入错误_20260315_143005.xlsx`): the stored file's
 * own name is a generated id, and a download's Content-Disposition name wins over the link's `download`.
 */
function ErrorFileLink({ fileUrl, fileName }: { fileUrl: string; fileName?: string }) {
  const showError = useApiError();
  const external = /^https?:\/\//i.test(fileUrl);
  return (
    <a
      href={errorFileHref(fileUrl)}
      target="_blank"
      rel="noopener noreferrer"
      download={fileName}
      data-testid="import-error-file"
      onClick={(e) => {
        if (external || !fileName) return;
        e.preventDefault();
        fetchBlob(fileUrl, {}).then((blob) => saveBlob(blob, fileName), showError);
      }}
    >
      点击下载
    </a>
  );
}

/** 查看结果: the import's outcome on the 成功 / 失败 result page, whose 返回 comes back to this list (issue #39). */
function ResultLink({ status, title, desc }: { status: 'success' | 'fail'; title: string; desc?: string }) {
  return (
    <Link href={resultHref(status, { title, desc, back: currentPath() ?? undefined })} data-testid="import-result-link">
      查看结果
    </Link>
  );
}

/**
 * Spec 02 §2 / §4 import dialog: closed → open with an empty list → uploading (per-file progress) →
 * closed on success (server message; code 201 shows msg and a link to the error file), or a warning
 * with the server message on failure.
 */
export function ImportModal({ open, url, isSingleTableImport, foreignKeys, onClose, onImported, title = IMPORT_TITLE, previewUrl, templateUrl, matchLabels }: ImportModalProps) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [importMode, setImportMode] = useState<ImportMode>('insert');
  const offersModes = !!matchLabels?.length;

  const close = () => {
    if (uploading) return;
    setFiles([]);
    setPreview(null);
    setImportMode('insert');
    onClose();
  };

  const pickedFiles = () => files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);

  /** One multipart POST of the picked files to `target`, with per-file progress in the list. */
  const send = <T,>(target: string, picked: File[]) => {
    const sizes = picked.map((f) => f.size);
    setFiles((list) => list.map((f) => ({ ...f, status: 'uploading', percent: 0 })));
    return uploadExcel<T>(target, {
      files: picked,
      isSingleTableImport,
      foreignKeys,
      importMode: offersModes ? importMode : undefined,
      onProgress: (loaded, total) => {
        const percents = fileProgress(sizes, loaded, total);
        setFiles((list) => list.map((f, i) => ({ ...f, percent: percents[i] ?? f.percent })));
      },
    });
  };

  /** Spec 02 §8: an import failure names the file(s), then the server's message; session, permission and network failures keep their own presentation. */
  const failed = (e: unknown, picked: File[]) => {
    setUploading(false);
    setFiles((list) => list.map((f) => ({ ...f, status: 'error' })));
    if (e instanceof ApiError && e.status === 200 && e.code !== 510) message.warning(`${picked.map((f) => f.name).join('、')} ${e.message}`);
    else showError(e);
  };

  /** Too large for one request: said here, before the server cuts the upload off (网络连接失败). */
  const tooLarge = (picked: File[]) => {
    const problem = checkImportFiles(picked);
    if (problem) message.warning(problem);
    return problem !== null;
  };

  const startPreview = async (target: string) => {
    const picked = pickedFiles();
    if (picked.length === 0 || tooLarge(picked)) return;
    setUploading(true);
    try {
      const res = await send<ImportPreview>(target, picked);
      setUploading(false);
      setFiles((list) => list.map((f) => ({ ...f, status: 'done', percent: 100 })));
      setPreview(res.result);
    } catch (e) {
      failed(e, picked);
    }
  };

  const start = async () => {
    if (!url) {
      message.error(missingUrlMessage('importExcelUrl'));
      return;
    }
    if (previewUrl && !preview) return startPreview(previewUrl);
    const picked = pickedFiles();
    if (picked.length === 0 || tooLarge(picked)) return;
    setUploading(true);
    try {
      const res = await send<ImportResult | null>(url, picked);
      setUploading(false);
      setFiles([]);
      setPreview(null);
      setImportMode('insert');
      onClose();
      if (res.code === 201 && res.result) {
        const { msg, fileUrl, fileName } = res.result;
        modal.warning({
          title: res.message,
          content: (
            <div data-testid="import-partial">
              <span>{msg}</span>
              <br />
              {fileUrl && (
                <span>
                  具体详情请 <ErrorFileLink fileUrl={fileUrl} fileName={fileName} />
                </span>
              )}
              <br />
              <ResultLink status="fail" title={res.message} desc={msg} />
            </div>
          ),
        });
      } else {
        const text = res.message || '文件上传成功';
        message.success(
          <span data-testid="import-done">
            <span>{text}</span> <ResultLink status="success" title="导入成功" desc={text} />
          </span>,
        );
      }
      onImported?.();
    } catch (e) {
      failed(e, picked);
    }
  };

  const startLabel = uploading ? '上传中...' : preview ? '确认导入' : '开始上传';

  return (
    <Modal
      open={open}
      title={title}
      width={preview ? 960 : 600}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={uploading} data-testid="import-close">
          关闭
        </Button>,
        ...(preview
          ? [
              <Button
                key="back"
                onClick={() => {
                  setPreview(null);
                  setFiles((list) => list.map((f) => ({ ...f, status: undefined, percent: undefined })));
                }}
                disabled={uploading}
                data-testid="import-back"
              >
                返回
              </Button>,
            ]
          : []),
        <Button key="start" type="primary" onClick={start} disabled={files.length === 0} loading={uploading} data-testid="import-start">
          {startLabel}
        </Button>,
      ]}
    >
      <div data-testid="import-modal" data-state={uploading ? 'uploading' : preview ? 'preview' : files.length ? 'ready' : 'empty'}>
        {preview && <PreviewStep preview={preview} />}
        {/* The file list stays mounted (hidden) during the preview, so 返回 shows the same files. */}
        <div style={preview ? { display: 'none' } : undefined}>
          <Upload
            accept={IMPORT_ACCEPT}
            multiple
            fileList={files}
            disabled={uploading}
            beforeUpload={(file) => {
              const problem = checkImportFiles([file]);
              if (problem) {
                message.warning(problem);
                return Upload.LIST_IGNORE;
              }
              // Kept in the list and sent by 开始上传, not uploaded on pick.
              setFiles((list) => [...list, { uid: file.uid, name: file.name, size: file.size, type: file.type, originFileObj: file }]);
              return false;
            }}
            onRemove={(file) => setFiles((list) => list.filter((f) => f.uid !== file.uid))}
          >
            <Button icon={<UploadOutlined />} disabled={uploading} data-testid="import-pick">
              选择导入文件
            </Button>
          </Upload>
          {offersModes && (
            <div style={{ marginTop: 12 }}>
              <Radio.Group value={importMode} onChange={(e) => setImportMode(e.target.value as ImportMode)} disabled={uploading} data-testid="import-mode">
                <Radio value="insert">仅新增</Radio>
                <Radio value="upsert">新增或更新</Radio>
              </Radio.Group>
              <Typography.Text type="secondary" style={{ display: 'block', marginTop: 4 }}>
                {importMode === 'upsert' ? `${matchLabels!.join('、')}已存在的行将更新该记录，其余行新增` : `${matchLabels!.join('、')}已存在的行将报错，不会导入`}
              </Typography.Text>
            </div>
          )}
          {templateUrl && (
            <a href={`${API_PREFIX}${templateUrl}`} download style={{ display: 'inline-block', marginTop: 8 }} data-testid="import-template">
              下载导入模板
            </a>
          )}
        </div>
      </div>
    </Modal>
  );
}
