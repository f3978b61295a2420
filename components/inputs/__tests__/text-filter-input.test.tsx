import { useState } from 'react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { TextFilterInput } from '../text-filter-input';
import type { TextFilterOperator } from '@/lib/inputs/text-filter';

function Harness({ initial = '', operators, operator, onValue }: { initial?: string; operators?: TextFilterOperator[]; operator?: TextFilterOperator; onValue: (v: string) => void }) {
  const [v, setV] = useState(initial);
  return (
    <>
      <TextFilterInput
        value={v}
        operator={operator}
        operators={operators}
        placeholder="姓名"
        data-testid="tf"
        onChange={(next) => {
          setV(next);
          onValue(next);
        }}
      />
      <button onClick={() => setV('')}>reset</button>
    </>
  );
}

test('like by default: the value is *text*, the input shows the text as typed', () => {
  const onValue = jest.fn();
  render(<Harness onValue={onValue} />);
  const input = screen.getByPlaceholderText('姓名') as HTMLInputElement;
  fireEvent.change(input, { target: { value: '张 ' } });
  expect(onValue).toHaveBeenLastCalledWith('*张*');
  expect(input.value).toBe('张 '); // the trailing space survives while typing
  fireEvent.change(input, { target: { value: '张 三' } });
  expect(onValue).toHaveBeenLastCalledWith('*张 三*');
  fireEvent.change(input, { target: { value: '' } });
  expect(onValue).toHaveBeenLastCalledWith('');
});

test.each<[TextFilterOperator, string]>([
  ['ne', '!5'],
  ['ge', '>= 5'],
  ['le', '<= 5'],
])('fixed operator %s', (operator, expected) => {
  const onValue = jest.fn();
  render(<Harness operator={operator} onValue={onValue} />);
  fireEvent.change(screen.getByPlaceholderText('姓名'), { target: { value: '5' } });
  expect(onValue).toHaveBeenLastCalledWith(expected);
});

test('a restored value shows its text and operator; an outside reset clears it', () => {
  const onValue = jest.fn();
  render(<Harness initial="!李四" operators={['like', 'ne']} onValue={onValue} />);
  const input = screen.getByPlaceholderText('姓名') as HTMLInputElement;
  expect(input.value).toBe('李四');
  expect(screen.getByTestId('tf-operator').textContent).toContain('不等于');
  fireEvent.click(screen.getByText('reset'));
  expect(input.value).toBe('');
});

test('the operator menu re-encodes the typed text', async () => {
  const onValue = jest.fn();
  render(<Harness operators={['like', 'ne']} onValue={onValue} />);
  fireEvent.change(screen.getByPlaceholderText('姓名'), { target: { value: '王' } });
  expect(onValue).toHaveBeenLastCalledWith('*王*');
  fireEvent.click(screen.getByTestId('tf-operator'));
  const item = await screen.findByText('不等于');
  act(() => void fireEvent.click(item));
  await waitFor(() => expect(onValue).toHaveBeenLastCalledWith('!王'));
  expect(screen.getByTestId('tf-operator').textContent).toContain('不等于');
});
