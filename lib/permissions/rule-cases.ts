/**
 * One table of permission cases, proved from both sides (issue #19):
 * - the client's answer: contract §3's `auth`/`allAuth` built from the rows by the permission answer
 *   (server/permissions/menu-tree.ts `buildPermissionAnswer`), then `hasButtonAuth` — what `useAuth().has` and
 *   the screen gate decide — and `buttonMode`, what `<Authorized>` and the list toolbars render
 *   (lib/permissions/rule-cases.test.ts);
 * - the server's answer: the rows stored in sys_permission and linked to a signed-in user's role, then a real
 *   request to a route guarded by `requirePerm` (server/system/__tests__/permission-rule.test.ts).
 *
 * `$` in a row's `perms` stands for the case's code: each side substitutes a code of its own.
 */
import type { AuthMode } from './rule';

export interface RuleCaseRow {
  /** Comma list of codes; `$` is the case's code. */
  perms: string;
  /** perms_type: '1' button (default), '2' page control that disables. */
  type?: '1' | '2';
  /** '1' active (default), '0' switched off system-wide. */
  status?: '0' | '1';
  /** The user holds the row through a role. */
  held?: boolean;
  /** menu_type: 2 button (default), 1 sub menu. */
  menuType?: 1 | 2;
  /** Soft-deleted (del_flag 1). */
  deleted?: boolean;
}

export interface RuleCase {
  name: string;
  rows: RuleCaseRow[];
  /** The one answer both sides must give: may the user use the button, and does the server allow the action? */
  granted: boolean;
  /** How the client renders the button (`buttonMode`): never 'show' for a code a row governs and the rule refuses. */
  mode: AuthMode;
}

export const RULE_CASES: readonly RuleCase[] = [
  { name: 'held through a role, active', rows: [{ perms: '$', held: true }], granted: true, mode: 'show' },
  { name: 'a row exists but the user does not hold it', rows: [{ perms: '$' }], granted: false, mode: 'hide' },
  { name: 'held inside a comma list', rows: [{ perms: 'rule:other:code,$', held: true }], granted: true, mode: 'show' },
  { name: 'a comma list entry only starting like the code does not count', rows: [{ perms: '$s', held: true }, { perms: '$' }], granted: false, mode: 'hide' },
  { name: 'switched off (status 0): granted to every user', rows: [{ perms: '$', status: '0' }], granted: true, mode: 'show' },
  { name: 'switched off and held: still granted', rows: [{ perms: '$', status: '0', held: true }], granted: true, mode: 'show' },
  { name: 'switched off inside a comma list', rows: [{ perms: 'rule:other:code,$', status: '0' }], granted: true, mode: 'show' },
  { name: 'one of two rows switched off, the other not held', rows: [{ perms: '$' }, { perms: '$', status: '0' }], granted: true, mode: 'show' },
  { name: 'type 2 (disables a control) held: never grants an action', rows: [{ perms: '$', type: '2', held: true }], granted: false, mode: 'disable' },
  { name: 'type 2 not held: rendered disabled, refused', rows: [{ perms: '$', type: '2' }], granted: false, mode: 'disable' },
  { name: 'type 2 switched off: not a button grant either', rows: [{ perms: '$', type: '2', status: '0' }], granted: false, mode: 'disable' },
  { name: 'button held, a type 2 rule of the same code not held', rows: [{ perms: '$', held: true }, { perms: '$', type: '2' }], granted: true, mode: 'show' },
  { name: 'button not held, a type 2 rule of the same code held', rows: [{ perms: '$' }, { perms: '$', type: '2', held: true }], granted: false, mode: 'hide' },
  { name: 'button switched off, a type 2 rule of the same code not held: the rule grants', rows: [{ perms: '$', status: '0' }, { perms: '$', type: '2' }], granted: true, mode: 'show' },
  { name: 'held only on a deleted row', rows: [{ perms: '$', held: true, deleted: true }], granted: false, mode: 'show' },
  { name: 'held only on a menu row (menu_type 1): menus carry no button grant', rows: [{ perms: '$', held: true, menuType: 1 }], granted: false, mode: 'show' },
  { name: 'no row names the code', rows: [{ perms: 'rule:other:code', held: true }], granted: false, mode: 'show' },
];

/** The cases whose code no live button row names: `buttonMode` stays lenient there (see rule.ts). */
export const ungoverned = (c: RuleCase) => !c.rows.some((r) => !r.deleted && (r.menuType ?? 2) === 2 && r.perms.split(',').includes('$'));
