import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { App } from 'antd';
import { UploadDrawer } from '../upload-drawer';
import { uploadList } from '@/lib/upload/upload-list-store';

const renderDrawer = () =>
  render(
    <App>
      <UploadDrawer />
    </App>,
  );

afterEach(() => act(() => uploadList.reset()));

describe('upload drawer (spec 01 §2: right drawer, 360 px, per-file items)', () => {
  it('stays out of the header until something uploads, then opens with the item', async () => {
    renderDrawer();
    expect(screen.queryByTestId('upload-list-open')).toBeNull();
    let handle!: ReturnType<typeof uploadList.start>;
    act(() => {
      handle = uploadList.start('第一课.mp4', { size: 2 * 1024 * 1024 });
    });
    expect(await screen.findByTestId('upload-list-open')).toBeTruthy();
    const item = await screen.findByTestId('upload-item');
    expect(within(item).getByText('第一课.mp4')).toBeTruthy();
    expect(within(item).getByText('2.0 MB')).toBeTruthy();
    act(() => handle.progress(0.5));
    expect(within(item).getByTestId('upload-status').textContent).toBe('50%');
    act(() => handle.done());
    expect(within(screen.getByTestId('upload-item')).getByTestId('upload-status').textContent).toBe('上传成功');
    // The drawer is 360 px wide.
    const wrapper = document.querySelector('.ant-drawer-content-wrapper') as HTMLElement;
    expect(wrapper.style.width).toBe('360px');
  });

  it('a failure shows 上传失败 with the message and 重新上传 calls the widget again', async () => {
    const retry = jest.fn();
    renderDrawer();
    let handle!: ReturnType<typeof uploadList.start>;
    act(() => {
      handle = uploadList.start('教案.pdf', { retry });
    });
    act(() => handle.fail('文件大小超出10MB限制'));
    const item = await screen.findByTestId('upload-item');
    expect(within(item).getByTestId('upload-status').textContent).toBe('上传失败：文件大小超出10MB限制');
    fireEvent.click(within(item).getByTestId('upload-retry'));
    expect(retry).toHaveBeenCalledTimes(1);
    expect(screen.getByTestId('upload-item').getAttribute('data-status')).toBe('uploading');
  });

  it('without a registered retry there is no 重新上传 link; 清除已完成 removes finished rows', async () => {
    renderDrawer();
    act(() => {
      uploadList.start('a.png').fail();
      uploadList.start('b.png');
    });
    const items = await screen.findAllByTestId('upload-item');
    expect(items).toHaveLength(2);
    expect(screen.queryByTestId('upload-retry')).toBeNull();
    expect(screen.getByText('上传失败：未知错误')).toBeTruthy();
    fireEvent.click(screen.getByTestId('upload-clear'));
    expect(screen.getAllByTestId('upload-item')).toHaveLength(1);
    expect(screen.getByText('b.png')).toBeTruthy();
  });
});
