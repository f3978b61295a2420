/** @jest-environment node */
import {
  contextAction,
  documentTitle,
  HOME_NOT_CLOSABLE,
  initialTabs,
  KEEP_ALIVE_LIMIT,
  LAST_TAB_NOT_CLOSABLE,
  parseSavedTabs,
  RELOAD_EFFECT_MS,
  SCROLL_DEBOUNCE_MS,
  serializeTabs,
  TAB_MENU,
  tabKey,
  tabsReducer,
  touchLru,
  type TabsAction,
  type TabsState,
} from './tabs';

const HOME = '/calpanel/CalendarPanel';

/** Home plus /a /b /c /d opened in order; `active` chosen per test. */
function withTabs(active = '/d'): TabsState {
  let s = initialTabs(HOME);
  for (const p of ['/a', '/b', '/c', '/d']) s = tabsReducer(s, { type: 'open', path: p, title: p.slice(1).toUpperCase() });
  return { ...s, active };
}
const keys = (s: TabsState) => s.tabs.map((t) => t.key);

describe('constants (spec 01 §8, §9)', () => {
  it('match the spec', () => {
    expect(RELOAD_EFFECT_MS).toBe(1400);
    expect(SCROLL_DEBOUNCE_MS).toBe(100);
    expect(KEEP_ALIVE_LIMIT).toBe(10);
    expect(HOME_NOT_CLOSABLE).toBe('首页不能关闭!');
    expect(LAST_TAB_NOT_CLOSABLE).toBe('这是最后一页，不能再关闭了啦');
    expect(TAB_MENU).toEqual({ refresh: '1', closeLeft: '2', closeRight: '3', closeOthers: '4' });
  });
});

describe('tabKey', () => {
  it.each<[string, string]>([
    ['/a/b?x=1', '/a/b'],
    ['/a/b#h', '/a/b'],
    ['/a/b/', '/a/b'],
    ['/', '/'],
    ['', '/'],
  ])('%j → %s', (p, k) => expect(tabKey(p)).toBe(k));
});

describe('initialTabs', () => {
  it('has only the home tab, not closable, active', () => {
    expect(initialTabs(HOME)).toEqual({ tabs: [{ path: HOME, key: HOME, title: '行事历', closable: false }], active: HOME, home: HOME });
    expect(initialTabs('/home?x=1', '首页').tabs[0]).toEqual({ path: '/home?x=1', key: '/home', title: '首页', closable: false });
  });
});

describe('open (spec 01 §4)', () => {
  it('adds a closable tab and activates it', () => {
    const s = tabsReducer(initialTabs(HOME), { type: 'open', path: '/a?x=1', title: 'A' });
    expect(s.tabs[1]).toEqual({ path: '/a?x=1', key: '/a', title: 'A', closable: true });
    expect(s.active).toBe('/a');
  });

  it('replaces an already open pathname in place (path and title updated, position kept)', () => {
    const s = tabsReducer(withTabs('/d'), { type: 'open', path: '/b?id=7', title: 'B2' });
    expect(keys(s)).toEqual([HOME, '/a', '/b', '/c', '/d']);
    expect(s.tabs[2]).toEqual({ path: '/b?id=7', key: '/b', title: 'B2', closable: true });
    expect(s.active).toBe('/b');
  });

  it('keeps the old title when reopened without one', () => {
    const s = tabsReducer(withTabs(), { type: 'open', path: '/b', title: '' });
    expect(s.tabs[2].title).toBe('B');
  });

  it('opening home again does not add a second home tab', () => {
    const s = tabsReducer(withTabs(), { type: 'open', path: HOME, title: '行事历' });
    expect(keys(s)).toEqual([HOME, '/a', '/b', '/c', '/d']);
    expect(s.tabs[0].closable).toBe(false);
  });
});

describe('close (spec 01 §4, §8)', () => {
  it.each<[string, TabsState, string, string[], string, string | undefined]>([
    ['closing the active tab activates the right neighbour', withTabs('/b'), '/b', [HOME, '/a', '/c', '/d'], '/c', undefined],
    ['closing the active last tab activates the left neighbour', withTabs('/d'), '/d', [HOME, '/a', '/b', '/c'], '/c', undefined],
    ['closing an inactive tab keeps the active one', withTabs('/a'), '/c', [HOME, '/a', '/b', '/d'], '/a', undefined],
    ['home cannot be closed', withTabs('/a'), HOME, [HOME, '/a', '/b', '/c', '/d'], '/a', '首页不能关闭!'],
    ['unknown key is a no-op', withTabs('/a'), '/zzz', [HOME, '/a', '/b', '/c', '/d'], '/a', undefined],
  ])('%s', (_l, state, key, expectedKeys, active, notice) => {
    const s = tabsReducer(state, { type: 'close', key });
    expect(keys(s)).toEqual(expectedKeys);
    expect(s.active).toBe(active);
    expect(s.notice).toBe(notice);
  });

  it('the last remaining tab cannot be closed', () => {
    const only = tabsReducer(withTabs(), { type: 'disableMulti', path: '/c' });
    const s = tabsReducer(only, { type: 'close', key: '/c' });
    expect(keys(s)).toEqual(['/c']);
    expect(s.notice).toBe('这是最后一页，不能再关闭了啦');
  });

  it('home on its own reports the home warning first', () => {
    expect(tabsReducer(initialTabs(HOME), { type: 'close', key: HOME }).notice).toBe('首页不能关闭!');
  });

  it('a notice does not survive the next action', () => {
    const warned = tabsReducer(withTabs(), { type: 'close', key: HOME });
    expect(tabsReducer(warned, { type: 'open', path: '/a', title: 'A' }).notice).toBeUndefined();
  });
});

describe('close left / right / others and the context menu (spec 01 §2, §4)', () => {
  it.each<[string, string, string, string, string[], string]>([
    ['2 close left keeps home', '2', '/c', '/a', [HOME, '/c', '/d'], '/c'],
    ['2 close left keeps an active tab that survives', '2', '/c', '/d', [HOME, '/c', '/d'], '/d'],
    ['3 close right', '3', '/b', '/d', [HOME, '/a', '/b'], '/b'],
    ['3 close right keeps a surviving active tab', '3', '/b', '/a', [HOME, '/a', '/b'], '/a'],
    ['3 close right of home', '3', HOME, '/c', [HOME], HOME],
    ['4 close others keeps home plus the chosen tab', '4', '/c', '/a', [HOME, '/c'], '/c'],
    ['4 close others on home', '4', HOME, '/b', [HOME], HOME],
    ['unknown menu key changes nothing', '9', '/c', '/a', [HOME, '/a', '/b', '/c', '/d'], '/a'],
  ])('%s', (_l, menuKey, key, active, expectedKeys, expectedActive) => {
    const { state, refresh } = contextAction(withTabs(active), key, menuKey);
    expect(keys(state)).toEqual(expectedKeys);
    expect(state.active).toBe(expectedActive);
    expect(refresh).toBeUndefined();
  });

  it('1 refresh returns the key to reload and the same state', () => {
    const s = withTabs('/b');
    expect(contextAction(s, '/b', '1')).toEqual({ state: s, refresh: '/b' });
  });

  it.each<[TabsAction['type']]>([['closeLeft'], ['closeRight'], ['closeOthers']])('%s with an unknown key is a no-op', (type) => {
    const s = tabsReducer(withTabs('/a'), { type, key: '/nope' } as TabsAction);
    expect(keys(s)).toEqual([HOME, '/a', '/b', '/c', '/d']);
    expect(s.active).toBe('/a');
  });
});

describe('setTitle and disableMulti', () => {
  it('setTitle renames a tab; blank titles are ignored', () => {
    const s = tabsReducer(withTabs(), { type: 'setTitle', key: '/b', title: '新标题' });
    expect(s.tabs[2].title).toBe('新标题');
    expect(tabsReducer(s, { type: 'setTitle', key: '/b', title: '' }).tabs[2].title).toBe('新标题');
  });

  it.each<[string, string, string | undefined, object]>([
    ['keeps only the current page with its known title', '/b?x=2', undefined, { path: '/b?x=2', key: '/b', title: 'B', closable: true }],
    ['uses a given title', '/zz', '页面', { path: '/zz', key: '/zz', title: '页面', closable: true }],
    ['home stays unclosable', HOME, undefined, { path: HOME, key: HOME, title: '行事历', closable: false }],
  ])('disableMulti %s', (_l, path, title, tab) => {
    const s = tabsReducer(withTabs(), { type: 'disableMulti', path, title });
    expect(s.tabs).toEqual([tab]);
    expect(s.active).toBe(tabKey(path));
  });
});

describe('persistence', () => {
  it('serializes paths, titles and the active key, and restores them', () => {
    const s = tabsReducer(withTabs('/b'), { type: 'open', path: '/c?q=1', title: 'C' });
    const json = serializeTabs(s);
    expect(JSON.parse(json)).toEqual({
      tabs: [
        { path: HOME, title: '行事历' },
        { path: '/a', title: 'A' },
        { path: '/b', title: 'B' },
        { path: '/c?q=1', title: 'C' },
        { path: '/d', title: 'D' },
      ],
      active: '/c',
    });
    const restored = tabsReducer(initialTabs(HOME), { type: 'restore', saved: json });
    expect(restored).toEqual({ tabs: s.tabs, active: '/c', home: HOME });
  });

  it.each<[string, unknown]>([
    ['not JSON', '{oops'],
    ['null', null],
    ['no tabs array', '{"active":"/a"}'],
    ['empty tabs', '{"tabs":[]}'],
    ['only invalid entries', { tabs: [{ path: 'http://evil.example', title: 'x' }, { path: '//evil.example', title: 'x' }, { path: '/a' }, null, 5] }],
  ])('an invalid saved value (%s) leaves the state unchanged', (_l, saved) => {
    const s = withTabs('/a');
    expect(tabsReducer(s, { type: 'restore', saved })).toEqual({ tabs: s.tabs, active: '/a', home: HOME });
    expect(parseSavedTabs(saved, HOME)).toBeNull();
  });

  it('drops bad entries and duplicates, recomputes closable, falls back to the first tab when active is unknown', () => {
    const saved = { tabs: [{ path: '/x', title: 'X', closable: false }, { path: HOME, title: '行事历', closable: true }, { path: '/x?y=1', title: 'dup' }, { path: 'bad', title: 'b' }], active: '/gone' };
    expect(parseSavedTabs(saved, HOME)).toEqual({
      tabs: [
        { path: '/x', key: '/x', title: 'X', closable: true },
        { path: HOME, key: HOME, title: '行事历', closable: false },
      ],
      active: '/x',
      home: HOME,
    });
  });
});

describe('documentTitle (spec 01 §2)', () => {
  it.each<[string | null, boolean, string]>([
    ['用户管理', false, '用户管理 · 教务系统'],
    ['行事历', true, '教务系统'],
    ['', false, '教务系统'],
    [null, false, '教务系统'],
  ])('%j (calendar panel %s) → %s', (title, cal, out) => expect(documentTitle(title, '教务系统', cal)).toBe(out));
});

describe('touchLru', () => {
  it.each<[string, string[], string, number, string[], string[]]>([
    ['adds a new key as most recent', ['a', 'b'], 'c', 10, ['a', 'b', 'c'], []],
    ['moves an existing key to the end', ['a', 'b', 'c'], 'a', 10, ['b', 'c', 'a'], []],
    ['evicts the oldest beyond the limit', ['a', 'b', 'c'], 'd', 3, ['b', 'c', 'd'], ['a']],
    ['touching an existing key at the limit evicts nothing', ['a', 'b', 'c'], 'b', 3, ['a', 'c', 'b'], []],
    ['a shrunk limit evicts several', ['a', 'b', 'c', 'd'], 'e', 2, ['d', 'e'], ['a', 'b', 'c']],
  ])('%s', (_l, input, key, limit, out, evicted) => {
    const copy = [...input];
    expect(touchLru(input, key, limit)).toEqual({ keys: out, evicted });
    expect(input).toEqual(copy);
  });

  it('defaults to KEEP_ALIVE_LIMIT (10)', () => {
    const ten = Array.from({ length: 10 }, (_, i) => `k${i}`);
    expect(touchLru(ten, 'new')).toEqual({ keys: [...ten.slice(1), 'new'], evicted: ['k0'] });
  });
});

describe('tabsReducer context action', () => {
  it('applies the context menu through the reducer (close others keeps home and the chosen tab)', () => {
    let s = initialTabs('/account/center', '个人中心');
    for (const p of ['/a', '/b', '/c']) s = tabsReducer(s, { type: 'open', path: p, title: p });
    const after = tabsReducer(s, { type: 'context', key: '/b', menuKey: '4' });
    expect(after.tabs.map((t) => t.key)).toEqual(['/account/center', '/b']);
    expect(after.active).toBe('/b');
    expect(tabsReducer(s, { type: 'context', key: '/b', menuKey: '1' }).tabs).toHaveLength(4);
  });
});
