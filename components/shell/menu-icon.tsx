'use client';

import type { ReactNode } from 'react';
import {
  ApartmentOutlined, AppstoreOutlined, AuditOutlined, ClockCircleOutlined, FolderOutlined, VideoCameraOutlined, ClusterOutlined, BankOutlined, BookOutlined, CalendarOutlined, DashboardOutlined, EnvironmentOutlined, FileTextOutlined,
  HomeOutlined, IdcardOutlined, LockOutlined, MenuOutlined, NotificationOutlined, ReadOutlined, SafetyOutlined, ScheduleOutlined, SettingOutlined, TableOutlined, TeamOutlined,
  ToolOutlined, UserOutlined,
} from '@ant-design/icons';

/** Menu rows name icons by string (contract §3: `home`, `setting`, `user` …); unknown names get a neutral one. */
const ICONS: Record<string, ReactNode> = {
  home: <HomeOutlined />,
  setting: <SettingOutlined />,
  user: <UserOutlined />,
  team: <TeamOutlined />,
  calendar: <CalendarOutlined />,
  dashboard: <DashboardOutlined />,
  book: <BookOutlined />,
  lock: <LockOutlined />,
  safety: <SafetyOutlined />,
  'file-text': <FileTextOutlined />,
  read: <ReadOutlined />,
  tool: <ToolOutlined />,
  apartment: <ApartmentOutlined />,
  menu: <MenuOutlined />,
  table: <TableOutlined />,
  notification: <NotificationOutlined />,
  bank: <BankOutlined />,
  environment: <EnvironmentOutlined />,
  schedule: <ScheduleOutlined />,
  idcard: <IdcardOutlined />,
  audit: <AuditOutlined />,
  'video-camera': <VideoCameraOutlined />,
  cluster: <ClusterOutlined />,
  'clock-circle': <ClockCircleOutlined />,
  folder: <FolderOutlined />,
};

export function menuIcon(name?: string): ReactNode {
  if (!name) return undefined;
  return ICONS[name] ?? <AppstoreOutlined />;
}
