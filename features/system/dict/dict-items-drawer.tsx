'use client';

import { useMemo, useState } from 'react';
import { Drawer, Segmented, Typography } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PERMS } from '@/lib/permissions/codes';
import type { ResourceDef } from '@/lib/resources/types';
import { dictItemResource } from './dict-item-resource';
import { DictItemsGrid } from './dict-items-grid';

export const ITEMS_DRAWER_WIDTH = 860;
export const MODE_LIST = '列表';
export const MODE_BATCH = '批量编辑';

/** The item definition for one dictionary: new items get its id as their hidden `dictId`. */
export function itemsDefFor(dictId: string): ResourceDef {
  return { ...dictItemResource, fields: dictItemResource.fields.map((f) => (f.name === 'dictId' ? { ...f, defaultValue: dictId } : f)) };
}

/**
 * 字典配置: the items of one dictionary in their own list page (`/sys/dictItem/list?dictId=`), with
 * 新增 / 编辑 / 删除 under the `system:dictItem:*` codes. Remounted per dictionary, so a search or page
 * never carries over from another one. 批量编辑 (for users who may add, edit or delete items) swaps the
 * list for the editable grid over all the dictionary's items (dict-items-grid.tsx).
 */
export function DictItemsDrawer({ dict, onClose }: { dict: Row | null; onClose: () => void }) {
  const dictId = dict ? String(dict.id ?? '') : '';
  const def = useMemo(() => itemsDefFor(dictId), [dictId]);
  const extraParams = useMemo(() => ({ dictId }), [dictId]);
  const { has } = useAuth();
  const canBatch = has(PERMS.dictItem.add) || has(PERMS.dictItem.edit) || has(PERMS.dictItem.delete);
  const [mode, setMode] = useState<string>(MODE_LIST);
  const close = () => {
    setMode(MODE_LIST);
    onClose();
  };
  return (
    <Drawer
      title="字典列表"
      placement="right"
      size={ITEMS_DRAWER_WIDTH}
      open={dict !== null}
      onClose={close}
      destroyOnHidden
      data-testid="dict-items-drawer"
    >
      {dict && (
        <>
          <Typography.Paragraph type="secondary" data-testid="dict-items-of">
            {String(dict.dictName ?? '')}（{String(dict.dictCode ?? '')}）的字典项；修改后点「刷新缓存」让各页面的下拉选项更新。
          </Typography.Paragraph>
          {canBatch && <Segmented options={[MODE_LIST, MODE_BATCH]} value={mode} onChange={(v) => setMode(String(v))} style={{ marginBottom: 12 }} data-testid="dict-items-mode" />}
          {canBatch && mode === MODE_BATCH ? (
            <DictItemsGrid key={dictId} dictId={dictId} />
          ) : (
            <ListPage key={dictId} def={def} extraParams={extraParams} persistState={false} routeKey="system/DictList/items" formWidth={600} />
          )}
        </>
      )}
    </Drawer>
  );
}
