import { useState } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { TagInput } from '../tag-input';

function Harness({ onValue }: { onValue: (v: string) => void }) {
  const [v, setV] = useState('');
  return (
    <TagInput
      value={v}
      placeholder="标签"
      onChange={(next) => {
        setV(next);
        onValue(next);
      }}
    />
  );
}

function setup() {
  const onValue = jest.fn();
  render(<Harness onValue={onValue} />);
  const input = screen.getByPlaceholderText('标签') as HTMLInputElement;
  act(() => input.focus());
  return { input, onValue };
}

test('typing inserts ; after every 2 characters and strips typed ones', () => {
  const { input } = setup();
  for (const next of ['a', 'ab', 'ab;c', 'ab;c;', 'ab;cd']) fireEvent.change(input, { target: { value: next } });
  expect(input.value).toBe('ab;cd;');
});

test('paste with Chinese characters and full-width semicolons', () => {
  const { input } = setup();
  fireEvent.change(input, { target: { value: '数学；英语物理' } });
  expect(input.value).toBe('数学;英语;物理;');
});

test('backspace over the separator is not undone', () => {
  const { input } = setup();
  fireEvent.change(input, { target: { value: 'ab' } });
  expect(input.value).toBe('ab;');
  fireEvent.change(input, { target: { value: 'ab' } });
  expect(input.value).toBe('ab');
  fireEvent.change(input, { target: { value: 'a' } });
  expect(input.value).toBe('a');
});

test('no transformation while an IME composes; formatted when it ends', () => {
  const { input, onValue } = setup();
  fireEvent.compositionStart(input);
  fireEvent.change(input, { target: { value: 'shu' } });
  fireEvent.change(input, { target: { value: 'shuxue' } });
  expect(input.value).toBe('shuxue');
  expect(onValue).not.toHaveBeenCalled();
  input.value = '数学英';
  fireEvent.compositionEnd(input);
  expect(input.value).toBe('数学;英');
  expect(onValue).toHaveBeenLastCalledWith('数学;英');
});

test('blur drops the trailing separator for storage', () => {
  const { input, onValue } = setup();
  fireEvent.change(input, { target: { value: 'abcd' } });
  expect(input.value).toBe('ab;cd;');
  fireEvent.blur(input);
  expect(input.value).toBe('ab;cd');
  expect(onValue).toHaveBeenLastCalledWith('ab;cd');
});
