'use client';

import { ExceptionPage } from '@/components/exception/exception-page';

export default function NotFoundScreen() {
  return <ExceptionPage type="404" />;
}
