import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ApiError, http } from '@/lib/http';
import { FormModal } from '@/components/data/list/form-modal';
import { ok, wrapper } from '@/components/data/list/__tests__/helpers';
import { CHECK_RULE_URL, validateCheckRule } from '@/components/data/list/form-rules';
import { COURSE_CODE_RULE_CODE, courseResource } from '../course-resource';

/** 课程编码 validates through the 编码校验规则 course_code (JeecgBoot's validateCheckRule, issue #39). */

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});
const get = http.get as jest.Mock;
const post = http.post as jest.Mock;

const refusal = new ApiError('前两位须为大写字母（科目缩写）', 500, 200);

beforeEach(() => {
  jest.clearAllMocks();
  get.mockImplementation((url: string, params: { value?: string }) =>
    url === CHECK_RULE_URL ? (params.value === 'MA101' ? Promise.resolve(ok('')) : Promise.reject(refusal)) : Promise.resolve(ok('')),
  );
});

describe('validateCheckRule', () => {
  it('passes an empty rule code or value without asking the server', async () => {
    await validateCheckRule('', 'x');
    await validateCheckRule(COURSE_CODE_RULE_CODE, '  ');
    await validateCheckRule(COURSE_CODE_RULE_CODE, undefined);
    expect(get).not.toHaveBeenCalled();
  });

  it('asks checkByCode with the value encoded once more, and rejects with the server message', async () => {
    await validateCheckRule(COURSE_CODE_RULE_CODE, 'MA101');
    await expect(validateCheckRule(COURSE_CODE_RULE_CODE, 'a b')).rejects.toThrow('前两位须为大写字母（科目缩写）');
    expect(get).toHaveBeenLastCalledWith(CHECK_RULE_URL, { ruleCode: 'course_code', value: 'a%20b' });
  });
});

it('the course form shows the rule\'s message under 课程编码 and does not save until the code passes', async () => {
  post.mockResolvedValue({ success: true, code: 200, message: '添加成功！', result: { id: 'c9' } });
  const onSaved = jest.fn();
  render(<FormModal def={courseResource} open mode="add" onClose={jest.fn()} onSaved={onSaved} />, { wrapper: wrapper() });
  fireEvent.change(await screen.findByPlaceholderText('请输入名称'), { target: { value: '初一数学' } });
  const code = screen.getByPlaceholderText('请输入课程编码');
  fireEvent.change(code, { target: { value: 'ma101' } });
  fireEvent.blur(code);
  expect(await screen.findByText('前两位须为大写字母（科目缩写）')).toBeTruthy();
  expect(get).toHaveBeenCalledWith(CHECK_RULE_URL, { ruleCode: 'course_code', value: 'ma101' });
  fireEvent.click(screen.getByTestId('form-modal-submit'));
  await waitFor(() => expect(get.mock.calls.filter(([u]) => u === CHECK_RULE_URL).length).toBeGreaterThan(1));
  expect(post).not.toHaveBeenCalled();
  fireEvent.change(code, { target: { value: 'MA101' } });
  fireEvent.blur(code);
  await waitFor(() => expect(screen.queryByText('前两位须为大写字母（科目缩写）')).toBeNull());
  fireEvent.click(screen.getByTestId('form-modal-submit'));
  await waitFor(() => expect(post).toHaveBeenCalledWith('/course/tblCourse/add', expect.objectContaining({ name: '初一数学', code: 'MA101' })));
});
