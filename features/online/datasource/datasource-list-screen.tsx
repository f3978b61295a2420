'use client';

import { useState } from 'react';
import { useSWRConfig } from 'swr';
import { Button, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import { useAuth } from '@/components/shell/shell-context';
import type { DataSourceRow } from '@/lib/online/wire';
import { PERMS } from '@/lib/permissions/codes';
import { DataSourceForm } from './datasource-form';
import { DATA_SOURCE_API, dataSourceResource } from './datasource-resource';

type Row = DataSourceRow & Record<string, unknown>;

/** 多数据源管理 (system/SysDataSourceList): the PostgreSQL databases a designer report may read. */
export default function DataSourceListScreen() {
  const { mode } = useAuth();
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState<{ open: boolean; record: DataSourceRow | null }>({ open: false, record: null });
  const addMode = mode(PERMS.dataSource.add);
  const editMode = mode(PERMS.dataSource.edit);
  return (
    <>
      <ListPage<Row>
        def={dataSourceResource}
        superQuery={false}
        toolbarExtra={() =>
          addMode === 'hide' ? null : (
            <Button type="primary" icon={<PlusOutlined />} disabled={addMode === 'disable'} onClick={() => setForm({ open: true, record: null })} data-testid="datasource-add">
              新增
            </Button>
          )
        }
        rowActions={(r) =>
          editMode === 'hide' ? null : (
            <Typography.Link disabled={editMode === 'disable'} onClick={() => setForm({ open: true, record: r })} data-testid={`datasource-edit-${r.id}`}>
              编辑
            </Typography.Link>
          )
        }
      />
      <DataSourceForm
        open={form.open}
        record={form.record}
        onClose={() => setForm({ open: false, record: null })}
        onSaved={() => {
          setForm({ open: false, record: null });
          // The list's swr key is [list url, params]: reload it whatever page or search it is on.
          void mutate((key) => Array.isArray(key) && key[0] === `${DATA_SOURCE_API}/list`);
        }}
      />
    </>
  );
}
