'use client';

import { forwardRef, useCallback, useImperativeHandle, useRef, useState, type KeyboardEvent, type PointerEvent, type ReactNode } from 'react';
import { theme } from 'antd';
import { CheckOutlined, DoubleRightOutlined } from '@ant-design/icons';

export const SLIDER_VERIFY_TEXT = '拖动滑块验证';
export const SLIDER_VERIFY_SUCCESS_TEXT = '验证通过';

export type SliderVerifyState = 'idle' | 'dragging' | 'success';

export interface SliderVerifyHandle {
  /** Back to idle (e.g. after the form that needed it was submitted or the phone changed). */
  reset(): void;
}

export interface SliderVerifyProps {
  onSuccess?: () => void;
  /** Used when the track cannot be measured (not laid out yet); otherwise the track's own width. */
  width?: number;
  height?: number;
  disabled?: boolean;
  'data-testid'?: string;
}

/** Keyboard steps as a share of the track. */
const KEY_STEP = 0.1;

/**
 * Drag-to-verify slider (spec 02 §2/§4): idle → dragging → success. Released before the end, the
 * handle snaps back; success fires only at full width. Keyboard: arrows move by a tenth, End jumps
 * to the end, Home back; leaving it short of the end snaps back too. A UX gate only: whatever it
 * unlocks is still throttled on the server.
 */
export const SliderVerify = forwardRef<SliderVerifyHandle, SliderVerifyProps>(function SliderVerify(
  { onSuccess, width = 300, height = 40, disabled = false, 'data-testid': testId = 'slider-verify' },
  ref,
) {
  const { token } = theme.useToken();
  const track = useRef<HTMLDivElement>(null);
  const drag = useRef<{ startX: number; max: number } | null>(null);
  const [state, setState] = useState<SliderVerifyState>('idle');
  /** Handle offset as a share of the travel (0–1). */
  const [ratio, setRatio] = useState(0);

  const travel = () => Math.max(1, (track.current?.clientWidth || width) - height);

  const succeed = useCallback(() => {
    drag.current = null;
    setRatio(1);
    setState('success');
    onSuccess?.();
  }, [onSuccess]);

  useImperativeHandle(ref, () => ({
    reset: () => {
      drag.current = null;
      setRatio(0);
      setState('idle');
    },
  }));

  const locked = disabled || state === 'success';

  const onPointerDown = (e: PointerEvent<HTMLDivElement>) => {
    if (locked || e.button !== 0) return;
    e.preventDefault();
    // Capture so the drag keeps working when the pointer leaves the handle.
    e.currentTarget.setPointerCapture?.(e.pointerId);
    drag.current = { startX: e.clientX, max: travel() };
    setState('dragging');
  };
  const onPointerMove = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    setRatio(Math.min(1, Math.max(0, (e.clientX - d.startX) / d.max)));
  };
  const onPointerUp = (e: PointerEvent<HTMLDivElement>) => {
    const d = drag.current;
    if (!d) return;
    e.currentTarget.releasePointerCapture?.(e.pointerId);
    // Full width only: the release point decides, not the last move event.
    if (e.clientX - d.startX >= d.max) return succeed();
    drag.current = null;
    setRatio(0);
    setState('idle');
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (locked) return;
    let next: number | null = null;
    if (e.key === 'ArrowRight' || e.key === 'ArrowUp') next = ratio + KEY_STEP;
    else if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') next = ratio - KEY_STEP;
    else if (e.key === 'End') next = 1;
    else if (e.key === 'Home') next = 0;
    if (next === null) return;
    e.preventDefault();
    next = Math.min(1, Math.max(0, Math.round(next * 10) / 10));
    if (next >= 1) return succeed();
    setRatio(next);
  };
  const onBlur = () => {
    if (state !== 'success' && !drag.current) setRatio(0);
  };

  const success = state === 'success';
  const offset = `calc((100% - ${height}px) * ${ratio})`;
  const animate = state !== 'dragging';
  const done = token.colorSuccess;
  return (
    <div
      ref={track}
      data-testid={testId}
      data-state={state}
      style={{
        position: 'relative',
        width: '100%',
        height,
        lineHeight: `${height}px`,
        background: token.colorFillTertiary,
        border: `1px solid ${success ? done : token.colorBorder}`,
        borderRadius: token.borderRadius,
        userSelect: 'none',
        touchAction: 'none',
        overflow: 'hidden',
        opacity: disabled ? 0.6 : 1,
        boxSizing: 'content-box',
      }}
    >
      <div
        aria-hidden
        style={{
          position: 'absolute',
          inset: 0,
          width: `calc(${offset} + ${height / 2}px)`,
          background: success ? token.colorSuccessBg : token.colorPrimaryBg,
          transition: animate ? 'width .3s' : undefined,
        }}
      />
      <div
        aria-hidden
        data-testid={`${testId}-text`}
        style={{ position: 'relative', textAlign: 'center', color: success ? done : token.colorTextSecondary, fontSize: token.fontSize, pointerEvents: 'none' }}
      >
        {success ? SLIDER_VERIFY_SUCCESS_TEXT : SLIDER_VERIFY_TEXT}
      </div>
      <div
        role="slider"
        tabIndex={disabled ? -1 : 0}
        aria-label={SLIDER_VERIFY_TEXT}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(ratio * 100)}
        aria-valuetext={success ? SLIDER_VERIFY_SUCCESS_TEXT : `${Math.round(ratio * 100)}%`}
        aria-disabled={disabled || undefined}
        aria-readonly={success || undefined}
        data-testid={`${testId}-handle`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onPointerCancel={onPointerUp}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
        style={{
          position: 'absolute',
          top: 0,
          left: offset,
          width: height,
          height,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
          background: token.colorBgContainer,
          borderRight: `1px solid ${token.colorBorder}`,
          color: success ? done : token.colorTextSecondary,
          cursor: locked ? 'default' : 'grab',
          transition: animate ? 'left .3s' : undefined,
        }}
      >
        {success ? <CheckOutlined /> : <DoubleRightOutlined />}
      </div>
    </div>
  );
});

/**
 * The slider in front of something it unlocks (找回密码 / 注册: the SMS 获取验证码 row). Until the
 * slider is passed the children sit in a disabled fieldset, which natively disables every control
 * inside (their own `disabled` props untouched).
 */
export function SliderVerifyGate({ children, marginBottom = 24 }: { children: ReactNode; marginBottom?: number }) {
  const [passed, setPassed] = useState(false);
  return (
    <>
      <div style={{ marginBottom }}>
        <SliderVerify onSuccess={() => setPassed(true)} />
      </div>
      <fieldset disabled={!passed} data-testid="slider-verify-gate" data-passed={passed ? 'true' : 'false'} style={{ border: 0, margin: 0, padding: 0, minWidth: 0 }}>
        {children}
      </fieldset>
    </>
  );
}
