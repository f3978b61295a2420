import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { ok, page, wrapper } from '@/components/data/list/__tests__/helpers';
import type { AuthEntry } from '@/lib/menu-types';
import { RecycleBinModal, RECYCLE_BIN_URL } from '../recycle-bin-modal';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const put = http.put as jest.Mock;
const del = http.del as jest.Mock;

const DELETED = [
  { id: 'u1', username: 'gone1', realname: '张一', sex_dictText: '男', orgCodeTxt: '教务处', updateBy: 'admin', updateTime: '2026-01-02 10:00:00' },
  { id: 'u2', username: 'gone2', realname: '张二', sex_dictText: '女', orgCodeTxt: '市场部', updateBy: 'admin', updateTime: '2026-01-01 10:00:00' },
];

const binCalls = () => get.mock.calls.filter(([url]) => url === RECYCLE_BIN_URL);
const rowBoxes = () => Array.from(document.querySelectorAll<HTMLInputElement>('.ant-table-tbody tr.ant-table-row input[type="checkbox"]'));
const confirmOk = async () => {
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
  return document.querySelector('.ant-modal-confirm-btns .ant-btn-primary, .ant-popconfirm-buttons .ant-btn-primary') as HTMLElement;
};

function open(auth: { auth?: AuthEntry[]; allAuth?: AuthEntry[] } = {}) {
  const onRestored = jest.fn();
  const onClose = jest.fn();
  render(<RecycleBinModal open onClose={onClose} onRestored={onRestored} />, { wrapper: wrapper(auth) });
  return { onRestored, onClose };
}

beforeEach(() => {
  jest.clearAllMocks();
  get.mockResolvedValue(page(DELETED, 2));
});

describe('RecycleBinModal', () => {
  it('lists deleted users page by page with their departments', async () => {
    open();
    expect(await screen.findByText('用户回收站')).toBeTruthy();
    expect(await screen.findByText('gone1')).toBeTruthy();
    expect(screen.getByText('教务处')).toBeTruthy();
    expect(binCalls()[0][1]).toEqual({ pageNo: 1, pageSize: 10 });
    fireEvent.change(screen.getByTestId('recycle-username'), { target: { value: 'gone' } });
    fireEvent.click(screen.getByTestId('recycle-search-submit'));
    await waitFor(() => expect(binCalls().at(-1)?.[1]).toEqual({ pageNo: 1, pageSize: 10, username: 'gone' }));
  });

  it('还原 one user after a confirmation, then reloads both lists', async () => {
    put.mockResolvedValue(ok('还原成功'));
    const { onRestored } = open();
    await screen.findByText('gone1');
    const before = binCalls().length;
    fireEvent.click(screen.getByTestId('recycle-restore-u1'));
    expect(await screen.findByText('确定还原该用户吗?')).toBeTruthy();
    expect(put).not.toHaveBeenCalled();
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(put).toHaveBeenCalledWith('/sys/user/putRecycleBin', { userIds: 'u1' }));
    expect(await screen.findByText('还原成功')).toBeTruthy();
    expect(onRestored).toHaveBeenCalled();
    await waitFor(() => expect(binCalls().length).toBeGreaterThan(before));
  });

  it('彻底删除 one user only after its warning is confirmed', async () => {
    del.mockResolvedValue(ok('删除成功!'));
    const { onRestored } = open();
    await screen.findByText('gone2');
    fireEvent.click(screen.getByTestId('recycle-purge-u2'));
    expect(await screen.findByText('确定彻底删除该用户吗? 彻底删除后将无法恢复')).toBeTruthy();
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/user/deleteRecycleBin', { userIds: 'u2' }));
    expect(await screen.findByText('删除成功!')).toBeTruthy();
    expect(onRestored).not.toHaveBeenCalled();
  });

  it('batch actions need a selection, then confirm with the count', async () => {
    del.mockResolvedValue(ok('删除成功!'));
    open();
    await screen.findByText('gone1');
    fireEvent.click(screen.getByTestId('recycle-batch-purge'));
    expect(await screen.findByText('请选择一条记录！')).toBeTruthy();
    rowBoxes().forEach((box) => fireEvent.click(box));
    fireEvent.click(screen.getByTestId('recycle-batch-purge'));
    expect(await screen.findByText('您确定要彻底删除这 2 个用户吗？')).toBeTruthy();
    expect(screen.getByText('注意：彻底删除后将无法恢复，请谨慎操作！')).toBeTruthy();
    expect(del).not.toHaveBeenCalled();
    fireEvent.click(await confirmOk());
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/user/deleteRecycleBin', { userIds: 'u1,u2' }));
  });

  it('shows the server’s refusal', async () => {
    put.mockRejectedValue(new ApiError('未找到对应数据', 500, 200));
    open();
    await screen.findByText('gone1');
    fireEvent.click(screen.getByTestId('recycle-restore-u1'));
    fireEvent.click(await confirmOk());
    expect(await screen.findByText('未找到对应数据')).toBeTruthy();
  });

  it('hides 彻底删除 without its permission', async () => {
    const rule = (action: string): AuthEntry => ({ action, type: '1', describe: action, status: '1' });
    open({ allAuth: [rule('system:user:putRecycleBin'), rule('system:user:deleteRecycleBin')], auth: [rule('system:user:putRecycleBin')] });
    await screen.findByText('gone1');
    expect(screen.getByTestId('recycle-restore-u1')).toBeTruthy();
    expect(screen.queryByTestId('recycle-purge-u1')).toBeNull();
    expect(screen.queryByTestId('recycle-batch-purge')).toBeNull();
  });
});
