import { act, createRef } from 'react';
import { fireEvent, render, screen } from '@testing-library/react';
import { SliderVerify, SliderVerifyGate, type SliderVerifyHandle } from '../slider-verify';

// jsdom has no PointerEvent: a MouseEvent carries clientX/button, which is all the slider reads.
beforeAll(() => {
  if (!('PointerEvent' in window)) {
    class PointerEventPolyfill extends MouseEvent {
      pointerId: number;
      constructor(type: string, init: MouseEventInit & { pointerId?: number } = {}) {
        super(type, init);
        this.pointerId = init.pointerId ?? 1;
      }
    }
    (window as unknown as { PointerEvent: unknown }).PointerEvent = PointerEventPolyfill;
  }
});

/** The track is not laid out in jsdom, so the `width` prop (300) decides: travel = 300 - 40 = 260 px. */
function setup() {
  const onSuccess = jest.fn();
  const ref = createRef<SliderVerifyHandle>();
  render(<SliderVerify ref={ref} onSuccess={onSuccess} />);
  const handle = screen.getByRole('slider', { name: '拖动滑块验证' });
  const root = screen.getByTestId('slider-verify');
  return { onSuccess, ref, handle, root };
}

const drag = (handle: HTMLElement, to: number) => {
  fireEvent.pointerDown(handle, { clientX: 100, button: 0 });
  fireEvent.pointerMove(handle, { clientX: 100 + to });
};

test('idle → dragging → snaps back when released before the end', () => {
  const { handle, root, onSuccess } = setup();
  expect(root.getAttribute('data-state')).toBe('idle');
  expect(screen.getByText('拖动滑块验证')).toBeTruthy();
  drag(handle, 130);
  expect(root.getAttribute('data-state')).toBe('dragging');
  expect(handle.getAttribute('aria-valuenow')).toBe('50');
  fireEvent.pointerUp(handle, { clientX: 100 + 259 });
  expect(root.getAttribute('data-state')).toBe('idle');
  expect(handle.getAttribute('aria-valuenow')).toBe('0');
  expect(onSuccess).not.toHaveBeenCalled();
});

test('success only at full width; the caption becomes 验证通过 and it stays done', () => {
  const { handle, root, onSuccess } = setup();
  drag(handle, 400); // past the end clamps to full width
  expect(handle.getAttribute('aria-valuenow')).toBe('100');
  fireEvent.pointerUp(handle, { clientX: 100 + 260 });
  expect(root.getAttribute('data-state')).toBe('success');
  expect(screen.getByText('验证通过')).toBeTruthy();
  expect(onSuccess).toHaveBeenCalledTimes(1);
  drag(handle, 0);
  fireEvent.pointerUp(handle, { clientX: 100 });
  expect(root.getAttribute('data-state')).toBe('success');
  expect(onSuccess).toHaveBeenCalledTimes(1);
});

test('keyboard: arrows step, End succeeds; leaving short of the end snaps back', () => {
  const { handle, root, onSuccess } = setup();
  fireEvent.keyDown(handle, { key: 'ArrowRight' });
  fireEvent.keyDown(handle, { key: 'ArrowRight' });
  expect(handle.getAttribute('aria-valuenow')).toBe('20');
  fireEvent.blur(handle);
  expect(handle.getAttribute('aria-valuenow')).toBe('0');
  for (let i = 0; i < 9; i++) fireEvent.keyDown(handle, { key: 'ArrowRight' });
  expect(onSuccess).not.toHaveBeenCalled();
  fireEvent.keyDown(handle, { key: 'ArrowRight' });
  expect(root.getAttribute('data-state')).toBe('success');
  expect(onSuccess).toHaveBeenCalledTimes(1);
});

test('reset() via ref returns to idle', () => {
  const { handle, root, ref } = setup();
  fireEvent.keyDown(handle, { key: 'End' });
  expect(root.getAttribute('data-state')).toBe('success');
  act(() => ref.current!.reset());
  expect(root.getAttribute('data-state')).toBe('idle');
  expect(screen.getByText('拖动滑块验证')).toBeTruthy();
});

test('disabled ignores pointer and keys', () => {
  const onSuccess = jest.fn();
  render(<SliderVerify onSuccess={onSuccess} disabled />);
  const handle = screen.getByRole('slider');
  fireEvent.keyDown(handle, { key: 'End' });
  drag(handle, 400);
  fireEvent.pointerUp(handle, { clientX: 600 });
  expect(onSuccess).not.toHaveBeenCalled();
  expect(screen.getByTestId('slider-verify').getAttribute('data-state')).toBe('idle');
});

test('the gate keeps its controls disabled until the slider is passed', () => {
  const onClick = jest.fn();
  render(
    <SliderVerifyGate>
      <button onClick={onClick}>获取验证码</button>
    </SliderVerifyGate>,
  );
  const button = screen.getByText('获取验证码');
  expect(button.matches(':disabled')).toBe(true);
  const handle = screen.getByRole('slider');
  drag(handle, 100);
  fireEvent.pointerUp(handle, { clientX: 200 });
  expect(button.matches(':disabled')).toBe(true);
  drag(handle, 300);
  fireEvent.pointerUp(handle, { clientX: 400 });
  expect(button.matches(':disabled')).toBe(false);
  expect(screen.getByText('验证通过')).toBeTruthy();
});
