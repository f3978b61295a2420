'use client';

import { Descriptions, Progress, Table, Tag, Typography } from 'antd';
import { formatBytes } from './format';
import { Figure, Figures, Panel } from './monitor-parts';
import type { DatabaseAnswer, DiskAnswer, TraceAnswer, TraceRecord } from './types';
import { useMonitor } from './use-monitor';

/** 磁盘: the filesystem holding DATA_DIR, and the upload folder. */
export function DiskPanel() {
  const m = useMonitor<DiskAnswer, 'used' | 'upload'>('disk', (d) => ({ used: d.filesystem.usedPercent, upload: d.upload.bytes }));
  const d = m.data;
  return (
    <Panel testId="monitor-disk" refresh={m.refresh} validating={m.validating} error={m.error}>
      {d && (
        <>
          <Figures>
            <Figure id="disk-total" title="磁盘总量" value={formatBytes(d.filesystem.total)} />
            <Figure id="disk-free" title="可用空间" value={formatBytes(d.filesystem.free)} extra={`已用 ${formatBytes(d.filesystem.used)}`} />
            <Figure id="disk-used-percent" title="使用率" value={`${d.filesystem.usedPercent}%`} series={m.history.used} min={0} max={100} />
            <Figure
              id="upload-size"
              title="上传文件"
              value={`${d.upload.truncated ? '≥ ' : ''}${formatBytes(d.upload.bytes)}`}
              extra={`${d.upload.files} 个文件（每 30 秒统计一次）`}
              series={m.history.upload}
            />
          </Figures>
          <Progress percent={d.filesystem.usedPercent} status={d.filesystem.usedPercent >= 90 ? 'exception' : 'normal'} format={(p) => `已用 ${p}%`} />
          <Descriptions
            size="small"
            bordered
            column={1}
            items={[
              { key: 'data', label: '数据目录 (DATA_DIR)', children: d.dataDir },
              { key: 'fs', label: '统计的文件系统路径', children: d.filesystem.path },
              { key: 'upload', label: '上传目录', children: d.upload.path },
            ]}
          />
        </>
      )}
    </Panel>
  );
}

const statusColor = (s: number) => (s >= 500 ? 'red' : s >= 400 ? 'orange' : s >= 300 ? 'blue' : 'green');

/** HTTP 请求追踪: the last 100 requests this process answered. */
export function TracePanel() {
  const m = useMonitor<TraceAnswer, 'total'>('httptrace');
  const d = m.data;
  return (
    <Panel testId="monitor-httptrace" refresh={m.refresh} validating={m.validating} error={m.error} note={d?.note}>
      {d && (
        <>
          <Typography.Text data-testid="figure-trace-total">共 {d.total} 条（最多保留最近 100 条，不含查询参数）</Typography.Text>
          <Table<TraceRecord>
            size="small"
            data-testid="monitor-trace-table"
            rowKey={(r) => `${r.timestamp}-${r.method}-${r.path}-${r.timeTaken}`}
            dataSource={d.records}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { title: '请求时间', dataIndex: 'time', width: 170 },
              { title: '方法', dataIndex: 'method', width: 80, render: (v: string) => <Tag>{v}</Tag> },
              { title: '请求路径', dataIndex: 'path', ellipsis: true },
              { title: '状态', dataIndex: 'status', width: 80, render: (v: number) => <Tag color={statusColor(v)}>{v}</Tag> },
              { title: '耗时 (ms)', dataIndex: 'timeTaken', width: 100, align: 'right' },
              { title: '用户', dataIndex: 'username', width: 120, render: (v: string | null) => v ?? '-' },
            ]}
          />
        </>
      )}
    </Panel>
  );
}

/** 数据库 (in JeecgBoot's Redis place): connections, size, the largest tables and slow queries. */
export function DatabasePanel() {
  const m = useMonitor<DatabaseAnswer, 'size'>('database', (d) => ({ size: d.sizeBytes }));
  const d = m.data;
  const c = d?.connections;
  return (
    <Panel testId="monitor-database" refresh={m.refresh} validating={m.validating} error={m.error}>
      {d && c && (
        <>
          <Figures>
            <Figure id="db-kind" title="数据库" value={d.kind === 'pglite' ? '内置 PGlite' : 'PostgreSQL'} extra={`版本 ${d.version}`} />
            <Figure id="db-size" title="数据库大小" value={formatBytes(d.sizeBytes)} series={m.history.size} />
            <Figure
              id="db-connections"
              title="连接"
              value={c.embedded != null ? `${c.embedded}（内嵌）` : (c.server ?? '-')}
              extra={c.pool ? `本实例连接池：共 ${c.pool.total}，空闲 ${c.pool.idle}，等待 ${c.pool.waiting}` : c.embedded != null ? '内置数据库在本进程内，只有一个连接' : '数据库上本库的全部连接'}
            />
          </Figures>
          <Typography.Title level={5} style={{ margin: 0 }}>
            最大的表
          </Typography.Title>
          <Table
            size="small"
            rowKey="name"
            pagination={false}
            data-testid="monitor-tables"
            dataSource={d.tables}
            columns={[
              { title: '表名', dataIndex: 'name' },
              { title: '大小（含索引）', dataIndex: 'bytes', align: 'right', render: (v: number) => formatBytes(v) },
              { title: '估计行数', dataIndex: 'rows', align: 'right' },
            ]}
          />
          <Typography.Title level={5} style={{ margin: 0 }}>
            慢查询
          </Typography.Title>
          {d.slowQueries ? (
            <Table
              size="small"
              rowKey="query"
              pagination={false}
              dataSource={d.slowQueries}
              columns={[
                { title: '语句', dataIndex: 'query', ellipsis: true },
                { title: '次数', dataIndex: 'calls', width: 90, align: 'right' },
                { title: '平均 (ms)', dataIndex: 'meanMs', width: 110, align: 'right' },
                { title: '累计 (ms)', dataIndex: 'totalMs', width: 110, align: 'right' },
              ]}
            />
          ) : (
            <Typography.Text type="secondary" data-testid="monitor-slow-note">
              {d.slowQueriesNote}
            </Typography.Text>
          )}
        </>
      )}
    </Panel>
  );
}
