'use client';

import { useState, useSyncExternalStore } from 'react';
import { App, Card, Skeleton, Tag } from 'antd';
import { actionColumn, dataColumns, type RowAction } from '@/components/data/list/list-columns';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { ListToolbar } from '@/components/data/list/list-toolbar';
import { SearchBar } from '@/components/data/list/search-bar';
import { CONFIRM_DELETE } from '@/components/data/list/use-list-actions';
import { useListPage, type Row } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { useScreenRoute } from '@/components/shell/screen-route';
import { ApiError, http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import { AddMenuModal, type AddMenuTarget } from '../add-menu-modal';
import { CGFORM_URLS, TABLE_TYPE_OPTIONS, cgformHeadDef } from './design/cgform-resource';
import { CgformDesigner } from './design/cgform-designer';
import { EnhanceJsModal } from './design/enhance-js-modal';
import { SyncModal } from './design/sync-modal';
import { VersionsModal } from './design/versions-modal';

const noopSubscribe = () => () => undefined;
const SEARCH_FIELDS = cgformHeadDef.fields.filter((f) => f.search);
const COLUMN_NAMES = cgformHeadDef.fields.map((f) => f.name);
const URLS = { list: CGFORM_URLS.list, delete: CGFORM_URLS.delete };

/** The form's rows (table name and label) as the dialogs take them. */
type Target = { id: string; tableName: string; tableTxt: string };
const targetOf = (r: Row): Target => ({ id: String(r.id), tableName: String(r.tableName ?? ''), tableTxt: String(r.tableTxt ?? '') });

const renderers = {
  tableType: (v: unknown) => {
    const text = TABLE_TYPE_OPTIONS.find((o) => o.value === String(v))?.text ?? String(v ?? '');
    return <Tag color={String(v) === '2' ? 'blue' : String(v) === '3' ? 'purple' : undefined}>{text}</Tag>;
  },
  isDbSynch: (v: unknown) => (v === 'Y' ? <Tag color="success">已同步</Tag> : <Tag color="warning">未同步</Tag>),
  formVersion: (v: unknown) => (v === undefined || v === null ? '' : `V${String(v)}`),
};

/** Online表单开发 (modules/online/cgform/OnlCgformHeadList): design forms, synchronise their tables, put them on the menu. */
export default function CgformHeadListScreen() {
  const client = useSyncExternalStore(noopSubscribe, () => true, () => false);
  const route = useScreenRoute(cgformHeadDef.name);
  return (
    <PageWrapper description="在浏览器中定义表单（表名、字段、类型、字典、必填、唯一、列表与查询设置），同步数据库生成数据表，添加到菜单并在角色授权中授予角色后即可使用；删除字段时数据先保留在备份列中，确认后才删除。">
      {client ? (
        <CgformList route={route} />
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
    </PageWrapper>
  );
}

function CgformList({ route }: { route: string }) {
  const { modal, message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const page = useListPage<Row>({ source: cgformHeadDef, urls: URLS, stateKey: route, columnNames: COLUMN_NAMES });
  const [designer, setDesigner] = useState<{ open: boolean; id: string | null }>({ open: false, id: null });
  const [syncing, setSyncing] = useState<Target | null>(null);
  const [menu, setMenu] = useState<AddMenuTarget | null>(null);
  const [enhance, setEnhance] = useState<Target | null>(null);
  const [versions, setVersions] = useState<Target | null>(null);
  const modeOf = (code: string) => mode(code);

  /** 删除: a table with rows is refused by the server; the refusal says so, and 强制删除 (force=1) is then offered. */
  const remove = async (r: Row) => {
    try {
      const res = await http.del(CGFORM_URLS.delete, { id: String(r.id) });
      void message.success(res.message || '删除成功!');
      await page.afterRemoval(1);
    } catch (e) {
      if (!(e instanceof ApiError) || e.status !== 200 || !/行数据/.test(e.message)) {
        showError(e);
        return;
      }
      modal.confirm({
        title: '删除表单',
        content: `${e.message}。强制删除将连同数据表及其全部数据一起删除，无法恢复。`,
        okText: '强制删除',
        // data-* attributes are not in ButtonProps' type but reach the button.
        okButtonProps: { danger: true, 'data-testid': 'cgform-force-delete' } as { danger: boolean },
        cancelText: '取消',
        onOk: async () => {
          try {
            const res = await http.del(CGFORM_URLS.delete, { id: String(r.id), force: 1 });
            void message.success(res.message || '删除成功!');
            await page.afterRemoval(1);
          } catch (err) {
            showError(err);
          }
        },
      });
    }
  };

  const links: RowAction<Row>[] = [];
  const add = (key: string, label: string, code: string, onClick: (r: Row) => void, confirm?: string) => {
    const m = modeOf(code);
    if (m !== 'hide') links.push({ key, label, disabled: m === 'disable', onClick, confirm });
  };
  add('edit', '编辑', PERMS.cgform.edit, (r) => setDesigner({ open: true, id: String(r.id) }));
  add('sync', '同步数据库', PERMS.cgform.sync, (r) => setSyncing(targetOf(r)));
  add('enhance', 'JS增强', PERMS.cgform.enhance, (r) => setEnhance(targetOf(r)));
  add('versions', '版本', PERMS.cgform.list, (r) => setVersions(targetOf(r)));
  add('delete', '删除', PERMS.cgform.delete, (r) => void remove(r), CONFIRM_DELETE);
  const menuMode = modeOf(PERMS.cgform.menu);
  // 添加到菜单 only for a synchronised form that is not a 附表 (a child table is used inside its main form).
  const menuLink = (r: Row) =>
    menuMode === 'hide' || r.isDbSynch !== 'Y' || Number(r.tableType) === 3 ? null : (
      <a data-testid={`row-menu-${String(r.id)}`} onClick={() => menuMode === 'show' && setMenu({ id: String(r.id), name: String(r.tableTxt ?? '') })} style={menuMode === 'disable' ? { color: '#bbb', cursor: 'not-allowed' } : undefined}>
        添加到菜单
      </a>
    );
  const columns = [...dataColumns<Row>(cgformHeadDef, page.state.sort, renderers, page.state), actionColumn<Row>('id', links, menuLink, 440)];

  return (
    <ListFrame
      page={page}
      testId="list-page"
      errorTitle="表单列表加载失败"
      search={<SearchBar fields={SEARCH_FIELDS} initialValues={page.state.search} onSearch={page.search} onReset={page.reset} name="cgform_search" />}
      toolbar={<ListToolbar actions={{ add: true }} modeOf={() => modeOf(PERMS.cgform.add)} onAction={() => setDesigner({ open: true, id: null })} />}
    >
      <ListTable<Row> page={page} columns={columns} testId="list-table" selectable={false} />
      <CgformDesigner
        open={designer.open}
        headId={designer.id}
        onClose={() => setDesigner({ open: false, id: null })}
        onSaved={() => {
          setDesigner({ open: false, id: null });
          void page.reload();
        }}
      />
      <SyncModal
        target={syncing}
        onClose={() => setSyncing(null)}
        onSynced={() => {
          setSyncing(null);
          void page.reload();
        }}
      />
      <AddMenuModal target={menu} url={CGFORM_URLS.addMenu} onClose={() => setMenu(null)} />
      <EnhanceJsModal target={enhance} onClose={() => setEnhance(null)} />
      <VersionsModal target={versions} onClose={() => setVersions(null)} />
    </ListFrame>
  );
}
