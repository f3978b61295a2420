'use client';

import { useCallback } from 'react';
import useSWR from 'swr';
import { usePathname } from 'next/navigation';
import { Alert, App, Button, Card, Skeleton } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { FormModalProps } from '@/components/data/list/form-modal';
import type { ListPage as ListPageApi, Row } from '@/components/data/list/use-list-page';
import { LoadError } from '@/components/data/list/list-feedback';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { http } from '@/lib/http';
import { toButtonResult } from './enhance-runtime';
import { codeFromPath, columnsUrl, type AutoFormConfig } from './auto/auto-config';
import { AutoFormModal } from './auto/auto-form-modal';
import { useEnhance } from './auto/use-enhance';

export const ENHANCE_BUTTON_FAILED = (message: string) => `列表增强脚本出错：${message}`;

/**
 * 在线表单 (modules/online/cgform/auto/OnlCgformAutoList, JeecgBoot's name): the list and form of a designed online
 * form, opened by the form's own menu row `/online/cgformList/{tableName}`. Everything comes from the form's
 * definition (`getColumns`): the list engine's ListPage (paging, sort, search, 高级查询, export, import, column
 * settings) over `/online/cgform/api/crud/{code}`, the form with child tables as editable grids, and the form's JS
 * 增强 run in a sandbox. No static permission: the server answers 510 without the form's codes.
 */
export default function CgformAutoListScreen() {
  const code = codeFromPath(usePathname());
  const { data, error, mutate } = useSWR(code ? columnsUrl(code) : null, (url: string) => http.get<AutoFormConfig>(url).then((r) => r.result as AutoFormConfig), { revalidateOnFocus: false, shouldRetryOnError: false });
  if (!code) return <Alert type="error" showIcon title="未指定在线表单" data-testid="cgform-auto-error" />;
  if (error) {
    return (
      <Card>
        <LoadError title="在线表单加载失败" error={error} onRetry={() => void mutate()} testId="cgform-auto-error" />
      </Card>
    );
  }
  if (!data) {
    return (
      <Card>
        <Skeleton active />
      </Card>
    );
  }
  // A new definition or script (the designer changed it) starts a fresh list and sandbox.
  return <AutoList key={`${data.head.id}:${data.head.formVersion}:${data.enhance.list.length}:${data.enhance.form.length}`} config={data} />;
}

function AutoList({ config }: { config: AutoFormConfig }) {
  const { message } = App.useApp();
  const listEnhance = useEnhance(config.enhance.list, 'cgform-enhance-list');
  const formEnhance = useEnhance(config.enhance.form, 'cgform-enhance-form');

  const renderForm = useCallback((props: FormModalProps<Row>) => <AutoFormModal {...props} config={config} enhance={formEnhance} />, [config, formEnhance]);

  const runButton = async (key: string, page: ListPageApi<Row>) => {
    try {
      const r = toButtonResult(await listEnhance.call('button', [key, page.state.selectedRows]));
      if (r.message) message.info(r.message);
      if (r.refresh) await page.reload();
    } catch (e) {
      message.warning(ENHANCE_BUTTON_FAILED(e instanceof Error ? e.message : String(e)));
    }
  };

  return (
    <PageWrapper description={config.head.description ?? undefined}>
      {listEnhance.error ? <Alert type="warning" showIcon title={ENHANCE_BUTTON_FAILED(listEnhance.error)} style={{ marginBottom: 12 }} data-testid="cgform-enhance-error" /> : null}
      <div data-testid="cgform-auto-list" data-code={config.code}>
        <ListPage<Row>
          def={config.def}
          renderForm={renderForm}
          formWidth={config.subTables.length ? 1100 : 800}
          toolbarExtra={(page) =>
            listEnhance.buttons.map((b) => (
              <Button key={b.key} data-testid={`cgform-enhance-btn-${b.key}`} onClick={() => void runButton(b.key, page)}>
                {b.text}
              </Button>
            ))
          }
        />
      </div>
      {listEnhance.frame}
      {formEnhance.frame}
    </PageWrapper>
  );
}
