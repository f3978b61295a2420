/** @jest-environment node */
import { nextGrants } from './grant-paths';
import type { PermissionNode } from '../permission-tree';

const TREE: PermissionNode[] = [
  { key: 'home', title: '行事历' },
  {
    key: 'sys',
    title: '系统管理',
    menuType: 0,
    children: [
      { key: 'user', title: '用户管理', menuType: 1, children: [{ key: 'frozen', title: '冻结用户', menuType: 2 }, { key: 'user_list', title: '查看用户', menuType: 2 }] },
      { key: 'log', title: '登录日志', menuType: 1, children: [{ key: 'log_list', title: '查看登录日志', menuType: 2 }] },
    ],
  },
];
const sorted = (keys: string[]) => [...keys].sort();

describe('nextGrants: the ticks stay a tree (issue #21)', () => {
  it('ticking a button ticks its menu and the menu’s folder', () => {
    expect(sorted(nextGrants(TREE, ['home'], ['home', 'frozen']))).toEqual(['frozen', 'home', 'sys', 'user']);
  });

  it('ticking a menu does not tick its buttons (a menu may stand without them)', () => {
    expect(sorted(nextGrants(TREE, [], ['log']))).toEqual(['log', 'sys']);
  });

  it('unticking a menu unticks what hangs under it; its siblings stay', () => {
    const all = ['sys', 'user', 'frozen', 'user_list', 'log', 'log_list'];
    expect(sorted(nextGrants(TREE, all, all.filter((k) => k !== 'user')))).toEqual(['log', 'log_list', 'sys']);
    expect(nextGrants(TREE, all, all.filter((k) => k !== 'sys'))).toEqual([]);
  });

  it('unticking a button leaves its menu ticked', () => {
    expect(sorted(nextGrants(TREE, ['sys', 'user', 'frozen'], ['sys', 'user']))).toEqual(['sys', 'user']);
  });

  it('全选 / 全不选 style replacements pass through (every key already a tree)', () => {
    const all = ['home', 'sys', 'user', 'frozen', 'user_list', 'log', 'log_list'];
    expect(sorted(nextGrants(TREE, [], all))).toEqual(sorted(all));
    expect(nextGrants(TREE, all, [])).toEqual([]);
  });
});
