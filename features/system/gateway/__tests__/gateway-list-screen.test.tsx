import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { GATEWAY_MESSAGES } from '@/lib/gateway/route-rules';
import GatewayListScreen from '../gateway-list-screen';

/** 网关路由: reads JeecgBoot's rows (prefix from the Path predicate), says when the allowlist is empty, saves JeecgBoot's body. */

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/gatewayRoute' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

// A row as a JeecgBoot server answers it: no pathPrefix / stripPrefix columns, only its JSON.
const ROW = { id: 'r1', routerId: 'erp', name: 'ERP', uri: 'http://erp.internal:8080', status: 1, predicates: [{ name: 'Path', args: ['/erp/**'] }], filters: [{ name: 'StripPrefix', args: [{ key: 'parts', value: '1' }] }] };
const env = (result: unknown) => ({ success: true, code: 200, message: '', result });
const auth = ['list', 'add', 'edit', 'delete'].map((a) => ({ action: `system:gateway:${a}`, type: '1', describe: a }));

it('shows the empty-allowlist note and the route, and saves an edit through updateAll with JeecgBoot’s router body', async () => {
  get.mockImplementation((url: string) =>
    Promise.resolve(url === '/sys/gatewayRoute/list' ? env([ROW]) : env({ allowedHosts: [], invalidEntries: [], note: GATEWAY_MESSAGES.allowlistEmpty })),
  );
  post.mockResolvedValue({ success: true, code: 200, message: '操作成功！', result: null });
  render(<GatewayListScreen />, { wrapper: wrapper({ auth, allAuth: auth }) });
  expect(await screen.findByText(GATEWAY_MESSAGES.allowlistEmpty)).toBeTruthy();
  const prefix = await screen.findByText('/erp/**');
  const row = prefix.closest('tr')!;
  expect(row.textContent).toContain('是');
  fireEvent.click(within(row).getByTestId('gateway-edit-r1'));
  const form = await screen.findByTestId('gateway-form');
  expect((within(form).getByPlaceholderText('/erp') as HTMLInputElement).value).toBe('/erp');
  fireEvent.change(within(form).getByPlaceholderText('如 ERP 接口'), { target: { value: 'ERP 新' } });
  fireEvent.click(screen.getByRole('button', { name: /确\s*定|OK/ }));
  await waitFor(() => expect(post).toHaveBeenCalled());
  expect(post).toHaveBeenCalledWith('/sys/gatewayRoute/updateAll', {
    router: expect.objectContaining({
      id: 'r1',
      routerId: 'erp',
      name: 'ERP 新',
      uri: 'http://erp.internal:8080',
      status: 1,
      predicates: '[{"name":"Path","args":["/erp/**"]}]',
      filters: '[{"name":"StripPrefix","args":[{"key":"parts","value":"1"}]}]',
      pathPrefix: '/erp',
      stripPrefix: 1,
    }),
  });
});
