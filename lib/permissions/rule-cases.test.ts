/** @jest-environment node */
// The client's side of the shared permission table (./rule-cases.ts); the server's side is
// server/system/__tests__/permission-rule.test.ts. The lists come from the permission answer itself.
import { buildPermissionAnswer, type PermissionRow } from '../../server/permissions/menu-tree';
import { buttonMode, hasButtonAuth, missingScreenPerm, type AuthContext } from './rule';
import { RULE_CASES, ungoverned, type RuleCase } from './rule-cases';

const CODE = 'rule:case:go';

const row = (i: number, r: RuleCase['rows'][number]): PermissionRow => ({
  id: `row${i}`,
  parent_id: 'menu',
  name: `row ${i}`,
  url: null,
  component: null,
  component_name: null,
  redirect: null,
  menu_type: r.menuType ?? 2,
  perms: r.perms.replace(/\$/g, CODE),
  perms_type: r.type ?? '1',
  sort_no: i,
  always_show: false,
  icon: null,
  is_route: true,
  keep_alive: false,
  hidden: false,
  hide_tab: false,
  status: r.status ?? '1',
  internal_or_external: false,
});

/** What `getUserPermissionByToken` reads: the user's live rows (any menu type) and every live button row. */
function contextOf(c: RuleCase): AuthContext {
  const live = c.rows.map((r, i) => ({ r, row: row(i, r) })).filter(({ r }) => !r.deleted);
  const answer = buildPermissionAnswer(
    live.filter(({ r }) => r.held).map(({ row }) => row),
    live.filter(({ row }) => row.menu_type === 2).map(({ row }) => row),
  );
  return { auth: answer.auth, allAuth: answer.allAuth };
}

describe('the permission rule on the shared table, client side', () => {
  it.each(RULE_CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const ctx = contextOf(c);
    expect(hasButtonAuth(CODE, ctx)).toBe(c.granted);
    expect(buttonMode(CODE, ctx)).toBe(c.mode);
    // The screen gate (lib/screens.ts `perm`) opens exactly when the rule grants.
    expect(missingScreenPerm(CODE, (code) => hasButtonAuth(code, ctx))).toBe(c.granted ? null : CODE);
  });

  it('a button is never shown usable where a row governs its code and the rule refuses it', () => {
    const refusedGoverned = RULE_CASES.filter((c) => !c.granted && !ungoverned(c));
    expect(refusedGoverned.length).toBeGreaterThan(0);
    expect(refusedGoverned.filter((c) => c.mode === 'show').map((c) => c.name)).toEqual([]);
  });
});

describe('missingScreenPerm', () => {
  const held = new Set(['a', 'b']);
  const has = (code: string) => held.has(code);
  it.each<[string, Parameters<typeof missingScreenPerm>[0], string | null]>([
    ['nothing needed', undefined, null],
    ['one code held', 'a', null],
    ['one code missing', 'x', 'x'],
    ['every code of a list held', ['a', 'b'], null],
    ['a list reports its first missing code', ['a', 'x', 'y'], 'x'],
    ['anyOf: one held is enough', { anyOf: ['x', 'b'] }, null],
    ['anyOf: none held reports the first', { anyOf: ['x', 'y'] }, 'x'],
  ])('%s', (_label, perm, expected) => {
    expect(missingScreenPerm(perm, has)).toBe(expected);
  });
});
