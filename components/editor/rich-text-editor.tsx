'use client';

import { useEffect, useRef, useState, type ReactNode } from 'react';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import { Button, Form, Input, Modal, Select, Tooltip, type ButtonProps } from 'antd';
import {
  BoldOutlined, ClearOutlined, CodeOutlined, ItalicOutlined, LineOutlined, LinkOutlined, OrderedListOutlined, PictureOutlined, PlayCircleOutlined,
  RedoOutlined, StrikethroughOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { FileDialog } from '@/components/upload/file-dialog';
import { staticUrl } from '@/components/upload/download-file';
import { EDITOR_EXTENSIONS } from './extensions';
import { checkImageUrl, checkLinkUrl, checkMediaUrl, EDITOR_HEIGHT, FONT_SIZES, sameHtml, type Checked } from './rich-text-rules';
import styles from './rich-text-editor.module.css';

export interface RichTextEditorProps {
  /** HTML; '' or undefined is an empty document. */
  value?: string;
  /** The new HTML after each edit; '' when the document is empty. */
  onChange?: (html: string) => void;
  placeholder?: string;
  disabled?: boolean;
  /** Minimum height of the writing area in px (spec 02 §9: 300). */
  height?: number;
  /** Injected by Form.Item (label ↔ field). */
  id?: string;
  /** Root test id (default `rich-text-editor`); toolbar buttons are `${testid}-bold` etc. */
  'data-testid'?: string;
}

/**
 * The editor's value: '' for an empty document, else its HTML without the empty paragraphs at the
 * end (StarterKit's trailing node keeps one after a heading, list or image so the author can type on).
 */
export const htmlOf = (editor: Editor) => (editor.isEmpty ? '' : editor.getHTML().replace(/(?:<p><\/p>)+$/, ''));

type DialogKind = 'link' | 'image' | 'media';

const DIALOGS: Record<DialogKind, { title: string; label: string; placeholder: string; check: (v: string) => Checked<unknown> }> = {
  link: { title: '插入链接', label: '链接地址', placeholder: 'https://', check: checkLinkUrl },
  image: { title: '插入图片', label: '图片地址', placeholder: 'https://…/图片.png', check: checkImageUrl },
  media: { title: '插入音视频', label: '音视频地址', placeholder: 'https://…/视频.mp4', check: checkMediaUrl },
};

/**
 * JEditor (spec 02 §2, §9) on tiptap: a toolbar of antd buttons over a ProseMirror area. Controlled
 * by `value` / `onChange` like any Form.Item child. An outside change of `value` replaces the
 * content; the editor's own echo (the value it just emitted) is ignored so the cursor stays put.
 * Whatever it produces is sanitised again by the server on save and before display.
 */
export default function RichTextEditor({ value, onChange, placeholder, disabled = false, height = EDITOR_HEIGHT, id, 'data-testid': testId = 'rich-text-editor' }: RichTextEditorProps) {
  const onChangeRef = useRef(onChange);
  /** The last HTML this editor emitted or was given: a `value` equal to it is our own echo. */
  const known = useRef<string | null>(null);
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  /** 图片 opens the file dialog: upload (stored under `editor/`) or an http(s) link. */
  const [imageOpen, setImageOpen] = useState(false);

  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const editor = useEditor({
    extensions: EDITOR_EXTENSIONS,
    content: value ?? '',
    editable: !disabled,
    immediatelyRender: false,
    editorProps: {
      attributes: {
        style: `min-height: ${height}px`,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-label': placeholder || '内容',
        ...(id ? { id } : {}),
        'data-testid': `${testId}-content`,
      },
    },
    onCreate: ({ editor: e }) => {
      known.current = htmlOf(e);
    },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      known.current = html;
      onChangeRef.current?.(html);
    },
  });

  // An outside value (a form reset, a loaded record) replaces the content without emitting it back.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? '';
    if (known.current !== null && next === known.current) return;
    known.current = next;
    if (sameHtml(next, htmlOf(editor))) return;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (editor && !editor.isDestroyed && editor.isEditable === disabled) editor.setEditable(!disabled, false);
  }, [editor, disabled]);

  const state = useEditorState({
    editor,
    // The closure's editor, not the snapshot's: the snapshot keeps null until the first transaction.
    selector: () => {
      const e = editor;
      return e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            underline: e.isActive('underline'),
            strike: e.isActive('strike'),
            h1: e.isActive('heading', { level: 1 }),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            codeBlock: e.isActive('codeBlock'),
            link: e.isActive('link'),
            fontSize: (e.getAttributes('fontSize').size as string | undefined) ?? null,
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
            empty: e.isEmpty,
          }
        : null;
    },
  });

  const off = disabled || !editor;
  const chain = () => editor!.chain().focus();
  const button = (key: string, title: string, icon: ReactNode, run: () => void, active = false, extraDisabled = false) => (
    <Tooltip key={key} title={title}>
      <Button
        type={active ? 'primary' : 'text'}
        ghost={active}
        size="small"
        icon={icon}
        aria-label={title}
        aria-pressed={active}
        disabled={off || extraDisabled}
        // Keep the editor's selection: the toolbar never takes the focus away.
        onMouseDown={(e) => e.preventDefault()}
        onClick={run}
        data-testid={`${testId}-${key}`}
      />
    </Tooltip>
  );
  const text = (label: string) => <span style={{ fontWeight: 600, fontSize: 12 }}>{label}</span>;
  const sep = (key: string) => <span key={key} className={styles.separator} aria-hidden />;

  const applyDialog = (kind: DialogKind, raw: string) => {
    if (!editor) return;
    if (kind === 'link') {
      if (!raw.trim()) {
        chain().extendMarkRange('link').unsetLink().run();
        return;
      }
      const r = checkLinkUrl(raw);
      if (!r.ok) return;
      if (editor.state.selection.empty && !editor.isActive('link')) {
        chain().insertContent({ type: 'text', text: r.url, marks: [{ type: 'link', attrs: { href: r.url } }] }).run();
      } else {
        chain().extendMarkRange('link').setLink({ href: r.url }).run();
      }
    } else if (kind === 'image') {
      const r = checkImageUrl(raw);
      if (r.ok) chain().setImage({ src: r.url }).run();
    } else {
      const r = checkMediaUrl(raw);
      if (r.ok) chain().insertContent({ type: r.url.kind, attrs: { src: r.url.src } }).run();
    }
  };

  return (
    <div className={`${styles.editor} ${disabled ? styles.disabled : ''}`} data-testid={testId} aria-disabled={disabled || undefined}>
      <div className={styles.toolbar} role="toolbar" aria-label="格式">
        {[
          button('undo', '撤销', <UndoOutlined />, () => chain().undo().run(), false, !state?.canUndo),
          button('redo', '重做', <RedoOutlined />, () => chain().redo().run(), false, !state?.canRedo),
          sep('s1'),
          button('h1', '标题1', text('H1'), () => chain().toggleHeading({ level: 1 }).run(), state?.h1),
          button('h2', '标题2', text('H2'), () => chain().toggleHeading({ level: 2 }).run(), state?.h2),
          button('h3', '标题3', text('H3'), () => chain().toggleHeading({ level: 3 }).run(), state?.h3),
        ]}
        <Select
          size="small"
          style={{ width: 84 }}
          placeholder="字号"
          aria-label="字号"
          allowClear
          disabled={off}
          value={state?.fontSize ?? undefined}
          options={FONT_SIZES.map((s) => ({ value: s, label: s }))}
          onChange={(size: string | undefined) => (size ? chain().setMark('fontSize', { size }).run() : chain().unsetMark('fontSize').run())}
          data-testid={`${testId}-font-size`}
        />
        {[
          sep('s2'),
          button('bold', '加粗', <BoldOutlined />, () => chain().toggleBold().run(), state?.bold),
          button('italic', '斜体', <ItalicOutlined />, () => chain().toggleItalic().run(), state?.italic),
          button('underline', '下划线', <UnderlineOutlined />, () => chain().toggleUnderline().run(), state?.underline),
          button('strike', '删除线', <StrikethroughOutlined />, () => chain().toggleStrike().run(), state?.strike),
          sep('s3'),
          button('bullet-list', '无序列表', <UnorderedListOutlined />, () => chain().toggleBulletList().run(), state?.bulletList),
          button('ordered-list', '有序列表', <OrderedListOutlined />, () => chain().toggleOrderedList().run(), state?.orderedList),
          button('blockquote', '引用', text('❝'), () => chain().toggleBlockquote().run(), state?.blockquote),
          button('code-block', '代码块', <CodeOutlined />, () => chain().toggleCodeBlock().run(), state?.codeBlock),
          sep('s4'),
          button('link', '链接', <LinkOutlined />, () => setDialog('link'), state?.link),
          button('image', '图片', <PictureOutlined />, () => setImageOpen(true)),
          button('media', '音视频', <PlayCircleOutlined />, () => setDialog('media')),
          button('hr', '分隔线', <LineOutlined />, () => chain().setHorizontalRule().run()),
          sep('s5'),
          button('clear', '清除格式', <ClearOutlined />, () => chain().unsetAllMarks().clearNodes().run()),
        ]}
      </div>
      <div className={styles.body}>
        {placeholder && state?.empty && (
          <div className={styles.placeholder} aria-hidden>
            {placeholder}
          </div>
        )}
        <EditorContent editor={editor} />
        {!editor && <div style={{ minHeight: height }} />}
      </div>
      <FileDialog
        open={imageOpen}
        mode="image"
        biz="editor"
        testId={`${testId}-dialog`}
        checkLink={(url) => {
          const r = checkImageUrl(url);
          return r.ok ? null : r.message;
        }}
        onClose={() => setImageOpen(false)}
        onSave={(_, { paths, link }) => {
          setImageOpen(false);
          // Stored files are shown through the static route, which the sanitiser allows.
          for (const src of [...paths.map(staticUrl), ...(link ? [link] : [])]) applyDialog('image', src);
        }}
      />
      {dialog && (
        <UrlDialog
          kind={dialog}
          initial={dialog === 'link' ? ((editor?.getAttributes('link').href as string | undefined) ?? '') : ''}
          testId={testId}
          onCancel={() => setDialog(null)}
          onOk={(raw) => {
            applyDialog(dialog, raw);
            setDialog(null);
          }}
        />
      )}
    </div>
  );
}

/** Asks for a URL and checks it before handing it back; a link may be emptied to remove it. */
function UrlDialog({ kind, initial, testId, onOk, onCancel }: { kind: DialogKind; initial: string; testId: string; onOk: (value: string) => void; onCancel: () => void }) {
  const spec = DIALOGS[kind];
  const [text, setText] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const submit = () => {
    if (kind === 'link' && !text.trim()) return onOk('');
    const r = spec.check(text);
    if (!r.ok) return setError(r.message);
    onOk(text.trim());
  };
  return (
    <Modal
      open
      title={spec.title}
      width={480}
      okText="确定"
      cancelText="取消"
      onOk={submit}
      onCancel={onCancel}
      destroyOnHidden
      okButtonProps={{ 'data-testid': `${testId}-dialog-ok` } as ButtonProps}
    >
      <Form layout="vertical" component="div">
        <Form.Item label={spec.label} validateStatus={error ? 'error' : undefined} help={error ? <span data-testid={`${testId}-dialog-error`}>{error}</span> : kind === 'link' ? '留空则移除链接' : undefined}>
          <Input
            autoFocus
            value={text}
            placeholder={spec.placeholder}
            onChange={(e) => {
              setText(e.target.value);
              setError(null);
            }}
            onPressEnter={submit}
            data-testid={`${testId}-dialog-input`}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
