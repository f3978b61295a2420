'use client';

import { lazy, Suspense, useCallback, useEffect, useRef, useState, type CSSProperties, type FormEvent, type MouseEvent } from 'react';
import { PRIMARY_COLOR } from '@/lib/config';
import { loginFailure, needsDepartSelection, persistLogin, persistSelectedDepart, postLoginPath, type DepartInfo, type LoginResult } from '@/lib/login-state';
import { isTwoFactorChallenge } from '@/lib/account/security-rules';
import { withAttemptsLeft } from '../login-attempts';
import { useCountdown } from '../use-countdown';
import { useHydrated } from '../use-hydrated';
import { call, CallError, messageOf } from './api';
import { CheckCircleIcon, CloseCircleIcon, EyeIcon, EyeInvisibleIcon, LockIcon, MessageIcon, MobileIcon, SafetyCertificateIcon, UserIcon } from './icons';
import { hasErrors, mobileProblem, validateLogin, type FieldErrors, type LoginFlash, type LoginTab, type LoginValues } from './rules';
import { Alert, LOGIN_POST_PATH, NoScriptSubmit, SubmitButton, TextField } from './parts';
import { TwoFactorStep } from './two-factor-step';
import s from './login.module.css';

// Only multi-department users see 部门选择: its code loads when it is first shown, never with the page
// (React.lazy rather than next/dynamic, whose loader would itself add to the first load).
const DepartDialog = lazy(() => import('./depart-dialog').then((m) => ({ default: m.DepartDialog })));

const RESEND_SECONDS = 60;

export interface CaptchaImage {
  /** The key the image was issued for; the login call sends it as `checkKey`. */
  checkKey: string;
  image: string | null;
  error: string | null;
}

export interface LoginFormProps {
  /** Whether the server asks for an image captcha (LOGIN_CAPTCHA). */
  captcha: boolean;
  /** A captcha the server issued while rendering the page (so the form works before scripts run). */
  initialCaptcha?: CaptchaImage | null;
  /** Where to go after signing in (already a same-site path). */
  redirect: string;
  /** A configured third-party login, or null for none. */
  oauthName: string | null;
  /** A message to show on arrival (e.g. the session was ended because the menu was empty). */
  initialError?: string | null;
  /** What the no-script path's last answer left for this render (app/auth/login/route.ts). */
  flash?: LoginFlash | null;
  /** The tab to open (`?tab=phone`: the tab links work without scripts too). */
  initialTab?: LoginTab;
}

const TABS: { key: LoginTab; label: string }[] = [
  { key: 'account', label: '账号密码登录' },
  { key: 'phone', label: '手机号登录' },
];

const newCheckKey = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;
const field = (data: FormData, name: string) => {
  const v = data.get(name);
  return typeof v === 'string' ? v : '';
};
const valuesOf = (form: HTMLFormElement): LoginValues => {
  const data = new FormData(form);
  return { username: field(data, 'username'), password: field(data, 'password'), captcha: field(data, 'captcha'), mobile: field(data, 'mobile'), smsCode: field(data, 'smsCode') };
};

function PasswordField({ error }: { error?: string }) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      name="password"
      type={shown ? 'text' : 'password'}
      icon={<LockIcon />}
      placeholder="密码"
      autoComplete="current-password"
      error={error}
      after={
        <button type="button" className={s.eye} onClick={() => setShown((v) => !v)} aria-label={shown ? '隐藏密码' : '显示密码'}>
          {shown ? <EyeIcon /> : <EyeInvisibleIcon />}
        </button>
      }
    />
  );
}

interface Toast {
  ok: boolean;
  text: string;
}

/** Account/password and phone/SMS sign-in (spec 01 §2), then the second step or the department choice. */
export function LoginForm({ captcha, initialCaptcha = null, redirect, oauthName, initialError = null, flash = null, initialTab }: LoginFormProps) {
  const [tab, setTab] = useState<LoginTab>(flash?.tab ?? initialTab ?? 'account');
  const hydrated = useHydrated();
  const [error, setError] = useState<string | null>(flash && !flash.challenge ? (flash.error ?? null) : initialError);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>(flash?.fieldErrors ?? {});
  const [submitting, setSubmitting] = useState(false);
  const [departs, setDeparts] = useState<DepartInfo[] | null>(null);
  const [departUser, setDepartUser] = useState('');
  // Two-step sign-in: the challenge the first step answered, while the code is asked for.
  const [challenge, setChallenge] = useState<string | null>(flash?.challenge ?? null);
  const [toast, setToast] = useState<Toast | null>(flash?.notice ? { ok: true, text: flash.notice } : null);
  const [image, setImage] = useState<CaptchaImage>(initialCaptcha ?? { checkKey: '', image: null, error: null });
  const [sending, setSending] = useState(false);
  const { remaining, start } = useCountdown(RESEND_SECONDS);
  const generation = useRef(0);
  const captchaInput = useRef<HTMLInputElement>(null);

  const refreshCaptcha = useCallback(() => {
    const mine = ++generation.current;
    const checkKey = newCheckKey();
    call<string>('GET', `/sys/randomImage/${checkKey}`)
      .then((res) => ({ checkKey, image: res.result, error: null }))
      .catch((e: unknown) => ({ checkKey, image: null, error: messageOf(e, '验证码加载失败') }))
      .then((next) => {
        // Only the most recent request may land (a slow older answer must not overwrite a newer key).
        if (generation.current === mine) setImage(next);
      });
  }, []);

  const hasImage = !!initialCaptcha?.image;
  useEffect(() => {
    if (captcha && !hasImage) refreshCaptcha();
  }, [captcha, hasImage, refreshCaptcha]);

  useEffect(() => {
    if (!toast) return;
    const id = window.setTimeout(() => setToast(null), 3000);
    return () => window.clearTimeout(id);
  }, [toast]);

  // A full navigation, so the server renders the shell with the new session cookie.
  const enter = () => window.location.assign(postLoginPath(redirect));

  const signedIn = (result: LoginResult) => {
    persistLogin(window.localStorage, result);
    if (needsDepartSelection(result)) {
      setDepartUser(result.userInfo.username);
      setDeparts(result.departs);
      return;
    }
    enter();
  };

  /** Captchas are single use: every failed attempt needs a new one. */
  const newCaptcha = () => {
    if (!captcha) return;
    if (captchaInput.current) captchaInput.current.value = '';
    refreshCaptcha();
  };

  /** From the second step back to the first: the captcha was spent by the password step. */
  const backToFirstStep = (message?: string) => {
    setChallenge(null);
    setError(message ?? null);
    newCaptcha();
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (submitting) return;
    const v = valuesOf(e.currentTarget);
    const errors = validateLogin(tab, v, captcha);
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setError(null);
    setSubmitting(true);
    try {
      const res =
        tab === 'account'
          ? await call<LoginResult>('POST', '/sys/login', { username: (v.username ?? '').trim(), password: v.password ?? '', ...(captcha ? { captcha: (v.captcha ?? '').trim(), checkKey: image.checkKey } : {}) })
          : await call<LoginResult>('POST', '/sys/phoneLogin', { mobile: (v.mobile ?? '').trim(), captcha: (v.smsCode ?? '').trim() });
      const failure = loginFailure(res);
      if (failure) throw new CallError(failure, res);
      signedIn(res.result);
    } catch (err) {
      const answered = err instanceof CallError ? err.envelope?.result : undefined;
      setSubmitting(false);
      if (isTwoFactorChallenge(answered)) {
        setChallenge(answered.challenge);
        return;
      }
      const text = messageOf(err, '登录失败，请稍后重试');
      setError(err instanceof CallError ? withAttemptsLeft(text, err.envelope?.result) : text);
      if (tab === 'account') newCaptcha();
    }
  };

  /** antd re-validates a field that shows an error as it is edited: the same here. */
  const onChange = (e: FormEvent<HTMLFormElement>) => {
    const name = (e.target as HTMLInputElement).name as keyof FieldErrors;
    if (!fieldErrors[name]) return;
    const next = validateLogin(tab, valuesOf(e.currentTarget), captcha);
    setFieldErrors((prev) => {
      const copy = { ...prev };
      if (next[name]) copy[name] = next[name];
      else delete copy[name];
      return copy;
    });
  };

  const sendSms = async (e: MouseEvent<HTMLButtonElement>) => {
    const form = e.currentTarget.form;
    if (!form) return;
    const mobile = valuesOf(form).mobile ?? '';
    const problem = mobileProblem(mobile);
    setFieldErrors((prev) => {
      const copy = { ...prev };
      if (problem) copy.mobile = problem;
      else delete copy.mobile;
      return copy;
    });
    if (problem) return;
    setSending(true);
    try {
      const res = await call<null>('POST', '/sys/sms', { mobile: mobile.trim(), smsmode: '0' });
      setToast({ ok: true, text: res.message || '短信验证码发送成功' });
      start();
    } catch (err) {
      setToast({ ok: false, text: messageOf(err, '验证码发送失败') });
    } finally {
      setSending(false);
    }
  };

  const switchTab = (e: MouseEvent<HTMLAnchorElement>, key: LoginTab) => {
    e.preventDefault();
    setTab(key);
    setError(null);
    setFieldErrors({});
  };

  const tabHref = (key: LoginTab) => `/user/login?tab=${key}${redirect !== '/' ? `&redirect=${encodeURIComponent(redirect)}` : ''}`;

  return (
    <div className={s.root} style={{ '--primary': PRIMARY_COLOR } as CSSProperties}>
      {toast && (
        <div className={`${s.toast} ${toast.ok ? s.toastOk : s.toastError}`} role="status">
          {toast.ok ? <CheckCircleIcon /> : <CloseCircleIcon />}
          <span>{toast.text}</span>
        </div>
      )}
      {challenge && <TwoFactorStep challenge={challenge} redirect={redirect} initialError={flash?.challenge === challenge ? (flash.error ?? null) : null} onSignedIn={signedIn} onBack={backToFirstStep} />}
      <form method="post" action={LOGIN_POST_PATH} noValidate onSubmit={onSubmit} onChange={onChange} data-testid="login-form" style={challenge ? { display: 'none' } : undefined}>
        <input type="hidden" name="intent" value={tab} />
        <input type="hidden" name="redirect" value={redirect} />
        <div className={s.tabs} role="tablist">
          {TABS.map((t) => (
            <a key={t.key} href={tabHref(t.key)} role="tab" aria-selected={tab === t.key} className={`${s.tab} ${tab === t.key ? s.tabActive : ''}`} onClick={(e) => switchTab(e, t.key)}>
              {t.label}
            </a>
          ))}
        </div>
        {error && <Alert testId="login-error">{error}</Alert>}
        <div hidden={tab !== 'account'}>
          <TextField name="username" icon={<UserIcon />} placeholder="用户名" autoComplete="username" defaultValue={flash?.username} error={fieldErrors.username} />
          <PasswordField error={fieldErrors.password} />
          {captcha && (
            <div className={s.row}>
              <TextField className={s.grow} name="captcha" icon={<SafetyCertificateIcon />} placeholder="验证码" maxLength={8} autoComplete="off" error={fieldErrors.captcha} inputRef={captchaInput} />
              <input type="hidden" name="checkKey" value={image.checkKey} />
              <button type="button" className={s.captchaImage} onClick={refreshCaptcha} title="看不清？点击换一张" aria-label="刷新验证码" data-testid="captcha-image">
                {/* eslint-disable-next-line @next/next/no-img-element -- a data: URL from the backend; next/image adds nothing here */}
                {image.image ? <img src={image.image} alt="验证码图片" width={110} height={38} /> : <span>{image.error ?? '加载中…'}</span>}
              </button>
            </div>
          )}
        </div>
        <div hidden={tab !== 'phone'}>
          <TextField name="mobile" icon={<MobileIcon />} placeholder="手机号" maxLength={11} inputMode="numeric" autoComplete="tel" defaultValue={flash?.mobile} error={fieldErrors.mobile} />
          <div className={s.row}>
            <TextField className={s.grow} name="smsCode" icon={<MessageIcon />} placeholder="短信验证码" maxLength={6} inputMode="numeric" autoComplete="one-time-code" error={fieldErrors.smsCode} />
            <button type={hydrated ? 'button' : 'submit'} name="send" value="sms" formNoValidate className={`${s.button} ${s.smsButton}`} onClick={sendSms} disabled={sending || remaining > 0} data-testid="sms-send">
              {sending && <span className={s.spinner} aria-hidden="true" />}
              {remaining > 0 ? `${remaining} s` : '获取验证码'}
            </button>
          </div>
        </div>
        <div className={s.forgot}>
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- no prefetch of an antd page from the login page (issue #28) */}
          <a className={s.link} href="/user/alteration">
            忘记密码
          </a>
        </div>
        <div className={s.item}>
          <SubmitButton loading={submitting} disabled={!hydrated} testId="login-submit" data-js-submit="">
            登录
          </SubmitButton>
          <NoScriptSubmit label="登录" />
        </div>
        <div className={s.links}>
          {oauthName ? (
            <span className={s.secondary}>
              其他登录方式：
              <a className={s.link} href={`/oauth/start?redirect=${encodeURIComponent(postLoginPath(redirect))}`} data-testid="oauth-login">
                {oauthName}
              </a>
            </span>
          ) : (
            <span />
          )}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- as 忘记密码 above */}
          <a className={s.link} href="/user/register">
            注册账户
          </a>
        </div>
      </form>
      {departs !== null && (
        <Suspense fallback={null}>
          <DepartDialog
            departs={departs}
            username={departUser}
            onSelected={(userInfo) => {
              persistSelectedDepart(window.localStorage, userInfo);
              enter();
            }}
          />
        </Suspense>
      )}
    </div>
  );
}
