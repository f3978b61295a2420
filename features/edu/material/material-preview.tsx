'use client';

import { useEffect, useState } from 'react';
import { Alert, Modal, Spin } from 'antd';
import { fetchMaterial, materialFileUrl, type PreviewKind } from './material-files';

export interface PreviewTarget {
  id: string;
  name: string;
  kind: PreviewKind;
}

/**
 * 预览 / 播放 of a material: images in an <img>, PDF in the browser's viewer, video and audio with the native
 * controls. Media stream from the preview URL (inline, not counted as a download); a PDF is fetched first and
 * shown from a blob URL typed application/pdf, so the viewer never depends on the response's headers.
 */
export function MaterialPreview({ target, onClose }: { target: PreviewTarget | null; onClose: () => void }) {
  return (
    <Modal open={!!target} title={target ? `预览：${target.name}` : ''} width={target?.kind === 'audio' ? 520 : 960} footer={null} onCancel={onClose} destroyOnHidden centered>
      {target && <PreviewBody target={target} />}
    </Modal>
  );
}

function PreviewBody({ target }: { target: PreviewTarget }) {
  const url = materialFileUrl(target.id, true);
  // A stored file behind the session: next/image's optimiser cannot fetch it.
  // eslint-disable-next-line @next/next/no-img-element
  if (target.kind === 'image') return <img data-testid="material-preview-image" src={url} alt={target.name} style={{ display: 'block', maxWidth: '100%', maxHeight: '75vh', margin: '0 auto' }} />;
  if (target.kind === 'video') return <video data-testid="material-preview-video" src={url} controls preload="metadata" style={{ width: '100%', maxHeight: '75vh', background: '#000' }} />;
  if (target.kind === 'audio') return <audio data-testid="material-preview-audio" src={url} controls preload="metadata" style={{ width: '100%' }} />;
  return <PdfPreview id={target.id} name={target.name} />;
}

function PdfPreview({ id, name }: { id: string; name: string }) {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    let live = true;
    let made: string | undefined;
    fetchMaterial(id, true).then(
      (blob) => {
        if (!live) return;
        made = URL.createObjectURL(new Blob([blob], { type: 'application/pdf' }));
        setState({ url: made });
      },
      (e: unknown) => live && setState({ error: e instanceof Error ? e.message : '预览失败' }),
    );
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [id]);
  if (state.error) return <Alert type="error" showIcon title={state.error} />;
  if (!state.url) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  return <iframe data-testid="material-preview-pdf" title={name} src={state.url} style={{ width: '100%', height: '75vh', border: 0 }} />;
}
