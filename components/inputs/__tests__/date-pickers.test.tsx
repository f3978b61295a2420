import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
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
