'use client';

import { useRef, useState } from 'react';
import { Button, Input, Modal, Progress, Tabs, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { checkDialogFile, DIALOG_DEFAULT_MAX_MB, dialogMaxFiles, DIALOG_IMAGE_EXTS, MEDIA_EXTS, truncateName, UPLOAD_MESSAGES, type DialogMode } from '@/lib/upload/rules';
import { uploadFile } from '@/lib/upload/upload-file';
import { HIDDEN_INPUT } from './hidden-input';

/**
 * The file / image dialog (spec 02 §2): 本地上传 or 复制链接, a list of items (active → success |
 * exception, with percent and message), 关闭 and 保存. 保存 is disabled while any item is active or when
 * there is neither an uploaded file nor a link. It returns the stored paths and/or the link.
 */
export interface FileDialogProps {
  open: boolean;
  /** Default '插入图片'. */
  title?: string;
  /** image: png/jpg/jpeg; media: the audio/video list; file: anything the server accepts. */
  mode?: DialogMode;
  multiple?: boolean;
  /** Size limit in MB (default 5). */
  maxMb?: number;
  /** Folder on the server (default 'editor'). */
  biz?: string;
  onClose(): void;
  /** Stored paths of the uploaded files, then the link when one was given (`detail` keeps them apart). */
  onSave(values: string[], detail: { paths: string[]; link?: string }): void;
  /** The link's check: an error message, or null when it may be used (default: http(s) only). */
  checkLink?: (url: string) => string | null;
  /** Prefix of the test ids (default 'file-dialog'): `-file`, `-pick`, `-item`, `-input` (link), `-error`, `-ok`, `-close`. */
  testId?: string;
}

export interface DialogItem {
  uid: string;
  name: string;
  status: 'active' | 'success' | 'exception';
  percent: number;
  message?: string;
  /** The stored path once uploaded. */
  src?: string;
}

export const FILE_DIALOG_TITLE = '插入图片';
export const LINK_INVALID = '请输入以 http:// 或 https:// 开头的链接';

/** Whether 保存 may be pressed (exported for the rule's own test). */
export function canSave(items: readonly DialogItem[], link: string): boolean {
  if (items.some((i) => i.status === 'active')) return false;
  return items.some((i) => i.status === 'success') || link.trim() !== '';
}

let seq = 0;

const httpOnly = (url: string) => (/^https?:\/\/[^\s]+$/i.test(url) ? null : LINK_INVALID);

export function FileDialog({ open, title = FILE_DIALOG_TITLE, mode = 'image', multiple = false, maxMb = DIALOG_DEFAULT_MAX_MB, biz = 'editor', onClose, onSave, checkLink = httpOnly, testId: p = 'file-dialog' }: FileDialogProps) {
  const [tab, setTab] = useState<'local' | 'link'>('local');
  const [items, setItems] = useState<DialogItem[]>([]);
  const [link, setLink] = useState('');
  const [linkError, setLinkError] = useState<string | null>(null);
  const input = useRef<HTMLInputElement>(null);

  const update = (uid: string, patch: Partial<DialogItem>) => setItems((list) => list.map((i) => (i.uid === uid ? { ...i, ...patch } : i)));

  const reset = () => {
    setItems([]);
    setLink('');
    setLinkError(null);
    setTab('local');
  };
  const close = () => {
    reset();
    onClose();
  };

  const onFiles = (files: File[]) => {
    const max = dialogMaxFiles(multiple);
    // Single mode replaces the item; multiple mode keeps at most 9 (the newest).
    const chosen = files.slice(-max);
    const fresh: DialogItem[] = [];
    const starts: [File, string][] = [];
    for (const file of chosen) {
      const uid = `fd_${++seq}`;
      const problem = checkDialogFile(file, { mode, maxMb });
      fresh.push({ uid, name: file.name, status: problem ? 'exception' : 'active', percent: 0, message: problem ?? undefined });
      if (!problem) starts.push([file, uid]);
    }
    setItems((list) => [...(multiple ? list : []), ...fresh].slice(-max));
    for (const [file, uid] of starts) {
      uploadFile(file, { biz, type: mode === 'image' ? 'image' : undefined, onProgress: (f) => update(uid, { percent: Math.round(f * 100) }) }).then(
        ({ path }) => update(uid, { status: 'success', percent: 100, src: path }),
        (e: unknown) => update(uid, { status: 'exception', message: e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.unknownError }),
      );
    }
  };

  const save = () => {
    const paths = items.filter((i) => i.status === 'success' && i.src).map((i) => i.src as string);
    const url = link.trim();
    if (url) {
      const problem = checkLink(url);
      if (problem) {
        setLinkError(problem);
        setTab('link');
        return;
      }
    }
    reset();
    onSave(url ? [...paths, url] : paths, { paths, link: url || undefined });
  };

  const accept = mode === 'image' ? DIALOG_IMAGE_EXTS.map((e) => `.${e}`).join(',') : mode === 'media' ? MEDIA_EXTS.map((e) => `.${e}`).join(',') : undefined;
  const saveOk = canSave(items, link);

  return (
    <Modal
      open={open}
      title={title}
      onCancel={close}
      destroyOnHidden
      footer={[
        <Button key="close" onClick={close} data-testid={`${p}-close`}>
          关闭
        </Button>,
        <Button key="save" type="primary" disabled={!saveOk} onClick={save} data-testid={`${p}-ok`}>
          保存
        </Button>,
      ]}
    >
      <Tabs
        activeKey={tab}
        onChange={(k) => setTab(k as 'local' | 'link')}
        items={[
          {
            key: 'local',
            label: '本地上传',
            children: (
              <div data-testid={`${p}-local`}>
                <input
                  ref={input}
                  type="file"
                  hidden
                  style={HIDDEN_INPUT}
                  multiple={multiple}
                  accept={accept}
                  data-testid={`${p}-file`}
                  onChange={(e) => {
                    const files = Array.from(e.target.files ?? []);
                    e.target.value = '';
                    if (files.length) onFiles(files);
                  }}
                />
                <Button icon={<UploadOutlined />} onClick={() => input.current?.click()} data-testid={`${p}-pick`}>
                  选择文件
                </Button>
                <Typography.Text type="secondary" style={{ marginLeft: 8 }}>
                  {mode === 'image' ? `支持 ${DIALOG_IMAGE_EXTS.join('、')}，` : ''}不超过 {maxMb} MB{multiple ? `，最多 ${dialogMaxFiles(true)} 个` : ''}
                </Typography.Text>
                <div role="list" style={{ marginTop: 12 }}>
                  {items.map((i) => (
                    <div key={i.uid} role="listitem" data-testid={`${p}-item`} data-status={i.status} style={{ marginBottom: 8 }}>
                      <span title={i.name}>{truncateName(i.name, 20)}</span>
                      <Progress percent={i.percent} size="small" status={i.status} />
                      {i.message && <Typography.Text type="danger">{i.message}</Typography.Text>}
                    </div>
                  ))}
                </div>
              </div>
            ),
          },
          {
            key: 'link',
            label: '复制链接',
            // Rendered from the start so the link field keeps its state across tab switches.
            forceRender: true,
            children: (
              <div>
                <Input
                  value={link}
                  placeholder="https://…"
                  data-testid={`${p}-input`}
                  status={linkError ? 'error' : undefined}
                  onChange={(e) => {
                    setLink(e.target.value);
                    setLinkError(null);
                  }}
                />
                {linkError && (
                  <Typography.Text type="danger" data-testid={`${p}-error`}>
                    {linkError}
                  </Typography.Text>
                )}
              </div>
            ),
          },
        ]}
      />
    </Modal>
  );
}
