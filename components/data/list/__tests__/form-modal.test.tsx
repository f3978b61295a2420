import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { FormModal, type FormModalProps } from '../form-modal';
import { fixtureDef, ok, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;

const record = { id: 'r1', name: '一号场地', city: '上海', status: '1', phone: '13800000000', createTime: '2024-01-01 10:00:00' };

function open(props: Partial<FormModalProps> = {}) {
  const onClose = jest.fn();
  const onSaved = jest.fn();
  render(<FormModal def={fixtureDef} open mode="add" onClose={onClose} onSaved={onSaved} {...props} />, { wrapper: wrapper() });
  return { onClose, onSaved };
}

const submitButton = () => screen.getByTestId('form-modal-submit') as HTMLButtonElement;

beforeEach(() => {
  jest.clearAllMocks();
  get.mockResolvedValue(ok('该值可用！'));
});

describe('FormModal', () => {
  it('titles each mode 新增 / 编辑 / 详情', async () => {
    open({ mode: 'edit', record });
    expect(await screen.findByText('编辑')).toBeTruthy();
    expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('一号场地');
  });

  it('详情 disables submit and every field', async () => {
    open({ mode: 'detail', record });
    expect(await screen.findByText('详情')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).disabled).toBe(true);
  });

  it('新增 keeps submit enabled and posts only the writable fields', async () => {
    post.mockResolvedValue(ok('添加成功！'));
    const { onClose, onSaved } = open();
    expect(submitButton().disabled).toBe(false);
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '新场地' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(post).toHaveBeenCalled());
    const [url, body] = post.mock.calls[0];
    expect(url).toBe('/location/tblLocation/add');
    expect(body).toMatchObject({ name: '新场地' });
    expect(body).not.toHaveProperty('createTime');
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(onSaved).toHaveBeenCalled();
    expect(onClose).toHaveBeenCalled();
  });

  it('编辑 puts the values with the row key', async () => {
    put.mockResolvedValue(ok('编辑成功!'));
    open({ mode: 'edit', record });
    fireEvent.change(await screen.findByPlaceholderText('请输入城市'), { target: { value: '北京' } });
    fireEvent.click(submitButton());
    await waitFor(() => expect(put).toHaveBeenCalledWith('/location/tblLocation/edit', expect.objectContaining({ id: 'r1', city: '北京', name: '一号场地' })));
  });

  it('validates required, maxLength and the named pattern before saving', async () => {
    open();
    fireEvent.click(submitButton());
    expect(await screen.findByText('请输入名称!')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入名称'), { target: { value: '超过十个字符的场地名称啊' } });
    expect(await screen.findByText('名称不能超过10个字符!')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入电话'), { target: { value: '123' } });
    expect(await screen.findByText('请输入正确的手机号码!')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
  });

  it('checks unique values with /sys/duplicate/check and shows the server message', async () => {
    get.mockRejectedValue(new ApiError('该值不可用，系统中已存在！', 500, 200));
    open({ mode: 'edit', record });
    const input = await screen.findByPlaceholderText('请输入名称');
    fireEvent.change(input, { target: { value: '重名' } });
    fireEvent.blur(input);
    expect(await screen.findByText('该值不可用，系统中已存在！')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/sys/duplicate/check', { tableName: 'tbl_location', fieldName: 'name', fieldVal: '重名', dataId: 'r1' });
    await act(async () => {
      fireEvent.click(submitButton());
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(put).not.toHaveBeenCalled();
  });

  it('toggles fullscreen', async () => {
    open();
    const body = await screen.findByTestId('form-modal');
    expect(body.getAttribute('data-fullscreen')).toBe('false');
    fireEvent.click(screen.getByTestId('form-modal-fullscreen'));
    expect(screen.getByTestId('form-modal').getAttribute('data-fullscreen')).toBe('true');
    expect(document.querySelector('.form-modal-fullscreen')).not.toBeNull();
    fireEvent.click(screen.getByTestId('form-modal-fullscreen'));
    expect(screen.getByTestId('form-modal').getAttribute('data-fullscreen')).toBe('false');
    expect(document.querySelector('.form-modal-fullscreen')).toBeNull();
  });

  it('编辑 sends the version the record was read at; a conflict keeps the form and its input, 刷新 takes the new version (issue #39)', async () => {
    const stale = '该记录已被他人修改，请刷新后再编辑（赵立新 于 2026-12-07 21:03 修改）';
    put.mockRejectedValueOnce(new ApiError(stale, 409, 200)).mockResolvedValueOnce(ok('编辑成功!'));
    const { onClose } = open({ mode: 'edit', record: { ...record, _version: 'v1' } });
    fireEvent.change(await screen.findByPlaceholderText('请输入城市'), { target: { value: '北京' } });
    fireEvent.click(submitButton());
    expect(await screen.findByText(stale)).toBeTruthy();
    expect(put).toHaveBeenLastCalledWith('/location/tblLocation/edit', expect.objectContaining({ id: 'r1', city: '北京' }), { ifMatch: 'v1' });
    expect(put.mock.lastCall[1]).not.toHaveProperty('_version');
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByPlaceholderText('请输入城市') as HTMLInputElement).value).toBe('北京');
    // 刷新: someone renamed the venue; the name comes in, the city typed here stays.
    get.mockResolvedValueOnce({ success: true, code: 200, message: '', result: { ...record, name: '二号场地', _version: 'v2' } });
    fireEvent.click(screen.getByTestId('form-modal-refresh'));
    await waitFor(() => expect((screen.getByPlaceholderText('请输入名称') as HTMLInputElement).value).toBe('二号场地'));
    expect(get).toHaveBeenCalledWith('/location/tblLocation/queryById', { id: 'r1' });
    expect((screen.getByPlaceholderText('请输入城市') as HTMLInputElement).value).toBe('北京');
    expect(screen.queryByText(stale)).toBeNull();
    fireEvent.click(submitButton());
    await waitFor(() => expect(put).toHaveBeenLastCalledWith('/location/tblLocation/edit', expect.objectContaining({ name: '二号场地', city: '北京' }), { ifMatch: 'v2' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('closing with unsaved changes asks 确认关闭？ first; 取消 keeps the form, 确定 closes (issue #39)', async () => {
    const { onClose } = open({ mode: 'edit', record });
    fireEvent.change(await screen.findByPlaceholderText('请输入城市'), { target: { value: '北京' } });
    // Esc (antd's global key handler) asks…
    fireEvent.keyDown(window, { key: 'Escape', code: 'Escape', keyCode: 27 });
    expect(await screen.findByText('有未保存的修改，确定关闭吗？')).toBeTruthy();
    expect(screen.getAllByText('确认关闭？').length).toBeGreaterThan(0);
    fireEvent.click(screen.getByRole('button', { name: '取 消' }));
    await waitFor(() => expect(screen.queryByText('有未保存的修改，确定关闭吗？')).toBeNull());
    expect(onClose).not.toHaveBeenCalled();
    expect((screen.getByPlaceholderText('请输入城市') as HTMLInputElement).value).toBe('北京');
    // …and so does 关闭.
    fireEvent.click(screen.getByTestId('form-modal-cancel'));
    expect(await screen.findByText('有未保存的修改，确定关闭吗？')).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: '确 定' }).at(-1)!); // the confirm's, after the form's own
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('closing an untouched form closes at once', async () => {
    const { onClose } = open({ mode: 'edit', record });
    await screen.findByPlaceholderText('请输入城市');
    fireEvent.click(screen.getByTestId('form-modal-cancel'));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('确认关闭？')).toBeNull();
  });
});
