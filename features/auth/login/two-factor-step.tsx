'use client';

import { useState, type FormEvent } from 'react';
import { loginFailure, type LoginResult } from '@/lib/login-state';
import { call, CallError } from './api';
import { SafetyCertificateIcon } from './icons';
import { Alert, LOGIN_POST_PATH, SubmitButton, TextField } from './parts';
import { DEAD_CHALLENGE, verifyCodeProblem } from './rules';
import s from './login.module.css';

export interface TwoFactorStepProps {
  /** The challenge the password (or SMS) step answered. */
  challenge: string;
  /** Where to go after signing in (posted along by the no-script form). */
  redirect: string;
  /** The no-script path's message for this challenge (a wrong code). */
  initialError?: string | null;
  onSignedIn: (result: LoginResult) => void;
  /** Back to the first step (a spent or expired challenge needs the password again). */
  onBack: (message?: string) => void;
}

/**
 * The login page's second step (issue #26): a 6-digit code from the authenticator app, or one recovery code.
 * Without scripts it posts to the route handler like the first step (intent 2fa); the backend tells a code
 * from a recovery code itself.
 */
export function TwoFactorStep({ challenge, redirect, initialError = null, onSignedIn, onBack }: TwoFactorStepProps) {
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(initialError);
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    const input = e.currentTarget.elements.namedItem('verifyCode') as HTMLInputElement;
    const problem = verifyCodeProblem(input.value, recovery);
    setFieldError(problem);
    if (problem) return;
    setError(null);
    setSubmitting(true);
    try {
      const res = await call<LoginResult>('POST', '/sys/twoFactorLogin', { ticket: challenge, verifyCode: input.value.trim() });
      const failure = loginFailure(res);
      if (failure) throw new CallError(failure, res);
      onSignedIn(res.result);
    } catch (err) {
      const text = err instanceof Error && err.message ? err.message : '登录失败，请稍后重试';
      setSubmitting(false);
      if (DEAD_CHALLENGE.includes(text)) return onBack(text);
      setError(text);
      input.value = '';
    }
  };

  const toggle = () => {
    setRecovery((r) => !r);
    setError(null);
    setFieldError(null);
  };

  return (
    <form method="post" action={LOGIN_POST_PATH} noValidate onSubmit={submit} data-testid="two-factor-login">
      <input type="hidden" name="intent" value="2fa" />
      <input type="hidden" name="ticket" value={challenge} />
      <input type="hidden" name="redirect" value={redirect} />
      <div className={s.stepHead}>
        <SafetyCertificateIcon className={s.stepIcon} />
        <h4>两步验证</h4>
        <span className={s.secondary}>{recovery ? '请输入一个未使用过的恢复码' : '请输入身份验证器应用中显示的6位验证码'}</span>
      </div>
      {error && <Alert testId="two-factor-error">{error}</Alert>}
      {recovery ? (
        <TextField key="recovery" name="verifyCode" placeholder="恢复码，如 abcde-fghjk" autoComplete="off" maxLength={20} autoFocus data-testid="two-factor-code" error={fieldError ?? undefined} />
      ) : (
        <TextField key="totp" name="verifyCode" placeholder="6位验证码" inputMode="numeric" autoComplete="one-time-code" maxLength={6} autoFocus data-testid="two-factor-code" error={fieldError ?? undefined} />
      )}
      <div className={s.item}>
        <SubmitButton loading={submitting} testId="two-factor-submit">
          验证并登录
        </SubmitButton>
      </div>
      <div className={s.links}>
        <button type="button" className={s.link} onClick={toggle} data-testid="two-factor-use-recovery">
          {recovery ? '使用验证码' : '使用恢复码'}
        </button>
        <a
          className={s.link}
          href={`/user/login${redirect !== '/' ? `?redirect=${encodeURIComponent(redirect)}` : ''}`}
          onClick={(e) => {
            e.preventDefault();
            onBack();
          }}
          data-testid="two-factor-back"
        >
          返回重新登录
        </a>
      </div>
    </form>
  );
}
