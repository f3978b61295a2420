/** @jest-environment node */
import { memoryStorage } from './__tests__/helpers';
import type { AuthEntry, MenuNode } from './menu-types';
import {
  actionCodes,
  authMode,
  authorizedColumns,
  canEdit,
  disabledControls,
  filterMenu,
  hasAuth,
  hasButtonAuth,
  NO_PERMISSION_WARNING,
  permissionWarning,
  readAuthLists,
  storeAuthLists,
  visibleActions,
  type AuthContext,
  type AuthMode,
} from './permissions';
import { LOGIN_USER_BUTTON_AUTH, SYS_BUTTON_AUTH } from './storage-keys';

const node = (path: string, over: Partial<MenuNode> = {}, permission?: string[]): MenuNode => ({
  id: path,
  route: '1',
  path,
  name: path.slice(1).replace(/\//g, '-'),
  component: 'x/Y',
  ...over,
  meta: { keepAlive: false, internalOrExternal: false, title: path, componentName: 'Y', ...(permission ? { permission } : {}), ...over.meta },
});

const paths = (nodes: MenuNode[]): unknown[] => nodes.map((n) => (n.children ? { [n.path]: paths(n.children), ...(n.hidden ? { hidden: true } : {}) } : n.path));

describe('filterMenu (spec 01 §6)', () => {
  const menu: MenuNode[] = [
    node('/open'),
    node('/empty-req', {}, []),
    node('/needs-a', {}, ['a']),
    node('/needs-a-or-b', {}, ['a', 'b']),
    node('/sys', {
      children: [node('/sys/user', {}, ['user:list']), node('/sys/role', {}, ['role:list'])],
    }),
    node('/guarded-parent', { children: [node('/guarded-parent/x')] }, ['p']),
    node('/hidden-kids', { children: [node('/hidden-kids/detail', { hidden: true }, ['user:list'])] }),
  ];

  it.each<[string, string[], unknown[]]>([
    ['no codes: only unguarded nodes; parents whose children all go are dropped', [], ['/open', '/empty-req']],
    ['any required code is enough', ['b'], ['/open', '/empty-req', '/needs-a-or-b']],
    ['a held code shows every node requiring it', ['a'], ['/open', '/empty-req', '/needs-a', '/needs-a-or-b']],
    [
      'children filtered recursively, parent kept with the survivors; a parent whose kids are all hidden is hidden',
      ['user:list'],
      ['/open', '/empty-req', { '/sys': ['/sys/user'] }, { '/hidden-kids': ['/hidden-kids/detail'], hidden: true }],
    ],
    ['parent guard applies before its children', ['role:list', 'p'], ['/open', '/empty-req', { '/sys': ['/sys/role'] }, { '/guarded-parent': ['/guarded-parent/x'] }]],
    ['a guarded parent is dropped with all its children', ['role:list'], ['/open', '/empty-req', { '/sys': ['/sys/role'] }]],
  ])('%s', (_label, codes, expected) => {
    expect(paths(filterMenu(menu, codes))).toEqual(expected);
  });

  it('accepts a Set and never mutates its input', () => {
    const snapshot = JSON.stringify(menu);
    const out = filterMenu(menu, new Set(['user:list']));
    expect(JSON.stringify(menu)).toBe(snapshot);
    const sys = out.find((n) => n.path === '/sys')!;
    expect(sys).not.toBe(menu[4]);
    expect(sys.children).toHaveLength(1);
    expect(menu[4].children).toHaveLength(2);
    expect(menu[6].hidden).toBeUndefined();
  });

  it('keeps a node with an empty children array as a leaf', () => {
    expect(paths(filterMenu([node('/leaf', { children: [] })], []))).toEqual([{ '/leaf': [] }]);
  });
});

const e = (action: string, type: string, status?: string): AuthEntry => ({ action, type, describe: action, ...(status !== undefined ? { status } : {}) });

describe('actionCodes', () => {
  it.each<[string, string[]]>([
    ['user:add', ['user:add']],
    ['user:add,user:edit', ['user:add', 'user:edit']],
    [' a , ,b,', ['a', 'b']],
    ['', []],
  ])('%j', (action, codes) => expect(actionCodes({ action })).toEqual(codes));
});

describe('hasButtonAuth — the button directive (spec 01 §6)', () => {
  const ctx = (over: Partial<AuthContext>): AuthContext => ({ auth: [], allAuth: [], ...over });
  it.each<[string, string, AuthContext, boolean]>([
    ['held in auth', 'user:add', ctx({ auth: [e('user:add', '1')] }), true],
    ['not held: removed', 'user:add', ctx({ auth: [e('user:edit', '1')] }), false],
    ['unconfigured code, empty lists: removed (strict directive)', 'x', ctx({}), false],
    ['comma list in auth is split', 'user:edit', ctx({ auth: [e('user:add,user:edit', '1')] }), true],
    ['comma list does not match a substring', 'user:ed', ctx({ auth: [e('user:add,user:edit', '1')] }), false],
    ['type 2 entries in auth do not count', 'user:add', ctx({ auth: [e('user:add', '2')] }), false],
    ['numeric type 2 does not count either', 'user:add', ctx({ auth: [{ action: 'user:add', type: 2 as unknown as string, describe: '' }] }), false],
    ['global status 0 grants directly', 'user:add', ctx({ allAuth: [e('user:add', '1', '0')] }), true],
    ['global status 0 inside a comma list grants', 'b', ctx({ allAuth: [e('a,b', '1', '0')] }), true],
    ['global status 1 does not grant', 'user:add', ctx({ allAuth: [e('user:add', '1', '1')] }), false],
    ['global type 2 with status 0 does not grant a button', 'user:add', ctx({ allAuth: [e('user:add', '2', '0')] }), false],
    ['node list governs: grants although auth lacks it', 'bpm:ok', ctx({ nodePermissionList: [e('bpm:ok', '1')] }), true],
    ['node list governs: denies although auth has it', 'user:add', ctx({ auth: [e('user:add', '1')], nodePermissionList: [e('bpm:ok', '1')] }), false],
    ['node list governs: denies although global status 0', 'user:add', ctx({ allAuth: [e('user:add', '1', '0')], nodePermissionList: [e('bpm:ok', '1')] }), false],
    ['node list type 2 entries do not grant', 'bpm:ok', ctx({ nodePermissionList: [e('bpm:ok', '2')] }), false],
    ['empty node list: global rule applies', 'user:add', ctx({ auth: [e('user:add', '1')], nodePermissionList: [] }), true],
    ['null node list: global rule applies', 'user:add', ctx({ auth: [e('user:add', '1')], nodePermissionList: null }), true],
  ])('%s', (_label, code, context, expected) => {
    expect(hasButtonAuth(code, context)).toBe(expected);
    expect(hasAuth(code, context)).toBe(expected);
  });
});

describe('authMode — show / hide / disable (contract §3)', () => {
  const ctx = (over: Partial<AuthContext>): AuthContext => ({ auth: [], allAuth: [], ...over });
  it.each<[string, string, AuthContext, AuthMode]>([
    ['not governed by allAuth → show', 'x', ctx({}), 'show'],
    ['not governed even if auth is empty and allAuth has others → show', 'x', ctx({ allAuth: [e('y', '1', '1')] }), 'show'],
    ['type 1 governed, held → show', 'user:add', ctx({ allAuth: [e('user:add', '1', '1')], auth: [e('user:add', '1')] }), 'show'],
    ['type 1 governed, not held → hide', 'user:add', ctx({ allAuth: [e('user:add', '1', '1')] }), 'hide'],
    ['type 1 governed, held via comma list → show', 'user:add', ctx({ allAuth: [e('user:add', '1', '1')], auth: [e('user:edit,user:add', '1')] }), 'show'],
    ['type 1 governed, held only as type 2 → hide', 'user:add', ctx({ allAuth: [e('user:add', '1', '1')], auth: [e('user:add', '2')] }), 'hide'],
    ['type 1 with status 0 (rule off) → show', 'user:add', ctx({ allAuth: [e('user:add', '1', '0')] }), 'show'],
    ['governed through a comma list in allAuth → hide', 'b', ctx({ allAuth: [e('a,b', '1', '1')] }), 'hide'],
    ['type 2 governed, not held → disable', 'form:name', ctx({ allAuth: [e('form:name', '2', '1')] }), 'disable'],
    ['type 2 governed, held → show', 'form:name', ctx({ allAuth: [e('form:name', '2', '1')], auth: [e('form:name', '2')] }), 'show'],
    ['type 2 with status 0 cancels the disabling → show', 'form:name', ctx({ allAuth: [e('form:name', '2', '0')] }), 'show'],
    ['governed both ways and not held → hide wins', 'c', ctx({ allAuth: [e('c', '2', '1'), e('c', '1', '1')] }), 'hide'],
    ['node list names it as a button → show', 'bpm:ok', ctx({ allAuth: [e('bpm:ok', '1', '1')], nodePermissionList: [e('bpm:ok', '1')] }), 'show'],
    ['node list names it as a control → disable', 'f', ctx({ auth: [e('f', '2')], nodePermissionList: [e('f', '2')] }), 'disable'],
    ['node list misses a governed button → hide even if held', 'user:add', ctx({ allAuth: [e('user:add', '1', '1')], auth: [e('user:add', '1')], nodePermissionList: [e('bpm:ok', '1')] }), 'hide'],
    ['node list misses a type-2 control → global control rule', 'f', ctx({ allAuth: [e('f', '2', '1')], nodePermissionList: [e('bpm:ok', '1')] }), 'disable'],
    ['node list misses an ungoverned code → show', 'x', ctx({ nodePermissionList: [e('bpm:ok', '1')] }), 'show'],
  ])('%s', (_label, code, context, expected) => {
    expect(authMode(code, context)).toBe(expected);
  });
});

describe('disabledControls (spec 01 §6)', () => {
  it.each<[string, AuthEntry[], AuthEntry[], string[]]>([
    ['type 2 entries disable by action name', [e('f:name', '2', '1'), e('f:age', '2', '1')], [], ['f:age', 'f:name']],
    ['type 1 entries never disable', [e('btn', '1', '1')], [], []],
    ['global status 0 cancels the disabling', [e('f:name', '2', '0'), e('f:age', '2', '1')], [], ['f:age']],
    ['a status 0 duplicate cancels a status 1 entry', [e('f:name', '2', '1'), e('f:name', '2', '0')], [], []],
    ['user entries lift it', [e('f:name', '2', '1'), e('f:age', '2', '1')], [e('f:name', '2')], ['f:age']],
    ['user type 1 entries do not lift a control', [e('f:name', '2', '1')], [e('f:name', '1')], ['f:name']],
    ['comma lists are split', [e('a,b', '2', '1')], [e('a', '2')], ['b']],
  ])('%s', (_label, globalAll, userAuth, expected) => {
    expect([...disabledControls(globalAll, userAuth)].sort()).toEqual(expected);
  });
});

describe('visibleActions (spec 01 §6, JeecgBoot getNoAuthCols)', () => {
  const globalAll = [
    e('edu:location:name', '1', '1'),
    e('edu:location:phone', '1', '1'),
    e('edu:location:remark', '1', '0'),
    e('edu:location:cost', '2', '1'),
    e('edu:teacher:phone', '1', '1'),
    e('edu:location:phone', '1', '1'),
  ];
  it.each<[string, AuthEntry[], string | undefined, string[]]>([
    ['enabled type 1 actions, no prefix, duplicates once', [], undefined, ['edu:location:name', 'edu:location:phone', 'edu:teacher:phone']],
    ['minus those the user has', [e('edu:location:phone', '1')], undefined, ['edu:location:name', 'edu:teacher:phone']],
    ['user type 2 entries do not count as having it', [e('edu:location:phone', '2')], undefined, ['edu:location:name', 'edu:location:phone', 'edu:teacher:phone']],
    ['prefix selects and strips', [], 'edu:location:', ['name', 'phone']],
    ['prefix with user entries', [e('edu:location:name', '1')], 'edu:location:', ['phone']],
    ['prefix matching nothing', [], 'edu:course:', []],
  ])('%s', (_label, userAuth, prefix, expected) => {
    expect(visibleActions(globalAll, userAuth, prefix)).toEqual(expected);
  });

  it('authorizedColumns drops the columns the user lacks', () => {
    const cols = [{ dataIndex: 'name' }, { dataIndex: 'phone' }, { dataIndex: 'remark' }, { title: 'action' }];
    expect(authorizedColumns(cols, globalAll, [e('edu:location:name', '1')], 'edu:location:')).toEqual([{ dataIndex: 'name' }, { dataIndex: 'remark' }, { title: 'action' }]);
  });
});

describe('canEdit (spec 01 §6 ownership)', () => {
  const me = { id: 'u1', username: 'teacher' };
  it.each<[string, { ownBy?: string | null; createBy?: string | null }, Parameters<typeof canEdit>[1], boolean]>([
    ['owner', { ownBy: 'u1' }, me, true],
    ['someone else', { ownBy: 'u2' }, me, false],
    ['someone else even if I created it', { ownBy: 'u2', createBy: 'teacher' }, me, false],
    ['admin number 1', { ownBy: 'u2' }, { ...me, isAdmin: 1 }, true],
    ['admin string "1"', { ownBy: 'u2' }, { ...me, isAdmin: '1' }, true],
    ['admin 0', { ownBy: 'u2' }, { ...me, isAdmin: 0 }, false],
    ['marketing 1', { ownBy: 'u2' }, { ...me, isMarketing: 1 }, true],
    ['marketing "1"', { ownBy: 'u2' }, { ...me, isMarketing: '1' }, true],
    ['marketing 2', { ownBy: 'u2' }, { ...me, isMarketing: 2 }, false],
    ['no owner: creator (username) may edit', { ownBy: null, createBy: 'teacher' }, me, true],
    ['no owner: other creator may not', { createBy: 'other' }, me, false],
    ['no owner, no creator', {}, me, false],
    ['no owner and user without username', { createBy: 'teacher' }, { id: 'u1' }, false],
    ['empty ownBy is not an owner match for empty id', { ownBy: '' }, { id: '' }, false],
  ])('%s', (_label, record, user, expected) => {
    expect(canEdit(record, user)).toBe(expected);
  });
});

describe('permissionWarning (spec 01 §5)', () => {
  it('is the 提示 / 没有权限查看 warning when the code is missing, else null', () => {
    expect(NO_PERMISSION_WARNING).toEqual({ title: '提示', content: '没有权限查看' });
    expect(permissionWarning('a', { auth: [], allAuth: [] })).toBe(NO_PERMISSION_WARNING);
    expect(permissionWarning('a', { auth: [e('a', '1')], allAuth: [] })).toBeNull();
  });
});

describe('auth lists in session storage (spec 01 §6)', () => {
  it('stores auth under LOGIN_USER_BUTTON_AUTH and allAuth under SYS_BUTTON_AUTH, and reads them back', () => {
    const s = memoryStorage();
    const auth = [e('user:add', '1')];
    const allAuth = [e('user:add', '1', '1'), e('f', '2', '0')];
    storeAuthLists(s, auth, allAuth);
    expect(LOGIN_USER_BUTTON_AUTH).toBe('LOGIN_USER_BUTTON_AUTH');
    expect(SYS_BUTTON_AUTH).toBe('SYS_BUTTON_AUTH');
    expect(JSON.parse(s.getItem(LOGIN_USER_BUTTON_AUTH)!)).toEqual(auth);
    expect(JSON.parse(s.getItem(SYS_BUTTON_AUTH)!)).toEqual(allAuth);
    expect(readAuthLists(s)).toEqual({ auth, allAuth });
  });

  it.each<[string, string | null, AuthEntry[]]>([
    ['missing', null, []],
    ['malformed JSON', '{oops', []],
    ['not an array', '{"action":"a"}', []],
    ['entries without a string action are dropped; numbers become strings', '[{"action":"a","type":1,"status":0},{"type":"1"},null,"x"]', [{ action: 'a', type: '1', describe: '', status: '0' }]],
  ])('reads %s as a list', (_label, raw, expected) => {
    const s = memoryStorage(raw === null ? {} : { [LOGIN_USER_BUTTON_AUTH]: raw });
    expect(readAuthLists(s).auth).toEqual(expected);
  });
});
