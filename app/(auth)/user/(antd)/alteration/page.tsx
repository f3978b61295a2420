import type { Metadata } from 'next';
import { AlterationForm } from '@/features/auth/alteration-form';

export const metadata: Metadata = { title: '找回密码' };

export default function AlterationPage() {
  return <AlterationForm />;
}
