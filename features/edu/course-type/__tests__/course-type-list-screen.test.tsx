import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import CourseTypeListScreen from '../course-type-list-screen';

jest.mock('next/navigation', () => ({ usePathname: () => '/course/CourseTypeList' }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

// Issue #39: 保存 with an empty 课程分类 name rejected the form's validation promise unhandled (an error in the
// console); it now only shows the field's message.
it('saving an empty 分类 shows 请输入分类名称, sends nothing and leaves no unhandled rejection', async () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => void unhandled.push(reason);
  process.on('unhandledRejection', onUnhandled);
  try {
    (http.get as jest.Mock).mockResolvedValue({ success: true, code: 200, message: '', result: [] });
    render(<CourseTypeListScreen />, { wrapper: wrapper() });
    fireEvent.click(await screen.findByTestId('course-type-add-root'));
    fireEvent.click(screen.getByText('保 存'));
    expect(await screen.findByText('请输入分类名称', { selector: '.ant-form-item-explain-error' })).toBeTruthy();
    // Let a rejected promise surface (Node reports it after the microtask queue drains).
    await new Promise((r) => setTimeout(r, 50));
    await waitFor(() => expect(unhandled).toEqual([]));
    expect(http.post).not.toHaveBeenCalled();
  } finally {
    process.off('unhandledRejection', onUnhandled);
  }
});
