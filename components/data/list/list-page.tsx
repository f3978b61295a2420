'use client';

import { useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { Card, Skeleton } from 'antd';
import { useAuth } from '@/components/shell/shell-context';
import { useScreenRoute } from '@/components/shell/screen-route';
import type { EditorProps } from '@/components/fields/field-registry';
import { applyColumnSettings } from '@/lib/column-settings';
import type { ListParams } from '@/lib/list-state';
import { searchModeOf } from '@/lib/resources/field-kinds';
import type { ResourceDef } from '@/lib/resources/types';
import { ColumnSettings, useColumnSettings } from './column-settings';
import { actionColumn, dataColumns, listFields, type CellRenderers, type RowAction } from './list-columns';
import { ListFormHost, useListForms, type ImportOptions, type ListFormHostProps } from './list-form-host';
import { ListFrame } from './list-frame';
import { ListTable } from './list-table';
import { ListToolbar, type ToolbarAction } from './list-toolbar';
import type { ListUrls } from './list-urls';
import { SearchBar } from './search-bar';
import { CONFIRM_DELETE } from './use-list-actions';
import { useCustomColumns } from './use-custom-columns';
import { useExport } from './use-export';
import { SuperQuery } from '@/components/data/super-query/super-query';
import { useListPage, type ListPage as ListPageApi, type Row } from './use-list-page';

/** Row actions of spec 02 §7 besides 编辑 / 详情 / 删除. */
export type RowActionName = 'toPool' | 'topping';
export const ROW_ACTION_LABELS: Record<'edit' | 'detail' | 'delete' | RowActionName, string> = {
  edit: '编辑',
  detail: '详情',
  delete: '删除',
  toPool: '放入线索池',
  topping: '置顶',
};

export interface ListPageProps<R extends Row = Row> {
  def: ResourceDef;
  /** Endpoint overrides; the spec 02 §7 extras (toPool, toPoolBatch, topping, updateTags, addBatchTask) come only from here. */
  urls?: ListUrls;
  /** Cell overrides by field name. */
  renderers?: CellRenderers<R>;
  /** Form editor overrides by field name. */
  editors?: Record<string, (props: EditorProps) => ReactNode>;
  /** Key of the column settings and the saved list state; default: the route this page was opened on. */
  routeKey?: string;
  /** Remember page, sort and search for this route in sessionStorage (default true). */
  persistState?: boolean;
  /** Fixed params of every list call. */
  extraParams?: ListParams;
  /** Extra row links after the standard ones (e.g. a tag editor calling `page.updateTags`). */
  rowActions?: (record: R, page: ListPageApi<R>) => ReactNode;
  /** Extra toolbar buttons. */
  toolbarExtra?: (page: ListPageApi<R>) => ReactNode;
  /** Params of 放入线索池 (row or batch; e.g. a reason from a dialog), asked before the confirmation; null cancels. */
  toPoolParams?: (rows: R[]) => Promise<Record<string, unknown> | null> | Record<string, unknown> | null;
  /** Params of 添加批量任务 (e.g. from a dialog); null cancels. */
  addBatchTaskParams?: (rows: R[]) => Promise<Record<string, unknown> | null> | Record<string, unknown> | null;
  /** Button label overrides. */
  labels?: Partial<Record<ToolbarAction | RowActionName, string>>;
  /** Import dialog extras; `previewUrl` adds the preview step, `templateUrl` the template link (ImportModal). */
  importOptions?: ImportOptions;
  searchCollapsedCount?: number;
  /** Offer the advanced query builder (default true; it needs at least one queryable field). */
  superQuery?: boolean;
  formWidth?: number;
  /** Replaces the 新增 / 编辑 / 详情 modal (ListFormHost). */
  renderForm?: ListFormHostProps<R>['renderForm'];
  title?: ReactNode;
}

const noopSubscribe = () => () => undefined;

/**
 * The generic list page for a ResourceDef (spec 02 §2, §4, §7): search bar, toolbar, server-side
 * paged / sorted table with selection, 新增 / 编辑 / 详情 form, import / export, column settings.
 * The body renders on the client only: it reads the remembered list state and column settings.
 * It is the short composition of the parts a hand-built list uses too: useListPage (the state),
 * ListFrame (search, toolbar, selection, load failure), ListTable (the bound table) and ListFormHost.
 */
export function ListPage<R extends Row = Row>(props: ListPageProps<R>) {
  const client = useSyncExternalStore(noopSubscribe, () => true, () => false);
  // Kept-alive screens stay mounted on other routes: the key is the route of the page that owns this list
  // (the shell's, not the address bar's: a screen that finished loading after the user clicked on is not the new page).
  const owner = useScreenRoute(props.def.name);
  const route = props.routeKey ?? owner;
  if (!client) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  return <ListPageBody {...props} route={route} />;
}

function ListPageBody<R extends Row>({ def: baseDef, urls, renderers, editors, route, persistState = true, extraParams, rowActions, toolbarExtra, toPoolParams, addBatchTaskParams, labels = {}, importOptions, searchCollapsedCount, superQuery = true, formWidth, renderForm, title }: ListPageProps<R> & { route: string }) {
  const { mode } = useAuth();
  // The administrator's custom columns join the table and the form; the list request stays the resource's own.
  const def = useCustomColumns(baseDef);
  const modeOf = (action: string) => mode(`${def.perm}:${action}`);
  const allowed = (action: keyof ResourceDef['actions']) => Boolean(def.actions[action]) && modeOf(action) !== 'hide';

  const columnNames = useMemo(() => listFields(baseDef).map((f) => f.name), [baseDef]);
  const page = useListPage<R>({ source: baseDef, urls, stateKey: persistState ? route : null, extraParams, columnNames });
  const { exportXls, exporting } = useExport({ urls: page.urls, state: page.state, title: def.title, extraParams });
  const settings = useColumnSettings(route);
  const forms = useListForms<R>();

  const rowLinks: RowAction<R>[] = [];
  if (allowed('edit')) rowLinks.push({ key: 'edit', label: ROW_ACTION_LABELS.edit, disabled: modeOf('edit') === 'disable', onClick: (r) => forms.openForm('edit', r) });
  rowLinks.push({ key: 'detail', label: ROW_ACTION_LABELS.detail, onClick: (r) => forms.openForm('detail', r) });
  if (allowed('delete')) rowLinks.push({ key: 'delete', label: ROW_ACTION_LABELS.delete, confirm: CONFIRM_DELETE, disabled: modeOf('delete') === 'disable', onClick: (r) => void page.remove(r) });
  // Without a url the hook says 请设置url.toPool属性! before anything is asked.
  const toPool = async (r: R) => {
    if (!page.urls.toPool || !toPoolParams) return page.toPool(r);
    const extra = await toPoolParams([r]);
    if (extra) page.toPool(r, extra);
  };
  if (allowed('toPool')) rowLinks.push({ key: 'toPool', label: labels.toPool ?? ROW_ACTION_LABELS.toPool, disabled: modeOf('toPool') === 'disable', onClick: (r) => void toPool(r) });
  if (allowed('topping')) rowLinks.push({ key: 'topping', label: labels.topping ?? ROW_ACTION_LABELS.topping, disabled: modeOf('topping') === 'disable', onClick: (r) => void page.topping(r) });

  const allData = dataColumns<R>(def, page.state.sort, renderers, page.state);
  const columns = [...applyColumnSettings(allData, settings.visible), actionColumn<R>(def.rowKey, rowLinks, rowActions ? (r) => rowActions(r, page) : undefined)];

  const onToolbar = async (action: ToolbarAction) => {
    switch (action) {
      case 'add':
        return forms.openForm('add');
      case 'exportXls':
        return exportXls();
      case 'importExcel':
        return forms.openImport();
      case 'deleteBatch':
        return page.removeBatch();
      case 'toPoolBatch': {
        if (!page.urls.toPoolBatch || page.state.selectedRowKeys.length === 0 || !toPoolParams) return page.toPoolBatch();
        const extra = await toPoolParams(page.state.selectedRows);
        if (extra) page.toPoolBatch(extra);
        return;
      }
      case 'addBatchTask': {
        if (page.state.selectedRowKeys.length === 0 || !addBatchTaskParams) return page.addBatchTask();
        const extra = await addBatchTaskParams(page.state.selectedRows);
        if (extra) await page.addBatchTask(extra);
        return;
      }
    }
  };

  const searchFields = def.fields.filter((f) => searchModeOf(f));

  return (
    <ListFrame
      page={page}
      title={title}
      testId="list-page"
      errorTitle={`${def.title}加载失败`}
      search={<SearchBar name={`${def.name}_search`} fields={searchFields} initialValues={page.state.search} onSearch={page.search} onReset={page.reset} collapsedCount={searchCollapsedCount} />}
      toolbar={
        <ListToolbar
          actions={def.actions}
          modeOf={modeOf}
          onAction={(a) => void onToolbar(a)}
          busy={{ exportXls: exporting }}
          labels={labels}
          // Saved queries are kept per route (spec 02 §3); applying one resets paging to 1 (listReducer).
          query={superQuery ? <SuperQuery fields={def.fields} saveCode={route} value={page.state.superQuery} onChange={page.setSuperQuery} /> : null}
          extra={toolbarExtra?.(page)}
          tools={<ColumnSettings columns={allData.filter((c) => c.key !== 'rowIndex').map((c) => ({ key: c.key, title: c.title as ReactNode }))} visible={settings.visible} onChange={settings.save} onReset={settings.reset} />}
        />
      }
    >
      <ListTable<R> page={page} columns={columns} testId="list-table" />
      <ListFormHost<R> forms={forms} def={def} page={page} editors={editors} formWidth={formWidth} importOptions={importOptions} renderForm={renderForm} />
    </ListFrame>
  );
}
