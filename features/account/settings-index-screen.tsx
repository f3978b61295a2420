'use client';

import { ForwardToSecurity } from './forward-to-security';

/** 账户设置 (account/settings/Index): the folder's landing page only forwards to 安全设置. */
export default function SettingsIndexScreen() {
  return <ForwardToSecurity testId="account-settings-index" label="前往安全设置" />;
}
