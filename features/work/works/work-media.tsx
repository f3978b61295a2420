'use client';

import { Modal, Typography } from 'antd';
import { DownloadOutlined, FilePdfOutlined } from '@ant-design/icons';
import { isWorkKind, workFileUrl } from './work-files';

export interface WorkTarget {
  id: string;
  title: string;
  fileKind: unknown;
}

/**
 * The work's media, full size: the image, the video with the native player, the PDF in the browser's viewer. Files
 * stream from the file route (inline, behind the session and the list's visibility rule).
 */
export function WorkMedia({ work, height = '70vh' }: { work: WorkTarget; height?: string }) {
  const url = workFileUrl(work.id);
  // A stored file behind the session: next/image's optimiser cannot fetch it.
  // eslint-disable-next-line @next/next/no-img-element
  if (work.fileKind === 'image') return <img data-testid="work-media-image" src={url} alt={work.title} style={{ display: 'block', maxWidth: '100%', maxHeight: height, margin: '0 auto' }} />;
  if (work.fileKind === 'video') return <video data-testid="work-media-video" src={url} controls preload="metadata" style={{ width: '100%', maxHeight: height, background: '#000' }} />;
  if (work.fileKind === 'pdf') return <iframe data-testid="work-media-pdf" title={work.title} src={url} style={{ width: '100%', height, border: 0 }} />;
  return <Typography.Text type="secondary">无法预览该文件</Typography.Text>;
}

/** A card's cover: the image itself, a video's first frame (metadata only), or a PDF icon. */
export function WorkThumb({ work }: { work: WorkTarget }) {
  const box = { height: 160, width: '100%', objectFit: 'cover' as const, display: 'block' };
  const url = workFileUrl(work.id);
  // eslint-disable-next-line @next/next/no-img-element
  if (work.fileKind === 'image') return <img src={url} alt={work.title} loading="lazy" style={box} data-testid="work-thumb-image" />;
  // #t=0.1: the poster is the first frame; preload=metadata reads no more than it needs.
  if (work.fileKind === 'video') return <video src={`${url}#t=0.1`} preload="metadata" muted playsInline style={{ ...box, background: '#000' }} data-testid="work-thumb-video" />;
  return (
    <div style={{ ...box, display: 'flex', alignItems: 'center', justifyContent: 'center', background: '#fafafa' }} data-testid="work-thumb-pdf">
      <FilePdfOutlined style={{ fontSize: 56, color: '#cf1322' }} />
    </div>
  );
}

/** 预览: the media in a dialog, with 下载 (the file under its own name). */
export function WorkPreviewModal({ work, onClose }: { work: WorkTarget | null; onClose: () => void }) {
  return (
    <Modal
      open={!!work}
      title={work ? `预览：${work.title}` : ''}
      width={960}
      footer={
        work && isWorkKind(work.fileKind) ? (
          <Typography.Link href={workFileUrl(work.id, true)} data-testid="work-preview-download">
            <DownloadOutlined /> 下载
          </Typography.Link>
        ) : null
      }
      onCancel={onClose}
      destroyOnHidden
      centered
    >
      <div data-testid="work-preview-modal">{work && <WorkMedia work={work} />}</div>
    </Modal>
  );
}
