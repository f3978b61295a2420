'use client';

import { ForwardToSecurity } from './forward-to-security';
import { BASE_SETTING_PATH } from './settings/settings-layout';

/** 账户设置 (account/settings/Index): the folder's landing page only forwards to its first tab, 基本设置. */
export default function SettingsIndexScreen() {
  return <ForwardToSecurity testId="account-settings-index" label="前往基本设置" to={BASE_SETTING_PATH} />;
}
