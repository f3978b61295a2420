'use client';

import dynamic from 'next/dynamic';
import type { CodeEditorProps } from './code-editor';

export type { CodeEditorCommands, CodeEditorProps } from './code-editor';

function CodeEditorLoading() {
  return <div style={{ minHeight: 120, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fafafa' }} data-testid="code-editor-loading" />;
}

/**
 * The code editor (CodeMirror 6), loaded on first use: the editor and its language packages stay out
 * of every page's first-load JS, and it never renders on the server (it needs the DOM).
 */
export const CodeEditor = dynamic<CodeEditorProps>(() => import('./code-editor'), { ssr: false, loading: CodeEditorLoading });
