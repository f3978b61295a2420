'use client';

import { Result } from 'antd';
import { NO_PERMISSION_WARNING } from '@/lib/permissions';

/** Shown instead of a list the user may not read (spec 01 §5: 提示 / 没有权限查看); nothing is requested. */
export function NoPermission({ code }: { code: string }) {
  return <Result status="403" title={NO_PERMISSION_WARNING.title} subTitle={NO_PERMISSION_WARNING.content} data-testid="no-permission" data-code={code} />;
}
