'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { Flex, Spin } from 'antd';

export const SECURITY_PATH = '/account/settings/security';

/**
 * A page that only leads to 安全设置 (账户设置's landing page, the 教育 menu's 修改密码): it replaces the address
 * whenever its own path is the current one again, since the shell keeps visited screens alive.
 */
export function ForwardToSecurity({ testId, linkTestId, label }: { testId: string; linkTestId?: string; label: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [home] = useState(pathname);
  useEffect(() => {
    if (pathname === home) router.replace(SECURITY_PATH);
  }, [pathname, home, router]);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} data-testid={testId}>
      <Spin />
      <Link href={SECURITY_PATH} replace data-testid={linkTestId}>
        {label}
      </Link>
    </Flex>
  );
}
