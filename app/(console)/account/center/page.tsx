import type { Metadata } from 'next';
import { AccountCenter } from '@/features/account/account-center';
import { loadAccountInfo } from '@/features/account/load-account-info';

export const metadata: Metadata = { title: '个人中心' };

export default async function AccountCenterPage() {
  return <AccountCenter account={await loadAccountInfo()} />;
}
