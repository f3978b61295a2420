'use client';

import { ResultScreen } from './result-screen';

export default function FailScreen() {
  return <ResultScreen status="error" />;
}
