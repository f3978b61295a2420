'use client';

import dynamic from 'next/dynamic';
import { EDITOR_HEIGHT } from './constants';
import type { RichTextEditorProps } from './rich-text-editor';

export type { RichTextEditorProps } from './rich-text-editor';

/** The space the editor will take while its code loads, so a form does not jump. */
function EditorLoading() {
  return <div style={{ minHeight: EDITOR_HEIGHT + 42, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fafafa' }} data-testid="rich-text-editor-loading" />;
}

/**
 * The rich text editor, loaded on first use: tiptap and ProseMirror stay out of every page's
 * first-load JS, and it never renders on the server (tiptap needs the DOM).
 */
export const RichTextEditor = dynamic<RichTextEditorProps>(() => import('./rich-text-editor'), { ssr: false, loading: EditorLoading });
