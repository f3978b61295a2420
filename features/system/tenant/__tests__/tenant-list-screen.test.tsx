import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import TenantListScreen from '../tenant-list-screen';

/** 租户管理's own behaviour: the 租户编号 is typed when adding and sent as the key; an edit shows it read-only. */

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/tenant' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const TENANT = { id: '2', name: '星辰教育·南校区', status: 1, status_dictText: '正常', beginDate: '2026-09-01 00:00:00', endDate: null };

it('adds a tenant under the number typed; editing shows the number read-only', async () => {
  get.mockImplementation((url: string) => Promise.resolve(url === '/sys/tenant/list' ? page([TENANT], 1) : page([], 0)));
  post.mockResolvedValue({ success: true, code: 200, message: '添加成功！', result: null });
  render(<TenantListScreen />, { wrapper: wrapper() });
  await screen.findByText('星辰教育·南校区');

  fireEvent.click(screen.getByTestId('list-add'));
  const id = (await screen.findByTestId('tenant-id-input')) as HTMLInputElement;
  expect(id.disabled).toBe(false);
  fireEvent.change(id, { target: { value: '12' } });
  fireEvent.change(document.getElementById('sysTenant_form_name')!, { target: { value: '北校区' } });
  fireEvent.click(screen.getByTestId('form-modal-submit'));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/tenant/add', expect.objectContaining({ id: 12, name: '北校区', status: '1' })));

  fireEvent.click(await screen.findByTestId('row-edit-2'));
  const stored = (await screen.findByTestId('tenant-id-input')) as HTMLInputElement;
  await waitFor(() => expect(stored.value).toBe('2'));
  expect(stored.disabled).toBe(true);
});
