'use client';

import dynamic from 'next/dynamic';
import Image from 'next/image';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useState, type ReactNode } from 'react';
import { App, Avatar, Dropdown, type MenuProps } from 'antd';
import { LockOutlined, LogoutOutlined, QuestionCircleOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { avatarInitial, avatarUrl } from '@/lib/account/avatar';
import { ApiError, http } from '@/lib/http';
import { clearLoginState, logoutTarget, persistRefreshedUserInfo, persistSelectedDepart, type DepartInfo, type LoginUserInfo } from '@/lib/login-state';
import styles from './console-header.module.css';
import { TenantSwitch } from './tenant-switch';

// Opened from the user menu only: load the dialog on demand.
const DepartSelectModal = dynamic(() => import('./depart-select-modal').then((m) => m.DepartSelectModal), { ssr: false });

interface ConsoleHeaderProps {
  title: string;
  helpUrl: string;
  user: LoginUserInfo;
  departs: DepartInfo[];
  homePath: string;
  /** The logo and title (hidden when the side menu shows them). */
  showBrand: boolean;
  /** Menu trigger, breadcrumb or top menu. */
  left?: ReactNode;
  /** Menu search, settings. */
  actions?: ReactNode;
}

/** The signed-in header: logo and title (to home), greeting, and the user menu with logout (spec 01 §2). */
export function ConsoleHeader({ title, helpUrl, user, departs, homePath, showBrand, left, actions }: ConsoleHeaderProps) {
  const { modal, message } = App.useApp();
  const router = useRouter();
  const [switching, setSwitching] = useState(false);

  // User info refreshed from the session is kept for 365 days (spec 01 §4).
  useEffect(() => {
    persistRefreshedUserInfo(window.localStorage, user);
  }, [user]);

  /** Drop the browser-side login state and leave with a full navigation (login page or CAS logout). */
  const leave = (result: unknown) => {
    clearLoginState(window.localStorage, window.sessionStorage);
    window.location.assign(logoutTarget(result));
  };

  const logout = async () => {
    try {
      const res = await http.post<{ casLogoutUrl?: string } | null>('/sys/logout');
      leave(res.result);
    } catch (e) {
      // The BFF clears the cookie whatever the backend answers; only a failed request leaves us signed in.
      if (e instanceof ApiError && e.status === 200) return leave(null);
      message.error(e instanceof ApiError ? e.message : '退出登录失败');
    }
  };

  const confirmLogout = () =>
    modal.confirm({
      title: '提示',
      content: '真的要注销登录吗 ?',
      okText: '确定',
      cancelText: '取消',
      onOk: logout,
    });

  const items: MenuProps['items'] = [
    { key: 'center', icon: <UserOutlined />, label: '个人中心' },
    { key: 'password', icon: <LockOutlined />, label: '修改密码' },
    // One department: nothing to switch to. None: the entry says so (spec 01 §8 您尚未设置部门信息!).
    ...(departs.length !== 1 ? [{ key: 'depart', icon: <SwapOutlined />, label: '切换部门' }] : []),
    { key: 'help', icon: <QuestionCircleOutlined />, label: '帮助中心' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: '退出登录' },
  ];

  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'center') router.push('/account/center');
    else if (key === 'password') router.push('/account/settings/security');
    else if (key === 'depart') {
      if (departs.length) setSwitching(true);
      else message.warning('您尚未设置部门信息!');
    }
    else if (key === 'help') window.open(helpUrl, '_blank', 'noopener,noreferrer');
    else if (key === 'logout') confirmLogout();
  };

  const src = avatarUrl(user.avatar);

  return (
    <header className={styles.header}>
      <div className={styles.left}>
        {showBrand && (
          <Link href={homePath} className={styles.brand} aria-label={title}>
            <Image src="/logo.svg" width={32} height={32} alt="" />
            <span className={styles.title}>{title}</span>
          </Link>
        )}
        {left}
      </div>
      {/* The greeting opens the right-hand group: beside the breadcrumb it read as one more crumb (issue #21). */}
      <div className={styles.right} data-testid="header-right">
        <span className={styles.greeting} data-testid="header-greeting">
          欢迎进入 {title}
        </span>
        <span className={styles.greetingShort}>教务</span>
      {/* Only with two or more tenants; with one the header is unchanged (issue #24). */}
      <TenantSwitch />
      {actions}
      <Dropdown menu={{ items, onClick: onMenuClick }} placement="bottomRight" trigger={['hover', 'click']}>
        <button type="button" className={styles.user} data-testid="header-user" aria-label="用户菜单">
          <Avatar size="small" src={src} style={src ? undefined : { backgroundColor: '#58B8A1' }}>
            {src ? null : avatarInitial(user.realname, user.username)}
          </Avatar>
          <span data-testid="header-realname">{user.realname || user.username}</span>
        </button>
      </Dropdown>
      </div>
      {switching && (
        <DepartSelectModal
          open
          title="部门切换"
          departs={departs}
          currentOrgCode={user.orgCode}
          username={user.username}
          closable
          onCancel={() => setSwitching(false)}
          onSelected={(userInfo) => {
            persistSelectedDepart(window.localStorage, userInfo);
            setSwitching(false);
            message.success('部门切换成功');
            router.refresh();
          }}
        />
      )}
    </header>
  );
}
