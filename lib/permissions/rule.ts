/**
 * The one permission rule (issue #19): the button directive of spec 01 §6, applied by the client to show a
 * button and by the embedded backend to allow the action behind it (server/core/perm.ts `requirePerm`), on
 * the same facts — the user's button rows and the rows switched off system-wide — read from sys_permission
 * as contract §3's `auth` and `allAuth` (`authLists`). Pure: both sides import it. Proved on one table of
 * cases from both sides: ./rule-cases.ts.
 *
 * JeecgBoot's meanings, which the rule keeps:
 * - status '0' (无效) switches a button's rule off system-wide: the button is not controlled, so every
 *   signed-in user may use it (the Vue directive's "status 0 grants directly"; the server now agrees).
 * - perms_type '2' (禁用) rows are page-control rules: they render a control disabled (`authMode`,
 *   `disabledControls`) and never grant an action; a button or route needs a non-type-2 row.
 * - a code no row names is refused (the strict directive); only `authMode` is lenient about it, for
 *   rendering, and `buttonMode` never shows as usable what the rule refuses among the codes rows govern.
 */
// Relative, not '@/': the embedded backend imports this module too, outside Next's resolver.
import type { AuthEntry } from '../menu-types';

/* ------------------------------------------------------------------ facts */

/** The columns of a sys_permission row the rule reads. */
export interface PermissionFactRow {
  name: string;
  menu_type: number;
  perms: string | null;
  perms_type: string | null;
  status: string;
}

/** A row as an `auth` entry (contract §3: `{action: perms, type: perms_type, describe: name}`). */
export const authEntryOf = (r: PermissionFactRow): AuthEntry => ({ action: r.perms ?? '', type: r.perms_type ?? '1', describe: r.name });

/**
 * Contract §3's lists from rows: `auth` = the user's button rows (menu_type 2) with status '1' and a code, in
 * the order given; `allAuth` = the given button rows with a code, each with its status. The permission
 * answer (`getUserPermissionByToken`) hands every live button row; the backend's check hands only the rows
 * switched off (status '0'), the only `allAuth` entries `hasButtonAuth` reads.
 */
export function authLists(userRows: readonly PermissionFactRow[], buttonRows: readonly PermissionFactRow[]): { auth: AuthEntry[]; allAuth: AuthEntry[] } {
  const auth = userRows.filter((r) => r.menu_type === 2 && r.status === '1' && r.perms).map(authEntryOf);
  const allAuth = buttonRows.filter((r) => r.perms).map((r) => ({ ...authEntryOf(r), status: r.status }));
  return { auth, allAuth };
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

/**
 * Held through the user's own roles (an active non-type-2 row of `auth`), not merely open because the rule
 * is switched off. The backend's "a write may not take away the writer's own rights" guards use it: switching
 * off 菜单管理's own rule would open it to every user, so it counts as taking it away.
 */
export function holdsButton(code: string, ctx: Pick<AuthContext, 'auth'>): boolean {
  return ctx.auth.some((e) => !isControl(e) && mentions(e, code));
}

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

/**
 * How the shell renders an element guarded by `code` (`useAuth().mode`, `<Authorized>`): `authMode`, except
 * that an element is never shown usable when a row governs its code and the rule (`hasButtonAuth`) refuses
 * it — the server would refuse the action. Such an element is rendered disabled when `authMode` would have
 * shown it (a type-2 row held, or switched off: it only ever disables) and hidden otherwise; an element the
 * rule allows is shown even when a type-2 row of the same code would disable it. A code no row names keeps
 * `authMode`'s lenient 'show' (the list engine renders a definition's buttons before rows exist for them).
 */
export function buttonMode(code: string, ctx: AuthContext): AuthMode {
  if (hasButtonAuth(code, ctx)) return 'show';
  const mode = authMode(code, ctx);
  if (mode !== 'show') return mode;
  const governed = (nodeList(ctx) ?? []).some((e) => mentions(e, code)) || ctx.allAuth.some((e) => mentions(e, code));
  return governed ? 'disable' : 'show';
}

/* ------------------------------------------------------------------ screens */

/** What a screen needs (lib/screens.ts `perm`): one code, every code of a list, or any code of `anyOf`. */
export type ScreenPerm = string | readonly string[] | { readonly anyOf: readonly string[] };

/**
 * The code to report when the user may not open a screen needing `perm`, else null (nothing needed, or
 * granted by `has` — the rule). A list needs every code: the first one missing is reported; `anyOf` needs
 * one of them: the first is reported.
 */
export function missingScreenPerm(perm: ScreenPerm | undefined, has: (code: string) => boolean): string | null {
  if (perm === undefined) return null;
  if (typeof perm === 'string') return has(perm) ? null : perm;
  if ('anyOf' in perm) return perm.anyOf.length === 0 || perm.anyOf.some(has) ? null : perm.anyOf[0];
  return (perm as readonly string[]).find((code) => !has(code)) ?? null;
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

