import '@testing-library/jest-dom';
import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider, Form } from 'antd';
import type { Editor } from '@tiptap/react';
import RichTextEditor from '../rich-text-editor';
import { FILE_URL_MESSAGE, IMAGE_TYPE_MESSAGE, LINK_MESSAGE } from '../rich-text-rules';

// ProseMirror measures the selection; jsdom has no layout.
beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  const list = Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect;
  Range.prototype.getClientRects = () => list;
  Element.prototype.getClientRects = () => list;
  document.elementFromPoint = () => null;
});

const NO_MOTION = { token: { motion: false } };
const wrap = (ui: React.ReactNode) => (
  <ConfigProvider theme={NO_MOTION}>
    <App>{ui}</App>
  </ConfigProvider>
);

/** tiptap hangs the editor on its root element. */
async function editorOf(testId = 'rich-text-editor'): Promise<Editor> {
  const el = await screen.findByTestId(`${testId}-content`);
  return (el as HTMLElement & { editor: Editor }).editor;
}

const act$ = (fn: () => void) => act(async () => {
  fn();
  await new Promise((r) => setTimeout(r, 0));
});

describe('RichTextEditor', () => {
  it('emits the HTML after an edit, and "" (not <p></p>) once the document is empty', async () => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor value="<p>你好</p>" onChange={onChange} />));
    const editor = await editorOf();
    expect(screen.getByTestId('rich-text-editor-content')).toHaveTextContent('你好');
    await act$(() => editor.chain().focus('end').insertContent('，老师').run());
    expect(onChange).toHaveBeenLastCalledWith('<p>你好，老师</p>');
    await act$(() => editor.chain().selectAll().deleteSelection().run());
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('加粗 on a selection produces <strong>', async () => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor value="<p>重要通知</p>" onChange={onChange} />));
    const editor = await editorOf();
    await act$(() => editor.commands.selectAll());
    fireEvent.click(screen.getByTestId('rich-text-editor-bold'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><strong>重要通知</strong></p>'));
    expect(screen.getByTestId('rich-text-editor-bold')).toHaveAttribute('aria-pressed', 'true');
  });

  it.each([
    ['h1', '<h1>a</h1>'],
    ['h2', '<h2>a</h2>'],
    ['h3', '<h3>a</h3>'],
    ['bullet-list', '<ul><li><p>a</p></li></ul>'],
    ['ordered-list', '<ol><li><p>a</p></li></ol>'],
    ['blockquote', '<blockquote><p>a</p></blockquote>'],
    ['code-block', '<pre><code>a</code></pre>'],
    ['italic', '<p><em>a</em></p>'],
    ['underline', '<p><u>a</u></p>'],
    ['strike', '<p><s>a</s></p>'],
  ])('the toolbar button %s gives %s', async (button, html) => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor value="<p>a</p>" onChange={onChange} />));
    const editor = await editorOf();
    await act$(() => editor.commands.setTextSelection({ from: 1, to: 2 }));
    fireEvent.click(screen.getByTestId(`rich-text-editor-${button}`));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(html));
  });

  it('分隔线 goes after the cursor', async () => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor value="<p>a</p>" onChange={onChange} />));
    const editor = await editorOf();
    await act$(() => editor.commands.setTextSelection(2));
    fireEvent.click(screen.getByTestId('rich-text-editor-hr'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>a</p><hr>'));
  });

  it('字号 wraps the selection in a 12–72px span; 清除格式 removes marks and blocks', async () => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor value="<h2><strong>a</strong></h2>" onChange={onChange} />));
    const editor = await editorOf();
    await act$(() => editor.commands.setTextSelection({ from: 1, to: 2 }));
    await act$(() => editor.chain().setMark('fontSize', { size: '24px' }).run());
    expect(onChange.mock.lastCall?.[0]).toMatch(/^<h2><strong><span style="font-size: 24px;?">a<\/span><\/strong><\/h2>$/);
    fireEvent.click(screen.getByTestId('rich-text-editor-clear'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p>a</p>'));
    // A size outside the range is not kept when loaded.
    await act$(() => editor.commands.setContent('<p><span style="font-size: 100px">b</span></p>'));
    expect(editor.getHTML()).toBe('<p>b</p>');
  });

  it('链接 refuses javascript: and accepts https', async () => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor value="<p>点这里</p>" onChange={onChange} />));
    const editor = await editorOf();
    await act$(() => editor.commands.selectAll());
    fireEvent.click(screen.getByTestId('rich-text-editor-link'));
    fireEvent.change(await screen.findByTestId('rich-text-editor-dialog-input'), { target: { value: 'javascript:alert(1)' } });
    fireEvent.click(screen.getByTestId('rich-text-editor-dialog-ok'));
    expect(await screen.findByTestId('rich-text-editor-dialog-error')).toHaveTextContent(LINK_MESSAGE);
    expect(onChange).not.toHaveBeenCalled();
    // Even through the command, the link extension refuses it.
    await act$(() => editor.chain().selectAll().setLink({ href: 'javascript:alert(1)' }).run());
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.change(screen.getByTestId('rich-text-editor-dialog-input'), { target: { value: 'https://example.edu.cn/a' } });
    fireEvent.click(screen.getByTestId('rich-text-editor-dialog-ok'));
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith('<p><a target="_blank" rel="noopener noreferrer nofollow" href="https://example.edu.cn/a">点这里</a></p>'));
  });

  it('pasted or loaded javascript: links and data: images are dropped', async () => {
    render(wrap(<RichTextEditor value={'<p><a href="javascript:alert(1)">x</a><img src="data:image/png;base64,AAAA"></p>'} />));
    const editor = await editorOf();
    expect(editor.getHTML()).not.toMatch(/javascript|data:/);
  });

  it('图片 takes http(s) or uploaded png/jpg/jpeg only', async () => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor onChange={onChange} />));
    await editorOf();
    fireEvent.click(screen.getByTestId('rich-text-editor-image'));
    const input = await screen.findByTestId('rich-text-editor-dialog-input');
    fireEvent.change(input, { target: { value: 'https://example.edu.cn/a.gif' } });
    fireEvent.click(screen.getByTestId('rich-text-editor-dialog-ok'));
    expect(await screen.findByTestId('rich-text-editor-dialog-error')).toHaveTextContent(IMAGE_TYPE_MESSAGE);
    fireEvent.change(input, { target: { value: '/elsewhere/a.png' } });
    fireEvent.click(screen.getByTestId('rich-text-editor-dialog-ok'));
    expect(await screen.findByTestId('rich-text-editor-dialog-error')).toHaveTextContent(FILE_URL_MESSAGE);
    fireEvent.change(input, { target: { value: '/jeecg-boot/sys/common/static/notice/a.png' } });
    fireEvent.click(screen.getByTestId('rich-text-editor-dialog-ok'));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toContain('<img src="/jeecg-boot/sys/common/static/notice/a.png">'));
  });

  it('音视频 inserts a video for mp4 and an audio for mp3', async () => {
    const onChange = jest.fn();
    render(wrap(<RichTextEditor onChange={onChange} />));
    await editorOf();
    fireEvent.click(screen.getByTestId('rich-text-editor-media'));
    fireEvent.change(await screen.findByTestId('rich-text-editor-dialog-input'), { target: { value: 'https://example.edu.cn/v.mp4' } });
    fireEvent.click(screen.getByTestId('rich-text-editor-dialog-ok'));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toContain('<video src="https://example.edu.cn/v.mp4" controls="controls"></video>'));
    fireEvent.click(screen.getByTestId('rich-text-editor-media'));
    fireEvent.change(await screen.findByTestId('rich-text-editor-dialog-input'), { target: { value: 'https://example.edu.cn/a.mp3' } });
    fireEvent.click(screen.getByTestId('rich-text-editor-dialog-ok'));
    await waitFor(() => expect(onChange.mock.lastCall?.[0]).toContain('<audio src="https://example.edu.cn/a.mp3" controls="controls"></audio>'));
  });

  it('shows a value changed from outside without emitting it back', async () => {
    const onChange = jest.fn();
    const { rerender } = render(wrap(<RichTextEditor value="<p>一</p>" onChange={onChange} />));
    await editorOf();
    rerender(wrap(<RichTextEditor value="<p>二<strong>三</strong></p>" onChange={onChange} />));
    await waitFor(() => expect(screen.getByTestId('rich-text-editor-content').innerHTML).toContain('二<strong>三</strong>'));
    rerender(wrap(<RichTextEditor value="" onChange={onChange} />));
    await waitFor(() => expect(screen.getByTestId('rich-text-editor-content')).toHaveTextContent(''));
    expect(onChange).not.toHaveBeenCalled();
  });

  it('its own echo through a controlled parent leaves the cursor where it was', async () => {
    function Parent() {
      const [html, setHtml] = useState('<p>abcdef</p>');
      return <RichTextEditor value={html} onChange={setHtml} />;
    }
    render(wrap(<Parent />));
    const editor = await editorOf();
    await act$(() => editor.chain().focus().setTextSelection(3).insertContent('X').run());
    expect(editor.getHTML()).toBe('<p>abXcdef</p>');
    // After the parent re-rendered with the emitted value, the cursor is still right after X.
    expect(editor.state.selection.from).toBe(4);
    await act$(() => editor.commands.insertContent('Y'));
    expect(editor.getHTML()).toBe('<p>abXYcdef</p>');
  });

  it('works as a Form.Item child: required sees "" as empty, resetFields clears it', async () => {
    let form!: ReturnType<typeof Form.useForm>[0];
    function Host() {
      [form] = Form.useForm();
      return (
        <Form form={form} initialValues={{ content: '<p>初始</p>' }}>
          <Form.Item name="content" rules={[{ required: true, message: '请输入内容' }]}>
            <RichTextEditor />
          </Form.Item>
        </Form>
      );
    }
    render(wrap(<Host />));
    const editor = await editorOf();
    expect(screen.getByTestId('rich-text-editor-content')).toHaveTextContent('初始');
    await act$(() => editor.chain().selectAll().deleteSelection().run());
    expect(form.getFieldValue('content')).toBe('');
    await act(async () => {
      await form.validateFields().catch(() => undefined);
    });
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
    await act$(() => form.setFieldsValue({ content: '<p>新的</p>' }));
    await waitFor(() => expect(screen.getByTestId('rich-text-editor-content')).toHaveTextContent('新的'));
  });

  it('disabled: read-only content and toolbar', async () => {
    render(wrap(<RichTextEditor value="<p>只读</p>" disabled />));
    const editor = await editorOf();
    expect(editor.isEditable).toBe(false);
    expect(screen.getByTestId('rich-text-editor-bold')).toBeDisabled();
    expect(screen.getByTestId('rich-text-editor-content')).toHaveAttribute('contenteditable', 'false');
  });

  it('shows the placeholder while empty and keeps the minimum height', async () => {
    render(wrap(<RichTextEditor placeholder="请输入通告内容" height={200} />));
    await editorOf();
    expect(screen.getByText('请输入通告内容')).toBeInTheDocument();
    expect(screen.getByTestId('rich-text-editor-content')).toHaveStyle({ minHeight: '200px' });
  });
});

describe('the lazily loaded RichTextEditor', () => {
  it('loads the editor on first use and works like the component itself', async () => {
    const { RichTextEditor: Lazy } = await import('../index');
    const onChange = jest.fn();
    render(wrap(<Lazy value="<p>懒加载</p>" onChange={onChange} data-testid="lazy" />));
    const editor = await editorOf('lazy');
    expect(screen.getByTestId('lazy-content')).toHaveTextContent('懒加载');
    await act$(() => editor.chain().focus('end').insertContent('完成').run());
    expect(onChange).toHaveBeenLastCalledWith('<p>懒加载完成</p>');
  });
});
