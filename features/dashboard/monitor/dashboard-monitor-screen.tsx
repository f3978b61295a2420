'use client';

import Link from 'next/link';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { formatBytes, formatUptime } from '@/features/system/monitor/format';
import { Figure, Figures, Panel } from '@/features/system/monitor/monitor-parts';
import type { DatabaseAnswer, DiskAnswer, ServiceAnswer, SystemAnswer } from '@/features/system/monitor/types';
import { useMonitor } from '@/features/system/monitor/use-monitor';

const DB_KIND = { pglite: '内置数据库 (PGlite)', postgres: 'PostgreSQL' } as const;

/**
 * 监控页 (spec 01 §1's dashboard/Monitor, issue #39; JeecgBoot's page is an empty placeholder): the at-a-glance
 * figures of 系统监控 on one page — machine, disk, database and requests — from the same /sys/monitor/* answers,
 * so it needs the same code (system:monitor:list). Details and curves stay on 系统监控.
 */
export default function DashboardMonitorScreen() {
  const sys = useMonitor<SystemAnswer, 'cpu' | 'mem'>('system', (d) => ({ cpu: d.cpuPercent, mem: d.memory.usedPercent }));
  const svc = useMonitor<ServiceAnswer, 'rpm'>('service', (d) => ({ rpm: d.requestsLastMinute }));
  const disk = useMonitor<DiskAnswer>('disk');
  const db = useMonitor<DatabaseAnswer>('database');
  const refresh = () => [sys, svc, disk, db].forEach((m) => m.refresh());
  const error = sys.error ?? svc.error ?? disk.error ?? db.error ?? null;
  const validating = [sys, svc, disk, db].some((m) => m.validating);
  const s = sys.data;
  return (
    <PageWrapper
      description={
        <>
          本服务及其所在机器的概况；详细数据与曲线见 <Link href="/isystem/monitor" data-testid="dashboard-monitor-details">系统监控</Link>。
        </>
      }
    >
      <Panel testId="dashboard-monitor" refresh={refresh} validating={validating} error={error} note={svc.data?.note}>
        <Figures>
          <Figure id="cpu" title="CPU" value={s?.cpuPercent == null ? '-' : `${s.cpuPercent}%`} extra={s ? `${s.cpuCount} 核，负载 ${s.loadAverage.map((n) => n.toFixed(2)).join(' / ')}` : undefined} series={sys.history.cpu} min={0} max={100} />
          <Figure id="memory" title="内存" value={s ? `${s.memory.usedPercent}%` : '-'} extra={s ? `${formatBytes(s.memory.used)} / ${formatBytes(s.memory.total)}` : undefined} series={sys.history.mem} min={0} max={100} />
          <Figure id="disk" title="磁盘" value={disk.data ? `${disk.data.filesystem.usedPercent}%` : '-'} extra={disk.data ? `剩余 ${formatBytes(disk.data.filesystem.free)}，上传文件 ${formatBytes(disk.data.upload.bytes)}` : undefined} />
          <Figure id="database" title="数据库" value={db.data ? formatBytes(db.data.sizeBytes) : '-'} extra={db.data ? `${DB_KIND[db.data.kind]} ${db.data.version}` : undefined} />
          <Figure id="requests" title="每分钟请求" value={svc.data ? svc.data.requestsLastMinute : '-'} extra={svc.data ? `处理中 ${svc.data.inFlight}，连接 ${svc.data.openConnections}` : undefined} series={svc.history.rpm} min={0} />
          <Figure id="uptime" title="服务运行" value={s ? formatUptime(s.processUptimeSec) : '-'} extra={s ? `主机 ${s.hostname}，已开机 ${formatUptime(s.uptimeSec)}` : undefined} />
        </Figures>
      </Panel>
    </PageWrapper>
  );
}
