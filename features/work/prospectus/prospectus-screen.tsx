'use client';

import { useCallback, useMemo, useState } from 'react';
import { App, Modal, Popconfirm, Space, Tag, Typography, type ButtonProps } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { FormModalProps } from '@/components/data/list/form-modal';
import { fetchBlob, saveBlob } from '@/components/data/list/use-export';
import type { ListPage as ListPageApi, Row } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { templateTitle } from '@/lib/work/prospectus-blocks';
import type { ProspectusTemplateKey } from '@/lib/work/prospectus-templates';
import { ProspectusComposer } from './composer';
import { PROSPECTUS_STATUS, PROSPECTUS_URLS, prospectusResource } from './prospectus-resource';
import { PERMS } from '@/lib/permissions/codes';

const renderers = {
  status: (v: unknown) => (Number(v) === PROSPECTUS_STATUS.published ? <Tag color="green">已发布</Tag> : <Tag>草稿</Tag>),
};

const linkOf = (token: string) => `${typeof window === 'undefined' ? '' : window.location.origin}/brochure/${token}`;

/**
 * 招生简章 and its template routes (issue #26 item 5): the brochures of one template on the list engine; 新建 / 编辑
 * open the composer; per row 发布 / 撤回, 链接 (the public address, copyable) and 导出PDF (built on the server).
 */
export default function ProspectusScreen({ template }: { template: ProspectusTemplateKey }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const [link, setLink] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const extraParams = useMemo(() => ({ template }), [template]);
  const can = (code: string) => mode(code) !== 'hide';

  const renderForm = useCallback((props: FormModalProps<Row>) => <ProspectusComposer {...props} template={template} />, [template]);

  const publish = async (r: Row, page: ListPageApi<Row>) => {
    setBusy(`publish-${r.id}`);
    try {
      const res = await http.post<{ token: string }>(PROSPECTUS_URLS.publish, { id: r.id });
      message.success(res.message);
      setLink(linkOf(res.result.token));
      void page.reload();
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };

  const withdraw = async (r: Row, page: ListPageApi<Row>) => {
    try {
      message.success((await http.post(PROSPECTUS_URLS.withdraw, { id: r.id })).message);
      void page.reload();
    } catch (e) {
      showError(e);
    }
  };

  const exportPdf = async (r: Row) => {
    setBusy(`pdf-${r.id}`);
    try {
      saveBlob(await fetchBlob(PROSPECTUS_URLS.exportPdf, { id: String(r.id) }), `${String(r.title ?? '招生简章')}.pdf`);
    } catch (e) {
      showError(e);
    } finally {
      setBusy(null);
    }
  };

  const rowActions = (r: Row, page: ListPageApi<Row>) => {
    const id = String(r.id);
    const published = Number(r.status) === PROSPECTUS_STATUS.published;
    return (
      <Space size={8}>
        {can(PERMS.prospectus.publish) && !published ? (
          <a data-testid={`prospectus-publish-${id}`} aria-disabled={busy === `publish-${id}`} onClick={() => void publish(r, page)}>
            发布
          </a>
        ) : null}
        {published && r.publicToken ? (
          <a data-testid={`prospectus-link-${id}`} onClick={() => setLink(linkOf(String(r.publicToken)))}>
            链接
          </a>
        ) : null}
        {can(PERMS.prospectus.publish) && published ? (
          <Popconfirm title="撤回后公开链接立即失效，确定撤回吗？" onConfirm={() => void withdraw(r, page)} okButtonProps={{ 'data-testid': `prospectus-withdraw-ok-${id}` } as ButtonProps}>
            <a data-testid={`prospectus-withdraw-${id}`}>撤回</a>
          </Popconfirm>
        ) : null}
        {can(PERMS.prospectus.exportPdf) ? (
          <a data-testid={`prospectus-pdf-${id}`} aria-busy={busy === `pdf-${id}`} onClick={() => (busy ? undefined : void exportPdf(r))}>
            {busy === `pdf-${id}` ? '导出中…' : '导出PDF'}
          </a>
        ) : null}
      </Space>
    );
  };

  return (
    <PageWrapper description={`${templateTitle(template)}：用模板编排课程与价格、课程安排、上课地点、师资、图文和图片，预览后导出 PDF 或发布为公开链接，访客在链接页报名即进入线索池。`}>
      <div data-testid="prospectus-screen" data-template={template}>
        <ListPage<Row> def={prospectusResource} routeKey={`prospectus:${template}`} extraParams={extraParams} renderers={renderers} renderForm={renderForm} rowActions={rowActions} superQuery={false} />
      </div>
      <Modal open={link !== null} title="公开链接" footer={null} onCancel={() => setLink(null)}>
        <p>任何人都可以打开此链接查看简章并在线报名；撤回后链接立即失效。</p>
        <Typography.Paragraph copyable={{ text: link ?? '', tooltips: ['复制链接', '已复制'] }} data-testid="prospectus-public-link" style={{ wordBreak: 'break-all' }}>
          {link}
        </Typography.Paragraph>
      </Modal>
    </PageWrapper>
  );
}
