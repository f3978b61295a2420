'use client';

import { useEffect } from 'react';
import { App } from 'antd';
import { isChunkLoadError } from '@/lib/error-plan';

/** A script or style chunk that fails to load (often a redeploy) gets a reload prompt, not a blank page. */
export function ChunkErrorGuard() {
  const { modal } = App.useApp();
  useEffect(() => {
    let shown = false;
    const prompt = (reason: unknown) => {
      if (shown || !isChunkLoadError(reason)) return;
      shown = true;
      modal.confirm({
        title: '页面资源加载失败',
        content: '系统可能已经更新，或网络不稳定。请刷新页面后重试。',
        okText: '刷新页面',
        cancelText: '稍后',
        onOk: () => window.location.reload(),
        onCancel: () => {
          shown = false;
        },
      });
    };
    const onError = (e: ErrorEvent) => prompt(e.error ?? { message: e.message });
    const onRejection = (e: PromiseRejectionEvent) => prompt(e.reason);
    window.addEventListener('error', onError);
    window.addEventListener('unhandledrejection', onRejection);
    return () => {
      window.removeEventListener('error', onError);
      window.removeEventListener('unhandledrejection', onRejection);
    };
  }, [modal]);
  return null;
}
