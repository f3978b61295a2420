import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ListPage } from '@/components/data/list/list-page';
import { fixtureDef, page, rows, wrapper } from '@/components/data/list/__tests__/helpers';
import { http } from '@/lib/http';

jest.mock('next/navigation', () => ({ usePathname: () => '/edu/location' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

jest.setTimeout(120_000);

const get = http.get as jest.Mock;
const listCalls = () => get.mock.calls.filter(([url]) => url === '/location/tblLocation/list').map(([, p]) => p as Record<string, string | number>);
const lastList = () => listCalls().at(-1) as Record<string, string | number>;

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  get.mockImplementation((url: string, p: Record<string, number>) => {
    if (url === '/sys/superQuery/list') return Promise.resolve({ success: true, code: 200, message: '', result: [] });
    if (url !== '/location/tblLocation/list') return Promise.resolve({ success: true, code: 200, message: '', result: null });
    const from = (p.pageNo - 1) * p.pageSize;
    return Promise.resolve(page(rows(from, Math.max(0, Math.min(p.pageSize, 35 - from))), 35));
  });
});

describe('ListPage with 高级查询', () => {
  it('applies the query as superQueryParams + superQueryMatchType from page 1, keyed by route; 清空 drops it', async () => {
    render(<ListPage def={fixtureDef} />, { wrapper: wrapper() });
    await screen.findByText('场地0');
    fireEvent.click(screen.getByTitle('2'));
    await screen.findByText('场地10');
    expect(lastList().pageNo).toBe(2);

    fireEvent.click(screen.getByTestId('super-query-open'));
    await screen.findByTestId('super-query-modal');
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/superQuery/list', { code: '/edu/location' }));
    const fieldSelect = screen.getByTestId('super-query-field-0');
    fireEvent.mouseDown(fieldSelect.querySelector('[role="combobox"]') ?? fieldSelect);
    const option = await waitFor(() => {
      const el = document.querySelector<HTMLElement>('.ant-select-item-option[title="名称"]');
      if (!el) throw new Error('no option');
      return el;
    });
    fireEvent.click(option);
    fireEvent.change(screen.getByTestId('super-query-value-0'), { target: { value: '场地1' } });
    fireEvent.click(screen.getByTestId('super-query-submit'));

    const encoded = encodeURI(JSON.stringify([{ field: 'name', rule: 'eq', val: '场地1', type: 'string' }]));
    await waitFor(() => expect(lastList()).toMatchObject({ superQueryParams: encoded, superQueryMatchType: 'and', pageNo: 1 }));
    expect(screen.getByTestId('super-query-open')).toHaveAttribute('data-active', 'true');

    fireEvent.click(screen.getByTestId('super-query-clear'));
    await waitFor(() => expect(lastList()).not.toHaveProperty('superQueryParams'));
    expect(lastList()).not.toHaveProperty('superQueryMatchType');
    expect(screen.getByTestId('super-query-open')).toHaveAttribute('data-active', 'false');
  });

  it('can be turned off per page', async () => {
    render(<ListPage def={fixtureDef} superQuery={false} />, { wrapper: wrapper() });
    await screen.findByText('场地0');
    expect(screen.queryByTestId('super-query-open')).toBeNull();
  });
});
