'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { Flex, Spin } from 'antd';
import { SCREENS } from '@/lib/screens';

/** 安全设置 holds the one password change (账户设置); the 教育 menu's 修改密码 only leads there. */
export const SECURITY_PATH = SCREENS.find((s) => s.component === 'edu/ChangePassword')?.redirect ?? '/account/settings/security';

/**
 * 修改密码 (edu/ChangePassword, issue #23 item 9): no second implementation. The shell already goes to 安全设置
 * for this alias before any tab opens (ScreenEntry `redirect`, components/shell/console-shell.tsx); should the
 * screen render anyway (another shell, a kept page shown again), it replaces the address itself.
 */
export default function ChangePasswordLinkScreen() {
  const router = useRouter();
  const pathname = usePathname();
  // Kept-alive screens stay mounted on other routes: only its own path is redirected.
  const [home] = useState(pathname);
  useEffect(() => {
    if (pathname === home) router.replace(SECURITY_PATH);
  }, [pathname, home, router]);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} data-testid="change-password-link">
      <Spin />
      <Link href={SECURITY_PATH} replace data-testid="change-password-link-go">
        前往安全设置修改密码
      </Link>
    </Flex>
  );
}
