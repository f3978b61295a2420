'use client';

import { useCallback } from 'react';
import { App } from 'antd';
import { ApiError } from '@/lib/http';
import { planError, RELOGIN_TEXT, SESSION_EXPIRED_CONTENT, SESSION_EXPIRED_TITLE } from '@/lib/error-plan';
import { clearLoginState } from '@/lib/login-state';

let expiredModalOpen = false;

function goLogin() {
  clearLoginState(window.localStorage, window.sessionStorage);
  const back = window.location.pathname + window.location.search;
  // A full navigation on purpose: the server must render login without the dead session.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign(`/user/login?redirect=${encodeURIComponent(back)}`);
}

/** Shows a failed call the way spec 01 §8 says; returns the handler. Never throws. */
export function useApiError() {
  const { message, modal, notification } = App.useApp();
  return useCallback(
    (e: unknown) => {
      if (!(e instanceof ApiError)) {
        message.error(e instanceof Error ? e.message : '操作失败');
        return;
      }
      const plan = planError({ status: e.status, code: e.code, message: e.message });
      switch (plan.kind) {
        case 'session-expired':
          if (expiredModalOpen) return;
          expiredModalOpen = true;
          modal.error({
            title: SESSION_EXPIRED_TITLE,
            content: SESSION_EXPIRED_CONTENT,
            okText: RELOGIN_TEXT,
            mask: { closable: false },
            keyboard: false,
            onOk: goLogin,
          });
          return;
        case 'unauthorized':
          notification.error({ title: '系统提示', description: plan.message, duration: 4 });
          window.setTimeout(goLogin, plan.logoutAfterMs);
          return;
        case 'notice':
          notification.error({ title: plan.title, description: plan.description, duration: 4 });
          return;
        case 'warning':
          message.warning(plan.message);
          return;
        default:
          message.error(plan.message);
      }
    },
    [message, modal, notification],
  );
}
