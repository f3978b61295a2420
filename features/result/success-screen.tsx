'use client';

import { ResultScreen } from './result-screen';

export default function SuccessScreen() {
  return <ResultScreen status="success" />;
}
