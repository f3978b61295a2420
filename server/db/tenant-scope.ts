import { AsyncLocalStorage } from 'node:async_hooks';
import {
  AliasNode,
  AndNode,
  BinaryOperationNode,
  ColumnNode,
  IdentifierNode,
  InsertQueryNode,
  JoinNode,
  OnNode,
  OperationNodeTransformer,
  OperatorNode,
  PrimitiveValueListNode,
  ReferenceNode,
  SelectQueryNode,
  TableNode,
  ValueListNode,
  ValueNode,
  ValuesNode,
  WhereNode,
  type DeleteQueryNode,
  type KyselyPlugin,
  type OperationNode,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  type UnknownRow,
  type UpdateQueryNode,
} from 'kysely';

/**
 * 租户 (issue #24 item 3): every business table (tbl_*) carries tenant_id, and every query a request makes sees and
 * writes its own tenant's rows only, as JeecgBoot's TenantLineInnerInterceptor does for MyBatis. The embedded backend's
 * auth middleware runs the rest of the request inside `runInTenant`; this Kysely plugin then adds
 * `<table>.tenant_id = <tenant>` to every reference of a business table in a SELECT (FROM and JOIN, subqueries and
 * CTEs included), UPDATE and DELETE, and sets tenant_id on every INSERT (a value the caller sent is replaced). A row of
 * another tenant is therefore not found, whichever endpoint asks. Outside a request (the seed, scheduled jobs, the
 * start-up scans) nothing is added: those work across tenants. Raw `sql` statements are not rewritten: the few that
 * insert into a business table name `currentTenant()` themselves (docs/architecture.md, "Tenants").
 */

/** The tenant of installations that never made a second one (seeded, and the column default of every business table). */
export const DEFAULT_TENANT_ID = 1;

const storage = new AsyncLocalStorage<number>();

/** Runs `fn` (and everything it awaits) scoped to `tenantId`. */
export function runInTenant<T>(tenantId: number, fn: () => T): T {
  return storage.run(tenantId, fn);
}

/** The tenant of the request being served, or undefined outside one. */
export function currentTenant(): number | undefined {
  return storage.getStore();
}

/** Runs `fn` across tenants (a deliberate cross-tenant read, such as a uniqueness check the database also enforces globally). */
export function acrossTenants<T>(fn: () => T): T {
  return storage.exit(fn);
}

/**
 * Business tables without a tenant of their own: the lead pool's settings are the installation's (one row, used by
 * the cross-tenant auto-return job), and live presence is written by sockets outside any request and read through a
 * session that is already the tenant's.
 */
const NOT_SCOPED = new Set(['tbl_lead_pool_config', 'tbl_live_presence']);

/** The tenant ids a user belongs to (sys_user.rel_tenant_ids, comma-joined as JeecgBoot stores them), as strings. */
export const memberTenantIds = (relTenantIds: string | null | undefined): string[] =>
  (relTenantIds ?? '').split(',').map((s) => s.trim()).filter(Boolean);

export const isTenantTable = (name: string) => name.startsWith('tbl_') && !NOT_SCOPED.has(name);

const TENANT_COLUMN = 'tenant_id';

/** The business table a FROM / JOIN item names, and the name its columns go by (the alias when there is one). */
function scopedTable(item: OperationNode): { table: string; ref: string } | null {
  let node = item;
  let alias: string | undefined;
  if (AliasNode.is(node)) {
    if (IdentifierNode.is(node.alias)) alias = node.alias.name;
    node = node.node;
  }
  if (!TableNode.is(node)) return null;
  const table = node.table.identifier.name;
  if (!isTenantTable(table) || node.table.schema) return null;
  return { table, ref: alias ?? table };
}

function tenantCondition(ref: string, tenantId: number): OperationNode {
  return BinaryOperationNode.create(
    ReferenceNode.create(ColumnNode.create(TENANT_COLUMN), TableNode.create(ref)),
    OperatorNode.create('='),
    ValueNode.create(tenantId),
  );
}

const andAll = (conds: OperationNode[]) => conds.reduce((a, b) => AndNode.create(a, b));

function withWhere<T extends { where?: WhereNode }>(node: T, conds: OperationNode[]): T {
  if (!conds.length) return node;
  const cond = andAll(conds);
  return { ...node, where: node.where ? WhereNode.cloneWithOperation(node.where, 'And', cond) : WhereNode.create(cond) };
}

/** Joins keep their meaning: the tenant condition goes into a join's ON (a LEFT JOIN stays a LEFT JOIN). */
function scopeJoins(joins: ReadonlyArray<JoinNode> | undefined, tenantId: number, whereConds: OperationNode[]): ReadonlyArray<JoinNode> | undefined {
  return joins?.map((j) => {
    const t = scopedTable(j.table);
    if (!t) return j;
    const cond = tenantCondition(t.ref, tenantId);
    if (j.on) return { ...j, on: OnNode.cloneWithOperation(j.on, 'And', cond) };
    if (j.joinType === 'CrossJoin' || j.joinType === 'LateralCrossJoin') {
      whereConds.push(cond);
      return j;
    }
    return JoinNode.cloneWithOn(j, cond);
  });
}

class TenantTransformer extends OperationNodeTransformer {
  constructor(private readonly tenantId: number) {
    super();
  }

  protected override transformSelectQuery(node: SelectQueryNode, queryId?: QueryId): SelectQueryNode {
    const inner = super.transformSelectQuery(node, queryId);
    const conds: OperationNode[] = [];
    for (const f of inner.from?.froms ?? []) {
      const t = scopedTable(f);
      if (t) conds.push(tenantCondition(t.ref, this.tenantId));
    }
    const joins = scopeJoins(inner.joins, this.tenantId, conds);
    return withWhere({ ...inner, joins }, conds);
  }

  protected override transformUpdateQuery(node: UpdateQueryNode, queryId?: QueryId): UpdateQueryNode {
    const inner = super.transformUpdateQuery(node, queryId);
    const conds: OperationNode[] = [];
    const target = inner.table ? scopedTable(inner.table) : null;
    if (target) conds.push(tenantCondition(target.ref, this.tenantId));
    for (const f of inner.from?.froms ?? []) {
      const t = scopedTable(f);
      if (t) conds.push(tenantCondition(t.ref, this.tenantId));
    }
    const joins = scopeJoins(inner.joins, this.tenantId, conds);
    // tenant_id is not the caller's to change.
    const updates = inner.updates?.filter((u) => !(ColumnNode.is(u.column) && u.column.column.name === TENANT_COLUMN));
    return withWhere({ ...inner, joins, updates }, conds);
  }

  protected override transformDeleteQuery(node: DeleteQueryNode, queryId?: QueryId): DeleteQueryNode {
    const inner = super.transformDeleteQuery(node, queryId);
    const conds: OperationNode[] = [];
    for (const f of inner.from.froms) {
      const t = scopedTable(f);
      if (t) conds.push(tenantCondition(t.ref, this.tenantId));
    }
    for (const f of inner.using?.tables ?? []) {
      const t = scopedTable(f);
      if (t) conds.push(tenantCondition(t.ref, this.tenantId));
    }
    const joins = scopeJoins(inner.joins, this.tenantId, conds);
    return withWhere({ ...inner, joins }, conds);
  }

  protected override transformInsertQuery(node: InsertQueryNode, queryId?: QueryId): InsertQueryNode {
    const inner = super.transformInsertQuery(node, queryId);
    const table = inner.into ? scopedTable(inner.into) : null;
    if (!table || !inner.columns || !inner.values || !ValuesNode.is(inner.values)) return inner;
    const at = inner.columns.findIndex((c) => c.column.name === TENANT_COLUMN);
    const tenant = this.tenantId;
    const values = inner.values.values.map((row) => {
      if (PrimitiveValueListNode.is(row)) {
        const v = [...row.values];
        if (at >= 0) v[at] = tenant;
        else v.push(tenant);
        return PrimitiveValueListNode.create(v);
      }
      if (ValueListNode.is(row)) {
        const v = [...row.values];
        if (at >= 0) v[at] = ValueNode.create(tenant);
        else v.push(ValueNode.create(tenant));
        return ValueListNode.create(v);
      }
      return row;
    });
    const columns = at >= 0 ? inner.columns : [...inner.columns, ColumnNode.create(TENANT_COLUMN)];
    return InsertQueryNode.cloneWith(inner, { columns, values: ValuesNode.create(values) });
  }
}

/** The Kysely plugin both database kinds are opened with (server/db/index.ts). */
export class TenantScopePlugin implements KyselyPlugin {
  transformQuery(args: PluginTransformQueryArgs): RootOperationNode {
    const tenantId = storage.getStore();
    if (tenantId === undefined) return args.node;
    return new TenantTransformer(tenantId).transformNode(args.node, args.queryId);
  }

  async transformResult(args: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return args.result;
  }
}
