'use client';

import { useState } from 'react';
import { App, Modal } from 'antd';
import { baseName, splitPaths, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { staticUrl } from './download-file';
import { UploadCell } from './upload-cell';

/** Spec 02 §3: the file pop-up's result. */
export interface FilePopupResult {
  name: string;
  url: string;
  /** Comma-separated stored paths. */
  path: string;
  status: 'done';
  id: string;
}

export interface FilePopupProps {
  open: boolean;
  title?: string;
  /** Default 520 × 200 (spec 02 §2). */
  width?: number;
  height?: number;
  kind?: 'file' | 'image' | 'upload';
  /** How many files (default 1). */
  number?: number;
  /** An existing value (comma-joined paths). */
  value?: string;
  onOk(result: FilePopupResult): void;
  onCancel(): void;
}

export const FILE_POPUP_WIDTH = 520;
export const FILE_POPUP_HEIGHT = 200;

let seq = 0;

export function FilePopup({ open, title = '上传文件', width = FILE_POPUP_WIDTH, height = FILE_POPUP_HEIGHT, kind = 'upload', number = 1, value, onOk, onCancel }: FilePopupProps) {
  const { message } = App.useApp();
  const [paths, setPaths] = useState(value ?? '');

  const ok = () => {
    const list = splitPaths(paths);
    if (!list.length) {
      message.warning(UPLOAD_MESSAGES.nothingUploaded);
      return;
    }
    onOk({ name: list.map(baseName).join(','), url: staticUrl(list[0]), path: list.join(','), status: 'done', id: `file_${Date.now().toString(36)}_${++seq}` });
  };

  return (
    <Modal open={open} title={title} width={width} onOk={ok} onCancel={onCancel} okText="确定" cancelText="取消" destroyOnHidden>
      <div style={{ height, overflow: 'auto' }} data-testid="file-popup-body">
        <UploadCell kind={kind} number={number} value={paths} onChange={setPaths} />
      </div>
    </Modal>
  );
}
