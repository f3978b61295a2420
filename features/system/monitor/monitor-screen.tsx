'use client';

import { useState } from 'react';
import Link from 'next/link';
import { Tabs } from 'antd';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { DatabasePanel, DiskPanel, TracePanel } from './data-panels';
import { ProcessPanel, ServicePanel, SystemPanel } from './runtime-panels';

/** The spec's six monitors (disk, http trace, JVM, redis, system, tomcat) as this Node.js service has them. */
const TABS = [
  { key: 'disk', label: '磁盘', Panel: DiskPanel },
  { key: 'httptrace', label: 'HTTP 请求追踪', Panel: TracePanel },
  { key: 'process', label: '进程', Panel: ProcessPanel },
  { key: 'database', label: '数据库', Panel: DatabasePanel },
  { key: 'system', label: '系统', Panel: SystemPanel },
  { key: 'service', label: '服务', Panel: ServicePanel },
] as const;

/**
 * 系统监控 (monitor/SystemMonitor): one screen, six tabs. Only the open tab is mounted, so only it polls; a tab
 * opened again starts its curves afresh.
 */
export default function SystemMonitorScreen() {
  const [tab, setTab] = useState<string>('disk');
  return (
    <PageWrapper
      description={
        <>
          本服务进程及其所在机器的运行情况；多实例部署时显示的是响应本次请求的实例。版本、数据库迁移与就绪检查见
          <Link href="/test/home" data-testid="monitor-test-home-link">测试首页</Link>，概况见
          <Link href="/dashboard/monitor" data-testid="monitor-dashboard-link">监控页</Link>。
        </>
      }
    >
      <Tabs
        activeKey={tab}
        onChange={setTab}
        data-testid="monitor-tabs"
        items={TABS.map(({ key, label, Panel }) => ({ key, label, children: key === tab ? <Panel /> : null }))}
      />
    </PageWrapper>
  );
}
