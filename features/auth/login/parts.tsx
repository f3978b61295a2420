import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { CloseCircleIcon } from './icons';
import s from './login.module.css';

/** Where the no-script forms post (app/auth/login/route.ts); with scripts the forms call the BFF themselves. */
export const LOGIN_POST_PATH = '/auth/login';

export function Alert({ children, testId }: { children: ReactNode; testId: string }) {
  return (
    <div className={s.alert} role="alert" data-testid={testId}>
      <CloseCircleIcon />
      <div>{children}</div>
    </div>
  );
}

interface TextFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  icon?: ReactNode;
  error?: string;
  after?: ReactNode;
  inputRef?: Ref<HTMLInputElement>;
}

/** antd's large Form.Item + Input with prefix icon: red border and the message under it on error. */
export function TextField({ icon, error, after, inputRef, className, ...input }: TextFieldProps) {
  return (
    <div className={`${s.item} ${error ? s.itemError : ''} ${className ?? ''}`}>
      <span className={`${s.input} ${error ? s.inputError : ''}`}>
        {icon}
        <input ref={inputRef} aria-invalid={error ? true : undefined} {...input} />
        {after}
      </span>
      {error && <div className={s.explain}>{error}</div>}
    </div>
  );
}

export function SubmitButton({ loading, disabled, testId, children, ...rest }: { loading: boolean; disabled?: boolean; testId: string; children: ReactNode; 'data-js-submit'?: string }) {
  return (
    <button type="submit" className={`${s.button} ${s.primary} ${loading ? s.loading : ''}`} disabled={disabled} data-testid={testId} aria-busy={loading || undefined} {...rest}>
      {loading && <span className={s.spinner} aria-hidden="true" />}
      {children}
    </button>
  );
}

/**
 * Without scripts the script-driven submit stays disabled, so a plain one takes its place: the form then
 * posts to the route handler. With scripts, <noscript> renders nothing.
 */
export function NoScriptSubmit({ label }: { label: string }) {
  return (
    <noscript>
      <style>{'[data-js-submit]{display:none!important}'}</style>
      <button type="submit" className={`${s.button} ${s.primary}`}>
        {label}
      </button>
    </noscript>
  );
}
