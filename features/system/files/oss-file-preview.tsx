'use client';

import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { fetchStored, staticUrl } from '@/components/upload/download-file';

export type OssPreviewKind = 'image' | 'video' | 'audio' | 'pdf';

/** The types the browser can show; other files are downloaded only. */
export const previewKindOf = (fileType: unknown): OssPreviewKind | null =>
  fileType === 'image' || fileType === 'video' || fileType === 'audio' || fileType === 'pdf' ? fileType : null;

export interface OssPreviewTarget {
  url: string;
  name: string;
  kind: OssPreviewKind;
}

/**
 * 预览 of a stored file, as 课程资料's preview (features/edu/material/material-preview.tsx) but by stored path:
 * images from the static route (inline for raster images), video and audio with the native controls, PDF fetched
 * and shown from a blob URL typed application/pdf (the static route sends it as an attachment).
 */
export function OssFilePreview({ target, onClose }: { target: OssPreviewTarget | null; onClose: () => void }) {
  return (
    <Modal open={!!target} title={target ? `预览：${target.name}` : ''} width={target?.kind === 'audio' ? 520 : 960} footer={null} onCancel={onClose} destroyOnHidden centered>
      {target && <PreviewBody target={target} />}
    </Modal>
  );
}

function PreviewBody({ target }: { target: OssPreviewTarget }) {
  const src = staticUrl(target.url);
  // A stored file behind the session: next/image's optimiser cannot fetch it.
  // eslint-disable-next-line @next/next/no-img-element
  if (target.kind === 'image') return <img data-testid="oss-preview-image" src={src} alt={target.name} style={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', margin: '0 auto' }} />;
  if (target.kind === 'video') return <video data-testid="oss-preview-video" src={src} controls preload="metadata" style={{ width: '100%', maxHeight: '75vh', background: '#000' }} />;
  if (target.kind === 'audio') return <audio data-testid="oss-preview-audio" src={src} controls preload="metadata" style={{ width: '100%' }} />;
  return <PdfPreview url={target.url} name={target.name} />;
}

function PdfPreview({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<{ src?: string; error?: string }>({});
  useEffect(() => {
    let live = true;
    let made: string | undefined;
    fetchStored(url).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ src: made });
      },
      (e: unknown) => live && setState({ error: e instanceof Error ? e.message : '预览失败' }),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [url]);
  if (state.error) return <Alert type="error" showIcon title={state.error} />;
  if (!state.src) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <iframe data-testid="oss-preview-pdf" title={name} src={state.src} style={{ width: '100%', height: '75vh', border: 0 }} />;
}
