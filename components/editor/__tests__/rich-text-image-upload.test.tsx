import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import RichTextEditor from '../rich-text-editor';

const pending: { resolve: (v: { path: string }) => void; opts: { type?: string; biz?: string } }[] = [];
jest.mock('@/lib/upload/upload-file', () => ({
  uploadFile: (_file: File, opts: { type?: string; biz?: string }) => new Promise((resolve) => pending.push({ resolve, opts })),
}));

beforeAll(() => {
  const rect = { x: 0, y: 0, top: 0, left: 0, bottom: 0, right: 0, width: 0, height: 0, toJSON: () => ({}) } as DOMRect;
  const list = Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect;
  Range.prototype.getClientRects = () => list;
  Element.prototype.getClientRects = () => list;
  document.elementFromPoint = () => null;
});

it('图片 uploads through the file dialog and inserts the stored file as a static URL', async () => {
  const onChange = jest.fn();
  render(
    <ConfigProvider theme={{ token: { motion: false } }}>
      <App>
        <RichTextEditor onChange={onChange} />
      </App>
    </ConfigProvider>,
  );
  await screen.findByTestId('rich-text-editor-content');
  fireEvent.click(screen.getByTestId('rich-text-editor-image'));
  expect(await screen.findByText('插入图片')).toBeTruthy();
  fireEvent.change(screen.getByTestId('rich-text-editor-dialog-file'), { target: { files: [new File(['x'], 'a.png', { type: 'image/png' })] } });
  expect(pending[0].opts).toMatchObject({ type: 'image', biz: 'editor' });
  const ok = screen.getByTestId('rich-text-editor-dialog-ok') as HTMLButtonElement;
  expect(ok.disabled).toBe(true);
  await act(async () => pending[0].resolve({ path: 'editor/mx1_ab.png' }));
  expect(ok.disabled).toBe(false);
  fireEvent.click(ok);
  await waitFor(() => expect(onChange.mock.lastCall?.[0]).toContain('<img src="/jeecg-boot/sys/common/static/editor/mx1_ab.png">'));
});
