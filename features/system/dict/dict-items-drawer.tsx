'use client';

import { useMemo } from 'react';
import { Drawer, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import type { ResourceDef } from '@/lib/resources/types';
import { dictItemResource } from './dict-item-resource';

export const ITEMS_DRAWER_WIDTH = 860;

/** The item definition for one dictionary: new items get its id as their hidden `dictId`. */
export function itemsDefFor(dictId: string): ResourceDef {
  return { ...dictItemResource, fields: dictItemResource.fields.map((f) => (f.name === 'dictId' ? { ...f, defaultValue: dictId } : f)) };
}

/**
 * 字典配置: the items of one dictionary in their own list page (`/sys/dictItem/list?dictId=`), with
 * 新增 / 编辑 / 删除 under the `system:dictItem:*` codes. Remounted per dictionary, so a search or page
 * never carries over from another one.
 */
export function DictItemsDrawer({ dict, onClose }: { dict: Row | null; onClose: () => void }) {
  const dictId = dict ? String(dict.id ?? '') : '';
  const def = useMemo(() => itemsDefFor(dictId), [dictId]);
  const extraParams = useMemo(() => ({ dictId }), [dictId]);
  return (
    <Drawer
      title="字典列表"
      placement="right"
      size={ITEMS_DRAWER_WIDTH}
      open={dict !== null}
      onClose={onClose}
      destroyOnHidden
      data-testid="dict-items-drawer"
    >
      {dict && (
        <>
          <Typography.Paragraph type="secondary" data-testid="dict-items-of">
            {String(dict.dictName ?? '')}（{String(dict.dictCode ?? '')}）的字典项；修改后点「刷新缓存」让各页面的下拉选项更新。
          </Typography.Paragraph>
          <ListPage key={dictId} def={def} extraParams={extraParams} persistState={false} routeKey="system/DictList/items" formWidth={600} />
        </>
      )}
    </Drawer>
  );
}
