'use client';

import type { Dispatch } from 'react';
import { App } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http, type Envelope } from '@/lib/http';
import { pageAfterDelete, type ListAction, type ListState } from '@/lib/list-state';
import { missingUrlMessage, type ListUrlName, type ListUrls } from './list-urls';

type Row = Record<string, unknown>;

/** Spec 02 §5 / §8 texts. */
export const SELECT_ONE = '请选择一条记录！';
export const CONFIRM_DELETE_TITLE = '确认删除';
export const CONFIRM_DELETE = '是否删除选中数据?';
export const CONFIRM_TO_POOL = '是否将选中数据放入线索池?';
export const confirmBatchDelete = (n: number) => `确定要删除这 ${n} 项吗?`;

export interface ListActions<R extends object = Row> {
  /** DELETE {delete}?id= (ask first in the UI: CONFIRM_DELETE). */
  remove: (record: R) => Promise<void>;
  /** Asks 确定要删除这 N 项吗?, then DELETE {deleteBatch}?ids=a,b. */
  removeBatch: () => void;
  /** Asks 是否将选中数据放入线索池?, then POST {toPool} {id, ...extra} (extra: e.g. the reason asked before). */
  toPool: (record: R, extra?: Record<string, unknown>) => void;
  /** Asks 是否将选中数据放入线索池?, then POST {toPoolBatch} {ids, ...extra}. */
  toPoolBatch: (extra?: Record<string, unknown>) => void;
  /** PUT {topping} {id}. */
  topping: (record: R) => Promise<void>;
  /** POST {updateTags} with the (edited) record. */
  updateTags: (record: R) => Promise<void>;
  /** POST {addBatchTask} {ids, ...extra} for the selected rows. */
  addBatchTask: (extra?: Record<string, unknown>) => Promise<void>;
}

interface Deps<R extends object> {
  rowKey: string;
  urls: ListUrls;
  state: ListState<R>;
  dispatch: Dispatch<ListAction<R>>;
  records: R[];
  reload: () => Promise<unknown>;
}

/** The mixin's write actions with their url checks, selection checks and confirmations. */
export function useListActions<R extends object>({ rowKey, urls, state, dispatch, records, reload }: Deps<R>): ListActions<R> {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const rowKeyOf = (r: R) => String((r as Row)[rowKey] ?? '');

  /** The url, or null after showing 请设置url.xxx属性!. */
  const need = (name: ListUrlName): string | null => {
    const url = urls[name];
    if (url) return url;
    message.error(missingUrlMessage(name));
    return null;
  };

  /**
   * Runs a call, shows the server's success message, then reloads — unless `after` moved to another
   * page, whose new swr key loads by itself. Errors go through useApiError.
   */
  const run = async (call: () => Promise<Envelope<unknown>>, after?: () => boolean | void): Promise<void> => {
    try {
      const res = await call();
      if (res.message) message.success(res.message);
      const movedPage = after?.() === true;
      if (!movedPage) await reload();
    } catch (e) {
      showError(e);
    }
  };

  const selectedIds = () => state.selectedRowKeys.join(',');
  const needSelection = () => {
    if (state.selectedRowKeys.length > 0) return true;
    message.warning(SELECT_ONE);
    return false;
  };

  /** Records the removal (maybe one page back); true when the page changes. */
  const afterDelete = (count: number) => () => {
    dispatch({ type: 'deleted', count, pageRows: records.length });
    return pageAfterDelete(state.pageNo, count, records.length) !== state.pageNo;
  };

  return {
    remove: async (record) => {
      const url = need('delete');
      if (!url) return;
      await run(() => http.del(url, { id: rowKeyOf(record) }), afterDelete(1));
    },
    removeBatch: () => {
      const url = need('deleteBatch');
      if (!url || !needSelection()) return;
      const n = state.selectedRowKeys.length;
      const ids = selectedIds();
      modal.confirm({
        title: CONFIRM_DELETE_TITLE,
        content: confirmBatchDelete(n),
        onOk: () => run(() => http.del(url, { ids }), afterDelete(n)),
      });
    },
    toPool: (record, extra = {}) => {
      const url = need('toPool');
      if (!url) return;
      modal.confirm({ title: '提示', content: CONFIRM_TO_POOL, onOk: () => run(() => http.post(url, { id: rowKeyOf(record), ...extra }), afterDelete(1)) });
    },
    toPoolBatch: (extra = {}) => {
      const url = need('toPoolBatch');
      if (!url || !needSelection()) return;
      const n = state.selectedRowKeys.length;
      const ids = selectedIds();
      modal.confirm({ title: '提示', content: CONFIRM_TO_POOL, onOk: () => run(() => http.post(url, { ids, ...extra }), afterDelete(n)) });
    },
    topping: async (record) => {
      const url = need('topping');
      if (!url) return;
      await run(() => http.put(url, { id: rowKeyOf(record) }));
    },
    updateTags: async (record) => {
      const url = need('updateTags');
      if (!url) return;
      await run(() => http.post(url, record));
    },
    addBatchTask: async (extra = {}) => {
      const url = need('addBatchTask');
      if (!url || !needSelection()) return;
      await run(() => http.post(url, { ids: selectedIds(), ...extra }), () => {
        dispatch({ type: 'clearSelection' });
      });
    },
  };
}
