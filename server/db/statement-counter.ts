import { AsyncLocalStorage } from 'node:async_hooks';
import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/**
 * Statements per request (issue #28): a Kysely plugin that counts the statements run inside `countStatements(fn)`
 * (everything `fn` awaits, through AsyncLocalStorage). Outside such a scope it does nothing but one store lookup,
 * so it is installed on every database (server/db/index.ts) and used by the request-statements test and
 * bench/list-throughput.ts. Each statement is noted as `<kind> <first table>` (e.g. `select sys_user_session`),
 * which is what a failing test prints.
 */

const scope = new AsyncLocalStorage<string[]>();

/** `select sys_user`, `insert sys_log`, `raw`: the kind of a statement and the first table it names. */
export function describeStatement(node: RootOperationNode): string {
  const kind = node.kind.replace(/QueryNode$|Node$/, '').toLowerCase();
  return `${kind} ${firstTable(node) ?? '-'}`.trim();
}

function firstTable(node: OperationNode): string | undefined {
  const n = node as unknown as Record<string, unknown>;
  if (node.kind === 'TableNode') {
    const t = (n.table as { identifier?: { name?: string } }).identifier?.name;
    if (t) return t;
  }
  // The statement's own target first (FROM / INTO / UPDATE table), then anything below.
  for (const key of ['from', 'into', 'table', 'froms', 'node', 'query']) {
    const v = n[key];
    const found = Array.isArray(v) ? v.map((x) => firstTable(x as OperationNode)).find(Boolean) : v && typeof v === 'object' && 'kind' in v ? firstTable(v as OperationNode) : undefined;
    if (found) return found;
  }
  return undefined;
}

/** Runs `fn` and answers what it answered together with the statements it ran (in order). */
export async function countStatements<T>(fn: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const statements: string[] = [];
  const result = await scope.run(statements, fn);
  return { result, statements };
}

export class StatementCounterPlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    scope.getStore()?.push(describeStatement(args.node));
    return args.node;
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
