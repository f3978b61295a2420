'use client';

import { useMemo, useState } from 'react';
import { Button, Modal, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { actionColumn, dataColumns, type RowAction } from '@/components/data/list/list-columns';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { SearchBar } from '@/components/data/list/search-bar';
import { CONFIRM_DELETE } from '@/components/data/list/use-list-actions';
import { useListPage } from '@/components/data/list/use-list-page';
import { useAuth } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import { searchModeOf } from '@/lib/resources/field-kinds';
import { AddMenuModal } from '../add-menu-modal';
import { ReportDesigner } from './report-designer';
import { cgreportHeadResource } from './cgreport-head-resource';
import { addMenuUrl, chartTypeText, OWN_DATABASE, type Row } from './report-data';
import { ReportView } from './report-view';

const renderers = {
  dbSource: (v: unknown) => (v ? String(v) : OWN_DATABASE),
  chartType: (v: unknown) => chartTypeText(v),
  code: (v: unknown) => <Typography.Text code>{String(v ?? '')}</Typography.Text>,
};

/** Online报表配置 (modules/online/cgreport/OnlCgreportHeadList): designer-made reports, their menus and previews. */
export default function CgreportHeadListScreen() {
  const { mode } = useAuth();
  const page = useListPage<Row>({ source: cgreportHeadResource });
  const [designer, setDesigner] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [menuFor, setMenuFor] = useState<Row | null>(null);
  const [previewCode, setPreviewCode] = useState<string | null>(null);
  const addMode = mode(PERMS.cgreport.add);
  const editMode = mode(PERMS.cgreport.edit);
  const deleteMode = mode(PERMS.cgreport.delete);
  const menuMode = mode(PERMS.cgreport.menu);
  const searchFields = useMemo(() => cgreportHeadResource.fields.filter((f) => searchModeOf(f)), []);

  const links: RowAction<Row>[] = [];
  if (editMode !== 'hide') links.push({ key: 'edit', label: '编辑', disabled: editMode === 'disable', onClick: (r) => setDesigner({ open: true, id: String(r.id) }) });
  links.push({ key: 'preview', label: '预览', onClick: (r) => setPreviewCode(String(r.code)) });
  if (menuMode !== 'hide') links.push({ key: 'menu', label: '添加到菜单', disabled: menuMode === 'disable', onClick: (r) => setMenuFor(r) });
  if (deleteMode !== 'hide') links.push({ key: 'delete', label: '删除', confirm: `${CONFIRM_DELETE}（同时删除它的菜单）`, disabled: deleteMode === 'disable', onClick: (r) => void page.remove(r) });
  const columns = [...dataColumns<Row>(cgreportHeadResource, page.state.sort, renderers, page.state), actionColumn<Row>('id', links, undefined, 260)];

  return (
    <ListFrame
      page={page}
      testId="cgreport-list"
      errorTitle="报表配置加载失败"
      selection={false}
      search={<SearchBar name="cgreport_search" fields={searchFields} initialValues={page.state.search} onSearch={page.search} onReset={page.reset} />}
      toolbar={
        addMode === 'hide' ? null : (
          <div style={{ marginBottom: 12 }}>
            <Button type="primary" icon={<PlusOutlined />} disabled={addMode === 'disable'} onClick={() => setDesigner({ open: true, id: null })} data-testid="cgreport-add">
              新增
            </Button>
          </div>
        )
      }
    >
      <ListTable<Row> page={page} selectable={false} columns={columns} testId="cgreport-table" />
      <ReportDesigner
        open={designer.open}
        headId={designer.id}
        onClose={() => setDesigner({ open: false, id: null })}
        onSaved={() => {
          setDesigner({ open: false, id: null });
          void page.reload();
        }}
      />
      <AddMenuModal
        target={menuFor ? { id: String(menuFor.id), name: String(menuFor.name ?? ''), path: `/online/cgreport/${String(menuFor.code)}` } : null}
        url={addMenuUrl}
        onClose={() => setMenuFor(null)}
      />
      <Modal open={Boolean(previewCode)} title="报表预览" width={1200} footer={null} onCancel={() => setPreviewCode(null)} destroyOnHidden>
        {previewCode ? <ReportView code={previewCode} bare /> : null}
      </Modal>
    </ListFrame>
  );
}
