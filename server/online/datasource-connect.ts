import { lookup } from 'node:dns/promises';
import type { Logger } from 'pino';
import { ApiFailure } from '../core/errors';
import { createLogger, readLogLevel } from '../ops/logger';
import { addressProblem } from './address-rule';

/**
 * Where the server may connect for a user-configured database (测试连接, reports on a 数据源; issue #38): the host
 * name is resolved once here (every address), every address must pass ./address-rule.ts, and the connection then
 * goes to the checked IP, never to the name again, so a DNS answer that changes in between (rebinding) cannot move
 * it. Failures answer one message; the detail goes to the server log.
 */

/** The one answer of a failed connection: a verbatim error would tell closed, open and unreachable ports apart. */
export const CONNECT_FAILED = '连接失败，请检查地址、端口、数据库名、用户名和密码';

/** An edit or a test naming another host, port, database or user without typing the password. */
export const PASSWORD_AGAIN = '地址、端口、数据库或用户名已修改，请重新输入密码';

export interface PgTarget {
  host: string;
  port: number;
  database: string;
}

/** A target whose host is the checked IP; `hostname` is what the URL named (for logs, and TLS servername if used). */
export interface CheckedTarget extends PgTarget {
  hostname: string;
}

type Resolve = (host: string) => Promise<{ address: string }[]>;

const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

let log: Logger | null = null;

/** The data-source logger (pino, the process's format and level: LOG_LEVEL), made on first use. */
export function dataSourceLog(): Logger {
  log ??= createLogger({ level: readLogLevel() }).child({ module: 'datasource' });
  return log;
}

/**
 * Resolves `target.host` and checks every address it has; answers the target with the first address as host.
 * Throws ApiFailure: the address rule's message when any address is refused, CONNECT_FAILED when the name does
 * not resolve.
 */
export async function checkedTarget(target: PgTarget, opts: { allowLoopback: boolean }, resolve: Resolve = systemResolve): Promise<CheckedTarget> {
  let addresses: { address: string }[];
  try {
    addresses = await resolve(target.host);
  } catch (e) {
    dataSourceLog().warn({ host: target.host, err: e instanceof Error ? e.message : String(e) }, 'data source host did not resolve');
    throw new ApiFailure(CONNECT_FAILED);
  }
  if (!addresses.length) throw new ApiFailure(CONNECT_FAILED);
  for (const { address } of addresses) {
    const problem = addressProblem(address, opts);
    if (problem) {
      dataSourceLog().warn({ host: target.host, address }, 'data source address refused');
      throw new ApiFailure(problem);
    }
  }
  return { host: addresses[0].address, hostname: target.host, port: target.port, database: target.database };
}

/** The same server, database and user (host names compared without case): only then may a stored password go. */
export function sameTarget(a: PgTarget & { user: string }, b: PgTarget & { user: string }): boolean {
  return a.host.toLowerCase() === b.host.toLowerCase() && a.port === b.port && a.database === b.database && a.user === b.user;
}
