'use client';

import { PasswordFields } from '@/features/auth/password-fields';

/**
 * 新密码 and 确认新密码 as labelled fields named like the backend's body (`password`,
 * `confirmpassword`): the sign-in pages' PasswordFields with labels.
 */
export function NewPasswordFields({ testIdPrefix }: { testIdPrefix: string }) {
  return (
    <PasswordFields
      passwordPlaceholder="新密码"
      confirmPlaceholder="确认新密码"
      confirmName="confirmpassword"
      labels={{ password: '新密码', confirm: '确认新密码' }}
      requiredMessages={{ password: '请输入新密码', confirm: '请确认新密码' }}
      testIdPrefix={testIdPrefix}
    />
  );
}
