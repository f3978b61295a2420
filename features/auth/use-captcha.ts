import { useCallback, useEffect, useRef, useState } from 'react';
import { http } from '@/lib/http';
import { errorText } from './error-text';

export interface CaptchaState {
  /** The key the image was issued for; the login call sends it as `checkKey`. */
  checkKey: string;
  image: string | null;
  error: string | null;
  refresh: () => void;
}

type Loaded = Omit<CaptchaState, 'refresh'>;

const newCheckKey = () => `${Date.now()}${Math.random().toString(36).slice(2, 8)}`;

async function loadCaptcha(): Promise<Loaded> {
  const checkKey = newCheckKey();
  try {
    const res = await http.get<string>(`/sys/randomImage/${checkKey}`);
    return { checkKey, image: res.result, error: null };
  } catch (e) {
    return { checkKey, image: null, error: errorText(e, '验证码加载失败') };
  }
}

/** Loads a captcha image when `enabled`; captchas are single use, so refresh after every failed login. */
export function useCaptcha(enabled: boolean): CaptchaState {
  const [state, setState] = useState<Loaded>({ checkKey: '', image: null, error: null });
  // Only the most recent request may land (a slow older answer must not overwrite a newer key).
  const generation = useRef(0);

  const load = useCallback(() => {
    const mine = ++generation.current;
    return loadCaptcha().then((next) => {
      if (generation.current === mine) setState(next);
    });
  }, []);

  useEffect(() => {
    if (enabled) void load();
  }, [enabled, load]);

  return { ...state, refresh: () => void load() };
}
