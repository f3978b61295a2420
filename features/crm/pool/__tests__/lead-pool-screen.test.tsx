import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import LeadPoolScreen from '../lead-pool-screen';

/** 线索池: 领取 posts the row and reloads the pool; 分配 and 线索池设置 show only with their codes. */

jest.mock('next/navigation', () => ({ usePathname: () => '/crm/pool' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const LEAD = { id: 'l1', name: '张丽', phone: '136****1034', channel: 1, channel_dictText: '地推', poolReason: '号码有误', poolTime: '2026-11-20 10:00:00', lastOwner: 'u1', lastOwner_dictText: '王晓雨' };
const code = (action: string) => ({ action, type: '1', describe: action });
const ALL = ['list', 'claim', 'assign', 'config'].map((a) => ({ ...code(`crm:pool:${a}`), status: '1' }));

it('claims a lead and reloads; the manager buttons need their codes', async () => {
  get.mockImplementation((url: string) => Promise.resolve(url === '/crm/leadPool/list' ? page([LEAD], 1) : page([], 0)));
  post.mockResolvedValue({ success: true, code: 200, message: '领取成功', result: { count: 1 } });
  render(<LeadPoolScreen />, { wrapper: wrapper({ auth: [code('crm:pool:list'), code('crm:pool:claim')], allAuth: ALL }) });
  fireEvent.click(await screen.findByTestId('pool-claim-l1'));
  fireEvent.click(await screen.findByTestId('pool-claim-ok'));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/crm/leadPool/claim', { ids: ['l1'] }));
  await waitFor(() => expect(get.mock.calls.filter(([u]) => u === '/crm/leadPool/list').length).toBeGreaterThan(1));
  expect(screen.getByText('王晓雨')).toBeTruthy();
  expect(screen.queryByTestId('pool-settings-open')).toBeNull();
  expect(screen.queryByTestId('pool-assign')).toBeNull();
});

it('详情 shows what the parent wrote, read-only, and claims from there', async () => {
  const signedUp = { ...LEAD, id: 'l2', name: '刘妈妈', childName: '刘小乐', channel: 7, channel_dictText: '招生简章', intentionCourseId: 'c1', intentionCourseId_dictText: '少儿编程', remark: '来自招生简章《春季招生》；孩子年龄：7岁；留言：周末能上课吗' };
  get.mockImplementation((url: string) => Promise.resolve(url === '/crm/leadPool/list' ? page([signedUp], 1) : page([], 0)));
  post.mockResolvedValue({ success: true, code: 200, message: '领取成功', result: { count: 1 } });
  render(<LeadPoolScreen />, { wrapper: wrapper({ auth: [code('crm:pool:list'), code('crm:pool:claim')], allAuth: ALL }) });
  fireEvent.click(await screen.findByTestId('row-detail-l2'));
  const detail = await screen.findByTestId('pool-detail');
  for (const t of ['刘小乐', '7岁', '春季招生', '周末能上课吗', '少儿编程', '招生简章']) expect(detail.textContent).toContain(t);
  // No greyed form: no inputs at all.
  expect(detail.querySelector('input, textarea')).toBeNull();
  fireEvent.click(screen.getByTestId('pool-detail-claim'));
  fireEvent.click(await screen.findByTestId('pool-detail-claim-ok'));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/crm/leadPool/claim', { ids: ['l2'] }));
  await waitFor(() => expect(screen.queryByTestId('pool-detail')).toBeNull());
});
