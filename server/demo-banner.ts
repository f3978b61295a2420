import type { DemoUser } from './seed/seed-data';

/** The start banner's sign-in line: every demo user who can sign in (frozen ones are left out), as the README lists them. */
export function demoSignInLine(users: readonly Pick<DemoUser, 'username' | 'status'>[], password: string): string {
  const names = users.filter((u) => u.status === 1).map((u) => u.username);
  return `Demo sign-in: ${names.join(', ')}; password ${password}`;
}
