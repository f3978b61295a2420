import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import LeadListScreen from '../lead-list-screen';

/** 线索 (issue #23): 逾期 on the 下次跟进 column; 放入线索池 asks a reason, then the spec's confirmation, then posts both. */

jest.mock('next/navigation', () => ({ usePathname: () => '/crm/lead' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const perm = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const CODES = ['crm:lead:list', 'crm:lead:edit', 'crm:lead:toPool', 'crm:lead:topping', 'crm:lead:updateTags'];
const LEADS = [
  { id: 'l1', name: '王丽', phone: '13655551001', nextFollowTime: '2020-01-01 09:00:00', topping: 1, tags: '高意向,二胎家庭' },
  { id: 'l2', name: '李伟', phone: '13655551002', nextFollowTime: '2099-01-01 09:00:00', topping: 0 },
];

it('marks overdue follow-ups and asks a reason before the 放入线索池 confirmation', async () => {
  get.mockImplementation((url: string) => Promise.resolve(url === '/crm/tblLead/list' ? page(LEADS, 2) : page([], 0)));
  post.mockResolvedValue({ success: true, code: 200, message: '已放入线索池', result: null });
  render(<LeadListScreen />, { wrapper: wrapper({ auth: CODES.map(perm), allAuth: CODES.map(perm) }) });

  const overdueRow = (await screen.findByTestId('lead-open-l1')).closest('tr')!;
  expect(within(overdueRow).getByText('已逾期')).toBeTruthy();
  expect(within(overdueRow).getByText('二胎家庭')).toBeTruthy();
  expect(within(screen.getByTestId('lead-open-l2').closest('tr')!).queryByText('已逾期')).toBeNull();

  // The reason is optional (spec shape id only); a typed one is trimmed and sent.
  const toPool = async (id: string, reason: string) => {
    fireEvent.click(screen.getByTestId(`row-toPool-${id}`));
    fireEvent.change(await screen.findByTestId('lead-pool-reason'), { target: { value: reason } });
    fireEvent.click(screen.getByTestId('lead-pool-reason-ok'));
    expect(await screen.findByText('是否将选中数据放入线索池?')).toBeTruthy();
    await waitFor(() => expect(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-modal-confirm-btns .ant-btn-primary') as HTMLElement);
  };
  await toPool('l1', '  ');
  await waitFor(() => expect(post).toHaveBeenCalledWith('/crm/tblLead/toPool', { id: 'l1' }));
  await waitFor(() => expect(document.querySelector('.ant-modal-confirm-btns')).toBeNull());
  await toPool('l2', ' 暂无需求 ');
  await waitFor(() => expect(post).toHaveBeenCalledWith('/crm/tblLead/toPool', { id: 'l2', reason: '暂无需求' }));
});
