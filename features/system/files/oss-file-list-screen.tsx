'use client';

import { useMemo, useRef, useState } from 'react';
import { App, Button, Divider, Tag, Typography } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import type { ListPage as ListPageApi, Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { Authorized } from '@/components/shell/shell-context';
import { downloadStored } from '@/components/upload/download-file';
import { HIDDEN_INPUT } from '@/components/upload/hidden-input';
import { PERMS } from '@/lib/permissions/codes';
import { checkGeneralUpload, UPLOAD_MESSAGES } from '@/lib/upload/rules';
import { uploadFile } from '@/lib/upload/upload-file';
import { formatBytes } from '../monitor/format';
import { OssFilePreview, previewKindOf, type OssPreviewTarget } from './oss-file-preview';
import { OSS_FILE_BIZ, OSS_FILE_MESSAGES, ossFileResource } from './oss-file-resource';

/**
 * 上传: the general upload's checks first (200 MB, the name's characters), then the project's uploadFile (files over
 * 20 MB sliced); the server sniffs the content and registers the file. Stored under `oss`, not `temp`.
 */
function UploadButton({ page }: { page: ListPageApi<Row> }) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const [busy, setBusy] = useState(false);
  const onPick = async (files: FileList | null) => {
    const file = files?.[0];
    if (input.current) input.current.value = '';
    if (!file) return;
    const refused = checkGeneralUpload(file);
    if (refused) return void message.warning(refused);
    setBusy(true);
    try {
      await uploadFile(file, { biz: OSS_FILE_BIZ });
      message.success(UPLOAD_MESSAGES.uploaded(file.name));
      await page.reload();
    } catch (e) {
      message.error(e instanceof Error && e.message ? e.message : UPLOAD_MESSAGES.uploadFailed(file.name));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Authorized code={PERMS.ossFile.upload}>
      <input ref={input} type="file" data-testid="oss-upload-input" style={HIDDEN_INPUT} onChange={(e) => void onPick(e.target.files)} />
      <Button type="primary" icon={<UploadOutlined />} loading={busy} data-testid="oss-upload" onClick={() => input.current?.click()}>
        上传
      </Button>
    </Authorized>
  );
}

/** 文件管理 (system/OssFileList): every stored upload, where it is used, 预览 / 下载 / 删除 (refused while used). */
export default function OssFileListScreen() {
  const { message } = App.useApp();
  const [preview, setPreview] = useState<OssPreviewTarget | null>(null);
  const renderers = useMemo(
    () => ({
      fileName: (v: unknown, r: Row) => (
        <span data-testid="oss-file-name">
          {String(v ?? '')}
          {r.missing === true && (
            <Tag color="error" style={{ marginLeft: 6 }}>
              {OSS_FILE_MESSAGES.missing}
            </Tag>
          )}
        </span>
      ),
      fileSize: (v: unknown) => formatBytes(Number(v)),
      usedBy: (v: unknown) =>
        v ? (
          <Typography.Text data-testid="oss-file-used" title={String(v)} ellipsis style={{ maxWidth: 260 }}>
            {String(v)}
          </Typography.Text>
        ) : (
          <Typography.Text type="secondary">未使用</Typography.Text>
        ),
    }),
    [],
  );
  const rowActions = (r: Row) => {
    const url = String(r.url ?? '');
    const name = String(r.fileName ?? '');
    // Nothing to show or fetch when the stored bytes are gone; 删除 still removes the row.
    if (r.missing === true) return null;
    const kind = previewKindOf(r.fileType);
    return (
      <>
        {kind && (
          <>
            <a data-testid={`oss-preview-${String(r.id)}`} onClick={() => setPreview({ url, name, kind })}>
              预览
            </a>
            <Divider orientation="vertical" />
          </>
        )}
        <a data-testid={`oss-download-${String(r.id)}`} onClick={() => void downloadStored(url, name).catch((e: unknown) => message.warning(e instanceof Error ? e.message : UPLOAD_MESSAGES.downloadUnknown))}>
          下载
        </a>
      </>
    );
  };
  return (
    <PageWrapper description="文件管理：系统中存储的全部上传文件（通用上传、分片上传、富文本图片、课件、头像等），及引用它们的记录。正在被使用的文件不能删除；删除会同时删除存储的文件。">
      <ListPage<Row> def={ossFileResource} renderers={renderers} rowActions={rowActions} toolbarExtra={(page) => <UploadButton page={page} />} />
      <OssFilePreview target={preview} onClose={() => setPreview(null)} />
    </PageWrapper>
  );
}
