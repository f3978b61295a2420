'use client';

import { useState } from 'react';
import { App, Button, Modal, Upload, type UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { API_PREFIX } from '@/lib/config';
import { ApiError } from '@/lib/http';
import { missingUrlMessage } from './list-urls';
import { fileProgress, uploadExcel } from './upload-excel';

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
}

/** The link of a 201 answer's error file; the path is under the API prefix (/jeecg-boot). */
export const errorFileHref = (fileUrl: string) => (/^https?:\/\//i.test(fileUrl) ? fileUrl : `${API_PREFIX}${fileUrl.startsWith('/') ? '' : '/'}${fileUrl}`);

/**
 * Spec 02 §2 / §4 import dialog: closed → open with an empty list → uploading (per-file progress) →
 * closed on success (server message; code 201 shows msg and a link to the error file), or a warning
 * with the server message on failure.
 */
export function ImportModal({ open, url, isSingleTableImport, foreignKeys, onClose, onImported, title = IMPORT_TITLE }: ImportModalProps) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [files, setFiles] = useState<UploadFile[]>([]);
  const [uploading, setUploading] = useState(false);

  const close = () => {
    if (uploading) return;
    setFiles([]);
    onClose();
  };

  const start = async () => {
    if (!url) {
      message.error(missingUrlMessage('importExcelUrl'));
      return;
    }
    const picked = files.map((f) => f.originFileObj).filter((f): f is NonNullable<typeof f> => !!f);
    if (picked.length === 0) return;
    const sizes = picked.map((f) => f.size);
    setUploading(true);
    setFiles((list) => list.map((f) => ({ ...f, status: 'uploading', percent: 0 })));
    try {
      const res = await uploadExcel(url, {
        files: picked,
        isSingleTableImport,
        foreignKeys,
        onProgress: (loaded, total) => {
          const percents = fileProgress(sizes, loaded, total);
          setFiles((list) => list.map((f, i) => ({ ...f, percent: percents[i] ?? f.percent })));
        },
      });
      setUploading(false);
      setFiles([]);
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
                  具体详情请{' '}
                  <a href={errorFileHref(fileUrl)} target="_blank" rel="noopener noreferrer" download={fileName} data-testid="import-error-file">
                    点击下载
                  </a>
                </span>
              )}
            </div>
          ),
        });
      } else {
        message.success(res.message || '文件上传成功');
      }
      onImported?.();
    } catch (e) {
      setUploading(false);
      setFiles((list) => list.map((f) => ({ ...f, status: 'error' })));
      // Spec 02 §8: an import failure names the file(s), then the server's message. Session, permission
      // and network failures keep their own presentation.
      if (e instanceof ApiError && e.status === 200 && e.code !== 510) message.warning(`${picked.map((f) => f.name).join('、')} ${e.message}`);
      else showError(e);
    }
  };

  return (
    <Modal
      open={open}
      title={title}
      width={600}
      onCancel={close}
      mask={{ closable: false }}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} disabled={uploading} data-testid="import-close">
          关闭
        </Button>,
        <Button key="start" type="primary" onClick={start} disabled={files.length === 0} loading={uploading} data-testid="import-start">
          {uploading ? '上传中...' : '开始上传'}
        </Button>,
      ]}
    >
      <div data-testid="import-modal" data-state={uploading ? 'uploading' : files.length ? 'ready' : 'empty'}>
        <Upload
          accept={IMPORT_ACCEPT}
          multiple
          fileList={files}
          disabled={uploading}
          beforeUpload={(file) => {
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
      </div>
    </Modal>
  );
}
