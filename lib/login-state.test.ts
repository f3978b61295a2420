import { DICT_CACHE_TTL_MS, LOGIN_INFO_TTL_MS, USER_INFO_REFRESH_TTL_MS } from './config';
import {
  clearLoginState,
  loginFailure,
  logoutTarget,
  needsDepartSelection,
  persistLogin,
  persistRefreshedUserInfo,
  persistSelectedDepart,
  postLoginPath,
  tenantIdOf,
  type LoginResult,
} from './login-state';
import { DICT_ITEMS, LOGIN_USER_BUTTON_AUTH, PREFIX, readExpiring, SYS_BUTTON_AUTH, TENANT_ID, USER_INFO, USER_NAME } from './storage-keys';

const NOW = Date.UTC(2026, 10, 22, 8, 0, 0);

const result = (over: Partial<LoginResult> = {}): LoginResult => ({
  userInfo: { id: 'u_teacher', username: 'teacher', realname: '李文静', orgCode: 'A01A03', orgCodeTxt: '北京校区' },
  departs: [
    { id: 'dep_bj', departName: '北京校区', orgCode: 'A01A03' },
    { id: 'dep_sh', departName: '上海校区', orgCode: 'A01A04' },
  ],
  multi_depart: 2,
  sysAllDictItems: { sex: [{ value: '1', text: '男' }, { value: '2', text: '女' }] },
  ...over,
});

const raw = (key: string) => JSON.parse(localStorage.getItem(PREFIX + key) ?? 'null') as { value: unknown; expire: number | null } | null;

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('persistLogin', () => {
  it('stores user info, username and dictionaries for 7 days under the pro__ keys', () => {
    persistLogin(localStorage, result(), NOW);
    expect(raw(USER_INFO)).toEqual({ value: result().userInfo, expire: NOW + LOGIN_INFO_TTL_MS });
    expect(raw(USER_NAME)).toEqual({ value: 'teacher', expire: NOW + LOGIN_INFO_TTL_MS });
    expect(raw(DICT_ITEMS)).toEqual({ value: result().sysAllDictItems, expire: NOW + DICT_CACHE_TTL_MS });
    expect(LOGIN_INFO_TTL_MS).toBe(7 * 24 * 3600 * 1000);
  });

  it('stores the first tenant id, or 0 without tenants', () => {
    persistLogin(localStorage, result({ tenantList: [{ id: 3, name: '总校' }, { id: 5 }] }), NOW);
    expect(readExpiring(localStorage, TENANT_ID, NOW)).toBe(3);
    persistLogin(localStorage, result(), NOW);
    expect(readExpiring(localStorage, TENANT_ID, NOW)).toBe(0);
  });

  it('leaves an existing dictionary cache alone when the answer carries none', () => {
    persistLogin(localStorage, result(), NOW);
    persistLogin(localStorage, result({ sysAllDictItems: undefined }), NOW + 1000);
    expect(raw(DICT_ITEMS)?.expire).toBe(NOW + DICT_CACHE_TTL_MS);
  });

  it('is readable until the TTL passes and gone afterwards', () => {
    persistLogin(localStorage, result(), NOW);
    expect(readExpiring(localStorage, USER_NAME, NOW + LOGIN_INFO_TTL_MS - 1)).toBe('teacher');
    expect(readExpiring(localStorage, USER_NAME, NOW + LOGIN_INFO_TTL_MS + 1)).toBeNull();
  });
});

describe('loginFailure', () => {
  it('accepts only code 200 with user info', () => {
    expect(loginFailure({ success: true, code: 200, message: '登录成功', result: result() })).toBeNull();
    expect(loginFailure({ success: true, code: 0, message: '手机验证码错误', result: null })).toBe('手机验证码错误');
    expect(loginFailure({ success: false, code: 412, message: '验证码错误', result: null })).toBe('验证码错误');
    expect(loginFailure({ success: true, code: 200, message: '', result: {} })).toBe('登录失败，请稍后重试');
  });
});

describe('tenantIdOf', () => {
  it('ignores missing or malformed ids', () => {
    expect(tenantIdOf({})).toBe(0);
    expect(tenantIdOf({ tenantList: [] })).toBe(0);
    expect(tenantIdOf({ tenantList: [{ id: -1 }] })).toBe(0);
    expect(tenantIdOf({ tenantList: [{ id: 7 }] })).toBe(7);
  });
});

describe('needsDepartSelection', () => {
  it('is true only for multi_depart 2 with departments to choose from', () => {
    expect(needsDepartSelection(result())).toBe(true);
    expect(needsDepartSelection(result({ multi_depart: 1 }))).toBe(false);
    expect(needsDepartSelection(result({ multi_depart: 0, departs: [] }))).toBe(false);
    expect(needsDepartSelection(result({ departs: [] }))).toBe(false);
  });
});

describe('department and refreshed user info', () => {
  it('replaces the stored user info after a department is chosen (7 days)', () => {
    persistLogin(localStorage, result(), NOW);
    const chosen = { ...result().userInfo, orgCode: 'A01A04', orgCodeTxt: '上海校区' };
    persistSelectedDepart(localStorage, chosen, NOW + 5);
    expect(raw(USER_INFO)).toEqual({ value: chosen, expire: NOW + 5 + LOGIN_INFO_TTL_MS });
  });

  it('keeps user info refreshed from the session for 365 days', () => {
    persistRefreshedUserInfo(localStorage, result().userInfo, NOW);
    expect(raw(USER_INFO)?.expire).toBe(NOW + USER_INFO_REFRESH_TTL_MS);
    expect(raw(USER_NAME)).toEqual({ value: 'teacher', expire: NOW + USER_INFO_REFRESH_TTL_MS });
  });
});

describe('navigation targets', () => {
  it('goes to a same-site redirect after login, home otherwise', () => {
    expect(postLoginPath('/system/user?x=1')).toBe('/system/user?x=1');
    expect(postLoginPath(['/a', '/b'])).toBe('/a');
    expect(postLoginPath(undefined)).toBe('/');
    expect(postLoginPath('https://evil.example/')).toBe('/');
    expect(postLoginPath('//evil.example/')).toBe('/');
  });

  it('follows a CAS logout url, else goes to the login page', () => {
    expect(logoutTarget({ casLogoutUrl: 'https://cas.example.edu.cn/logout' })).toBe('https://cas.example.edu.cn/logout');
    expect(logoutTarget({ casLogoutUrl: 'javascript:alert(1)' })).toBe('/user/login');
    expect(logoutTarget(null)).toBe('/user/login');
    expect(logoutTarget('ok')).toBe('/user/login');
  });
});

describe('clearLoginState', () => {
  it('removes everything logout must clear and no local setting', () => {
    persistLogin(localStorage, result({ tenantList: [{ id: 2 }] }), NOW);
    localStorage.setItem(PREFIX + 'SIDEBAR_TYPE', 'true');
    sessionStorage.setItem(LOGIN_USER_BUTTON_AUTH, '[]');
    sessionStorage.setItem(SYS_BUTTON_AUTH, '[]');
    sessionStorage.setItem('pro__MULTI_TABS', '{"tabs":[]}');
    sessionStorage.setItem('pro__/isystem/user:liststate', '{}');
    clearLoginState(localStorage, sessionStorage);
    for (const k of [USER_INFO, USER_NAME, DICT_ITEMS, TENANT_ID]) expect(localStorage.getItem(PREFIX + k)).toBeNull();
    expect(sessionStorage.getItem(LOGIN_USER_BUTTON_AUTH)).toBeNull();
    expect(sessionStorage.getItem(SYS_BUTTON_AUTH)).toBeNull();
    // Open tabs and list states are the signed-out user's: the next user does not inherit them.
    expect(sessionStorage.length).toBe(0);
    expect(localStorage.getItem(PREFIX + 'SIDEBAR_TYPE')).toBe('true');
  });
});
