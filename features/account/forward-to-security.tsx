'use client';

import { useEffect, useState } from 'react';
import Link from 'next/link';
import { usePathname, useRouter } from 'next/navigation';
import { Flex, Spin } from 'antd';

export const SECURITY_PATH = '/account/settings/security';

/**
 * A page that only leads to 安全设置 (or `to`) (账户设置's landing page, the 教育 menu's 修改密码): it replaces the address
 * whenever its own path is the current one again, since the shell keeps visited screens alive.
 */
export function ForwardToSecurity({ testId, linkTestId, label, to = SECURITY_PATH }: { testId: string; linkTestId?: string; label: string; to?: string }) {
  const router = useRouter();
  const pathname = usePathname();
  const [home] = useState(pathname);
  useEffect(() => {
    if (pathname === home) router.replace(to);
  }, [pathname, home, router, to]);
  return (
    <Flex vertical align="center" gap={16} style={{ padding: 48 }} data-testid={testId}>
      <Spin />
      <Link href={to} replace data-testid={linkTestId}>
        {label}
      </Link>
    </Flex>
  );
}
