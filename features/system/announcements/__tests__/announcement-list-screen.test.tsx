import '@testing-library/jest-dom';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import type { AuthEntry } from '@/lib/menu-types';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import AnnouncementListScreen from '../announcement-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/annountCement', useRouter: () => ({ push: jest.fn() }) }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// The picker and the editor have their own tests; here they only hand values to the form.
jest.mock('@/components/pickers/user-picker', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    UserSelect: ({ value, onChange, testId }: { value?: string; onChange?: (v: string) => void; testId?: string }) =>
      createElement('button', { type: 'button', 'data-testid': testId, 'data-value': value ?? '', onClick: () => onChange?.('u_teacher2,u_teacher') }, value || '请选择用户'),
  };
});
jest.mock('@/components/editor', () => {
  const { createElement } = jest.requireActual<typeof import('react')>('react');
  return {
    RichTextEditor: (p: { value?: string; onChange?: (v: string) => void; 'data-testid'?: string }) =>
      createElement('textarea', { 'data-testid': p['data-testid'], value: p.value ?? '', onChange: (e: { target: { value: string } }) => p.onChange?.(e.target.value) }),
  };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const put = http.put as jest.Mock;
const del = http.del as jest.Mock;
const answer = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const base = { msgCategory: '1', msgCategory_dictText: '通知公告', priority: 'M', priority_dictText: '重要', msgType: 'ALL', msgType_dictText: '全体用户', startTime: null, endTime: null, userIds: null, openType: null, openPage: null, createTime: '2026-03-01 08:00:00' };
const ROWS = [
  { ...base, id: 'a_draft', titile: '暑期培训通知', sendStatus: '0', sendStatus_dictText: '未发布', sender: null, sendTime: null, msgContent: '<p>草稿</p>' },
  { ...base, id: 'a_live', titile: '期中考试监考安排', sendStatus: '1', sendStatus_dictText: '已发布', sender: 'admin', sendTime: '2026-03-02 09:00:00', msgContent: '<p><strong>请按时</strong>到岗<script>alert(1)</script></p>' },
  { ...base, id: 'a_gone', titile: '已撤销的通知', sendStatus: '2', sendStatus_dictText: '已撤销', sender: 'admin', sendTime: '2026-03-02 09:00:00', msgContent: '<p>x</p>' },
  {
    ...base, id: 'a_user', titile: '指定用户草稿', sendStatus: '0', sendStatus_dictText: '未发布', sender: null, sendTime: null, msgType: 'USER', userIds: 'u_teacher,', msgContent: '<p>给李老师</p>',
    busType: 'course', busId: 'c1', openType: 'url', openPage: '/isps/userAnnouncement', startTime: '2026-03-01 08:00:00', endTime: '2026-04-01 08:00:00',
  },
];
const DICTS: Record<string, { value: string; text: string }[]> = {
  msg_category: [{ value: '1', text: '通知公告' }, { value: '2', text: '系统消息' }],
  priority: [{ value: 'L', text: '一般' }, { value: 'M', text: '重要' }, { value: 'H', text: '紧急' }],
  send_status: [{ value: '0', text: '未发布' }, { value: '1', text: '已发布' }, { value: '2', text: '已撤销' }],
};

const P = 'system:annountCement';
const ALL_CODES = ['list', 'add', 'edit', 'delete', 'release', 'revoke'].map((a) => `${P}:${a}`);
const entries = (codes: string[]): AuthEntry[] => codes.map((action) => ({ action, type: '1', describe: action, status: '1' }));
const renderScreen = (codes = ALL_CODES) => render(<AnnouncementListScreen />, { wrapper: wrapper({ auth: entries(codes), allAuth: entries(ALL_CODES) }) });
const listCalls = () => get.mock.calls.filter(([url]) => url === '/sys/annountCement/list');

const confirmOk = async () => {
  await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary')).not.toBeNull());
  const button = document.querySelector('.ant-popconfirm-buttons .ant-btn-primary, .ant-modal-confirm-btns .ant-btn-primary') as HTMLElement;
  await act(async () => {
    fireEvent.click(button);
    await new Promise((r) => setTimeout(r, 0));
  });
};

const submitForm = () => fireEvent.click(screen.getByTestId('annt-form-submit'));

beforeEach(() => {
  jest.clearAllMocks();
  localStorage.clear();
  sessionStorage.clear();
  get.mockImplementation((url: string) => {
    if (url === '/sys/annountCement/list') return answer({ records: ROWS, total: ROWS.length });
    const dict = /^\/sys\/dict\/getDictItems\/(.+)$/.exec(url);
    if (dict) return answer(DICTS[dict[1]] ?? []);
    return answer(null);
  });
});

describe('通告管理 list', () => {
  it('lists title, category, priority, status, sender and times from the server, paged and newest first', async () => {
    renderScreen();
    expect(await screen.findByText('期中考试监考安排')).toBeInTheDocument();
    expect(listCalls()[0][1]).toMatchObject({ pageNo: 1, pageSize: 10, column: 'createTime', order: 'desc' });
    const table = screen.getByTestId('list-table');
    for (const header of ['标题', '消息类型', '优先级', '发布状态', '发布人', '发布时间', '创建时间']) expect(within(table).getAllByText(header).length).toBeGreaterThan(0);
    expect(screen.getByTestId('annt-status-a_live')).toHaveTextContent('已发布');
    expect(within(table).getAllByText('重要').length).toBe(ROWS.length);
  });

  it('offers per status: 编辑/发布/删除 while unpublished, 撤销 while published, 删除 once revoked, 查看 always', async () => {
    renderScreen();
    await screen.findByText('暑期培训通知');
    const has = (key: string, id: string) => screen.queryByTestId(`annt-${key}-${id}`) !== null;
    expect(['edit', 'release', 'delete', 'view', 'revoke'].map((k) => has(k, 'a_draft'))).toEqual([true, true, true, true, false]);
    expect(['edit', 'release', 'delete', 'view', 'revoke'].map((k) => has(k, 'a_live'))).toEqual([false, false, false, true, true]);
    expect(['edit', 'release', 'delete', 'view', 'revoke'].map((k) => has(k, 'a_gone'))).toEqual([false, false, true, true, false]);
  });

  it('shows each button only with its permission code', async () => {
    renderScreen([`${P}:list`, `${P}:release`]);
    await screen.findByText('暑期培训通知');
    expect(screen.getByTestId('annt-release-a_draft')).toBeInTheDocument();
    expect(screen.getByTestId('annt-view-a_draft')).toBeInTheDocument();
    for (const id of ['annt-edit-a_draft', 'annt-delete-a_draft', 'annt-revoke-a_live', 'list-add', 'list-deleteBatch']) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('without the list permission nothing is requested', () => {
    render(
      <ScreenGate perm={screenPerm('system/SysAnnouncementList')}>
        <AnnouncementListScreen />
      </ScreenGate>,
      { wrapper: wrapper({ auth: entries([`${P}:add`]), allAuth: entries(ALL_CODES) }) },
    );
    expect(screen.getByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('searches by title (contains), category and status', async () => {
    renderScreen();
    await screen.findByText('暑期培训通知');
    fireEvent.change(screen.getByPlaceholderText('请输入标题'), { target: { value: '考试' } });
    fireEvent.click(screen.getByTestId('list-search-submit'));
    await waitFor(() => expect(listCalls().at(-1)?.[1]).toMatchObject({ titile: '*考试*', pageNo: 1 }));
    expect(screen.getByTestId('list-search-field-msgCategory')).toBeInTheDocument();
    expect(screen.getByTestId('list-search-field-sendStatus')).toBeInTheDocument();
  });
});

describe('通告管理 actions', () => {
  it('发布 asks 确定发布吗?, then releases that id, shows the server message and reloads', async () => {
    renderScreen();
    await screen.findByText('暑期培训通知');
    get.mockImplementationOnce((url: string) => (url === '/sys/annountCement/doReleaseData' ? answer(null, '该系统通知发布成功') : answer(null)));
    fireEvent.click(screen.getByTestId('annt-release-a_draft'));
    expect(await screen.findByText('确定发布吗?')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalledWith('/sys/annountCement/doReleaseData', expect.anything());
    const before = listCalls().length;
    await confirmOk();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/annountCement/doReleaseData', { id: 'a_draft' }));
    expect(await screen.findByText('该系统通知发布成功')).toBeInTheDocument();
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('撤销 asks 确定撤销吗?, then revokes that id; a refusal shows the server message', async () => {
    renderScreen();
    await screen.findByText('期中考试监考安排');
    get.mockImplementationOnce(() => Promise.reject(new ApiError('只有已发布的通知才能撤销', 500, 200)));
    fireEvent.click(screen.getByTestId('annt-revoke-a_live'));
    expect(await screen.findByText('确定撤销吗?')).toBeInTheDocument();
    await confirmOk();
    await waitFor(() => expect(get).toHaveBeenCalledWith('/sys/annountCement/doReovkeData', { id: 'a_live' }));
    expect(await screen.findByText('只有已发布的通知才能撤销')).toBeInTheDocument();
  });

  it('删除 asks 确定删除吗?, then deletes that id', async () => {
    del.mockReturnValue(answer(null, '删除成功!'));
    renderScreen();
    await screen.findByText('已撤销的通知');
    fireEvent.click(screen.getByTestId('annt-delete-a_gone'));
    expect(await screen.findByText('确定删除吗?')).toBeInTheDocument();
    expect(del).not.toHaveBeenCalled();
    await confirmOk();
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/annountCement/delete', { id: 'a_gone' }));
    expect(await screen.findByText('删除成功!')).toBeInTheDocument();
  });

  it('批量删除 deletes the selected ids after confirming', async () => {
    del.mockReturnValue(answer(null, '删除成功!'));
    renderScreen();
    await screen.findByText('暑期培训通知');
    const rowBox = (id: string) => document.querySelector(`tr[data-row-key="${id}"] input[type="checkbox"]`) as HTMLElement;
    fireEvent.click(rowBox('a_draft'));
    fireEvent.click(rowBox('a_gone'));
    fireEvent.click(screen.getByTestId('list-deleteBatch'));
    expect(await screen.findByText('确定要删除这 2 项吗?')).toBeInTheDocument();
    await confirmOk();
    await waitFor(() => expect(del).toHaveBeenCalledWith('/sys/annountCement/deleteBatch', { ids: 'a_draft,a_gone' }));
  });

  it('查看 shows the sanitised content without marking anything read', async () => {
    renderScreen();
    await screen.findByText('期中考试监考安排');
    fireEvent.click(screen.getByTestId('annt-view-a_live'));
    const content = await screen.findByTestId('announcement-content');
    expect(content.innerHTML).toContain('<strong>请按时</strong>');
    expect(content.innerHTML).not.toContain('script');
    expect(put).not.toHaveBeenCalled();
  });
});

describe('通告管理 compose', () => {
  const openAdd = async () => {
    renderScreen();
    await screen.findByText('暑期培训通知');
    fireEvent.click(screen.getByTestId('list-add'));
    return screen.findByTestId('annt-form');
  };

  it('needs a title and content', async () => {
    await openAdd();
    submitForm();
    expect(await screen.findByText('请输入标题!')).toBeInTheDocument();
    expect(await screen.findByText('请输入内容')).toBeInTheDocument();
    // Markup without text is still empty.
    fireEvent.change(screen.getByTestId('annt-content'), { target: { value: '<p> </p>' } });
    fireEvent.change(screen.getByTestId('annt-title'), { target: { value: '通知' } });
    submitForm();
    await waitFor(() => expect(screen.getByText('请输入内容')).toBeInTheDocument());
    expect(post).not.toHaveBeenCalled();
  });

  it('全体用户: posts ALL with no user ids and the editor HTML', async () => {
    post.mockReturnValue(answer({ id: 'new' }, '添加成功！'));
    await openAdd();
    fireEvent.change(screen.getByTestId('annt-title'), { target: { value: ' 寒假放假安排 ' } });
    fireEvent.change(screen.getByTestId('annt-content'), { target: { value: '<p><strong>1月24日</strong>起放假</p>' } });
    const before = listCalls().length;
    submitForm();
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/sys/annountCement/add', {
        titile: '寒假放假安排', msgCategory: '1', priority: 'L', msgType: 'ALL', userIds: '', startTime: '', endTime: '', openType: '', openPage: '', msgContent: '<p><strong>1月24日</strong>起放假</p>',
      }),
    );
    expect(await screen.findByText('添加成功！')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('annt-form')).toBeNull());
    await waitFor(() => expect(listCalls().length).toBeGreaterThan(before));
  });

  it('指定用户: refuses without users, then posts the ids with the trailing comma', async () => {
    post.mockReturnValue(answer({ id: 'new' }, '添加成功！'));
    await openAdd();
    fireEvent.change(screen.getByTestId('annt-title'), { target: { value: '监考安排' } });
    fireEvent.change(screen.getByTestId('annt-content'), { target: { value: '<p>请到岗</p>' } });
    fireEvent.click(within(screen.getByTestId('annt-msg-type')).getByLabelText('指定用户'));
    await screen.findByTestId('annt-users');
    submitForm();
    expect(await screen.findByText('请选择指定用户')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId('annt-users'));
    submitForm();
    await waitFor(() => expect(post).toHaveBeenCalledWith('/sys/annountCement/add', expect.objectContaining({ msgType: 'USER', userIds: 'u_teacher2,u_teacher,' })));
  });

  it('a link to open must be a path on this site', async () => {
    await openAdd();
    fireEvent.change(screen.getByTestId('annt-title'), { target: { value: '监考安排' } });
    fireEvent.change(screen.getByTestId('annt-content'), { target: { value: '<p>请到岗</p>' } });
    fireEvent.click(within(screen.getByTestId('annt-open-type')).getByLabelText('链接'));
    await screen.findByTestId('annt-open-page');
    submitForm();
    expect(await screen.findByText('请填写跳转地址')).toBeInTheDocument();
    fireEvent.change(screen.getByTestId('annt-open-page'), { target: { value: 'https://evil.example' } });
    expect(await screen.findByText('跳转地址必须是以 / 开头的站内路径')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('the end must be after the start', async () => {
    await openAdd();
    const typeDate = async (testId: string, text: string) => {
      const input = screen.getByTestId(testId).querySelector('input') ?? screen.getByTestId(testId);
      fireEvent.mouseDown(input);
      fireEvent.focus(input);
      fireEvent.change(input, { target: { value: text } });
      fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
      fireEvent.blur(input);
    };
    await typeDate('annt-start', '2026-05-02 08:00:00');
    await typeDate('annt-end', '2026-05-01 08:00:00');
    fireEvent.change(screen.getByTestId('annt-title'), { target: { value: '通知' } });
    fireEvent.change(screen.getByTestId('annt-content'), { target: { value: '<p>x</p>' } });
    submitForm();
    expect(await screen.findByText('结束时间需大于开始时间')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();
  });

  it('编辑 opens with the stored values and puts them back with the id, keeping its business fields', async () => {
    put.mockReturnValue(answer({ id: 'a_user' }, '修改成功!'));
    renderScreen();
    await screen.findByText('指定用户草稿');
    fireEvent.click(screen.getByTestId('annt-edit-a_user'));
    await screen.findByTestId('annt-form');
    expect(screen.getByTestId('annt-title')).toHaveValue('指定用户草稿');
    expect(screen.getByTestId('annt-users')).toHaveAttribute('data-value', 'u_teacher');
    expect(screen.getByTestId('annt-content')).toHaveValue('<p>给李老师</p>');
    fireEvent.change(screen.getByTestId('annt-title'), { target: { value: '指定用户通知' } });
    submitForm();
    await waitFor(() =>
      expect(put).toHaveBeenCalledWith('/sys/annountCement/edit', {
        id: 'a_user', titile: '指定用户通知', msgCategory: '1', priority: 'M', msgType: 'USER', userIds: 'u_teacher,', startTime: '2026-03-01 08:00:00', endTime: '2026-04-01 08:00:00',
        openType: 'url', openPage: '/isps/userAnnouncement', msgContent: '<p>给李老师</p>', busType: 'course', busId: 'c1',
      }),
    );
  });

  it('a refused save keeps the form open and shows the server message', async () => {
    post.mockReturnValue(Promise.reject(new ApiError('指定用户不存在', 500, 200)));
    await openAdd();
    fireEvent.change(screen.getByTestId('annt-title'), { target: { value: '通知' } });
    fireEvent.change(screen.getByTestId('annt-content'), { target: { value: '<p>x</p>' } });
    submitForm();
    expect(await screen.findByText('指定用户不存在')).toBeInTheDocument();
    expect(screen.getByTestId('annt-form')).toBeInTheDocument();
  });
});
