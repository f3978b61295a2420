'use client';

import { Descriptions, Progress, Table } from 'antd';
import { formatBytes, formatMs, formatUptime } from './format';
import { Figure, Figures, Panel } from './monitor-parts';
import type { ProcessAnswer, ServiceAnswer, SystemAnswer } from './types';
import { useMonitor } from './use-monitor';

const MB = 1024 * 1024;

/** 进程 (JeecgBoot's JVM screen): heap, GC and event-loop lag of this Node process. */
export function ProcessPanel() {
  const m = useMonitor<ProcessAnswer, 'heap' | 'rss' | 'lag' | 'cpu' | 'gc'>('process', (d) => ({
    heap: d.memory.heapUsed / MB,
    rss: d.memory.rss / MB,
    lag: d.eventLoop.p99Ms,
    cpu: d.cpuPercent,
    gc: d.gc.count,
  }));
  const d = m.data;
  const h = m.history;
  return (
    <Panel testId="monitor-process" refresh={m.refresh} validating={m.validating} error={m.error}>
      {d && (
        <>
          <Figures>
            <Figure id="heap-used" title="堆内存已用" value={formatBytes(d.memory.heapUsed)} extra={`堆上限 ${formatBytes(d.heap.limit)}`} series={h.heap} />
            <Figure id="rss" title="常驻内存 (RSS)" value={formatBytes(d.memory.rss)} extra={`外部 ${formatBytes(d.memory.external)}`} series={h.rss} />
            <Figure id="event-loop-lag" title="事件循环延迟 p99" value={formatMs(d.eventLoop.p99Ms)} extra={`平均 ${d.eventLoop.meanMs} ms，最大 ${d.eventLoop.maxMs} ms（最近 ${d.eventLoop.windowSec} 秒）`} series={h.lag} />
            <Figure id="process-cpu" title="进程 CPU" value={`${d.cpuPercent}%`} extra={`事件循环占用 ${d.eventLoop.utilization}%`} series={h.cpu} min={0} />
            <Figure id="gc-count" title="GC 次数" value={d.gc.count} extra={`累计耗时 ${d.gc.totalMs} ms`} series={h.gc} />
          </Figures>
          <Table
            size="small"
            pagination={false}
            rowKey="kind"
            data-testid="monitor-gc"
            columns={[
              { title: 'GC 类型', dataIndex: 'label' },
              { title: '次数', dataIndex: 'count' },
              { title: '耗时 (ms)', dataIndex: 'ms' },
            ]}
            dataSource={[
              { kind: 'minor', label: '新生代 (Scavenge)', ...d.gc.byKind.minor },
              { kind: 'major', label: '老生代 (Mark-Sweep-Compact)', ...d.gc.byKind.major },
              { kind: 'incremental', label: '增量标记', ...d.gc.byKind.incremental },
              { kind: 'weakcb', label: '弱引用回调', ...d.gc.byKind.weakcb },
            ]}
          />
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'pid', label: '进程号', children: d.pid },
              { key: 'node', label: 'Node.js', children: d.nodeVersion },
              { key: 'uptime', label: '运行时长', children: formatUptime(d.uptimeSec) },
              { key: 'heapTotal', label: '堆已分配', children: formatBytes(d.memory.heapTotal) },
              { key: 'ab', label: 'ArrayBuffer', children: formatBytes(d.memory.arrayBuffers) },
              { key: 'handles', label: '活动句柄', children: d.handles.activeResources },
            ]}
          />
        </>
      )}
    </Panel>
  );
}

/** 系统: the machine. */
export function SystemPanel() {
  const m = useMonitor<SystemAnswer, 'cpu' | 'mem' | 'load'>('system', (d) => ({ cpu: d.cpuPercent, mem: d.memory.usedPercent, load: d.loadAverage[0] }));
  const d = m.data;
  const h = m.history;
  return (
    <Panel testId="monitor-system" refresh={m.refresh} validating={m.validating} error={m.error}>
      {d && (
        <>
          <Figures>
            <Figure id="system-cpu" title="CPU 使用率" value={d.cpuPercent == null ? '-' : `${d.cpuPercent}%`} extra={`${d.cpuCount} 核`} series={h.cpu} min={0} max={100} />
            <Figure id="system-memory" title="内存使用率" value={`${d.memory.usedPercent}%`} extra={`${formatBytes(d.memory.used)} / ${formatBytes(d.memory.total)}`} series={h.mem} min={0} max={100} />
            <Figure id="load" title="系统负载 (1/5/15 分钟)" value={d.loadAverage.join(' / ')} series={h.load} min={0} />
            <Figure id="system-uptime" title="系统运行时长" value={formatUptime(d.uptimeSec)} extra={`本服务已运行 ${formatUptime(d.processUptimeSec)}`} />
          </Figures>
          <Progress percent={d.memory.usedPercent} format={(p) => `内存 ${p}%`} />
          <Descriptions
            size="small"
            bordered
            column={{ xs: 1, md: 2 }}
            items={[
              { key: 'host', label: '主机名', children: d.hostname },
              { key: 'platform', label: '平台', children: `${d.platform} ${d.arch} (${d.release})` },
              { key: 'cpu', label: 'CPU 型号', children: d.cpuModel || '-' },
              { key: 'node', label: 'Node.js', children: d.nodeVersion },
              { key: 'free', label: '空闲内存', children: formatBytes(d.memory.free) },
            ]}
          />
        </>
      )}
    </Panel>
  );
}

/** 服务 (JeecgBoot's Tomcat screen): traffic through this instance. */
export function ServicePanel() {
  const m = useMonitor<ServiceAnswer, 'rps' | 'conn' | 'ws'>('service', (d) => ({ rps: d.requestsPerSecond, conn: d.openConnections, ws: d.websocketClients }));
  const d = m.data;
  const h = m.history;
  return (
    <Panel testId="monitor-service" refresh={m.refresh} validating={m.validating} error={m.error} note={d?.note}>
      {d && (
        <Figures>
          <Figure id="rps" title="每秒请求数（最近一分钟）" value={d.requestsPerSecond} extra={`最近一分钟共 ${d.requestsLastMinute} 个请求`} series={h.rps} min={0} />
          <Figure id="open-connections" title="打开的 HTTP 连接" value={d.openConnections} extra={`处理中的请求 ${d.inFlight}`} series={h.conn} min={0} />
          <Figure id="websocket-clients" title="WebSocket 连接" value={d.websocketClients ?? '不可用'} series={h.ws} min={0} />
          <Figure id="service-uptime" title="服务运行时长" value={formatUptime(d.uptimeSec)} />
        </Figures>
      )}
    </Panel>
  );
}
