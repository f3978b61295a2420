import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { App, Form } from 'antd';
import type { ReactNode } from 'react';
import { http } from '@/lib/http';
import type { FieldDef } from '@/lib/resources/types';
import { CheckRuleEditor } from '../check-rule-editor';
import { FillPatternEditor } from '../fill-pattern-editor';
import { RuleNumberEditor } from '../rule-number-editor';

/** The rule forms' own editors: the check rule's segments and test box, the fill rule's preview, the 生成 button. */

jest.mock('@/lib/http', () => {
  const actual = jest.requireActual('@/lib/http');
  return { ...actual, http: { get: jest.fn(), post: jest.fn(), put: jest.fn(), del: jest.fn() } };
});

const field = (name: string): FieldDef => ({ name, label: name, kind: 'input', maxLength: 64 });
const inForm = (node: ReactNode, initialValues: Record<string, unknown> = {}) => render(<App><Form initialValues={initialValues}>{node}</Form></App>);

it('tests a value live against the segments and shows the failing one; a bad regex is named', () => {
  const onChange = jest.fn();
  const value = JSON.stringify([
    { digits: '2', pattern: '^[A-Z]{2}$', message: '前两位须为大写字母' },
    { digits: '*', pattern: '^.{4}$', message: '须为4位' },
  ]);
  inForm(<CheckRuleEditor field={field('ruleJson')} value={value} onChange={onChange} />);
  // The shorthand is recognised; the regex segment stays editable.
  expect((screen.getByTestId('check-seg-pattern-0') as HTMLInputElement).readOnly).toBe(true);
  const input = screen.getByTestId('check-rule-test-input');
  fireEvent.change(input, { target: { value: 'AB12' } });
  expect(screen.getByTestId('check-rule-test-result').getAttribute('data-passed')).toBe('true');
  fireEvent.change(input, { target: { value: 'ab12' } });
  expect(screen.getByTestId('check-rule-test-result').textContent).toBe('第1条规则未通过：前两位须为大写字母（校验的内容：「ab」）');

  fireEvent.change(screen.getByTestId('check-seg-pattern-1'), { target: { value: '[A-' } });
  expect(screen.getByTestId('check-rule-problem').textContent).toMatch(/^第2条规则：正则表达式不正确/);
  expect(screen.queryByTestId('check-rule-test-result')).toBeNull();

  fireEvent.click(screen.getByTestId('check-seg-add'));
  const last = JSON.parse(onChange.mock.calls.at(-1)[0] as string);
  expect(last[2]).toEqual({ digits: '1', pattern: '^[0-9]{1}$', message: '第3位须为数字' });
});

it('previews the fill pattern with the form’s reset period, or says what is wrong', () => {
  const year = String(new Date(Date.now() + 8 * 3600_000).getUTCFullYear());
  function Host() {
    return (
      <>
        <Form.Item name="resetPeriod" hidden>
          <input />
        </Form.Item>
        <Form.Item name="rulePattern">
          <FillPatternEditor field={field('rulePattern')} />
        </Form.Item>
      </>
    );
  }
  inForm(<Host />, { resetPeriod: 'yearly', rulePattern: 'XS{yyyy}{seq:5}' });
  expect(screen.getByTestId('fill-rule-preview').textContent).toBe(`预览：XS${year}00001`);
  fireEvent.change(screen.getByTestId('fill-rule-pattern'), { target: { value: 'XS{foo}' } });
  expect(screen.getByTestId('fill-rule-preview').getAttribute('data-ok')).toBe('false');
  expect(screen.getByTestId('fill-rule-preview').textContent).toMatch(/^未知的变量：\{foo\}/);
  fireEvent.change(screen.getByTestId('fill-rule-pattern'), { target: { value: 'XS{seq:5}' } });
  expect(screen.getByTestId('fill-rule-preview').textContent).toMatch(/^每年重置的规则须包含年份/);
});

it('生成 takes a number from the rule through executeRuleByCode', async () => {
  (http.put as jest.Mock).mockResolvedValue({ success: true, code: 200, message: '', result: 'XS202600007' });
  const onChange = jest.fn();
  inForm(<RuleNumberEditor field={field('studentNo')} value="" onChange={onChange} ruleCode="student_no" />);
  fireEvent.click(screen.getByTestId('rule-number-generate-studentNo'));
  await waitFor(() => expect(onChange).toHaveBeenCalledWith('XS202600007'));
  expect(http.put).toHaveBeenCalledWith('/sys/fillRule/executeRuleByCode/student_no', {});
});
