'use client';

import type { ReactNode } from 'react';
import { Card } from 'antd';
import { LoadError, SelectionAlert } from './list-feedback';
import type { ListPage } from './use-list-page';

export interface ListFrameProps {
  /** The list whose selection and load failure the frame shows. */
  page: Pick<ListPage<object>, 'state' | 'error' | 'hasData' | 'reload' | 'clearSelection'>;
  /** What failed to load, e.g. 场地加载失败. */
  errorTitle: string;
  /** Test id of the load failure (default `list-error`). */
  errorTestId?: string;
  /** Show the load failure only while no rows are shown (a failed page change keeps the old rows quietly). */
  errorOnlyWithoutRows?: boolean;
  /** The 已选择 n 项 alert (default true). */
  selection?: boolean;
  /** Above everything: the search form (and whatever belongs with it, e.g. tabs). */
  search?: ReactNode;
  /** Between the search and the selection: the buttons. */
  toolbar?: ReactNode;
  title?: ReactNode;
  testId?: string;
  /** No card around it (a list in a dialog or straight on the page). */
  bare?: boolean;
  /** The table, then anything the list opens (forms, dialogs). */
  children: ReactNode;
}

/** A list's frame (spec 02 §4): search, toolbar, 已选择 n 项, the load failure with 重试, then the table. */
export function ListFrame({ page, errorTitle, errorTestId = 'list-error', errorOnlyWithoutRows, selection = true, search, toolbar, title, testId, bare, children }: ListFrameProps) {
  const failed = Boolean(page.error) && !(errorOnlyWithoutRows && page.hasData);
  const body = (
    <>
      {search}
      {toolbar}
      {selection ? <SelectionAlert count={page.state.selectedRowKeys.length} onClear={page.clearSelection} /> : null}
      {failed ? <LoadError title={errorTitle} error={page.error} onRetry={() => void page.reload()} testId={errorTestId} /> : null}
      {children}
    </>
  );
  if (bare) return body;
  return (
    <Card title={title} data-testid={testId}>
      {body}
    </Card>
  );
}
