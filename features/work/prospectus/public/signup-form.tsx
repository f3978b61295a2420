'use client';

import { useState, useSyncExternalStore, type CSSProperties, type FormEvent } from 'react';
import { useCaptcha } from '@/features/auth/use-captcha';
import { ApiError, http } from '@/lib/http';
import { PUBLIC_API, SIGNUP_LIMITS, SIGNUP_MESSAGES } from '@/lib/work/prospectus-public';

export interface SignupFormProps {
  token: string;
  /** The brochure's courses a visitor may choose (its course blocks). */
  courses: { id: string; name: string }[];
  /** LOGIN_CAPTCHA: the same switch as the login's image captcha. */
  captcha: boolean;
  primary: string;
}

const input: CSSProperties = { width: '100%', boxSizing: 'border-box', padding: '8px 10px', fontSize: 15, border: '1px solid #d9d9d9', borderRadius: 6, background: '#fff' };
const label: CSSProperties = { display: 'block', margin: '10px 0 4px', fontSize: 14 };

/**
 * The public page's sign-up form (no antd: the page stays light). The server checks everything again; here only what
 * saves a round trip. A failed try loads a new captcha (each is single use); the typed values stay.
 */
const noopSubscribe = () => () => undefined;

export function SignupForm({ token, courses, captcha, primary }: SignupFormProps) {
  // True once hydrated (false in the server's HTML): the form says so, so a test (or a script) knows typing will stick.
  const hydrated = useSyncExternalStore(noopSubscribe, () => true, () => false);
  const image = useCaptcha(captcha);
  const [values, setValues] = useState({ name: '', phone: '', childName: '', childAge: '', grade: '', courseId: '', remark: '', captcha: '' });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const set = (k: keyof typeof values) => (e: { target: { value: string } }) => setValues((v) => ({ ...v, [k]: e.target.value }));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!values.name.trim()) return setError(SIGNUP_MESSAGES.nameRequired);
    if (!/^1[3-9]\d{9}$/.test(values.phone.replace(/[\s-]/g, ''))) return setError(SIGNUP_MESSAGES.phoneInvalid);
    if (captcha && !values.captcha.trim()) return setError(SIGNUP_MESSAGES.captchaRequired);
    setBusy(true);
    try {
      await http.post(`${PUBLIC_API}/${encodeURIComponent(token)}/signup`, {
        name: values.name,
        phone: values.phone,
        childName: values.childName.trim() || null,
        childAge: values.childAge || null,
        grade: values.grade || null,
        courseId: values.courseId || null,
        remark: values.remark || null,
        ...(captcha ? { captcha: values.captcha, checkKey: image.checkKey } : {}),
      });
      setDone(true);
    } catch (err) {
      setError(err instanceof ApiError ? err.message : '提交失败，请稍后再试');
      if (captcha) {
        image.refresh();
        setValues((v) => ({ ...v, captcha: '' }));
      }
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <div data-testid="signup-success" role="status" style={{ padding: '20px 0', fontSize: 17, color: primary, textAlign: 'center' }}>
        {SIGNUP_MESSAGES.success}
      </div>
    );
  }
  return (
    <form data-testid="brochure-signup" data-hydrated={hydrated ? '1' : undefined} onSubmit={(e) => void submit(e)} noValidate>
      <label style={label} htmlFor="signup-name">
        家长姓名 *
      </label>
      <input id="signup-name" data-testid="signup-name" style={input} maxLength={SIGNUP_LIMITS.name} value={values.name} onChange={set('name')} autoComplete="name" />
      <label style={label} htmlFor="signup-phone">
        手机号 *
      </label>
      <input id="signup-phone" data-testid="signup-phone" style={input} inputMode="tel" maxLength={20} value={values.phone} onChange={set('phone')} autoComplete="tel" />
      <label style={label} htmlFor="signup-child-name">
        孩子姓名
      </label>
      <input id="signup-child-name" data-testid="signup-child-name" style={input} maxLength={SIGNUP_LIMITS.childName} value={values.childName} onChange={set('childName')} autoComplete="off" />
      <div style={{ display: 'flex', gap: 10 }}>
        <div style={{ flex: 1 }}>
          <label style={label} htmlFor="signup-age">
            孩子年龄
          </label>
          <input id="signup-age" data-testid="signup-age" style={input} inputMode="numeric" maxLength={2} value={values.childAge} onChange={set('childAge')} />
        </div>
        <div style={{ flex: 1 }}>
          <label style={label} htmlFor="signup-grade">
            年级
          </label>
          <input id="signup-grade" data-testid="signup-grade" style={input} maxLength={SIGNUP_LIMITS.grade} value={values.grade} onChange={set('grade')} />
        </div>
      </div>
      {courses.length ? (
        <>
          <label style={label} htmlFor="signup-course">
            意向课程
          </label>
          <select id="signup-course" data-testid="signup-course" style={input} value={values.courseId} onChange={set('courseId')}>
            <option value="">请选择</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <label style={label} htmlFor="signup-remark">
        留言
      </label>
      <textarea id="signup-remark" data-testid="signup-remark" style={{ ...input, minHeight: 70 }} maxLength={SIGNUP_LIMITS.remark} value={values.remark} onChange={set('remark')} />
      {captcha ? (
        <>
          <label style={label} htmlFor="signup-captcha">
            验证码 *
          </label>
          <div style={{ display: 'flex', gap: 10, alignItems: 'center' }}>
            <input id="signup-captcha" data-testid="signup-captcha" style={{ ...input, flex: 1 }} maxLength={4} inputMode="numeric" value={values.captcha} onChange={set('captcha')} autoComplete="off" />
            {image.image ? (
              // eslint-disable-next-line @next/next/no-img-element -- a data: URL from the captcha endpoint
              <img data-testid="signup-captcha-image" src={image.image} alt="验证码，点击刷新" title="点击刷新" onClick={image.refresh} style={{ height: 38, cursor: 'pointer' }} />
            ) : (
              <button type="button" onClick={image.refresh} style={{ height: 38 }}>
                {image.error ?? '加载验证码'}
              </button>
            )}
          </div>
        </>
      ) : null}
      {error ? (
        <div data-testid="signup-error" role="alert" style={{ color: '#cf1322', marginTop: 10 }}>
          {error}
        </div>
      ) : null}
      <button type="submit" data-testid="signup-submit" disabled={busy} style={{ marginTop: 16, width: '100%', padding: '10px 0', fontSize: 16, color: '#fff', background: primary, border: 'none', borderRadius: 6, cursor: busy ? 'wait' : 'pointer' }}>
        {busy ? '提交中…' : '提交报名'}
      </button>
    </form>
  );
}
