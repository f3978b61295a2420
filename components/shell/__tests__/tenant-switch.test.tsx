import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App } from 'antd';
import { ApiError, http } from '@/lib/http';
import { SWITCHED_FLASH, TENANT_LIST_URL, TENANT_SWITCH_URL, TenantSwitch } from '../tenant-switch';

jest.mock('@/lib/http', () => ({ ...jest.requireActual('@/lib/http'), http: { get: jest.fn(), post: jest.fn() } }));
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });
const TWO = { current: 1, tenants: [{ id: 1, name: '星辰教育' }, { id: 2, name: '星辰教育·南校区' }] };

const mount = (reload = jest.fn()) => {
  render(
    <App>
      <TenantSwitch reload={reload} />
    </App>,
  );
  return reload;
};

beforeEach(() => {
  get.mockReset();
  post.mockReset();
  window.sessionStorage.clear();
});

it('changes nothing for a user with one tenant', async () => {
  get.mockReturnValue(ok({ current: 1, tenants: [{ id: 1, name: '星辰教育' }] }));
  mount();
  await waitFor(() => expect(get).toHaveBeenCalledWith(TENANT_LIST_URL));
  await act(async () => undefined);
  expect(screen.queryByTestId('tenant-switch')).toBeNull();
});

it('names the current tenant, marks it in the list, switches to another and reloads with the message kept', async () => {
  get.mockReturnValue(ok(TWO));
  post.mockReturnValue(ok({ tenantId: 2, name: '星辰教育·南校区' }, '已切换到 星辰教育·南校区'));
  const reload = mount();
  expect((await screen.findByTestId('tenant-current')).textContent).toBe('星辰教育');
  fireEvent.click(screen.getByTestId('tenant-switch'));
  expect((await screen.findByTestId('tenant-option-1')).dataset.current).toBe('true');
  // The current one is not switched to again.
  fireEvent.click(screen.getByTestId('tenant-option-1'));
  expect(post).not.toHaveBeenCalled();
  fireEvent.click(screen.getByTestId('tenant-option-2'));
  await waitFor(() => expect(reload).toHaveBeenCalled());
  expect(post).toHaveBeenCalledWith(TENANT_SWITCH_URL, { tenantId: 2 });
  expect(window.sessionStorage.getItem(SWITCHED_FLASH)).toBe('已切换到 星辰教育·南校区');
});

it('shows the message after the reload once, and a refusal without reloading', async () => {
  window.sessionStorage.setItem(SWITCHED_FLASH, '已切换到 星辰教育·南校区');
  get.mockReturnValue(ok(TWO));
  post.mockRejectedValue(new ApiError('您不属于该租户，无法切换', 500, 200));
  const reload = mount();
  expect(await screen.findByText('已切换到 星辰教育·南校区')).toBeTruthy();
  expect(window.sessionStorage.getItem(SWITCHED_FLASH)).toBeNull();
  fireEvent.click(await screen.findByTestId('tenant-switch'));
  fireEvent.click(await screen.findByTestId('tenant-option-2'));
  expect(await screen.findByText('您不属于该租户，无法切换')).toBeTruthy();
  expect(reload).not.toHaveBeenCalled();
});
