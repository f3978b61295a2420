import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { page, wrapper } from '@/components/data/list/__tests__/helpers';
import { HandoverFormModal, HandoverResultModal, handoverResultText } from '../handover-form';

/** 工作交接's form (issue #23 item 8): the counts are read and shown before 确认交接 is possible. */

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

it('previews the counts of the chosen scopes and refuses to confirm on a refused preview', async () => {
  get.mockResolvedValue(page([{ id: 'u1', realname: '张三' }], 1));
  post.mockResolvedValueOnce({ success: true, code: 200, message: '', result: { lead: 3, student: 0, clazz: 1, session: 12, task: 2 } });
  render(<HandoverFormModal open fromUser="u1" onCancel={jest.fn()} onDone={jest.fn()} />, { wrapper: wrapper() });

  expect((await screen.findByTestId('handover-preview-session')).textContent).toBe('12节');
  expect(screen.getByTestId('handover-preview-lead').textContent).toBe('3条');
  expect(post).toHaveBeenCalledWith('/edu/handover/preview', { fromUser: 'u1', toUser: null, scopes: ['lead', 'student', 'clazz', 'session', 'task'] });
  expect(screen.getByTestId('handover-submit').hasAttribute('disabled')).toBe(false);

  // Unticking 线索 reads the counts again; the server's refusal is shown and 确认交接 stays off.
  post.mockRejectedValueOnce(new Error('接收人已离职，不能接收工作'));
  fireEvent.click(screen.getByTestId('handover-scopes').querySelector('input[value="lead"]')!);
  expect((await screen.findByTestId('handover-preview-error')).textContent).toContain('接收人已离职，不能接收工作');
  await waitFor(() => expect(post).toHaveBeenLastCalledWith('/edu/handover/preview', expect.objectContaining({ scopes: ['student', 'clazz', 'session', 'task'] })));
  expect(screen.getByTestId('handover-submit').hasAttribute('disabled')).toBe(true);
});

it('the result of a handover links 查看结果 to the 成功 result page, whose 返回 comes back to this list', async () => {
  const done = { id: 'h1', counts: { lead: 3, student: 0, clazz: 1, session: 12, task: 0 }, scopes: ['lead', 'student', 'clazz', 'session', 'task'] as const };
  render(<HandoverResultModal done={{ ...done, scopes: [...done.scopes] }} onClose={jest.fn()} />, { wrapper: wrapper() });
  const text = handoverResultText({ ...done, scopes: [...done.scopes] });
  expect((await screen.findByTestId('handover-result')).textContent).toBe(`已交接：${text}`);
  const href = new URL(screen.getByTestId('handover-result-link').getAttribute('href')!, 'http://x');
  expect(href.pathname).toBe('/result/success');
  expect(Object.fromEntries(href.searchParams)).toEqual({ title: '工作交接完成', desc: `已交接：${text}`, back: window.location.pathname });
});
