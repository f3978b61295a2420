import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { wrapper } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import { LocationMap } from '../location-map';
import { MAP_NOT_CONFIGURED, mapHint, pointOf, pointText, toMapPoint } from '../map-point';

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const ok = (result: unknown) => Promise.resolve({ success: true, code: 200, message: '', result });

const PLACE = { label: '腾讯大厦, 科技南十二路, 南山区, 深圳市, 广东省', longitude: 113.9345, latitude: 22.5405, province: '广东省', city: '深圳市', address: '南山区科技南十二路腾讯大厦' };

function serve(config: unknown, geocode: () => Promise<unknown> = () => ok([PLACE])) {
  get.mockImplementation((url: string) => {
    if (url === '/location/map/config') return ok(config);
    if (url === '/location/map/geocode') return geocode();
    return Promise.reject(new Error(`unexpected ${url}`));
  });
}

beforeEach(() => get.mockReset());

describe('map-point', () => {
  it('rounds to six decimals and wraps the longitude', () => {
    expect(toMapPoint(22.54051234567, 113.93451234567)).toEqual({ latitude: 22.540512, longitude: 113.934512 });
    expect(toMapPoint(10, 190)).toEqual({ latitude: 10, longitude: -170 });
    expect(toMapPoint(10, 180)).toEqual({ latitude: 10, longitude: 180 });
    expect(toMapPoint(91, 0)).toBeNull();
    expect(toMapPoint(Number.NaN, 0)).toBeNull();
  });

  it('reads stored pairs; one missing half is no point', () => {
    expect(pointOf('116.1', '39.2')).toEqual({ longitude: 116.1, latitude: 39.2 });
    expect(pointOf(116.1, null)).toBeNull();
    expect(pointOf('', '39')).toBeNull();
    expect(pointText({ longitude: 1, latitude: 2 })).toBe('经度 1.000000，纬度 2.000000');
  });

  it('the status line names only what is on screen (issue #21)', () => {
    const none = { tiles: false, geocoder: false };
    expect(mapHint(none, null)).toBe(MAP_NOT_CONFIGURED);
    // No map, so nothing may ask for a click on one.
    expect(mapHint(none, null)).not.toMatch(/点击地图/);
    expect(mapHint({ tiles: false, geocoder: true }, null)).toBe('未选择位置（搜索地址以选择）');
    expect(mapHint({ tiles: true, geocoder: false }, null)).toBe('未选择位置（点击地图以选择）');
    expect(mapHint({ tiles: true, geocoder: true }, null)).toBe('未选择位置（点击地图或搜索地址以选择）');
    expect(mapHint(none, { longitude: 1, latitude: 2 })).toBe('经度 1.000000，纬度 2.000000');
  });
});

describe('LocationMap', () => {
  it('without a tile service or geocoder is one line saying so, and nothing else (issue #21)', async () => {
    serve({ tileUrl: null, attribution: '', geocoder: false });
    render(<LocationMap value={null} onChange={jest.fn()} />, { wrapper: wrapper() });
    expect(await screen.findByText(MAP_NOT_CONFIGURED)).toBeTruthy();
    const map = screen.getByTestId('location-map');
    // One line: no disabled search box, no notice box, no hint to click a map that is not there.
    expect(map.textContent).toBe(MAP_NOT_CONFIGURED);
    expect(map.querySelectorAll('input, .ant-alert')).toHaveLength(0);
    expect(screen.queryByTestId('location-map-canvas')).toBeNull();
  });

  it('a failed config load counts as not configured', async () => {
    const err = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    get.mockImplementation(() => Promise.reject(new Error('没有权限，请联系管理员授权')));
    render(<LocationMap value={null} />, { wrapper: wrapper() });
    expect(await screen.findByText(MAP_NOT_CONFIGURED)).toBeTruthy();
    err.mockRestore();
  });

  it('with a tile service shows the map', async () => {
    serve({ tileUrl: '/tiles/{z}/{x}/{y}.png', attribution: 'OSM', geocoder: false });
    render(<LocationMap value={{ longitude: 116.4, latitude: 39.9 }} />, { wrapper: wrapper() });
    expect(await screen.findByTestId('location-map-canvas')).toBeTruthy();
    expect(screen.queryByText(MAP_NOT_CONFIGURED)).toBeNull();
    expect(screen.getByTestId('location-map-point').textContent).toContain('经度 116.400000，纬度 39.900000');
  });

  it('searches the server after a pause and a chosen place sets the point and is reported', async () => {
    serve({ tileUrl: null, attribution: '', geocoder: true });
    const onChange = jest.fn();
    const onPlace = jest.fn();
    render(<LocationMap value={null} onChange={onChange} onPlace={onPlace} />, { wrapper: wrapper() });
    const input = (await screen.findByTestId('location-map-search')).querySelector('input') ?? (screen.getByTestId('location-map-search') as HTMLInputElement);
    fireEvent.change(input, { target: { value: '腾' } });
    await act(async () => new Promise((r) => setTimeout(r, 700)));
    // One character is not a search.
    expect(get.mock.calls.filter(([u]) => u === '/location/map/geocode')).toHaveLength(0);
    fireEvent.change(input, { target: { value: '腾讯大厦' } });
    await waitFor(() => expect(get).toHaveBeenCalledWith('/location/map/geocode', { q: '腾讯大厦' }));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option') as HTMLElement);
    expect(onChange).toHaveBeenCalledWith({ longitude: 113.9345, latitude: 22.5405 });
    expect(onPlace).toHaveBeenCalledWith(PLACE);
  });

  it('a failing search shows the server message as a warning', async () => {
    serve({ tileUrl: null, attribution: '', geocoder: true }, () => Promise.reject(new Error('地址查询失败，请稍后重试')));
    render(<LocationMap value={null} />, { wrapper: wrapper() });
    const input = (await screen.findByTestId('location-map-search')).querySelector('input') ?? (screen.getByTestId('location-map-search') as HTMLInputElement);
    fireEvent.change(input, { target: { value: '北京' } });
    expect(await screen.findByText('地址查询失败，请稍后重试')).toBeTruthy();
    expect(document.querySelector('.ant-message-notice-warning, .ant-message-warning')).not.toBeNull();
  });

  it('清除 removes the point', async () => {
    serve({ tileUrl: null, attribution: '', geocoder: false });
    const onChange = jest.fn();
    render(<LocationMap value={{ longitude: 1, latitude: 2 }} onChange={onChange} />, { wrapper: wrapper() });
    fireEvent.click(await screen.findByTestId('location-map-clear'));
    expect(onChange).toHaveBeenCalledWith(null);
  });
});
