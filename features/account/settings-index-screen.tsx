'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { Flex, Spin } from 'antd';

const SECURITY_PATH = '/account/settings/security';

/**
 * 账户设置 (account/settings/Index): the folder's landing page only forwards to 安全设置. It runs
 * whenever its own path is the current one again, since the shell keeps visited screens alive.
 */
export default function SettingsIndexScreen() {
  const router = useRouter();
  const pathname = usePathname();
  const [home] = useState(pathname);

  useEffect(() => {
    if (pathname === home) router.replace(SECURITY_PATH);
  }, [pathname, home, router]);

  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} data-testid="account-settings-index">
      <Spin />
      <Link href={SECURITY_PATH} replace>
        前往安全设置
      </Link>
    </Flex>
  );
}
