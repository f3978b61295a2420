/** @jest-environment node */
import { memoryStorage } from './__tests__/helpers';
import {
  applySetting,
  DEFAULT_SETTINGS,
  deviceFor,
  disabledSettingControls,
  HEADER_AUTO_HIDE_PX,
  isValidSetting,
  loadSettings,
  loadSidebarOpen,
  menuAsDrawer,
  MOBILE_MAX_WIDTH,
  normalizeSettings,
  PRESET_COLORS,
  saveSetting,
  saveSettings,
  saveSidebarOpen,
  SETTING_STORAGE_KEYS,
  shouldHideHeader,
  sidebarOpenFor,
  SMALL_MOBILE_MAX_WIDTH,
  tabsVisible,
  type Device,
  type Settings,
} from './settings';

const S = (over: Partial<Settings> = {}): Settings => ({ ...DEFAULT_SETTINGS, ...over });
const stored = (value: unknown) => JSON.stringify({ value, expire: null });

describe('defaults (spec 01 §3)', () => {
  it('side menu, light theme, fixed width, fixed header and sidebar, multi-page, teal, colour weak and auto-hide off', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      navTheme: 'light',
      primaryColor: '#58B8A1',
      layout: 'sidemenu',
      contentWidth: 'Fixed',
      fixedHeader: true,
      autoHideHeader: false,
      fixSiderbar: true,
      colorWeak: false,
      multipage: true,
    });
    expect(Object.isFrozen(DEFAULT_SETTINGS)).toBe(true);
  });

  it('has eight preset colours, the default teal first, all distinct hex colours', () => {
    expect(PRESET_COLORS).toHaveLength(8);
    expect(PRESET_COLORS[0].color).toBe('#58B8A1');
    expect(new Set(PRESET_COLORS.map((c) => c.color)).size).toBe(8);
    expect(new Set(PRESET_COLORS.map((c) => c.key)).size).toBe(8);
    for (const c of PRESET_COLORS) expect(isValidSetting('primaryColor', c.color)).toBe(true);
  });
});

describe('storage keys (spec 01 §3: pro__ prefix, antd-pro names)', () => {
  it('maps each setting to its antd-pro key', () => {
    expect(SETTING_STORAGE_KEYS).toEqual({
      navTheme: 'DEFAULT_THEME',
      primaryColor: 'DEFAULT_COLOR',
      layout: 'DEFAULT_LAYOUT_MODE',
      contentWidth: 'DEFAULT_CONTENT_WIDTH_TYPE',
      fixedHeader: 'DEFAULT_FIXED_HEADER',
      autoHideHeader: 'DEFAULT_FIXED_HEADER_HIDDEN',
      fixSiderbar: 'DEFAULT_FIXED_SIDEMENU',
      colorWeak: 'DEFAULT_COLOR_WEAK',
      multipage: 'DEFAULT_MULTI_PAGE',
    });
  });

  it('saveSetting writes pro__<KEY> as {value, expire:null}', () => {
    const s = memoryStorage();
    saveSetting(s, 'navTheme', 'dark');
    saveSetting(s, 'multipage', false);
    expect(s.dump()).toEqual({ pro__DEFAULT_THEME: stored('dark'), pro__DEFAULT_MULTI_PAGE: stored(false) });
  });

  it('saveSetting refuses an invalid value', () => {
    const s = memoryStorage();
    expect(() => saveSetting(s, 'layout', 'sideways' as Settings['layout'])).toThrow(TypeError);
    expect(s.dump()).toEqual({});
  });

  it('the sidebar flag lives under pro__SIDEBAR_TYPE', () => {
    const s = memoryStorage();
    expect(loadSidebarOpen(s)).toBe(true);
    expect(loadSidebarOpen(s, false)).toBe(false);
    saveSidebarOpen(s, false);
    expect(s.getItem('pro__SIDEBAR_TYPE')).toBe(stored(false));
    expect(loadSidebarOpen(s)).toBe(false);
  });
});

describe('loadSettings', () => {
  it('empty storage gives the defaults', () => {
    expect(loadSettings(memoryStorage())).toEqual(DEFAULT_SETTINGS);
  });

  it('reads stored values and normalizes them', () => {
    const s = memoryStorage({
      pro__DEFAULT_THEME: stored('dark'),
      pro__DEFAULT_LAYOUT_MODE: stored('topmenu'),
      pro__DEFAULT_CONTENT_WIDTH_TYPE: stored('Fluid'),
      pro__DEFAULT_FIXED_SIDEMENU: stored(true),
      pro__DEFAULT_COLOR: stored('#722ED1'),
      pro__DEFAULT_COLOR_WEAK: stored(true),
      pro__DEFAULT_MULTI_PAGE: stored(false),
    });
    expect(loadSettings(s)).toEqual({
      navTheme: 'dark',
      primaryColor: '#722ED1',
      layout: 'topmenu',
      contentWidth: 'Fluid',
      fixedHeader: true,
      autoHideHeader: false,
      fixSiderbar: false,
      colorWeak: true,
      multipage: false,
    });
  });

  it.each<[string, string, string]>([
    ['malformed JSON', 'pro__DEFAULT_THEME', '{bad'],
    ['wrong type', 'pro__DEFAULT_FIXED_HEADER', stored('yes')],
    ['unknown enum', 'pro__DEFAULT_LAYOUT_MODE', stored('left')],
    ['not a colour', 'pro__DEFAULT_COLOR', stored('red; background:url(x)')],
    ['expired', 'pro__DEFAULT_THEME', JSON.stringify({ value: 'dark', expire: 1 })],
  ])('%s falls back to the default', (_l, key, raw) => {
    expect(loadSettings(memoryStorage({ [key]: raw }))).toEqual(DEFAULT_SETTINGS);
  });

  it('round-trips through saveSettings', () => {
    const s = memoryStorage();
    const saved = saveSettings(s, S({ layout: 'topmenu', contentWidth: 'Fluid', fixSiderbar: true, autoHideHeader: true }));
    expect(saved.fixSiderbar).toBe(false);
    expect(loadSettings(s)).toEqual(saved);
    expect(Object.keys(s.dump()).sort()).toEqual(Object.values(SETTING_STORAGE_KEYS).map((k) => `pro__${k}`).sort());
  });
});

describe('normalizeSettings (spec 01 §2 drawer dependencies)', () => {
  it.each<[string, Partial<Settings>, Partial<Settings>]>([
    ['side menu forces fixed width', { layout: 'sidemenu', contentWidth: 'Fluid' }, { contentWidth: 'Fixed' }],
    ['top menu allows fluid', { layout: 'topmenu', contentWidth: 'Fluid' }, { contentWidth: 'Fluid' }],
    ['auto-hide needs a fixed header', { fixedHeader: false, autoHideHeader: true }, { autoHideHeader: false }],
    ['auto-hide stays with a fixed header', { fixedHeader: true, autoHideHeader: true }, { autoHideHeader: true }],
    ['top menu turns the fixed sidebar off', { layout: 'topmenu', fixSiderbar: true }, { fixSiderbar: false }],
    ['side menu keeps the fixed sidebar', { layout: 'sidemenu', fixSiderbar: true }, { fixSiderbar: true }],
  ])('%s', (_l, input, expected) => {
    const before = S(input);
    const copy = { ...before };
    expect(normalizeSettings(before)).toMatchObject(expected);
    expect(before).toEqual(copy);
  });

  it.each<[Partial<Settings>, ReturnType<typeof disabledSettingControls>]>([
    [{}, { fluidContent: true, autoHideHeader: false, fixSiderbar: false }],
    [{ layout: 'topmenu', fixedHeader: false }, { fluidContent: false, autoHideHeader: true, fixSiderbar: true }],
  ])('disabledSettingControls %j', (input, expected) => expect(disabledSettingControls(S(input))).toEqual(expected));

  it.each<[string, Settings, keyof Settings, unknown, Partial<Settings>]>([
    ['switching to top menu drops the fixed sidebar', S(), 'layout', 'topmenu', { layout: 'topmenu', fixSiderbar: false }],
    ['switching back to side menu forces fixed width', S({ layout: 'topmenu', contentWidth: 'Fluid' }), 'layout', 'sidemenu', { layout: 'sidemenu', contentWidth: 'Fixed' }],
    ['un-fixing the header turns auto-hide off', S({ autoHideHeader: true }), 'fixedHeader', false, { fixedHeader: false, autoHideHeader: false }],
    ['an invalid value is ignored', S(), 'navTheme', 'pink', { navTheme: 'light' }],
    ['colour change', S(), 'primaryColor', '#F5222D', { primaryColor: '#F5222D' }],
  ])('applySetting: %s', (_l, s, key, value, expected) => {
    expect(applySetting(s, key, value as never)).toMatchObject(expected);
  });
});

describe('screens (spec 01 §4, §9)', () => {
  it('constants', () => {
    expect(MOBILE_MAX_WIDTH).toBe(1088);
    expect(SMALL_MOBILE_MAX_WIDTH).toBe(768);
    expect(HEADER_AUTO_HIDE_PX).toBe(100);
  });

  it.each<[number, Device]>([
    [1920, 'desktop'],
    [1088, 'desktop'],
    [1087, 'tablet'],
    [768, 'tablet'],
    [767, 'mobile'],
    [320, 'mobile'],
  ])('deviceFor(%d) = %s', (w, d) => expect(deviceFor(w)).toBe(d));

  it.each<[Device, boolean, boolean, boolean, boolean]>([
    // device, sidebar open, drawer, tabs (multipage on), tabs (multipage off)
    ['desktop', true, false, true, false],
    ['tablet', false, false, false, false],
    ['mobile', false, true, false, false],
  ])('%s', (device, open, drawer, tabsOn, tabsOff) => {
    expect(sidebarOpenFor(device)).toBe(open);
    expect(menuAsDrawer(device)).toBe(drawer);
    expect(tabsVisible({ multipage: true }, device)).toBe(tabsOn);
    expect(tabsVisible({ multipage: false }, device)).toBe(tabsOff);
  });

  it.each<[string, number, Partial<Settings>, number | undefined, boolean]>([
    ['auto-hide off never hides', 500, { autoHideHeader: false }, undefined, false],
    ['needs a fixed header', 500, { fixedHeader: false, autoHideHeader: true }, undefined, false],
    ['at 100px still shown', 100, { autoHideHeader: true }, undefined, false],
    ['after 100px hidden', 101, { autoHideHeader: true }, undefined, true],
    ['scrolling down past 100px hides', 300, { autoHideHeader: true }, 200, true],
    ['scrolling up shows it again', 300, { autoHideHeader: true }, 400, false],
  ])('shouldHideHeader: %s', (_l, top, over, prev, hidden) => {
    expect(shouldHideHeader(top, S(over), prev)).toBe(hidden);
  });
});
