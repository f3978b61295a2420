'use client';

import { ConsoleShell, type ConsoleShellProps } from '@/components/shell/console-shell';
import { screenFor } from '@/features/shell-pages';

/**
 * The shell with the screens plugged in. A client module because the layout (a server component) cannot
 * pass a function prop to a client component; here app/ joins components/ (the shell) and features/ (the screens).
 */
export function ConsoleFrame(props: Omit<ConsoleShellProps, 'screenFor'>) {
  return <ConsoleShell {...props} screenFor={screenFor} />;
}
