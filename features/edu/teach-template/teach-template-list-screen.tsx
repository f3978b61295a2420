'use client';

import { useState, useSyncExternalStore } from 'react';
import { useRouter } from 'next/navigation';
import { Card, Col, Form, Input, Row as GridRow_, Select, Skeleton, Space, Tag, Typography } from 'antd';
import { actionColumn, dataColumns, type RowAction } from '@/components/data/list/list-columns';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListTable } from '@/components/data/list/list-table';
import { ListToolbar, type ToolbarAction } from '@/components/data/list/list-toolbar';
import { QueryButtons } from '@/components/data/list/query-buttons';
import { CONFIRM_DELETE } from '@/components/data/list/use-list-actions';
import { useExport } from '@/components/data/list/use-export';
import { useListPage, type Row } from '@/components/data/list/use-list-page';
import { SubTablePopover } from '@/components/grid/sub-table-popover';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { useScreenRoute } from '@/components/shell/screen-route';
import { http } from '@/lib/http';
import type { SearchValues } from '@/lib/list-state';
import { REFS, RefSelect } from '../course/ref-select';
import { ApplyTemplateModal, type ApplyTarget } from './apply-template-modal';
import { LessonList, type LessonRecordView } from './lesson-list';
import { TEMPLATE_EDITOR_PATH, TEMPLATE_STATUS_OPTIONS, TEMPLATE_URLS, teachTemplateResource } from './teach-template-resource';

const STATUS_COLOR: Record<string, string> = { '0': 'default', '1': 'success', '2': 'warning' };
const STATUS_OPTIONS = TEMPLATE_STATUS_OPTIONS.map((o) => ({ value: o.value, label: o.text }));
const statusText = (v: unknown) => TEMPLATE_STATUS_OPTIONS.find((o) => o.value === String(v))?.text ?? String(v ?? '');
const COLUMN_NAMES = ['courseId', 'name', 'status', 'lessonCount', 'updateTime'] as const;
const noopSubscribe = () => () => undefined;

/** The lessons of a template for the 课次数 popover (the sub-table loader, retried by SubTablePopover). */
const loadLessons = async (row: { id: string }) => <LessonList lessons={(await http.get<LessonRecordView[]>(TEMPLATE_URLS.items, { id: row.id })).result ?? []} />;

/** 教学模板 (course/TeachTemplateList): templates by course and status; 编辑 opens the full-page editor. */
export default function TeachTemplateListScreen() {
  const client = useSyncExternalStore(noopSubscribe, () => true, () => false);
  const route = useScreenRoute(teachTemplateResource.name);
  return (
    <PageWrapper description="每门课程的标准课次：章节、教学内容、课件与作业。应用到班级后，班级未开始的第 n 次课填入模板第 n 课的标题、教学内容、课件与作业标题。">
      {client ? (
        <TemplateList route={route} />
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
    </PageWrapper>
  );
}

function TemplateList({ route }: { route: string }) {
  const router = useRouter();
  const { mode } = useAuth();
  const page = useListPage<Row>({ source: teachTemplateResource, stateKey: route, columnNames: COLUMN_NAMES });
  const { exportXls, exporting } = useExport({ urls: page.urls, state: page.state, title: teachTemplateResource.title });
  const [applying, setApplying] = useState<ApplyTarget | null>(null);
  const modeOf = (a: string) => mode(`${teachTemplateResource.perm}:${a}`);
  const open = (id?: string) => router.push(id ? `${TEMPLATE_EDITOR_PATH}?id=${encodeURIComponent(id)}` : TEMPLATE_EDITOR_PATH);

  const onToolbar = (a: ToolbarAction) => {
    if (a === 'add') open();
    else if (a === 'exportXls') void exportXls();
    else if (a === 'deleteBatch') void page.removeBatch();
  };

  const renderers = {
    status: (v: unknown) => <Tag color={STATUS_COLOR[String(v)]}>{statusText(v)}</Tag>,
    lessonCount: (v: unknown, r: Row, i: number) =>
      Number(v) > 0 ? (
        <Space size={4}>
          <span>{Number(v)}</span>
          <SubTablePopover row={{ id: String(r.id) }} load={loadLessons} index={i} />
        </Space>
      ) : (
        <Typography.Text type="secondary">0</Typography.Text>
      ),
  };
  const links: RowAction<Row>[] = [];
  // A teacher (list only) opens the editor read-only: the lessons are what they teach from.
  links.push({ key: 'edit', label: modeOf('edit') === 'show' ? '编辑' : '查看', onClick: (r) => open(String(r.id)) });
  if (modeOf('apply') !== 'hide') links.push({ key: 'apply', label: '应用到班级', disabled: modeOf('apply') === 'disable', onClick: (r) => setApplying({ id: String(r.id), name: String(r.name ?? ''), courseId: String(r.courseId ?? '') }) });
  if (modeOf('delete') !== 'hide') links.push({ key: 'delete', label: '删除', confirm: CONFIRM_DELETE, disabled: modeOf('delete') === 'disable', onClick: (r) => void page.remove(r) });
  const columns = [...dataColumns<Row>(teachTemplateResource, page.state.sort, renderers, page.state), actionColumn<Row>('id', links, undefined, 220)];

  return (
    <ListFrame
      page={page}
      testId="list-page"
      errorTitle="教学模板加载失败"
      search={<TemplateSearch initial={page.state.search} onSearch={page.search} onReset={page.reset} />}
      toolbar={<ListToolbar actions={teachTemplateResource.actions} modeOf={(a) => modeOf(a)} onAction={onToolbar} busy={{ exportXls: exporting }} />}
    >
      <ListTable<Row> page={page} columns={columns} testId="list-table" />
      <ApplyTemplateModal template={applying} onClose={() => setApplying(null)} />
    </ListFrame>
  );
}

interface SearchForm {
  courseId?: string;
  name?: string;
  status?: string;
}

function TemplateSearch({ initial, onSearch, onReset }: { initial: SearchValues; onSearch: (v: SearchValues) => void; onReset: () => void }) {
  const [form] = Form.useForm<SearchForm>();
  const [start] = useState<SearchForm>(() => ({
    courseId: typeof initial.courseId === 'string' ? initial.courseId : undefined,
    name: typeof initial.name === 'string' ? initial.name : undefined,
    status: initial.status === undefined || initial.status === null ? undefined : String(initial.status),
  }));
  return (
    <Form<SearchForm>
      form={form}
      name="teachTemplate_search"
      layout="inline"
      initialValues={start}
      onFinish={(v) => onSearch({ courseId: v.courseId || undefined, name: v.name?.trim() || undefined, status: v.status })}
      style={{ marginBottom: 16 }}
      data-testid="list-search"
    >
      <GridRow_ gutter={[24, 12]} style={{ width: '100%' }}>
        <Col xl={6} lg={8} md={12} sm={24}>
          <Form.Item name="courseId" label="课程" style={{ width: '100%' }}>
            <RefSelect config={REFS.course} placeholder="全部课程" />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24}>
          <Form.Item name="name" label="模板名称" style={{ width: '100%' }}>
            <Input allowClear placeholder="请输入模板名称" maxLength={100} />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24}>
          <Form.Item name="status" label="状态" style={{ width: '100%' }}>
            <Select allowClear placeholder="请选择状态" options={STATUS_OPTIONS} />
          </Form.Item>
        </Col>
        <Col xl={6} lg={8} md={12} sm={24}>
          <QueryButtons
            onReset={() => {
              form.setFieldsValue({ courseId: undefined, name: undefined, status: undefined });
              onReset();
            }}
          />
        </Col>
      </GridRow_>
    </Form>
  );
}
