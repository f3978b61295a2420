import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ok, wrapper } from '@/components/pickers/__tests__/helpers';
import { ApiError, http } from '@/lib/http';
import { ClazzMemberModal } from '../clazz-member-modal';

jest.setTimeout(60_000);

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const MEMBERS = [
  { id: 'm1', studentId: 's1', name: '张三', phone: '13900000001', status: 1, status_dictText: '正常', joinDate: '2026-09-01', leaveDate: null },
  { id: 'm2', studentId: 's2', name: '李四', phone: '13900000002', status: 2, status_dictText: '已退班', joinDate: '2026-09-01', leaveDate: '2026-10-01' },
];

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string) => {
    if (url === '/clazz/tblClazz/members') return Promise.resolve(ok(MEMBERS));
    return Promise.reject(new Error(`unexpected ${url}`));
  });
});

const CLAZZ = { id: 'c1', name: '初二数学A班', capacity: 30 };

describe('班级成员 dialog', () => {
  it('lists members with their status; 退班 only on active rows and only with edit rights', async () => {
    const onChanged = jest.fn();
    const { unmount } = render(<ClazzMemberModal clazz={CLAZZ} canEdit onClose={jest.fn()} onChanged={onChanged} />, { wrapper: wrapper() });
    await waitFor(() => expect(screen.getByText('张三')).toBeTruthy());
    expect(get).toHaveBeenCalledWith('/clazz/tblClazz/members', { clazzId: 'c1' });
    expect(screen.getByText('已退班')).toBeTruthy();
    expect(screen.getByText(/在读 1 人，容量 30 人/)).toBeTruthy();
    expect(screen.queryByTestId('clazz-member-remove-s2')).toBeNull();

    post.mockResolvedValueOnce(ok(null, '已退班'));
    await act(async () => fireEvent.click(screen.getByTestId('clazz-member-remove-s1')));
    await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
    await act(async () => fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary') as HTMLElement));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/clazz/tblClazz/removeMember', { clazzId: 'c1', studentId: 's1' }));
    await waitFor(() => expect(onChanged).toHaveBeenCalled());
    unmount();

    render(<ClazzMemberModal clazz={CLAZZ} canEdit={false} onClose={jest.fn()} onChanged={jest.fn()} />, { wrapper: wrapper() });
    await waitFor(() => expect(screen.getByText('张三')).toBeTruthy());
    expect(screen.queryByTestId('clazz-member-remove-s1')).toBeNull();
    expect(screen.queryByTestId('clazz-member-add')).toBeNull();
  });

  it('adds picked students and shows the capacity refusal as the server words it', async () => {
    get.mockImplementation((url: string) => {
      if (url === '/clazz/tblClazz/members') return Promise.resolve(ok(MEMBERS));
      if (url === '/edu/tblStudent/list') return Promise.resolve(ok({ records: [{ id: 's9', name: '王五', phone: '13900000009' }], total: 1 }));
      return Promise.reject(new Error(`unexpected ${url}`));
    });
    post.mockRejectedValueOnce(new ApiError('超出班级容量（容量30人，已有30人）', 500, 200));
    render(<ClazzMemberModal clazz={CLAZZ} canEdit onClose={jest.fn()} onChanged={jest.fn()} />, { wrapper: wrapper() });
    await waitFor(() => expect(screen.getByText('张三')).toBeTruthy());
    const picker = within(screen.getByTestId('clazz-member-picker')).getByRole('combobox');
    await act(async () => fireEvent.mouseDown(picker));
    await waitFor(() => expect(screen.getByText('王五（13900000009）')).toBeTruthy());
    await act(async () => fireEvent.click(screen.getByText('王五（13900000009）')));
    await act(async () => fireEvent.click(screen.getByTestId('clazz-member-add')));
    await waitFor(() => expect(post).toHaveBeenCalledWith('/clazz/tblClazz/addMembers', { clazzId: 'c1', studentIds: ['s9'] }));
    await waitFor(() => expect(screen.getByText('超出班级容量（容量30人，已有30人）')).toBeTruthy());
  });
});
