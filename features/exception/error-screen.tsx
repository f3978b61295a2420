'use client';

import { ExceptionPage } from '@/components/exception/exception-page';

export default function ErrorScreen() {
  return <ExceptionPage type="500" />;
}
