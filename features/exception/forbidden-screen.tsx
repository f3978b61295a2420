'use client';

import { ExceptionPage } from '@/components/exception/exception-page';

export default function ForbiddenScreen() {
  return <ExceptionPage type="403" />;
}
