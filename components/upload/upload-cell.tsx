'use client';

import { useEffect, useRef, useState } from 'react';
import { App, Button, Dropdown, Modal, Space, Tooltip } from 'antd';
import { CloseCircleOutlined, DownOutlined, FileOutlined, LoadingOutlined, UploadOutlined } from '@ant-design/icons';
import { baseName, checkGeneralUpload, keepLast, splitPaths, truncateName, UPLOAD_MESSAGES, type GeneralType } from '@/lib/upload/rules';
import { uploadFile } from '@/lib/upload/upload-file';
import { downloadStored, staticUrl } from './download-file';
import { HIDDEN_INPUT } from './hidden-input';

/**
 * The upload cell of the editable grid and forms (spec 02 §2–§5): '点击上传' when empty, the files or
 * images with a menu when filled. Each item goes uploading → done | error; only done items contribute
 * their stored paths to the value, joined by commas.
 */
export interface UploadCellProps {
  value?: string /* comma-joined stored paths */;
  onChange?(v: string): void;
  kind: 'file' | 'image' | 'upload';
  allowDownload?: boolean;
  allowRemove?: boolean;
  allowUpload?: boolean;
  number?: number;
  disabled?: boolean;
}

export const UPLOAD_CELL_BUTTON = '点击上传';
export const UPLOAD_ERROR_TITLE = '上传出错';

export interface CellItem {
  uid: string;
  name: string;
  status: 'uploading' | 'done' | 'error';
  percent: number;
  path?: string;
  message?: string;
}

let seq = 0;
const uid = () => `cell_${Date.now().toString(36)}_${++seq}`;
const doneItems = (paths: string[]): CellItem[] => paths.map((p) => ({ uid: uid(), name: baseName(p), status: 'done', percent: 100, path: p }));

/** The value of a list of items: the done items' paths, comma-joined. */
export const valueOf = (items: readonly CellItem[]) =>
  items
    .filter((i) => i.status === 'done' && i.path)
    .map((i) => i.path)
    .join(',');

const typeOf = (kind: UploadCellProps['kind']): GeneralType | undefined => (kind === 'upload' ? undefined : kind);

export function UploadCell({ value, onChange, kind, allowDownload = true, allowRemove = true, allowUpload = true, number = 1, disabled = false }: UploadCellProps) {
  const { message } = App.useApp();
  const [items, setItems] = useState<CellItem[]>(() => doneItems(splitPaths(value)));
  const [errorShown, setErrorShown] = useState<string | null>(null);
  const emitted = useRef(value ?? '');
  const input = useRef<HTMLInputElement>(null);
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  // A value set from outside (form reset, another row) replaces the list; our own echo does not.
  useEffect(() => {
    const v = value ?? '';
    if (v === emitted.current) return;
    emitted.current = v;
    setItems(doneItems(splitPaths(v)));
  }, [value]);

  const commit = (next: CellItem[]) => {
    setItems(next);
    const v = valueOf(next);
    if (v !== emitted.current) {
      emitted.current = v;
      onChange?.(v);
    }
  };

  const update = (id: string, patch: Partial<CellItem>) => {
    if (!live.current) return;
    setItems((list) => {
      const next = list.map((i) => (i.uid === id ? { ...i, ...patch } : i));
      if (patch.status === 'done') {
        const v = valueOf(next);
        if (v !== emitted.current) {
          emitted.current = v;
          // Outside the updater's render phase: the parent's state changes after ours.
          queueMicrotask(() => onChange?.(v));
        }
      }
      return next;
    });
  };

  const start = (file: File, id: string) => {
    uploadFile(file, { biz: 'temp', type: typeOf(kind), onProgress: (f) => update(id, { percent: Math.round(f * 100) }) }).then(
      ({ path }) => {
        update(id, { status: 'done', percent: 100, path });
        message.success(UPLOAD_MESSAGES.uploaded(file.name));
      },
      (e: unknown) => {
        // The toast names the file; the cell keeps the server's reason (上传出错 → 错误信息).
        update(id, { status: 'error', message: e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.unknownError });
        message.error(UPLOAD_MESSAGES.uploadFailed(file.name));
      },
    );
  };

  const onFiles = (files: File[]) => {
    if (!files.length) return;
    const added: CellItem[] = [];
    const toStart: [File, string][] = [];
    for (const file of files) {
      const problem = checkGeneralUpload(file, typeOf(kind));
      const item: CellItem = { uid: uid(), name: file.name, status: problem ? 'error' : 'uploading', percent: 0, message: problem ?? undefined };
      if (problem) message.warning(problem);
      else toStart.push([file, item.uid]);
      added.push(item);
    }
    const base = number === 1 ? [] : items;
    commit(keepLast([...base, ...added], number));
    for (const [file, id] of toStart) start(file, id);
  };

  const remove = (id: string) => commit(items.filter((i) => i.uid !== id));
  const canUpload = allowUpload && !disabled;
  const pick = () => input.current?.click();

  const download = (path: string) => {
    downloadStored(path).catch((e: unknown) => message.warning(e instanceof Error ? e.message : UPLOAD_MESSAGES.downloadUnknown));
  };

  const fileInput = (
    <input
      ref={input}
      type="file"
      hidden
      style={HIDDEN_INPUT}
      data-testid="upload-cell-input"
      multiple={number !== 1}
      accept={kind === 'image' ? 'image/*' : undefined}
      onChange={(e) => {
        const files = Array.from(e.target.files ?? []);
        e.target.value = '';
        onFiles(files);
      }}
    />
  );

  if (!items.length) {
    return (
      <span data-testid="upload-cell">
        {fileInput}
        <Button size="small" icon={<UploadOutlined />} disabled={!canUpload} onClick={pick} data-testid="upload-cell-button">
          {UPLOAD_CELL_BUTTON}
        </Button>
      </span>
    );
  }

  return (
    <span data-testid="upload-cell">
      {fileInput}
      <Space size={4} wrap>
        {items.map((item) => (
          <ItemView
            key={item.uid}
            item={item}
            kind={kind}
            canDownload={allowDownload}
            canRemove={allowRemove && !disabled}
            canUpload={canUpload}
            onDownload={download}
            onRemove={() => remove(item.uid)}
            onReupload={pick}
            onShowError={() => setErrorShown(item.message || UPLOAD_MESSAGES.unknownError)}
          />
        ))}
      </Space>
      <Modal open={errorShown !== null} title={UPLOAD_ERROR_TITLE} footer={null} onCancel={() => setErrorShown(null)} destroyOnHidden>
        <p data-testid="upload-cell-error-text">错误信息: {errorShown}</p>
      </Modal>
    </span>
  );
}

interface ItemViewProps {
  item: CellItem;
  kind: UploadCellProps['kind'];
  canDownload: boolean;
  canRemove: boolean;
  canUpload: boolean;
  onDownload(path: string): void;
  onRemove(): void;
  onReupload(): void;
  onShowError(): void;
}

function ItemView({ item, kind, canDownload, canRemove, canUpload, onDownload, onRemove, onReupload, onShowError }: ItemViewProps) {
  if (item.status === 'uploading') {
    return (
      <span data-testid="upload-cell-item" data-status="uploading">
        <LoadingOutlined /> {item.percent}%
      </span>
    );
  }
  if (item.status === 'error') {
    return (
      <span data-testid="upload-cell-item" data-status="error" style={{ color: '#ff4d4f' }}>
        <Tooltip title={item.message || UPLOAD_MESSAGES.unknownError}>
          <CloseCircleOutlined data-testid="upload-cell-error" role="button" aria-label={UPLOAD_ERROR_TITLE} onClick={onShowError} style={{ cursor: 'pointer' }} />
        </Tooltip>{' '}
        {item.message || UPLOAD_MESSAGES.unknownError}
        {canRemove && (
          <Button type="link" size="small" danger onClick={onRemove} data-testid="upload-cell-remove">
            删除
          </Button>
        )}
      </span>
    );
  }
  const path = item.path ?? '';
  const menu = [
    canDownload ? { key: 'download', label: '下载' } : null,
    canRemove ? { key: 'remove', label: '删除' } : null,
    canUpload ? { key: 'upload', label: '重新上传' } : null,
  ].filter((x): x is { key: string; label: string } => x !== null);
  const shown =
    kind === 'image' ? (
      // A stored file behind the session (no next/image optimiser for it).
      // eslint-disable-next-line @next/next/no-img-element
      <img src={staticUrl(path)} alt={item.name} style={{ height: 32, maxWidth: 64, objectFit: 'cover', verticalAlign: 'middle' }} />
    ) : (
      <span title={item.name}>
        <FileOutlined /> {truncateName(item.name)}
      </span>
    );
  return (
    <span data-testid="upload-cell-item" data-status="done" data-path={path}>
      {shown}
      {menu.length > 0 && (
        <Dropdown
          trigger={['click']}
          menu={{
            items: menu,
            onClick: ({ key }) => {
              if (key === 'download') onDownload(path);
              else if (key === 'remove') onRemove();
              else onReupload();
            },
          }}
        >
          <Button type="text" size="small" icon={<DownOutlined />} aria-label="文件操作" data-testid="upload-cell-menu" />
        </Dropdown>
      )}
    </span>
  );
}
