'use client';

import { useMemo, useState, type HTMLAttributes } from 'react';
import useSWR from 'swr';
import { Alert, Button, Drawer, Empty, Space, Spin, Switch, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import type { DiffRow } from '@/lib/logs/data-diff';
import { DATA_LOG_COMPARE_URL, DATA_LOG_VERSIONS_URL, dataLogResource } from './data-log-resource';

/** One SysDataLog of queryDataVerList. */
interface Version {
  id: string;
  dataTable: string;
  dataTable_dictText?: string;
  dataId: string;
  dataVersion: number;
  createBy: string | null;
  createName: string | null;
  createTime: string | null;
}

/** GET /sys/dataLog/compare. */
interface Compare {
  dataTableText: string;
  left: { id: string; dataVersion: number; createBy: string | null; createTime: string | null };
  right: { id: string; dataVersion: number; createBy: string | null; createTime: string | null };
  fields: DiffRow[];
}

interface Target {
  dataTable: string;
  title: string;
  dataId: string;
  /** The version the row action was clicked on: compared with the one before it by default. */
  versionId: string;
}

/**
 * 数据日志 (system/DataLogList): the saved versions of business records (学员, 班级, 课程 …), filtered by table, record
 * and time; 版本对比 opens a record's versions and compares any two field by field.
 */
export default function DataLogScreen() {
  const [target, setTarget] = useState<Target | null>(null);
  return (
    <PageWrapper description="学员、班级、课程、教师、场地、线索、物品等业务数据每次保存后的版本。选择一条数据的任意两个版本，可逐字段查看差异。">
      <ListPage<Row>
        def={dataLogResource}
        rowActions={(r) => (
          <a
            data-testid={`datalog-compare-${String(r.id)}`}
            onClick={() => setTarget({ dataTable: String(r.dataTable), title: String(r.dataTable_dictText ?? r.dataTable), dataId: String(r.dataId), versionId: String(r.id) })}
          >
            版本对比
          </a>
        )}
      />
      <Drawer open={target !== null} title={target ? `${target.title}版本 - ${target.dataId}` : ''} size={880} onClose={() => setTarget(null)} destroyOnHidden data-testid="datalog-drawer">
        {target && <Versions target={target} />}
      </Drawer>
    </PageWrapper>
  );
}

const versionColumns: TableColumnsType<Version> = [
  { title: '版本号', dataIndex: 'dataVersion', width: 80 },
  { title: '操作人', dataIndex: 'createBy', width: 120, render: (v: string | null, r) => (r.createName ? `${r.createName}（${v ?? ''}）` : (v ?? '-')) },
  { title: '保存时间', dataIndex: 'createTime', width: 180 },
];

/** The record's versions (newest first); two chosen ones are compared. */
function Versions({ target }: { target: Target }) {
  const onError = useApiError();
  const versions = useSWR([DATA_LOG_VERSIONS_URL, target.dataTable, target.dataId], async () => (await http.get<Version[]>(DATA_LOG_VERSIONS_URL, { dataTable: target.dataTable, dataId: target.dataId })).result ?? [], {
    onError,
    revalidateOnFocus: false,
  });
  const [picked, setPicked] = useState<string[] | null>(null);
  const list = useMemo(() => versions.data ?? [], [versions.data]);
  // Default pair: the clicked version and the one before it (or after it, for version 1).
  const chosen = useMemo(() => {
    if (picked) return picked;
    const i = list.findIndex((v) => v.id === target.versionId);
    if (i < 0 || list.length < 2) return [];
    return [list[i].id, list[i + 1 < list.length ? i + 1 : i - 1].id];
  }, [picked, list, target.versionId]);

  if (versions.isLoading) return <Spin />;
  if (!list.length) return <Empty description="未找到版本信息" />;
  return (
    <Space orientation="vertical" size={16} style={{ width: '100%' }}>
      <Table<Version>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={list}
        columns={versionColumns}
        data-testid="datalog-versions"
        scroll={{ y: 240 }}
        onRow={(r) => ({ 'data-testid': `datalog-version-${r.dataVersion}` }) as HTMLAttributes<HTMLElement>}
        rowSelection={{
          selectedRowKeys: chosen,
          // Any two; a third pick replaces the older pick.
          onChange: (keys) => setPicked(keys.map(String).slice(-2)),
        }}
      />
      {chosen.length === 2 ? <Comparison ids={chosen as [string, string]} /> : <Alert type="info" showIcon title="请选择两个版本进行对比" />}
    </Space>
  );
}

/** Field by field: labels from the resource definition, dictionary values as texts, changes highlighted. */
function Comparison({ ids }: { ids: [string, string] }) {
  const onError = useApiError();
  const [onlyChanged, setOnlyChanged] = useState(true);
  const cmp = useSWR([DATA_LOG_COMPARE_URL, ...[...ids].sort()], async () => (await http.get<Compare>(DATA_LOG_COMPARE_URL, { dataId1: ids[0], dataId2: ids[1] })).result, { onError, revalidateOnFocus: false });
  const data = cmp.data;
  if (!data) return cmp.isLoading ? <Spin /> : null;
  const rows = onlyChanged ? data.fields.filter((f) => f.changed) : data.fields;
  const side = (s: Compare['left']) => `版本${s.dataVersion}（${s.createTime ?? ''}）`;
  const cell = (text: string | null, changed: boolean) => <Typography.Text type={changed ? 'danger' : undefined}>{text ?? '-'}</Typography.Text>;
  const columns: TableColumnsType<DiffRow> = [
    { title: '字段', dataIndex: 'label', width: 140 },
    { title: side(data.left), dataIndex: 'beforeText', render: (v: string | null, r) => cell(v, r.changed) },
    { title: side(data.right), dataIndex: 'afterText', render: (v: string | null, r) => cell(v, r.changed) },
  ];
  return (
    <div data-testid="datalog-comparison">
      <Space style={{ marginBottom: 8 }}>
        <Switch checked={onlyChanged} onChange={setOnlyChanged} data-testid="datalog-only-changed" />
        <span>只看变化的字段（{data.fields.filter((f) => f.changed).length} 项）</span>
        <Button size="small" onClick={() => void cmp.mutate()} data-testid="datalog-refresh">
          刷新
        </Button>
      </Space>
      <Table<DiffRow>
        rowKey="field"
        size="small"
        pagination={false}
        dataSource={rows}
        columns={columns}
        locale={{ emptyText: onlyChanged ? '两个版本没有差异' : '暂无数据' }}
        rowClassName={(r) => (r.changed ? 'datalog-changed' : '')}
        data-testid="datalog-diff"
      />
    </div>
  );
}
