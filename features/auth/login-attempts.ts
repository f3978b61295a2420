/**
 * The embedded backend answers a wrong password with JeecgBoot's own message and, in `result`, how many
 * tries are left before sign-in is locked (server/auth/throttle.ts). A JeecgBoot server sends no such
 * result, and the message is then shown alone.
 */
export function withAttemptsLeft(message: string, result: unknown): string {
  if (!result || typeof result !== 'object') return message;
  const { remainingAttempts: left, lockMinutes } = result as { remainingAttempts?: unknown; lockMinutes?: unknown };
  if (typeof left !== 'number' || typeof lockMinutes !== 'number' || !Number.isInteger(left) || left < 0) return message;
  if (left === 0) return `${message}，失败次数过多，请${lockMinutes}分钟后再试`;
  return `${message}，还可尝试${left}次，之后将锁定${lockMinutes}分钟`;
}
