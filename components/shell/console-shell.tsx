'use client';

import { createElement, useCallback, useEffect, useMemo, useState, type ComponentType, type ReactNode } from 'react';
import Image from 'next/image';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { App, Breadcrumb, Button, ConfigProvider, Layout, Spin } from 'antd';
import { MenuFoldOutlined, MenuUnfoldOutlined, SettingOutlined } from '@ant-design/icons';
import { breadcrumbFor, findMenuByPath, flattenForSearch, landingPath, matchMenuChain, normalizePath, storeMenuTitle, readTitleOverride, titleForPath, toNavItems } from '@/lib/menu';
import type { MenuNode } from '@/lib/menu-types';
import { resolveRoute, type MenuRoute, type Resolved } from '@/lib/page-routes';
import { SCREENS } from '@/lib/screens';
import { hasButtonAuth, storeAuthLists } from '@/lib/permissions';
import { PERMS } from '@/lib/permissions/codes';
import { applySetting, DEFAULT_SETTINGS, deviceFor, loadSettings, saveSettings, shouldHideHeader, tabsVisible, type Device, type Settings } from '@/lib/settings';
import { documentTitle, KEEP_ALIVE_LIMIT, RELOAD_EFFECT_MS, SCROLL_DEBOUNCE_MS, TAB_MENU, tabsReducer, touchLru, type TabsAction } from '@/lib/tabs';
import { activatePage, dataGeneration, EMPTY_RESHOW, type ReshowState } from '@/lib/data-changes';
import { ChunkErrorGuard } from '@/components/feedback/chunk-error-guard';
import { ConsoleHeader } from './console-header';
import { MenuSearch } from './menu-search';
import { ShellProvider, type ShellData } from './shell-context';
import { SideMenu } from './side-menu';
import { TabBar } from './tab-bar';
import { useNotifySocket, type SocketMessage } from './use-notify-socket';
import { useTabs } from './use-tabs';
import { noticeSocket } from '@/components/notice/notice-socket-bus';
import { useHasUploads } from '@/lib/upload/upload-list-store';
import { IframePage } from './iframe-page';
import { KeptPage } from './kept-page';
import { ScreenRoute } from './screen-route';

const CALENDAR_PANEL = '/calpanel/CalendarPanel';

// The upload list is only needed once something uploads: keep it out of the first load.
const SettingsDrawer = dynamic(() => import('./settings-drawer').then((m) => m.SettingsDrawer), { ssr: false });
const NoticeBell = dynamic(() => import('@/components/notice/notice-bell').then((m) => m.NoticeBell), { ssr: false });
// Phones and narrow windows only: the menu drawer's code loads when the layout needs it.
const Drawer = dynamic(() => import('antd/es/drawer'), { ssr: false });
// 403/404 pages carry antd's Result with its illustrations: loaded only when a path needs one.
const ExceptionPage = dynamic(() => import('@/components/exception/exception-page').then((m) => m.ExceptionPage));
const UploadDrawer = dynamic(() => import('@/components/upload/upload-drawer').then((m) => m.UploadDrawer), { ssr: false });

/** Menu rows as routes (route '0' rows and their subtrees are not routes). */
function menuRoutes(nodes: MenuNode[], out: MenuRoute[] = []): MenuRoute[] {
  for (const n of nodes) {
    if (n.route === '0') continue;
    out.push({ path: normalizePath(n.path), component: n.component, title: n.meta.title, url: n.meta.url });
    if (n.children) menuRoutes(n.children, out);
  }
  return out;
}

/** Menu `component` name → its screen, or null when no screen has that name (the page registry, given by app/). */
export type ScreenFor = (component: string) => ComponentType | null;

function Screen({ resolved, screenFor, homePath }: { resolved: Resolved; screenFor: ScreenFor; homePath: string }) {
  if (resolved.kind === 'screen') {
    // A registry lookup of a module-level component, not a component created here.
    const component = screenFor(resolved.component);
    return component ? createElement(component) : null;
  }
  if (resolved.kind === 'iframe') return <IframePage url={resolved.url} title={resolved.title} />;
  if (resolved.kind === 'missing') return <ExceptionPage type="404" detail={`页面组件「${resolved.component}」不存在，请联系管理员检查菜单配置`} />;
  if (resolved.kind === 'forbidden') return <ExceptionPage type="403" homeHref={homePath} />;
  return <ExceptionPage type="404" homeHref={homePath} />;
}

export interface ConsoleShellProps extends ShellData {
  helpUrl: string;
  settingsEnabled: boolean;
  /** Passed in rather than imported so components/ does not depend on features/ (the screens). */
  screenFor: ScreenFor;
  children: ReactNode;
}

/**
 * No Suspense boundary around the frame: the signed-in routes render on demand (they read the session), so
 * `useSearchParams` does not suspend, and a boundary this large would be streamed apart and shown by React's
 * batched reveal script at least a frame later (issue #28: the first paint then held no shell).
 */
export function ConsoleShell(props: ConsoleShellProps) {
  return <ShellFrame {...props} />;
}

/** The signed-in frame of spec 01 §2: side/top menu, header, breadcrumb, tabs, kept-alive screens, settings. */
function ShellFrame({ helpUrl, settingsEnabled, screenFor, children, ...data }: ConsoleShellProps) {
  const { message } = App.useApp();
  const router = useRouter();
  const pathname = usePathname();
  const search = useSearchParams();
  const fullPath = pathname + (search.size ? `?${search.toString()}` : '');
  const { menu, auth, allAuth, systemTitle, homePath, account } = data;

  const [settings, setSettings] = useState<Settings>(DEFAULT_SETTINGS);
  const [device, setDevice] = useState<Device>('desktop');
  const [collapsed, setCollapsed] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  // The upload list's code loads once a widget has pushed something into it.
  const hasUploads = useHasUploads();
  const [settingsOpen, setSettingsOpen] = useState(false);
  // The drawer's code loads the first time it is opened, then stays mounted for its close animation.
  const [settingsSeen, setSettingsSeen] = useState(false);
  const [headerHidden, setHeaderHidden] = useState(false);
  const [refreshing, setRefreshing] = useState<string | null>(null);
  const [nonce, setNonce] = useState<Record<string, number>>({});

  // localStorage exists only after hydration; reading it during render would mismatch the server HTML.
  // eslint-disable-next-line react-hooks/set-state-in-effect
  useEffect(() => setSettings(loadSettings(window.localStorage)), []);
  useEffect(() => {
    const onResize = () => setDevice(deviceFor(window.innerWidth));
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  useEffect(() => storeAuthLists(window.sessionStorage, auth, allAuth), [auth, allAuth]);

  // Header auto-hide after 100 px of scrolling, with the scroll flag debounced 100 ms.
  useEffect(() => {
    let last = 0;
    let timer: number | undefined;
    const onScroll = () => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        setHeaderHidden(shouldHideHeader(window.scrollY, settings, last));
        last = window.scrollY;
      }, SCROLL_DEBOUNCE_MS);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(timer);
    };
  }, [settings]);

  const routes = useMemo(() => menuRoutes(menu), [menu]);
  const navItems = useMemo(() => toNavItems(menu), [menu]);
  const searchItems = useMemo(() => flattenForSearch(menu), [menu]);
  // A menu folder (e.g. 系统管理, 账户设置) is not a page: it lands on its redirect or first visible child.
  const folder = findMenuByPath(menu, pathname);
  const resolvedRaw = useMemo(() => resolveRoute(pathname, routes, SCREENS), [pathname, routes]);
  // A screen that is an alias of another (ScreenEntry `redirect`) lands there the same way, without a tab of its own.
  const alias = resolvedRaw.kind === 'screen' ? SCREENS.find((s) => s.component === resolvedRaw.component)?.redirect : undefined;
  const landing = folder?.children?.some((c) => !c.hidden) ? landingPath(folder) : (alias ?? null);
  const resolved: Resolved = landing && landing !== pathname ? { kind: 'not-found', path: pathname } : resolvedRaw;
  const title = (typeof window !== 'undefined' && readTitleOverride(window.localStorage, fullPath)) || (resolved.kind === 'screen' || resolved.kind === 'missing' || resolved.kind === 'iframe' ? resolved.title : resolved.kind === 'forbidden' ? '403' : '404');

  // Unknown paths go to /404 (spec 01 §2), forbidden ones to /403 (one tab for them all, issue #39); folders go to
  // their landing page. Neither exception path is a kept page of its own while it redirects.
  const leaving = resolved.kind === 'not-found' || resolved.kind === 'forbidden';
  useEffect(() => {
    if (landing && landing !== pathname) router.replace(landing);
    else if (resolved.kind === 'not-found' && pathname !== '/404') router.replace('/404');
    else if (resolved.kind === 'forbidden' && pathname !== '/403') router.replace('/403');
  }, [resolved.kind, pathname, router, landing]);

  // Tabs and the kept-alive pages.
  const homeTitle = titleForPath(menu, homePath) ?? SCREENS.find((s) => s.path === homePath)?.title ?? '首页';
  const tabs = useTabs(homePath, homeTitle);
  const multi = tabsVisible(settings, device);
  const [alive, setAlive] = useState<{ keys: string[]; byKey: Record<string, Resolved> }>({ keys: [], byKey: {} });

  // Each navigation makes its page the most recently used one (adjusting state during render, not in an effect).
  const openKeys = new Set(tabs.state.tabs.map((t) => t.key));
  const navKey = `${fullPath}|${multi}`;
  const [navSeen, setNavSeen] = useState('');
  // Which kept page is shown, and the writes each has seen: one shown again after writes elsewhere
  // revalidates its data (kept-page.tsx), so its option lists are not those of its first load.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const [reshow, setReshow] = useState<ReshowState>(EMPTY_RESHOW);
  if (navSeen !== navKey && !leaving) {
    setNavSeen(navKey);
    const gen = dataGeneration();
    setReshow((r) => activatePage(r, activeKey, pathname, gen));
    setActiveKey(pathname);
    setAlive((a) => {
      const live = a.keys.filter((k) => !multi || openKeys.has(k));
      const { keys } = touchLru(live, pathname, multi ? KEEP_ALIVE_LIMIT : 1);
      const byKey: Record<string, Resolved> = {};
      for (const k of keys) byKey[k] = k === pathname ? resolved : a.byKey[k];
      return { keys, byKey };
    });
  }
  // Pages whose tab was closed are not rendered (and so unmount).
  const shown = alive.keys.filter((k) => k === pathname || !multi || openKeys.has(k));

  useEffect(() => {
    if (leaving) return;
    storeMenuTitle(window.localStorage, menu, pathname);
    if (multi) tabs.dispatch({ type: 'open', path: fullPath, title });
    else tabs.dispatch({ type: 'disableMulti', path: fullPath, title });
    document.title = documentTitle(title, systemTitle, pathname === CALENDAR_PANEL);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs per navigation; title/resolved derive from it
  }, [fullPath, multi, resolved]);

  // Tab actions navigate explicitly: the reducer says which tab ends up active.
  const tabAction = (action: TabsAction) => {
    const next = tabsReducer(tabs.state, action);
    tabs.dispatch(action);
    const active = next.tabs.find((t) => t.key === next.active);
    if (active && active.key !== pathname) router.push(active.path);
  };

  const refresh = useCallback((key: string) => {
    setRefreshing(key);
    setNonce((n) => ({ ...n, [key]: (n[key] ?? 0) + 1 }));
    window.setTimeout(() => setRefreshing(null), RELOAD_EFFECT_MS);
  }, []);

  // Realtime: a permission change reaches this user without signing in again.
  const onSocket = useCallback(
    (m: SocketMessage) => {
      // The bell listens on this same socket (topic / user announcements).
      noticeSocket.message(m);
      if (m.cmd === 'permission') {
        router.refresh();
        message.info(m.msgTxt || '权限已变更');
      }
    },
    [router, message],
  );
  const [socketState, setSocketState] = useState<'connecting' | 'open'>('connecting');
  const onSocketOpen = useCallback(
    (reconnected: boolean) => {
      setSocketState('open');
      if (reconnected) {
        router.refresh();
        noticeSocket.reconnected();
      }
    },
    [router],
  );
  const onSocketClosed = useCallback(() => setSocketState('connecting'), []);
  useNotifySocket(account.userInfo.id, onSocket, onSocketOpen, onSocketClosed);

  const changeSetting = <K extends keyof Settings>(key: K, value: Settings[K]) => {
    const isTheme = key === 'primaryColor' || key === 'navTheme';
    const hide = isTheme ? message.loading('正在编译主题！', 0) : null;
    try {
      const next = saveSettings(window.localStorage, applySetting(settings, key, value));
      setSettings(next);
    } catch {
      message.error('Failed to update theme');
    } finally {
      if (hide) window.setTimeout(hide, 300);
    }
  };

  const drawerMode = device !== 'desktop';
  const chain = matchMenuChain(menu, pathname);
  const selected = chain.length ? [chain[chain.length - 1].path] : [pathname];
  const crumbs = breadcrumbFor(menu, pathname, homePath, homeTitle);
  const dark = settings.navTheme === 'dark';
  const sideMode = settings.layout === 'sidemenu';

  const menuNode = (mode: 'inline' | 'horizontal') => (
    <SideMenu
      items={navItems}
      selected={selected}
      openKeys={chain.slice(0, -1).map((n) => n.path)}
      mode={mode}
      theme={mode === 'horizontal' ? 'light' : settings.navTheme}
      onNavigate={() => setDrawerOpen(false)}
    />
  );
  const logo = (
    <Link href={homePath} style={{ display: 'flex', alignItems: 'center', gap: 10, height: 64, padding: '0 20px', color: dark ? '#fff' : 'inherit', textDecoration: 'none' }}>
      <Image src="/logo.svg" width={28} height={28} alt="" />
      {!collapsed && <strong style={{ fontSize: 16, whiteSpace: 'nowrap' }}>{systemTitle}</strong>}
    </Link>
  );

  return (
    <ConfigProvider theme={{ token: { colorPrimary: settings.primaryColor, colorLink: settings.primaryColor } }}>
      <ShellProvider value={data}>
        <ChunkErrorGuard />
        <Layout style={{ minHeight: '100vh', filter: settings.colorWeak ? 'invert(80%)' : undefined }} data-device={device} data-layout={settings.layout} data-socket={socketState}>
          {sideMode && !drawerMode && (
            <Layout.Sider
              width={208}
              collapsed={collapsed}
              theme={settings.navTheme}
              style={settings.fixSiderbar ? { position: 'sticky', top: 0, height: '100vh', overflow: 'auto' } : undefined}
              data-testid="sider"
            >
              {logo}
              {menuNode('inline')}
            </Layout.Sider>
          )}
          {drawerMode && (
            <Drawer placement="left" open={drawerOpen} onClose={() => setDrawerOpen(false)} size={240} styles={{ body: { padding: 0 } }} title={systemTitle}>
              <div data-testid="menu-drawer">{menuNode('inline')}</div>
            </Drawer>
          )}
          <Layout>
            <div
              style={{
                position: settings.fixedHeader ? 'sticky' : 'relative',
                top: 0,
                zIndex: 10,
                transform: headerHidden ? 'translateY(-100%)' : undefined,
                transition: 'transform .2s',
              }}
              data-testid="header-wrap"
              data-hidden={headerHidden ? '1' : '0'}
            >
              <ConsoleHeader
                title={systemTitle}
                helpUrl={helpUrl}
                user={account.userInfo}
                departs={account.departs}
                homePath={homePath}
                showBrand={!sideMode || drawerMode}
                left={
                  <>
                    {(sideMode || drawerMode) && (
                      <Button
                        type="text"
                        aria-label="切换菜单"
                        data-testid="menu-trigger"
                        icon={(drawerMode ? !drawerOpen : collapsed) ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
                        onClick={() => (drawerMode ? setDrawerOpen(true) : setCollapsed((c) => !c))}
                      />
                    )}
                    {!sideMode && !drawerMode && menuNode('horizontal')}
                    {sideMode && device === 'desktop' && (
                      <Breadcrumb
                        data-testid="breadcrumb"
                        items={crumbs.map((c, i) => ({ key: `${i}`, title: c.href ? <Link href={c.href}>{c.title}</Link> : c.title }))}
                      />
                    )}
                  </>
                }
                actions={
                  <>
                    {device !== 'mobile' && <MenuSearch items={searchItems} />}
                    <NoticeBell withTasks={hasButtonAuth(PERMS.task.list, { auth, allAuth })} />
                    {hasUploads && <UploadDrawer />}
                    {settingsEnabled && (
                      <Button
                        type="text"
                        icon={<SettingOutlined />}
                        aria-label="系统设置"
                        data-testid="settings-open"
                        onClick={() => {
                          setSettingsSeen(true);
                          setSettingsOpen(true);
                        }}
                      />
                    )}
                  </>
                }
              />
            </div>
            {multi && (
              <TabBar
                state={tabs.state}
                onSelect={(key) => {
                  const tab = tabs.state.tabs.find((t) => t.key === key);
                  if (tab && key !== pathname) router.push(tab.path);
                }}
                onClose={(key) => tabAction({ type: 'close', key })}
                onContext={(key, menuKey) => {
                  if (menuKey === TAB_MENU.refresh) refresh(key);
                  else tabAction({ type: 'context', key, menuKey });
                }}
              />
            )}
            <Layout.Content style={{ margin: 24, ...(settings.contentWidth === 'Fixed' && !sideMode ? { maxWidth: 1200, marginInline: 'auto', width: '100%' } : {}) }}>
              {children}
              {shown.map((key) => (
                <div key={`${key}#${nonce[key] ?? 0}`} hidden={key !== pathname} data-page-key={key}>
                  {refreshing === key ? (
                    <div style={{ padding: 48, textAlign: 'center' }}>
                      <Spin />
                    </div>
                  ) : (
                    <KeptPage reshown={reshow.reshown[key] ?? 0}>
                      <ScreenRoute route={key}>
                        <Screen resolved={alive.byKey[key]} screenFor={screenFor} homePath={homePath} />
                      </ScreenRoute>
                    </KeptPage>
                  )}
                </div>
              ))}
              {!shown.includes(pathname) && !leaving && (
                <ScreenRoute route={pathname}>
                  <Screen resolved={resolved} screenFor={screenFor} homePath={homePath} />
                </ScreenRoute>
              )}
            </Layout.Content>
          </Layout>
        </Layout>
        {settingsEnabled && settingsSeen && <SettingsDrawer open={settingsOpen} settings={settings} onClose={() => setSettingsOpen(false)} onChange={changeSetting} />}
      </ShellProvider>
    </ConfigProvider>
  );
}
