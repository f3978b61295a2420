/**
 * Menu, button and page-control permissions (spec 01 §6, contract §3), pure and isomorphic.
 * Storage is only touched through the Storage object handed in.
 */
import type { AuthEntry, MenuNode } from './menu-types';
import { LOGIN_USER_BUTTON_AUTH, SYS_BUTTON_AUTH } from './storage-keys';

export type { AuthEntry } from './menu-types';

/* ------------------------------------------------------------------ menu filtering */

/**
 * Spec 01 §6: a node shows when it has no permission requirement (`meta.permission` absent or empty)
 * or when any of its required codes is held. Children are filtered recursively. A parent that had
 * children and has none left after filtering is removed; a parent whose remaining children are all
 * flagged `hidden` stays reachable but is marked hidden itself (contract §3: "a node whose children are
 * all hidden is hidden"). The input is never mutated; kept nodes are shallow copies.
 */
export function filterMenu(nodes: readonly MenuNode[], userPermissionCodes: Iterable<string>): MenuNode[] {
  const held = new Set(userPermissionCodes);
  const walk = (list: readonly MenuNode[]): MenuNode[] => {
    const out: MenuNode[] = [];
    for (const node of list) {
      const required = node.meta?.permission ?? [];
      if (required.length > 0 && !required.some((code) => held.has(code))) continue;
      if (node.children && node.children.length > 0) {
        const children = walk(node.children);
        if (children.length === 0) continue;
        const copy: MenuNode = { ...node, children };
        if (children.every((c) => c.hidden)) copy.hidden = true;
        out.push(copy);
      } else {
        out.push({ ...node });
      }
    }
    return out;
  };
  return walk(nodes);
}

/* ------------------------------------------------------------------ button permissions */

/** Context of a permission check: the stored lists and, inside a workflow node form, the node's own list. */
export interface AuthContext {
  /** The user's entries (`auth`, sessionStorage LOGIN_USER_BUTTON_AUTH). */
  auth: readonly AuthEntry[];
  /** Every entry of the system (`allAuth`, sessionStorage SYS_BUTTON_AUTH). */
  allAuth: readonly AuthEntry[];
  /** A workflow node's `permissionList`; when non-empty it governs instead of the stored lists. */
  nodePermissionList?: readonly AuthEntry[] | null;
}

/** The codes an entry stands for: `action` with comma lists split and blanks dropped (spec 01 §6). */
export function actionCodes(entry: Pick<AuthEntry, 'action'>): string[] {
  return (entry.action ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

const isControl = (e: AuthEntry) => String(e.type) === '2';
const isInactive = (e: AuthEntry) => String(e.status) === '0';
const mentions = (e: AuthEntry, code: string) => actionCodes(e).includes(code);
const nodeList = (ctx: AuthContext) => (ctx.nodePermissionList && ctx.nodePermissionList.length > 0 ? ctx.nodePermissionList : null);

/**
 * The button directive of spec 01 §6 (JeecgBoot `v-has`): an element is REMOVED unless allowed.
 * - Inside a workflow node form whose `permissionList` is non-empty, that list governs instead: the
 *   element is allowed exactly when one of its non-type-2 entries names the code. (JeecgBoot falls
 *   back to the global lists when the node list misses the code; the spec says the node list governs,
 *   so it does. An empty or absent node list means "no node configuration" and the global rule applies.)
 * - Otherwise a non-type-2 entry of `allAuth` naming the code with status '0' grants directly (the rule
 *   is switched off system-wide).
 * - Otherwise the user's non-type-2 `auth` entries, comma lists split, must include the code.
 * A code nobody configured is therefore hidden by this strict directive; see `authMode` for the
 * lenient combined rule.
 */
export function hasButtonAuth(code: string, ctx: AuthContext): boolean {
  const node = nodeList(ctx);
  if (node) return node.some((e) => !isControl(e) && mentions(e, code));
  if (ctx.allAuth.some((e) => !isControl(e) && isInactive(e) && mentions(e, code))) return true;
  return ctx.auth.some((e) => !isControl(e) && mentions(e, code));
}

/** DESIGN.md §3 names the directive `hasAuth`. */
export const hasAuth = hasButtonAuth;

export type AuthMode = 'show' | 'hide' | 'disable';

/**
 * How to render an element guarded by `code`, combining the directive with the JeecgBoot semantics of
 * contract §3 ("a button whose code is in allAuth with type '1' is hidden unless in auth, type '2'
 * rendered disabled"). Decisions, in order:
 * 1. Workflow node form (non-empty `nodePermissionList`): an entry naming the code governs — type '2'
 *    → 'disable', any other type → 'show'. If the node list does not name the code, a code that
 *    `allAuth` governs as a button (type '1') is 'hide' (the node list governs buttons, as in
 *    `hasButtonAuth`); everything else continues with the global rules below.
 * 2. A code `allAuth` does not mention at all is not governed → 'show'.
 * 3. Button rule (non-type-2 `allAuth` entries): if any such entry has status '0' the rule is switched
 *    off; otherwise the user must hold the code in a non-type-2 `auth` entry, else 'hide'.
 *    The button rule is checked first, so a code governed both ways and not held is hidden.
 * 4. Control rule (type-2 `allAuth` entries): a status-'0' entry cancels the disabling; otherwise a
 *    user `auth` entry naming the code (any type) lifts it, else 'disable'.
 * 5. Otherwise 'show'.
 */
export function authMode(code: string, ctx: AuthContext): AuthMode {
  const node = nodeList(ctx);
  if (node) {
    const hits = node.filter((e) => mentions(e, code));
    if (hits.some((e) => !isControl(e))) return 'show';
    if (hits.length > 0) return 'disable';
  }
  const governing = ctx.allAuth.filter((e) => mentions(e, code));
  const buttons = governing.filter((e) => !isControl(e));
  const controls = governing.filter(isControl);
  if (node && buttons.length > 0) return 'hide';
  if (governing.length === 0) return 'show';
  if (buttons.length > 0 && !buttons.some(isInactive)) {
    if (!ctx.auth.some((e) => !isControl(e) && mentions(e, code))) return 'hide';
  }
  if (controls.length > 0 && !controls.some(isInactive)) {
    if (!ctx.auth.some((e) => mentions(e, code))) return 'disable';
  }
  return 'show';
}

/* ------------------------------------------------------------------ page controls */

/**
 * Page controls disabled for this user (spec 01 §6, JeecgBoot `disabledAuthFilter`): every type-2
 * action of the global list is disabled, unless a global type-2 entry for that action has status '0'
 * (cancels the disabling) or the user's list has a type-2 entry for it (lifts it).
 */
export function disabledControls(globalAll: readonly AuthEntry[], userAuth: readonly AuthEntry[]): Set<string> {
  const cancelled = new Set(globalAll.filter((e) => isControl(e) && isInactive(e)).flatMap(actionCodes));
  const lifted = new Set(userAuth.filter(isControl).flatMap(actionCodes));
  const out = new Set<string>();
  for (const e of globalAll) {
    if (!isControl(e)) continue;
    for (const code of actionCodes(e)) if (!cancelled.has(code) && !lifted.has(code)) out.add(code);
  }
  return out;
}

/**
 * Spec 01 §6 "Type 1 entries give visible actions": the global type-1 actions that are enabled
 * (status '1'), minus those the user already has (user type-1 entries). This is JeecgBoot's
 * `getNoAuthCols`: the governed actions the user LACKS, which `colAuthFilter` then hides (see
 * `authorizedColumns`). With a prefix (e.g. 'edu:location:') only actions starting with it are
 * considered and they are returned with the prefix removed, so they can be compared with column keys.
 * Order is the global list's order, without duplicates.
 */
export function visibleActions(globalAll: readonly AuthEntry[], userAuth: readonly AuthEntry[], prefix?: string): string[] {
  const pre = prefix ?? '';
  const strip = (code: string) => code.slice(pre.length);
  const held = new Set(
    userAuth
      .filter((e) => String(e.type) === '1')
      .flatMap(actionCodes)
      .filter((c) => c.startsWith(pre))
      .map(strip),
  );
  const out: string[] = [];
  for (const e of globalAll) {
    if (String(e.type) !== '1' || String(e.status) !== '1') continue;
    for (const code of actionCodes(e)) {
      if (!code.startsWith(pre)) continue;
      const name = strip(code);
      if (!held.has(name) && !out.includes(name)) out.push(name);
    }
  }
  return out;
}

/** JeecgBoot `colAuthFilter`: drops the columns whose `dataIndex` is one of `visibleActions(…, prefix)`. */
export function authorizedColumns<C extends { dataIndex?: unknown }>(
  columns: readonly C[],
  globalAll: readonly AuthEntry[],
  userAuth: readonly AuthEntry[],
  prefix: string,
): C[] {
  const lacking = new Set(visibleActions(globalAll, userAuth, prefix));
  return columns.filter((c) => !(typeof c.dataIndex === 'string' && lacking.has(c.dataIndex)));
}

/* ------------------------------------------------------------------ ownership */

export interface OwnedRecord {
  ownBy?: string | null;
  createBy?: string | null;
}

export interface PermissionUser {
  id: string;
  username?: string;
  isAdmin?: number | string | null;
  isMarketing?: number | string | null;
}

const isOne = (v: number | string | null | undefined) => v !== null && v !== undefined && String(v).trim() === '1';

/**
 * Spec 01 §6: a record can be edited or removed by its owner (ownBy equals the user id), or by a user
 * with isAdmin = 1 or isMarketing = 1 (number or string). Decision: a record that carries no ownBy at
 * all (null/undefined/'') falls back to its creator — `createBy` (JeecgBoot stores the username there)
 * equal to the user's username. A record whose ownBy names someone else is never the user's.
 */
export function canEdit(record: OwnedRecord, user: PermissionUser): boolean {
  if (isOne(user.isAdmin) || isOne(user.isMarketing)) return true;
  if (record.ownBy) return record.ownBy === user.id;
  return !!record.createBy && !!user.username && record.createBy === user.username;
}

/* ------------------------------------------------------------------ warning helper */

/** Spec 01 §5: the permission check helper's warning. */
export const NO_PERMISSION_WARNING = Object.freeze({ title: '提示', content: '没有权限查看' } as const);

/** The warning to show when `code` is not granted (by `hasButtonAuth`), else null. */
export function permissionWarning(code: string, ctx: AuthContext): typeof NO_PERMISSION_WARNING | null {
  return hasButtonAuth(code, ctx) ? null : NO_PERMISSION_WARNING;
}

/* ------------------------------------------------------------------ session storage */

type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** Spec 01 §6: `auth` and `allAuth` are kept in session storage as JSON arrays. */
export function storeAuthLists(storage: KeyValueStorage, auth: readonly AuthEntry[], allAuth: readonly AuthEntry[]): void {
  storage.setItem(LOGIN_USER_BUTTON_AUTH, JSON.stringify(auth ?? []));
  storage.setItem(SYS_BUTTON_AUTH, JSON.stringify(allAuth ?? []));
}

function parseEntries(raw: string | null): AuthEntry[] {
  if (!raw) return [];
  try {
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value
      .filter((e): e is Record<string, unknown> => !!e && typeof e === 'object' && typeof (e as { action?: unknown }).action === 'string')
      .map((e) => {
        const entry: AuthEntry = { action: e.action as string, type: String(e.type ?? ''), describe: typeof e.describe === 'string' ? e.describe : '' };
        if (e.status !== undefined && e.status !== null) entry.status = String(e.status);
        return entry;
      });
  } catch {
    return [];
  }
}

/** Reads both lists back; a missing or malformed value reads as an empty list (entries without a string action are dropped). */
export function readAuthLists(storage: Pick<Storage, 'getItem'>): { auth: AuthEntry[]; allAuth: AuthEntry[] } {
  return { auth: parseEntries(storage.getItem(LOGIN_USER_BUTTON_AUTH)), allAuth: parseEntries(storage.getItem(SYS_BUTTON_AUTH)) };
}
