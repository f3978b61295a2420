import { sql } from 'kysely';
import type { Database } from '../db';
import type { SysGatewayRouteTable } from '../db/schema';
import { ApiFailure } from '../core/errors';
import { newId } from '../core/ids';
import { formatDateTime } from '../core/format';
import {
  bumpGatewayVersion,
  checkPathPrefix,
  checkUri,
  formatAllowedHost,
  GATEWAY_MESSAGES,
  hostAllowed,
  parseAllowlist,
  prefixFromPredicates,
  stripFromFilters,
  toFilters,
  toPredicates,
  type AllowedHost,
  type GatewayTarget,
} from '../../lib/gateway/route-rules';

/**
 * 网关路由 (issue #27 item 5): sys_gateway_route rows, validated on every save against the rules of
 * lib/gateway/route-rules.ts and the operator's allowlist (GATEWAY_ALLOWED_HOSTS, read at each call so a test
 * or a future reload sees the current value). The BFF reads `enabledGatewayTargets` in process.
 */

/** The allowlist as configured now (environment). */
export function gatewayAllowlist(env: NodeJS.ProcessEnv = process.env): { hosts: AllowedHost[]; invalid: string[] } {
  return parseAllowlist(env.GATEWAY_ALLOWED_HOSTS);
}

const COLUMNS = [
  'id', 'router_id', 'name', 'uri', 'predicates', 'filters', 'retryable', 'strip_prefix', 'persistable', 'show_api', 'status',
  'path_prefix', 'sort_order', 'create_by', 'create_time', 'update_by', 'update_time',
] as const;

type Row = Pick<SysGatewayRouteTable, 'id' | 'router_id' | 'name' | 'uri' | 'predicates' | 'filters' | 'path_prefix' | 'create_by' | 'update_by' | 'update_time'> & {
  retryable: number;
  strip_prefix: number;
  persistable: number;
  show_api: number;
  status: number;
  sort_order: number;
  create_time: Date;
};

const parseJson = (text: string | null) => {
  try {
    return text ? (JSON.parse(text) as unknown) : [];
  } catch {
    return [];
  }
};

/** JeecgBoot's list record (predicates and filters as arrays, as its controller answers) plus our columns. */
function toRecord(r: Row, allowlist: readonly AllowedHost[]) {
  let usable = false;
  try {
    usable = hostAllowed(new URL(r.uri), allowlist);
  } catch {
    usable = false;
  }
  return {
    id: r.id,
    routerId: r.router_id,
    name: r.name,
    uri: r.uri,
    predicates: parseJson(r.predicates),
    filters: parseJson(r.filters),
    retryable: r.retryable,
    stripPrefix: r.strip_prefix,
    stripPrefix_dictText: r.strip_prefix ? '是' : '否',
    persistable: r.persistable,
    showApi: r.show_api,
    status: r.status,
    status_dictText: r.status === 1 ? '有效' : '无效',
    pathPrefix: r.path_prefix,
    sortOrder: r.sort_order,
    /** The host is still on the allowlist: false means the BFF does not use this route now. */
    hostAllowed: usable,
    createBy: r.create_by,
    createTime: formatDateTime(r.create_time),
    updateBy: r.update_by,
    updateTime: formatDateTime(r.update_time),
  };
}

export async function listGatewayRoutes(db: Database) {
  const rows = await db.selectFrom('sys_gateway_route').select(COLUMNS).where('del_flag', '=', 0).orderBy('sort_order').orderBy('path_prefix').orderBy('id').execute();
  const { hosts } = gatewayAllowlist();
  return rows.map((r) => toRecord(r, hosts));
}

/** The enabled routes as the BFF matches them (it checks the allowlist again itself). */
export async function enabledGatewayTargets(db: Database): Promise<GatewayTarget[]> {
  const rows = await db.selectFrom('sys_gateway_route').select(['id', 'path_prefix', 'uri', 'strip_prefix', 'sort_order']).where('del_flag', '=', 0).where('status', '=', 1).execute();
  return rows.map((r) => ({ id: r.id, pathPrefix: r.path_prefix, uri: r.uri, stripPrefix: r.strip_prefix === 1, sortOrder: r.sort_order }));
}

/** What a save may carry: JeecgBoot's `router` object (predicates/filters JSON) and/or our plain columns. */
export interface GatewayRouteInput {
  id?: unknown;
  routerId?: unknown;
  name?: unknown;
  uri?: unknown;
  status?: unknown;
  predicates?: unknown;
  filters?: unknown;
  pathPrefix?: unknown;
  stripPrefix?: unknown;
  sortOrder?: unknown;
}

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : '');
const flag = (v: unknown): number | null => (v === undefined || v === null || v === '' ? null : v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0);

function fieldsOf(input: GatewayRouteInput) {
  const name = text(input.name);
  if (!name) throw new ApiFailure(GATEWAY_MESSAGES.nameRequired);
  if (name.length > 100) throw new ApiFailure(GATEWAY_MESSAGES.nameTooLong);
  const uri = checkUri(input.uri, gatewayAllowlist().hosts);
  if (!uri.ok) throw new ApiFailure(uri.message);
  // Our column wins; without it the prefix comes from JeecgBoot's Path predicate. Either way unsupported
  // predicates/filters are refused rather than silently ignored (a Host or Method condition would narrow a route).
  const fromPredicates = input.predicates === undefined ? null : prefixFromPredicates(input.predicates);
  if (fromPredicates && !fromPredicates.ok) throw new ApiFailure(fromPredicates.message);
  const fromFilters = input.filters === undefined ? null : stripFromFilters(input.filters);
  if (fromFilters && !fromFilters.ok) throw new ApiFailure(fromFilters.message);
  const prefix = checkPathPrefix(text(input.pathPrefix) || (fromPredicates?.ok ? fromPredicates.value : null));
  if (!prefix.ok) throw new ApiFailure(prefix.message);
  const strip = flag(input.stripPrefix) ?? (fromFilters?.ok && fromFilters.value ? 1 : 0);
  const status = flag(input.status) ?? 1;
  const order = input.sortOrder === undefined || input.sortOrder === null || input.sortOrder === '' ? 0 : Number(input.sortOrder);
  if (!Number.isInteger(order) || order < 0 || order > 9999) throw new ApiFailure('排序必须是0到9999的整数');
  const routerId = text(input.routerId) || prefix.value.slice(1).replace(/\//g, '-');
  if (routerId.length > 100 || !/^[A-Za-z0-9_.-]+$/.test(routerId)) throw new ApiFailure('路由ID只能包含字母、数字、点、下划线和连字符，最多100个字符');
  return {
    router_id: routerId,
    name,
    uri: uri.value,
    path_prefix: prefix.value,
    strip_prefix: strip,
    status,
    sort_order: order,
    predicates: JSON.stringify(toPredicates(prefix.value)),
    filters: JSON.stringify(toFilters(prefix.value, strip === 1)),
  };
}

const isUniqueViolation = (e: unknown) => !!e && typeof e === 'object' && (e as { code?: unknown }).code === '23505';

/** Adds (no id) or updates a route; answers whether it was an add. The BFF of this process follows at once. */
export async function saveGatewayRoute(db: Database, input: GatewayRouteInput, username: string): Promise<{ added: boolean }> {
  const id = text(input.id);
  const values = fieldsOf(input);
  if (id && !(await db.selectFrom('sys_gateway_route').select('id').where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst())) {
    throw new ApiFailure('未找到对应数据');
  }
  if (values.status === 1) {
    let q = db.selectFrom('sys_gateway_route').select('id').where('del_flag', '=', 0).where('status', '=', 1).where(sql<string>`lower(path_prefix)`, '=', values.path_prefix.toLowerCase());
    if (id) q = q.where('id', '<>', id);
    if (await q.executeTakeFirst()) throw new ApiFailure(GATEWAY_MESSAGES.prefixDuplicate(values.path_prefix));
  }
  try {
    if (id) {
      await db.updateTable('sys_gateway_route').set({ ...values, update_by: username, update_time: new Date() }).where('id', '=', id).execute();
    } else {
      await db.insertInto('sys_gateway_route').values({ id: newId(), ...values, create_by: username }).execute();
    }
  } catch (e) {
    if (isUniqueViolation(e)) throw new ApiFailure(GATEWAY_MESSAGES.prefixDuplicate(values.path_prefix));
    throw e;
  }
  bumpGatewayVersion();
  return { added: !id };
}

/** JeecgBoot deletes logically (its recycle bin); the row is disabled as well, as there. */
export async function deleteGatewayRoute(db: Database, id: string, username: string): Promise<void> {
  const r = await db
    .updateTable('sys_gateway_route')
    .set({ del_flag: 1, status: 0, update_by: username, update_time: new Date() })
    .where('id', '=', id)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (!Number(r.numUpdatedRows)) throw new ApiFailure('未找到对应数据');
  bumpGatewayVersion();
}

/** What the screen shows about the configuration (read-only). */
export function gatewayConfigInfo() {
  const { hosts, invalid } = gatewayAllowlist();
  return {
    allowedHosts: hosts.map(formatAllowedHost),
    invalidEntries: invalid,
    note: hosts.length ? null : GATEWAY_MESSAGES.allowlistEmpty,
  };
}

/** JeecgBoot's clearRedis: here the route cache of this process (other instances follow within their TTL). */
export function clearGatewayCache(): void {
  bumpGatewayVersion();
}
