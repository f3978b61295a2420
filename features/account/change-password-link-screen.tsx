'use client';

import { ForwardToSecurity } from './forward-to-security';

/**
 * 修改密码 (edu/ChangePassword, issue #23 item 9): no second implementation. The shell already goes to 安全设置
 * for this alias before any tab opens (ScreenEntry `redirect`, components/shell/console-shell.tsx); should the
 * screen render anyway (another shell, a kept page shown again), it replaces the address itself.
 */
export default function ChangePasswordLinkScreen() {
  return <ForwardToSecurity testId="change-password-link" linkTestId="change-password-link-go" label="前往安全设置修改密码" />;
}
