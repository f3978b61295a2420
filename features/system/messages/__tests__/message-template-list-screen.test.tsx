import '@testing-library/jest-dom';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import MessageTemplateListScreen from '../message-template-list-screen';
import { ScreenGate } from '@/features/system/no-permission';
import { screenPerm } from '@/lib/screens';
import { SEND_URL } from '../message-template-resource';

// antd Table + Modal under jsdom are slow on a busy 2-core machine.
jest.setTimeout(60_000);

jest.mock('next/navigation', () => ({ usePathname: () => '/isystem/messageTemplate', useRouter: () => ({ push: jest.fn() }) }));
jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
// tiptap needs a real layout engine; the screen only has to choose the editor and pass its value on.
jest.mock('@/components/editor', () => {
  const { createElement } = jest.requireActual('react');
  return {
    RichTextEditor: ({ value, onChange, id, disabled, 'data-testid': testId }: { value?: string; onChange?: (v: string) => void; id?: string; disabled?: boolean; 'data-testid'?: string }) =>
      createElement('textarea', { id, 'data-testid': testId, value: value ?? '', disabled, onChange: (e: { target: { value: string } }) => onChange?.(e.target.value) }),
  };
});
// The real picker pages through /sys/user/list; here it is a box that yields what UserSelect would (comma-joined values).
jest.mock('@/components/pickers/user-picker', () => {
  const { createElement } = jest.requireActual('react');
  return {
    UserSelect: ({ value, onChange, valueField, testId }: { value?: string; onChange?: (v: string, users: unknown[]) => void; valueField?: string; testId?: string }) =>
      createElement('input', { 'data-testid': testId, 'data-value-field': valueField ?? 'username', value: value ?? '', onChange: (e: { target: { value: string } }) => onChange?.(e.target.value, []) }),
  };
});

const get = http.get as jest.Mock;
const post = http.post as jest.Mock;
const ok = (result: unknown, message = '') => Promise.resolve({ success: true, code: 200, message, result });

const COURSE = {
  id: 'tpl_course_change',
  templateCode: 'course_change_notice',
  templateName: '调课通知',
  templateTitle: '调课通知：${courseName}',
  templateContent: '<p>${teacherName}老师您好：</p><p>课程「${courseName}」调整至 <strong>${newTime}</strong>，地点：${location}。</p>',
  templateType: '2',
  templateType_dictText: '富文本',
  templateTestJson: JSON.stringify({ teacherName: '李文静', courseName: '初二数学提高班', newTime: '周六 09:00-11:00', location: '302 教室' }),
  createTime: '2026-01-01 10:00:00',
};
const HOMEWORK = {
  id: 'tpl_homework_remind',
  templateCode: 'homework_remind',
  templateName: '作业批改提醒',
  templateTitle: '作业待批改提醒',
  templateContent: '${teacherName}老师，您有 ${count} 份作业待批改。\n请按时完成。',
  templateType: '1',
  templateType_dictText: '文本',
  templateTestJson: null,
  createTime: '2026-01-02 10:00:00',
};

function serve() {
  get.mockImplementation((url: string) => {
    if (url === '/sys/message/sysMessageTemplate/list') return ok({ records: [COURSE, HOMEWORK], total: 2 });
    return ok(null);
  });
}

const entry = (action: string) => ({ action, type: '1', describe: action, status: '1' });
const ALL_CODES = ['list', 'add', 'edit', 'delete', 'deleteBatch'].map((a) => `system:messageTemplate:${a}`).concat('system:message:send');
/** The user holds `codes`; every code of the screen is governed (as in the real permission answer). */
const as = (codes: string[]) => wrapper({ auth: codes.map(entry), allAuth: ALL_CODES.map(entry) });

beforeEach(() => {
  jest.clearAllMocks();
  window.localStorage.clear();
  window.sessionStorage.clear();
  serve();
});

async function openSend(id = COURSE.id) {
  render(<MessageTemplateListScreen />, { wrapper: as(ALL_CODES) });
  fireEvent.click(await screen.findByTestId(`msg-tpl-send-${id}`));
  return screen.findByTestId('msg-send-modal');
}

describe('消息模板 screen: permissions', () => {
  it('without the list and the send code: 没有权限, nothing requested', async () => {
    render(
      <ScreenGate perm={screenPerm('system/SysMessageTemplateList')}>
        <MessageTemplateListScreen />
      </ScreenGate>,
      { wrapper: as([]) },
    );
    expect(await screen.findByTestId('no-permission')).toBeInTheDocument();
    expect(get).not.toHaveBeenCalled();
  });

  it('every code: 新增, 批量删除, 编辑, 删除 and 发送消息', async () => {
    render(<MessageTemplateListScreen />, { wrapper: as(ALL_CODES) });
    expect(await screen.findByText('调课通知')).toBeInTheDocument();
    for (const id of ['list-add', 'list-deleteBatch', `row-edit-${COURSE.id}`, `row-delete-${COURSE.id}`, `msg-tpl-send-${COURSE.id}`]) expect(screen.getByTestId(id)).toBeInTheDocument();
  });

  it('list only: no 新增 / 编辑 / 删除 / 批量删除 / 发送消息', async () => {
    render(<MessageTemplateListScreen />, { wrapper: as(['system:messageTemplate:list']) });
    expect(await screen.findByText('调课通知')).toBeInTheDocument();
    for (const id of ['list-add', 'list-deleteBatch', `row-edit-${COURSE.id}`, `row-delete-${COURSE.id}`, `msg-tpl-send-${COURSE.id}`]) expect(screen.queryByTestId(id)).toBeNull();
  });

  it('send only: the list is shown (the server accepts the send code for it) with 发送消息 and nothing else', async () => {
    render(<MessageTemplateListScreen />, { wrapper: as(['system:message:send']) });
    expect(await screen.findByTestId(`msg-tpl-send-${COURSE.id}`)).toBeInTheDocument();
    expect(screen.queryByTestId('list-add')).toBeNull();
    expect(screen.queryByTestId(`row-edit-${COURSE.id}`)).toBeNull();
    expect(get).toHaveBeenCalledWith('/sys/message/sysMessageTemplate/list', expect.anything());
  });

  it('delete asks first, then calls delete with the id', async () => {
    (http.del as jest.Mock).mockImplementation(() => ok(null, '删除成功!'));
    render(<MessageTemplateListScreen />, { wrapper: as(ALL_CODES) });
    fireEvent.click(await screen.findByTestId(`row-delete-${HOMEWORK.id}`));
    expect(http.del).not.toHaveBeenCalled();
    await waitFor(() => expect(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-popconfirm-buttons .ant-btn-primary')!);
    await waitFor(() => expect(http.del).toHaveBeenCalledWith('/sys/message/sysMessageTemplate/delete', { id: HOMEWORK.id }));
  });
});

describe('发送消息', () => {
  it('one input per ${var} of title and content, prefilled from the test data; the preview follows the inputs, escaped', async () => {
    const modal = await openSend();
    const inputs = within(modal).getAllByTestId(/^msg-send-var-/);
    expect(inputs.map((i) => i.getAttribute('data-testid'))).toEqual(['msg-send-var-courseName', 'msg-send-var-teacherName', 'msg-send-var-newTime', 'msg-send-var-location']);
    expect(within(modal).getByTestId('msg-send-var-teacherName')).toHaveValue('李文静');
    expect(within(modal).getByTestId('msg-send-preview-title')).toHaveTextContent('调课通知：初二数学提高班');
    expect(within(modal).getByTestId('msg-send-preview-content').querySelector('strong')).toHaveTextContent('周六 09:00-11:00');

    fireEvent.change(within(modal).getByTestId('msg-send-var-courseName'), { target: { value: '英语<img src=x onerror=alert(1)>' } });
    await waitFor(() => expect(within(modal).getByTestId('msg-send-preview-title')).toHaveTextContent('调课通知：英语'));
    const content = within(modal).getByTestId('msg-send-preview-content');
    expect(content).toHaveTextContent('课程「英语<img src=x onerror=alert(1)>」');
    expect(content.querySelector('img')).toBeNull();
  });

  it('a text template without test data: empty inputs, the placeholder stays in the preview, newlines become breaks', async () => {
    const modal = await openSend(HOMEWORK.id);
    expect(within(modal).getByTestId('msg-send-var-count')).toHaveValue('');
    const content = within(modal).getByTestId('msg-send-preview-content');
    expect(content).toHaveTextContent('${teacherName}老师，您有 ${count} 份作业待批改。');
    expect(content.querySelectorAll('br')).toHaveLength(1);
  });

  it('checks receivers and values, then posts templateCode, user ids, priority and data; says 消息发送成功！', async () => {
    post.mockImplementation(() => ok({ id: 'a1' }, '消息发送成功！'));
    const modal = await openSend();
    expect(within(modal).getByTestId('msg-send-users')).toHaveAttribute('data-value-field', 'id');
    fireEvent.change(within(modal).getByTestId('msg-send-var-location'), { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('msg-send-submit'));
    expect(await screen.findByText('请选择接收人')).toBeInTheDocument();
    expect(await screen.findByText('请输入location的值')).toBeInTheDocument();
    expect(post).not.toHaveBeenCalled();

    fireEvent.change(within(modal).getByTestId('msg-send-users'), { target: { value: 'u_teacher2,u_teacher' } });
    fireEvent.change(within(modal).getByTestId('msg-send-var-location'), { target: { value: '201 教室' } });
    fireEvent.click(within(modal).getByLabelText('紧急'));
    fireEvent.click(screen.getByTestId('msg-send-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith(SEND_URL, {
        templateCode: 'course_change_notice',
        userIds: 'u_teacher2,u_teacher',
        priority: 'H',
        data: { courseName: '初二数学提高班', teacherName: '李文静', newTime: '周六 09:00-11:00', location: '201 教室' },
      }),
    );
    expect(await screen.findByText('消息发送成功！')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByTestId('msg-send-modal')).toBeNull());
  });

  it('shows the server’s message when sending fails, and stays open', async () => {
    post.mockImplementation(() => Promise.reject(new ApiError('接收人不存在', 500, 200)));
    const modal = await openSend(HOMEWORK.id);
    fireEvent.change(within(modal).getByTestId('msg-send-users'), { target: { value: 'ghost' } });
    fireEvent.change(within(modal).getByTestId('msg-send-var-teacherName'), { target: { value: '周' } });
    fireEvent.change(within(modal).getByTestId('msg-send-var-count'), { target: { value: '3' } });
    fireEvent.click(screen.getByTestId('msg-send-submit'));
    expect(await screen.findByText('接收人不存在')).toBeInTheDocument();
    expect(post.mock.calls[0][1]).toMatchObject({ priority: 'L', data: { teacherName: '周', count: '3' } });
    expect(screen.getByTestId('msg-send-modal')).toBeInTheDocument();
  });
});

describe('新增 / 编辑 form', () => {
  it('文本 uses a text area, 富文本 the rich text editor; the content typed is what is saved', async () => {
    post.mockImplementation(() => ok(null, '添加成功！'));
    render(<MessageTemplateListScreen />, { wrapper: as(ALL_CODES) });
    await screen.findByText('调课通知');
    fireEvent.click(screen.getByTestId('list-add'));
    const form = await screen.findByTestId('form-modal');
    expect(within(form).getByTestId('msg-tpl-content-text')).toBeInTheDocument();
    expect(within(form).queryByTestId('msg-tpl-content-rich')).toBeNull();

    fireEvent.mouseDown(within(form).getByRole('combobox'));
    await waitFor(() => expect(document.querySelector('.ant-select-item-option[title="富文本"]')).not.toBeNull());
    fireEvent.click(document.querySelector('.ant-select-item-option[title="富文本"]')!);
    const rich = await within(form).findByTestId('msg-tpl-content-rich');
    expect(within(form).queryByTestId('msg-tpl-content-text')).toBeNull();

    fireEvent.change(within(form).getByLabelText('模板编码'), { target: { value: 'exam_notice' } });
    fireEvent.change(within(form).getByLabelText('模板名称'), { target: { value: '考试通知' } });
    fireEvent.change(within(form).getByLabelText('模板标题'), { target: { value: '${subject}考试' } });
    fireEvent.change(rich, { target: { value: '<p>${name}同学</p>' } });
    fireEvent.click(screen.getByTestId('form-modal-submit'));
    await waitFor(() =>
      expect(post).toHaveBeenCalledWith('/sys/message/sysMessageTemplate/add', expect.objectContaining({ templateCode: 'exam_notice', templateName: '考试通知', templateType: '2', templateTitle: '${subject}考试', templateContent: '<p>${name}同学</p>' })),
    );
  });
});
