import { componentProblem, normaliseCondition, parseRuleValue, permsProblem, ruleValueConditionProblem, urlProblem } from '../../../lib/permissions/permission-rules';
import { ancestorsOf, filterTree, parentOptions, type PermissionRow } from './types';

describe('urlProblem', () => {
  it.each([
    ['/isystem/user', 'system/UserList'],
    ['/online/cgformList/:code', 'system/UserList'],
    ['https://www.example.edu.cn/a?b=1', 'layouts/IframePageView'],
    ["{{ window._CONFIG['domianURL'] }}/druid/", 'layouts/IframePageView'],
  ])('accepts %s', (url, component) => expect(urlProblem(url, component)).toBeNull());

  it.each([
    ['javascript:alert(1)', 'system/UserList'],
    ['//evil.example', 'system/UserList'],
    ['/\\evil.example', 'system/UserList'],
    ['/a/../b', 'system/UserList'],
    ['/a/./b', 'system/UserList'],
    ['/a b', 'system/UserList'],
    ['http://x y', 'system/UserList'],
    ["{{ window._CONFIG['domianURL'] }}/druid/", 'system/UserList'],
    ['{{ fetch("//evil") }}', 'layouts/IframePageView'],
    ["{{ window._CONFIG['domianURL'] }}/../x", 'layouts/IframePageView'],
    ['', 'system/UserList'],
  ])('refuses %s', (url, component) => expect(urlProblem(url, component)).not.toBeNull());
});

describe('componentProblem and permsProblem', () => {
  it('accepts module paths and code lists only', () => {
    expect(componentProblem('system/UserList')).toBeNull();
    for (const bad of ['../x', 'http://x/y', '/abs', 'a//b', 'a/b.vue', 'a\\b']) expect(componentProblem(bad)).not.toBeNull();
    expect(permsProblem('system:user:add, system:user.edit-2')).toBeNull();
    for (const bad of ['', 'a b', 'a;b', 'a,,b', "a'--"]) expect(permsProblem(bad)).not.toBeNull();
  });
});

describe('data rule values and operators', () => {
  it('normalises symbols and names; refuses SQL rules', () => {
    expect(normaliseCondition('eq')).toBe('=');
    expect(normaliseCondition('<>')).toBe('!=');
    expect(normaliseCondition('right_like')).toBe('RIGHT_LIKE');
    expect(normaliseCondition('USE_SQL_RULES')).toBeNull();
    expect(normaliseCondition('between')).toBeNull();
  });

  it('a value is one known variable or a literal without #{', () => {
    expect(parseRuleValue(' #{ sys_user_code } ')).toEqual({ ok: true, value: { kind: 'variable', name: 'sys_user_code' } });
    expect(parseRuleValue('A01')).toEqual({ ok: true, value: { kind: 'literal', value: 'A01' } });
    expect(parseRuleValue('#{nope}')).toMatchObject({ ok: false });
    expect(parseRuleValue('x#{sys_user_code}')).toMatchObject({ ok: false });
    expect(ruleValueConditionProblem('=', { kind: 'variable', name: 'sys_multi_org_code' })).not.toBeNull();
    expect(ruleValueConditionProblem('IN', { kind: 'variable', name: 'sys_multi_org_code' })).toBeNull();
  });
});

describe('tree helpers', () => {
  const r = (id: string, name: string, parentId: string | null, menuType: number, children?: PermissionRow[]) => ({ id, name, parentId, menuType, children }) as PermissionRow;
  const TREE = [r('a', '系统管理', null, 0, [r('b', '用户管理', 'a', 1, [r('c', '新增用户', 'b', 2)]), r('d', '日志', 'a', 1)]), r('e', '个人中心', null, 0)];

  it('filters by name keeping ancestors and the matches’ subtrees', () => {
    const out = filterTree(TREE, '新增');
    expect(out.map((x) => x.id)).toEqual(['a']);
    expect(out[0].children!.map((x) => x.id)).toEqual(['b']);
    expect(out[0].children![0].children!.map((x) => x.id)).toEqual(['c']);
    const user = filterTree(TREE, '用户管理');
    expect(user[0].children!.map((x) => x.id)).toEqual(['b']);
    expect(user[0].children![0].children!.map((x) => x.id)).toEqual(['c']);
    expect(filterTree(TREE, ' ')).toHaveLength(2);
  });

  it('finds the way down to a row, and offers menus (not itself or buttons) as parents', () => {
    expect(ancestorsOf(TREE, 'c')).toEqual(['a', 'b']);
    expect(ancestorsOf(TREE, 'e')).toEqual([]);
    expect(parentOptions(TREE, 'b')).toEqual([{ value: 'a', title: '系统管理', children: [{ value: 'd', title: '日志' }] }, { value: 'e', title: '个人中心' }]);
  });
});
