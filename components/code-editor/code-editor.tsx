'use client';

import { useMemo, type RefObject } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import { TAB_SIZE, editorExtensions } from './languages';

/** What a screen may do to the editor's text from outside (a browser beside it inserting a name). */
export interface CodeEditorCommands {
  /** Replaces the selection (or inserts at the cursor) with `text`, then focuses the editor; onChange follows. */
  insert(text: string): void;
}

export interface CodeEditorProps {
  value?: string;
  onChange?: (value: string) => void;
  /** One of CODE_LANGUAGES (or an alias); anything else edits plain text. */
  language?: string;
  /** CSS height, e.g. 240 or '50vh'. Default 240. */
  height?: number | string;
  readOnly?: boolean;
  placeholder?: string;
  id?: string;
  'data-testid'?: string;
  /** Filled once the editor exists (the editor loads lazily: until then it stays null). */
  commandsRef?: RefObject<CodeEditorCommands | null>;
}

export default function CodeEditor({ value, onChange, language, height = 240, readOnly = false, placeholder, id, 'data-testid': testId = 'code-editor', commandsRef }: CodeEditorProps) {
  const extensions = useMemo(() => editorExtensions(language), [language]);
  return (
    <div id={id} data-testid={testId} style={{ border: '1px solid #d9d9d9', borderRadius: 6, overflow: 'hidden' }}>
      <CodeMirror
        value={value ?? ''}
        onChange={(v) => onChange?.(v)}
        extensions={extensions}
        height={typeof height === 'number' ? `${height}px` : height}
        readOnly={readOnly}
        editable={!readOnly}
        placeholder={placeholder}
        basicSetup={{ tabSize: TAB_SIZE }}
        onCreateEditor={(view) => {
          if (!commandsRef) return;
          commandsRef.current = {
            insert: (text) => {
              view.dispatch(view.state.replaceSelection(text));
              view.focus();
            },
          };
        }}
      />
    </div>
  );
}
