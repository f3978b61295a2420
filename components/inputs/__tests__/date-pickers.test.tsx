import { useState } from 'react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Button, Form } from 'antd';
import { DateField, DateTimeField, TimeField } from '../date-pickers';

test('shows a stored string and emits YYYY-MM-DD when a day is picked', async () => {
  const onChange = jest.fn();
  render(<DateField value="2026-03-05" onChange={onChange} placeholder="生日" />);
  const input = screen.getByPlaceholderText('生日') as HTMLInputElement;
  expect(input.value).toBe('2026-03-05');
  fireEvent.mouseDown(input);
  fireEvent.click(input);
  const cell = await screen.findByTitle('2026-03-10');
  fireEvent.click(cell);
  expect(onChange).toHaveBeenCalledWith('2026-03-10');
});

test('clearing emits an empty string', () => {
  const onChange = jest.fn();
  const { container } = render(<DateField value="2026-03-05" onChange={onChange} placeholder="生日" />);
  const clear = container.querySelector('.ant-picker-clear')!;
  fireEvent.mouseDown(clear);
  fireEvent.mouseUp(clear);
  fireEvent.click(clear);
  expect(onChange).toHaveBeenCalledWith('');
});

test('an invalid stored value shows as empty', () => {
  render(<DateField value="2026-02-30" placeholder="d" />);
  expect((screen.getByPlaceholderText('d') as HTMLInputElement).value).toBe('');
  render(<TimeField value="25:00:00" placeholder="t" />);
  expect((screen.getByPlaceholderText('t') as HTMLInputElement).value).toBe('');
});

test('DateTimeField and TimeField show their formats; a bare date is midnight', () => {
  render(<DateTimeField value="2026-03-05 08:09:10" placeholder="dt" />);
  expect((screen.getByPlaceholderText('dt') as HTMLInputElement).value).toBe('2026-03-05 08:09:10');
  render(<DateTimeField value="2026-03-05" placeholder="dt2" />);
  expect((screen.getByPlaceholderText('dt2') as HTMLInputElement).value).toBe('2026-03-05 00:00:00');
  render(<TimeField value="07:08:09" placeholder="t" />);
  expect((screen.getByPlaceholderText('t') as HTMLInputElement).value).toBe('07:08:09');
});

test('typed text round-trips through the form value', () => {
  function Harness() {
    const [v, setV] = useState('');
    return (
      <>
        <DateField value={v} onChange={setV} placeholder="d" />
        <output data-testid="out">{v}</output>
      </>
    );
  }
  render(<Harness />);
  const input = screen.getByPlaceholderText('d');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: '2026-04-01' } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(screen.getByTestId('out').textContent).toContain('2026-04-01');
});

// Issue #39 (布置作业): a 截止时间 typed as people write it, then Enter, must reach the form (it used to be dropped and
// the form said 请选择截止时间). Enter in a form also submits it, as a browser does.
test.each([
  ['without seconds', '2026-12-10 18:00', '2026-12-10 18:00:00'],
  ['in full', '2026-12-10 18:00:30', '2026-12-10 18:00:30'],
])('a datetime typed %s and Enter is kept by the form', async (_name, typed, stored) => {
  const onFinish = jest.fn();
  render(
    <Form onFinish={onFinish}>
      <Form.Item name="due" rules={[{ required: true, message: '请选择截止时间' }]}>
        <DateTimeField placeholder="截止时间" />
      </Form.Item>
      <Button htmlType="submit">提交</Button>
    </Form>,
  );
  const input = screen.getByPlaceholderText('截止时间');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: typed } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  fireEvent.submit(input.closest('form')!);
  await waitFor(() => expect(onFinish).toHaveBeenCalledWith({ due: stored }));
  expect(screen.queryByText('请选择截止时间')).toBeNull();
});

test('a typed time without seconds is kept', () => {
  const onChange = jest.fn();
  render(<TimeField onChange={onChange} placeholder="t" />);
  const input = screen.getByPlaceholderText('t');
  fireEvent.mouseDown(input);
  fireEvent.focus(input);
  fireEvent.change(input, { target: { value: '08:30' } });
  fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 });
  expect(onChange).toHaveBeenCalledWith('08:30:00');
});
