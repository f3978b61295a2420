'use client';

import { useMemo, useState, useSyncExternalStore } from 'react';
import { App, Button, Card, Checkbox, Col, Empty, Form, Input, Modal, Pagination, Popconfirm, Row as GridRow, Select, Skeleton, Space, Spin, Switch, Tag, Typography } from 'antd';
import type { SorterResult, TableCurrentDataSource } from 'antd/es/table/interface';
import { PlusOutlined } from '@ant-design/icons';
import type { EditorProps } from '@/components/fields/field-registry';
import { ListFrame } from '@/components/data/list/list-frame';
import { ListFormHost, useListForms } from '@/components/data/list/list-form-host';
import { QueryButtons } from '@/components/data/list/query-buttons';
import { CONFIRM_DELETE } from '@/components/data/list/use-list-actions';
import { useListPage, type ListPage, type Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useScreenRoute } from '@/components/shell/screen-route';
import { useAuth, useShell } from '@/components/shell/shell-context';
import { formatDate } from '@/lib/format';
import type { SearchValues } from '@/lib/list-state';
import { PERMS } from '@/lib/permissions/codes';
import type { ResourceDef } from '@/lib/resources/types';
import { REFS, RefSelect, refEditor, type RefConfig } from '../../edu/course/ref-select';
import { workPageLink } from './work-files';
import { WorkPreviewModal, WorkThumb, type WorkTarget } from './work-media';
import { studentWorkResource, WORK_KEYWORD_PARAM, WORK_KIND_OPTIONS } from './work-resource';
import { WorkFileEditor } from './work-upload';

type WorkRow = Row & { id: string };

/** The list's source: the resource plus 关键词 (title or description on the server), a search value of this screen only. */
const LIST_SOURCE: ResourceDef = {
  ...studentWorkResource,
  fields: [...studentWorkResource.fields, { name: WORK_KEYWORD_PARAM, label: '关键词', kind: 'input', search: 'eq', form: false, list: false }],
};

const SORTS = [
  { value: 'createTime:desc', label: '最新上传' },
  { value: 'createTime:asc', label: '最早上传' },
  { value: 'title:asc', label: '按名称' },
];

const StudentRef = refEditor(REFS.student);
const ClazzRef = refEditor(REFS.clazz);
const CourseRef = refEditor(REFS.course);

const editors = {
  studentId: (p: EditorProps) => (
    <div data-testid="work-form-student">
      <StudentRef {...p} />
    </div>
  ),
  clazzId: (p: EditorProps) => (
    <div data-testid="work-form-clazz">
      <ClazzRef {...p} />
    </div>
  ),
  courseId: (p: EditorProps) => (
    <div data-testid="work-form-course">
      <CourseRef {...p} />
    </div>
  ),
  file: (p: EditorProps) => <WorkFileEditor {...p} />,
  shared: ({ value, onChange, disabled, id }: EditorProps) => <Switch id={id} checked={value === true} disabled={disabled} onChange={(v) => onChange?.(v)} checkedChildren="共享" unCheckedChildren="仅自己" data-testid="work-form-shared" />,
};

const noopSubscribe = () => () => undefined;

/**
 * 学员作品 (work/WorkView): a gallery of students' images, videos and PDFs, on the list engine (server paging, sort
 * and filters). Each card previews, shares its in-school link, and — for its uploader or 教务 — edits and deletes.
 */
export default function WorkViewScreen() {
  // The saved list state lives in sessionStorage: the gallery renders on the client only.
  const client = useSyncExternalStore(noopSubscribe, () => true, () => false);
  const route = useScreenRoute(studentWorkResource.name);
  return (
    <PageWrapper description="学员的图片、视频与 PDF 作品。可看到自己上传的作品与标记为校内共享的作品；教务与管理员可看到全校作品。">
      {client ? (
        <Gallery route={route} />
      ) : (
        <Card>
          <Skeleton active />
        </Card>
      )}
    </PageWrapper>
  );
}

function Gallery({ route }: { route: string }) {
  const { message } = App.useApp();
  const { has, mode } = useAuth();
  const username = useShell().account?.userInfo?.username ?? '';
  const page = useListPage<WorkRow>({ source: LIST_SOURCE, stateKey: route });
  const forms = useListForms<WorkRow>();
  const [preview, setPreview] = useState<WorkTarget | null>(null);
  const [share, setShare] = useState<WorkRow | null>(null);
  const seesAll = has(PERMS.studentWork.viewAll);
  const mayChange = (r: WorkRow) => seesAll || r.createBy === username;
  const addMode = mode(PERMS.studentWork.add);

  const sortValue = page.state.sort ? `${page.state.sort.column}:${page.state.sort.order}` : SORTS[0].value;
  const onSort = (v: string) => {
    const [column, order] = v.split(':');
    // The list engine's one sort entry point (a table's sorter change).
    page.onTableChange({}, {}, { columnKey: column, order: order === 'asc' ? 'ascend' : 'descend' } as SorterResult<WorkRow>, { action: 'sort' } as TableCurrentDataSource<WorkRow>);
  };

  return (
    <ListFrame
      page={page}
      testId="work-gallery"
      errorTitle="作品加载失败"
      selection={false}
      search={<WorkSearch initial={page.state.search} onSearch={page.search} onReset={page.reset} />}
      toolbar={
        <Space style={{ marginBottom: 16 }} wrap>
          {addMode !== 'hide' && (
            <Button type="primary" icon={<PlusOutlined />} disabled={addMode === 'disable'} onClick={() => forms.openForm('add')} data-testid="work-add">
              上传作品
            </Button>
          )}
          <Select value={sortValue} options={SORTS} onChange={onSort} style={{ width: 120 }} data-testid="work-sort" />
        </Space>
      }
    >
      <Spin spinning={page.loading}>
        {page.records.length === 0 ? (
          <Empty description="暂无作品" />
        ) : (
          <GridRow gutter={[16, 16]} data-testid="work-cards">
            {page.records.map((r) => (
              <Col key={r.id} xs={24} sm={12} md={8} xl={6}>
                <WorkCard row={r} page={page} mayChange={mayChange(r)} editMode={mode(PERMS.studentWork.edit)} deleteMode={mode(PERMS.studentWork.delete)} onPreview={() => setPreview({ id: r.id, title: String(r.title ?? ''), fileKind: r.fileKind })} onShare={() => setShare(r)} onEdit={() => forms.openForm('edit', r)} />
              </Col>
            ))}
          </GridRow>
        )}
      </Spin>
      <Pagination
        style={{ marginTop: 16, textAlign: 'right' }}
        current={page.pagination.current}
        pageSize={page.pagination.pageSize}
        total={page.pagination.total}
        pageSizeOptions={page.pagination.pageSizeOptions}
        showSizeChanger
        showTotal={page.pagination.showTotal}
        onChange={(current, pageSize) => page.onTableChange({ current, pageSize }, {}, [], { action: 'paginate' } as TableCurrentDataSource<WorkRow>)}
        data-testid="work-pagination"
      />
      <ListFormHost forms={forms} def={studentWorkResource} page={page} editors={editors} formWidth={720} />
      <WorkPreviewModal work={preview} onClose={() => setPreview(null)} />
      <ShareModal work={share} onClose={() => setShare(null)} onCopied={() => message.success('链接已复制')} />
    </ListFrame>
  );
}

interface CardProps {
  row: WorkRow;
  page: ListPage<WorkRow>;
  mayChange: boolean;
  editMode: ReturnType<ReturnType<typeof useAuth>['mode']>;
  deleteMode: ReturnType<ReturnType<typeof useAuth>['mode']>;
  onPreview: () => void;
  onShare: () => void;
  onEdit: () => void;
}

const textOf = (v: unknown) => (v === null || v === undefined ? '' : String(v));

function WorkCard({ row, page, mayChange, editMode, deleteMode, onPreview, onShare, onEdit }: CardProps) {
  const actions = [
    <a key="preview" onClick={onPreview} data-testid={`work-preview-${row.id}`}>
      预览
    </a>,
    <a key="share" onClick={onShare} data-testid={`work-share-${row.id}`}>
      分享
    </a>,
  ];
  if (mayChange && editMode !== 'hide')
    actions.push(
      <Typography.Link key="edit" disabled={editMode === 'disable'} onClick={onEdit} data-testid={`work-edit-${row.id}`}>
        编辑
      </Typography.Link>,
    );
  if (mayChange && deleteMode === 'show')
    actions.push(
      <Popconfirm key="delete" title={CONFIRM_DELETE} okText="确定" cancelText="取消" onConfirm={() => page.remove(row)}>
        <Typography.Link data-testid={`work-delete-${row.id}`}>删除</Typography.Link>
      </Popconfirm>,
    );
  const where = [row.studentId_dictText, row.clazzId_dictText, row.courseId_dictText].map(textOf).filter(Boolean).join(' · ');
  return (
    <Card
      hoverable
      size="small"
      data-testid={`work-card-${row.id}`}
      data-title={textOf(row.title)}
      cover={
        <div onClick={onPreview} style={{ cursor: 'pointer' }}>
          <WorkThumb work={{ id: row.id, title: textOf(row.title), fileKind: row.fileKind }} />
        </div>
      }
      actions={actions}
    >
      <Card.Meta
        title={
          <Space size={4}>
            <span title={textOf(row.title)}>{textOf(row.title)}</span>
            {row.shared === true && <Tag color="green">共享</Tag>}
          </Space>
        }
        description={
          <>
            <Typography.Text ellipsis style={{ display: 'block' }} data-testid="work-card-student">
              {where}
            </Typography.Text>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {textOf(row.createBy_dictText || row.createBy)} · {formatDate(row.createTime, 'YYYY-MM-DD HH:mm')}
            </Typography.Text>
          </>
        }
      />
    </Card>
  );
}

interface SearchProps {
  initial: SearchValues;
  onSearch: (values: SearchValues) => void;
  onReset: () => void;
}

/** 学员, 班级, 课程, 类型, 仅看共享 and 关键词 (over 作品名称 and 作品描述). */
function WorkSearch({ initial, onSearch, onReset }: SearchProps) {
  const [form] = Form.useForm<Record<string, unknown>>();
  const initialValues = useMemo(() => ({ ...initial, shared: initial.shared === 'true' }), [initial]);
  const submit = (v: Record<string, unknown>) => {
    const values: SearchValues = {};
    for (const k of ['studentId', 'clazzId', 'courseId', 'fileKind', WORK_KEYWORD_PARAM]) if (typeof v[k] === 'string' && v[k]) values[k] = v[k] as string;
    if (v.shared === true) values.shared = 'true';
    onSearch(values);
  };
  return (
    <Form form={form} layout="inline" initialValues={initialValues} onFinish={submit} style={{ marginBottom: 16, rowGap: 12 }} data-testid="work-search">
      <Form.Item name="studentId" label="学员">
        <FilterRef config={REFS.student} placeholder="全部学员" testId="work-filter-student" />
      </Form.Item>
      <Form.Item name="clazzId" label="班级">
        <FilterRef config={REFS.clazz} placeholder="全部班级" testId="work-filter-clazz" />
      </Form.Item>
      <Form.Item name="courseId" label="课程">
        <FilterRef config={REFS.course} placeholder="全部课程" testId="work-filter-course" />
      </Form.Item>
      <Form.Item name="fileKind" label="类型">
        <Select allowClear placeholder="全部" style={{ width: 100 }} options={WORK_KIND_OPTIONS.map((o) => ({ value: o.value, label: o.text }))} data-testid="work-filter-kind" />
      </Form.Item>
      <Form.Item name="shared" valuePropName="checked">
        <Checkbox data-testid="work-filter-shared">仅看共享</Checkbox>
      </Form.Item>
      <Form.Item name={WORK_KEYWORD_PARAM} label="关键词">
        <Input allowClear placeholder="作品名称或描述" maxLength={50} style={{ width: 180 }} data-testid="work-filter-keyword" />
      </Form.Item>
      <Form.Item>
        <QueryButtons
          submitTestId="work-search-submit"
          resetTestId="work-search-reset"
          onReset={() => {
            form.resetFields();
            form.setFieldsValue({ studentId: undefined, clazzId: undefined, courseId: undefined, fileKind: undefined, shared: false, [WORK_KEYWORD_PARAM]: undefined });
            onReset();
          }}
        />
      </Form.Item>
    </Form>
  );
}

/** A reference filter inside the search form (Form.Item injects value / onChange). */
function FilterRef({ config, placeholder, testId, value, onChange }: { config: RefConfig; placeholder: string; testId: string; value?: string; onChange?: (v?: string) => void }) {
  return (
    <div data-testid={testId} style={{ width: 180 }}>
      <RefSelect config={config} value={value ?? ''} placeholder={placeholder} onChange={onChange} />
    </div>
  );
}

/** 分享: the in-school link of the work's page, copied (any signed-in user allowed to see the work can open it). */
function ShareModal({ work, onClose, onCopied }: { work: WorkRow | null; onClose: () => void; onCopied: () => void }) {
  const link = work ? workPageLink(work.id, window.location.origin) : '';
  const copy = () => {
    navigator.clipboard?.writeText(link).then(onCopied, () => undefined);
  };
  return (
    <Modal open={!!work} title="分享作品" onCancel={onClose} footer={null} destroyOnHidden>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Text type="secondary">{work?.shared === true ? '校内同事登录后即可打开此链接查看作品。' : '该作品未设为校内共享：只有上传人与教务能打开此链接。'}</Typography.Text>
        <Space.Compact style={{ width: '100%' }}>
          <Input readOnly value={link} data-testid="work-share-link" onFocus={(e) => e.target.select()} />
          <Button type="primary" onClick={copy} data-testid="work-share-copy">
            复制链接
          </Button>
        </Space.Compact>
      </Space>
    </Modal>
  );
}
