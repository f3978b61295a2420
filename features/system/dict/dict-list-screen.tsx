'use client';

import { useState } from 'react';
import { Button, Typography } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useRefreshDictCache } from '@/components/data/dict/refresh-dict-cache';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import { DictItemsDrawer } from './dict-items-drawer';
import { dictResource } from './dict-resource';

/** 数据字典 (system/DictList): dictionaries on the resource engine, 字典配置 for their items, 刷新缓存. */
export default function DictListScreen() {
  return <DictList />;
}

/** 刷新缓存: the server's refleshCache, then the browser's all-items copy and every mounted dictionary (refresh-dict-cache.ts). */
function RefreshCacheButton() {
  const refresh = useRefreshDictCache();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      await refresh();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button icon={<SyncOutlined />} loading={busy} onClick={() => void run()} data-testid="dict-refresh-cache">
      刷新缓存
    </Button>
  );
}

function DictList() {
  const canConfigure = useAuth().mode(PERMS.dictItem.list) !== 'hide';
  const [configuring, setConfiguring] = useState<Row | null>(null);
  return (
    <PageWrapper description="维护下拉、单选等控件使用的数据字典及其字典项。修改字典项后，点「刷新缓存」让浏览器中的字典缓存立即更新。">
      <ListPage
        def={dictResource}
        toolbarExtra={() => <RefreshCacheButton />}
        rowActions={
          canConfigure
            ? (record) => (
                <Typography.Link onClick={() => setConfiguring(record)} data-testid={`dict-config-${String(record.id)}`}>
                  字典配置
                </Typography.Link>
              )
            : undefined
        }
      />
      <DictItemsDrawer dict={configuring} onClose={() => setConfiguring(null)} />
    </PageWrapper>
  );
}
