'use client';

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { Alert, App, Button, Card, Col, Form, Input, Row as GridRow_, Select, Space, Spin, Typography } from 'antd';
import { ArrowLeftOutlined, SaveOutlined } from '@ant-design/icons';
import { EditableGrid, type EditableGridRef } from '@/components/grid/editable-grid';
import { useApiError } from '@/components/feedback/use-api-error';
import { useAuth } from '@/components/shell/shell-context';
import { useScreenRoute } from '@/components/shell/screen-route';
import { FIX_CELLS_FIRST } from '@/lib/grid/rules';
import type { GridRow } from '@/lib/grid/types';
import { http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import { REFS, RefSelect } from '../course/ref-select';
import { useChapterNodes, useCourseMaterials } from './course-refs';
import { lessonColumns } from './lesson-columns';
import { lessonPayload } from './lesson-rules';
import { ITEM_LIST_KEY, lessonProblem, TEMPLATE_API, TEMPLATE_EDITOR_PATH, TEMPLATE_LIST_PATH, TEMPLATE_STATUS_OPTIONS, TEMPLATE_URLS } from './teach-template-resource';

/** What leaving with unsaved changes asks. */
export const LEAVE_QUESTION = '有未保存的修改，确定放弃吗？';
export const NO_LESSONS = '请至少添加一个课次';

interface Header {
  id?: string;
  courseId?: string;
  name?: string;
  status?: number;
  remark?: string | null;
}

const EMPTY: Header = { status: 1 };

/**
 * 教学模板 新增 / 编辑 (course/TeachTemplateAddEdit at /course/teachTemplateAddEdit, `?id=` to edit): the header
 * and the lessons in the editable grid, saved together in one request (the template carries
 * `teachTemplateItemList`); 保存 returns to the list. The screen may be kept alive by the shell while other
 * pages show, so it reads `?id=` only while it is the shown page, and asks before dropping unsaved changes
 * (返回, another template opened here, or the browser tab closed).
 */
export default function TeachTemplateEditorScreen() {
  const route = useScreenRoute(TEMPLATE_EDITOR_PATH);
  const pathname = usePathname();
  const params = useSearchParams();
  const shown = pathname === route;
  const urlId = shown ? (params.get('id') ?? '') : null;
  return <Editor urlId={urlId} />;
}

function Editor({ urlId }: { urlId: string | null }) {
  const router = useRouter();
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const { has } = useAuth();
  const [form] = Form.useForm<Header>();
  const gridRef = useRef<EditableGridRef>(null);
  /** The template on screen: '' a new one, an id, null nothing loaded yet. */
  const [loaded, setLoaded] = useState<string | null>(null);
  const [rows, setRows] = useState<GridRow[]>([]);
  const [loading, setLoading] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const dirty = useRef(false);
  const asking = useRef(false);
  const courseId = Form.useWatch('courseId', form);
  const tree = useChapterNodes(courseId);
  const materials = useCourseMaterials(courseId);
  const editing = !!loaded;
  const canWrite = has(editing ? PERMS.template.edit : PERMS.template.add);
  const columns = useMemo(() => lessonColumns({ tree, materials, disabled: !canWrite }), [tree, materials, canWrite]);

  const load = useCallback(
    async (id: string) => {
      dirty.current = false;
      setLoadError(null);
      setLoaded(id);
      if (!id) {
        form.resetFields();
        form.setFieldsValue(EMPTY);
        setRows([]);
        return;
      }
      setLoading(true);
      try {
        const [head, lessons] = await Promise.all([http.get<Header>(`${TEMPLATE_API}/queryById`, { id }), http.get<GridRow[]>(TEMPLATE_URLS.items, { id })]);
        form.resetFields();
        form.setFieldsValue({ id, courseId: head.result?.courseId, name: head.result?.name, status: head.result?.status, remark: head.result?.remark ?? undefined });
        setRows((lessons.result ?? []).map((l) => ({ ...l, id: String(l.id) })));
      } catch (e) {
        setLoadError(e instanceof Error ? e.message : '加载失败');
      } finally {
        setLoading(false);
      }
    },
    [form],
  );

  // Another template (or 新增) asked for through the address: load it, after asking when this one has changes.
  useEffect(() => {
    if (urlId === null || urlId === loaded || asking.current) return;
    if (!dirty.current || loaded === null) {
      void load(urlId);
      return;
    }
    asking.current = true;
    const back = loaded;
    modal.confirm({
      title: LEAVE_QUESTION,
      okText: '放弃修改',
      cancelText: '继续编辑',
      onOk: () => void load(urlId),
      onCancel: () => router.replace(back ? `${TEMPLATE_EDITOR_PATH}?id=${encodeURIComponent(back)}` : TEMPLATE_EDITOR_PATH),
      afterClose: () => {
        asking.current = false;
      },
    });
  }, [urlId, loaded, load, modal, router]);

  // Closing or reloading the browser tab with changes: the browser's own question.
  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (dirty.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);

  const markDirty = useCallback(() => {
    dirty.current = true;
  }, []);

  const onCourseChange = () => {
    markDirty();
    // Chapters and courseware belong to the course: a lesson keeps neither when the course changes.
    const current = gridRef.current?.getValues() ?? rows;
    if (current.some((r) => r.chapterId || r.materialIds)) {
      setRows(current.map((r) => ({ ...r, chapterId: null, materialIds: '' })));
      message.info('已清空各课次的章节与课件（它们属于原课程）');
    }
  };

  const leave = () => {
    const go = () => {
      dirty.current = false;
      setLoaded(null);
      router.push(TEMPLATE_LIST_PATH);
    };
    if (!dirty.current || !canWrite) return go();
    modal.confirm({ title: LEAVE_QUESTION, okText: '放弃修改', cancelText: '继续编辑', onOk: go });
  };

  const save = async () => {
    const grid = gridRef.current;
    if (!grid) return;
    const header = await form.validateFields().catch(() => null);
    if (!header) return;
    const checked = await grid.validate();
    if (!checked.ok) {
      void message.warning(checked.errors[0]?.message ?? FIX_CELLS_FIRST);
      return;
    }
    const lessons = grid.getValues().map(lessonPayload);
    if (!lessons.length) {
      void message.warning(NO_LESSONS);
      return;
    }
    const problem = lessonProblem(lessons);
    if (problem) {
      void message.warning(problem);
      return;
    }
    const body = { ...header, name: header.name?.trim(), ...(loaded ? { id: loaded } : {}), [ITEM_LIST_KEY]: lessons };
    setSaving(true);
    try {
      const r = loaded ? await http.put(`${TEMPLATE_API}/edit`, body) : await http.post(`${TEMPLATE_API}/add`, body);
      void message.success(r.message || '保存成功！');
      dirty.current = false;
      setLoaded(null);
      router.push(TEMPLATE_LIST_PATH);
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  if (loadError) {
    return (
      <Card>
        <Alert type="error" showIcon title={loadError} action={<Button onClick={() => void load(loaded ?? '')}>重试</Button>} data-testid="template-load-error" />
      </Card>
    );
  }

  return (
    <Card
      title={editing ? (canWrite ? '编辑教学模板' : '查看教学模板') : '新增教学模板'}
      extra={
        <Space>
          <Button icon={<ArrowLeftOutlined />} onClick={leave} data-testid="template-back">
            返回
          </Button>
          {canWrite && (
            <Button type="primary" icon={<SaveOutlined />} loading={saving} onClick={() => void save()} data-testid="template-save">
              保存
            </Button>
          )}
        </Space>
      }
      data-testid="template-editor"
    >
      <Spin spinning={loading}>
        <Form<Header> form={form} layout="vertical" initialValues={EMPTY} disabled={!canWrite} onValuesChange={markDirty}>
          <GridRow_ gutter={24}>
            <Col xl={8} md={12} xs={24}>
              <Form.Item name="courseId" label="课程" rules={[{ required: true, message: '请选择课程!' }]}>
                <RefSelect config={REFS.course} placeholder="请选择课程" onChange={onCourseChange} />
              </Form.Item>
            </Col>
            <Col xl={8} md={12} xs={24}>
              <Form.Item name="name" label="模板名称" rules={[{ required: true, whitespace: true, message: '请输入模板名称!' }, { max: 100, message: '模板名称不能超过100个字符' }]}>
                <Input placeholder="请输入模板名称" maxLength={100} data-testid="template-name" />
              </Form.Item>
            </Col>
            <Col xl={8} md={12} xs={24}>
              <Form.Item name="status" label="状态">
                <Select options={TEMPLATE_STATUS_OPTIONS.map((o) => ({ value: Number(o.value), label: o.text }))} data-testid="template-status" />
              </Form.Item>
            </Col>
            <Col span={24}>
              <Form.Item name="remark" label="备注" rules={[{ max: 500, message: '备注不能超过500个字符' }]}>
                <Input.TextArea rows={2} maxLength={500} placeholder="请输入备注" />
              </Form.Item>
            </Col>
          </GridRow_>
        </Form>
        <Typography.Title level={5}>课次</Typography.Title>
        <Typography.Paragraph type="secondary">拖动行可调整顺序（课次序号随之重排）；可从 Excel 粘贴多行（课次、章节、标题……按列顺序）。教学内容点击单元格编辑。</Typography.Paragraph>
        <EditableGrid
          ref={gridRef}
          testId="lesson-grid"
          columns={columns}
          dataSource={rows}
          dragSort={canWrite}
          dragSortKey="lessonNo"
          disabled={!canWrite}
          onValuesChange={markDirty}
          maxHeight={520}
        />
      </Spin>
    </Card>
  );
}
