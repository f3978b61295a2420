import { useState } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { LiteCheckbox } from '../lite-checkbox';

function Harness({ disabled, onChange }: { disabled?: boolean; onChange: (v: boolean) => void }) {
  const [on, setOn] = useState(false);
  return (
    <LiteCheckbox
      checked={on}
      disabled={disabled}
      aria-label="启用"
      data-testid="box"
      onChange={(v) => {
        onChange(v);
        setOn(v);
      }}
    />
  );
}

describe('LiteCheckbox', () => {
  it('is a native, focusable checkbox (so Space toggles it in the browser) with its label and state', () => {
    render(<Harness onChange={() => {}} />);
    const box = screen.getByRole('checkbox', { name: '启用' }) as HTMLInputElement;
    expect(box).toBe(screen.getByTestId('box'));
    expect(box.tagName).toBe('INPUT');
    expect(box.type).toBe('checkbox');
    expect(box.tabIndex).toBe(0);
    expect(box.checked).toBe(false);
  });

  it('toggles on click, both ways', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(true);
    expect(box.checked).toBe(true);
    fireEvent.click(box);
    expect(onChange).toHaveBeenLastCalledWith(false);
    expect(box.checked).toBe(false);
  });

  it('toggles on Space the way a browser does (keyup activates a focused checkbox)', () => {
    const onChange = jest.fn();
    render(<Harness onChange={onChange} />);
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    box.focus();
    expect(document.activeElement).toBe(box);
    // jsdom has no keyboard activation; a browser turns Space on a focused checkbox into this click.
    fireEvent.keyDown(box, { key: ' ', code: 'Space' });
    fireEvent.keyUp(box, { key: ' ', code: 'Space' });
    box.click();
    expect(onChange).toHaveBeenCalledWith(true);
    expect(box.checked).toBe(true);
  });

  it('ignores clicks when disabled', () => {
    const onChange = jest.fn();
    render(<Harness disabled onChange={onChange} />);
    const box = screen.getByRole('checkbox') as HTMLInputElement;
    expect(box.disabled).toBe(true);
    fireEvent.click(box);
    box.click();
    expect(onChange).not.toHaveBeenCalled();
    expect(box.checked).toBe(false);
  });
});
