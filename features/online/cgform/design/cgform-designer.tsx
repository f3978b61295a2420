'use client';

import { useCallback, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Col, Form, Input, Modal, Radio, Row, Select, Space, Spin } from 'antd';
import { rowsOf } from '@/components/data/dict/use-dict';
import { useApiError } from '@/components/feedback/use-api-error';
import { useDirtyClose } from '@/components/feedback/use-dirty-close';
import { EditableGrid, type EditableGridRef } from '@/components/grid/editable-grid';
import { ApiError, http } from '@/lib/http';
import { FIX_CELLS_FIRST } from '@/lib/grid/rules';
import type { GridRow } from '@/lib/grid/types';
import { validateFormDefinition, validateTableName } from '@/lib/online/form-rules';
import { ONLINE_TABLE_PREFIX, type CgformField, type CgformHead, type CgformSaveBody } from '@/lib/online/wire';
import { CGFORM_URLS } from './cgform-resource';
import { fieldColumns } from './field-columns';
import { buildSaveBody, fieldToRow, mainTableOf, type HeadValues } from './field-model';

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

/** A form's definition as the designer edits it: GET queryById + listByHeadId. */
export async function loadDefinition(headId: string): Promise<CgformSaveBody> {
  const [head, fields] = await Promise.all([http.get<CgformHead>(CGFORM_URLS.queryById, { id: headId }), http.get<unknown>(CGFORM_URLS.fields, { headId })]);
  return { head: head.result, fields: rowsOf(fields.result) as unknown as CgformField[] };
}

/** 表名 with the physical prefix shown as a fixed addon (the table is always `tbl_onl_<表名>`). */
function PrefixedInput({ value, onChange, disabled, id }: { value?: string; onChange?: (v: string) => void; disabled?: boolean; id?: string }) {
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Space.Addon>{ONLINE_TABLE_PREFIX}</Space.Addon>
      <Input id={id} value={value} disabled={disabled} placeholder="如 textbook_receive" maxLength={40} onChange={(e) => onChange?.(e.target.value)} data-testid="cgform-table-name" />
    </Space.Compact>
  );
}

/** Main forms (表类型 主表) for a 附表's 主表 select. */
function useMainTables(enabled: boolean) {
  const { data } = useSWR(enabled ? ['cgform-main-tables'] : null, async () => rowsOf((await http.get<unknown>(CGFORM_URLS.list, { pageNo: 1, pageSize: 200, tableType: 2 })).result), SWR_OPTIONS);
  return useMemo(() => (data ?? []).filter((r) => Number(r.tableType) === 2).map((r) => ({ value: String(r.tableName), label: `${String(r.tableTxt ?? '')}（${String(r.tableName)}）` })), [data]);
}

export interface DesignerBodyProps {
  /** The definition shown (null: a new form). */
  initial: CgformSaveBody | null;
  /** 版本 view: everything read-only, nothing saved. */
  readOnly?: boolean;
  onCancel: () => void;
  onSaved?: (head: CgformHead) => void;
  /** Filled with "has the definition unsaved changes?" for the dialog's guarded close (issue #39). */
  dirtyRef?: RefObject<() => boolean>;
}

/** The designer's content: head form, fields grid, problems, 保存. */
export function DesignerBody({ initial, readOnly, onCancel, onSaved, dirtyRef }: DesignerBodyProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<HeadValues>();
  const gridRef = useRef<EditableGridRef>(null);
  const [problems, setProblems] = useState<string[]>([]);
  const [saving, setSaving] = useState(false);
  const headId = initial?.head.id ?? null;
  const startHead = useMemo<HeadValues>(
    () => ({ tableName: initial?.head.tableName ?? '', tableTxt: initial?.head.tableTxt ?? '', tableType: initial?.head.tableType ?? 1, mainTable: initial ? mainTableOf(initial.fields) : null }),
    [initial],
  );
  const tableType = (Form.useWatch('tableType', form) ?? startHead.tableType) as 1 | 2 | 3;
  const isChild = tableType === 3;
  const columns = useMemo(() => fieldColumns(isChild, readOnly), [isChild, readOnly]);
  const dataSource = useMemo<GridRow[]>(() => [...(initial?.fields ?? [])].sort((a, b) => a.orderNum - b.orderNum).map((f) => fieldToRow(f)), [initial]);
  const mainTables = useMainTables(isChild && !readOnly);
  useEffect(() => {
    if (!dirtyRef) return;
    dirtyRef.current = () => {
      const grid = gridRef.current;
      if (readOnly) return false;
      return form.isFieldsTouched() || Boolean(grid && (grid.getNewRows().length || grid.getUpdatedRows().length || grid.getDeleteIds().length));
    };
    return () => {
      dirtyRef.current = () => false;
    };
  }, [dirtyRef, form, readOnly]);

  /** Choosing a 主表 adds the foreign-key field when the grid has none yet (the admin may rename it). */
  const onHeadChange = (changed: Partial<HeadValues>) => {
    const main = changed.mainTable;
    const grid = gridRef.current;
    if (!main || !grid || grid.getValues().some((r) => Number(r.fk) === 1)) return;
    const name = `${main}_id`.length <= 32 ? `${main}_id` : 'main_id';
    grid.addRows([{ dbFieldName: name, dbFieldTxt: '主表ID', dbType: 'string', dbLength: 32, fk: 1, isShowList: 0, isShowForm: 0 }]);
  };

  const save = async () => {
    const grid = gridRef.current;
    if (!grid) return;
    let head: HeadValues;
    try {
      head = await form.validateFields();
    } catch {
      return;
    }
    const checked = await grid.validate();
    if (!checked.ok) {
      void message.warning(FIX_CELLS_FIRST);
      return;
    }
    const body = buildSaveBody(head, headId, grid.getValues(), grid.getDeleteIds());
    // The server's own rules, all at once, before anything is sent (it refuses the same).
    const found = validateFormDefinition(body);
    setProblems(found);
    if (found.length) return;
    setSaving(true);
    try {
      // The formVersion loaded (If-Match, issue #39): the server refuses the save when someone saved the form since.
      const version = initial?.head.formVersion != null ? [{ ifMatch: String(initial.head.formVersion) }] : [];
      const r = headId ? await http.put<CgformHead>(CGFORM_URLS.editAll, body, ...version) : await http.post<CgformHead>(CGFORM_URLS.addAll, body);
      void message.success(r.message || '保存成功！');
      onSaved?.(r.result);
    } catch (e) {
      // A refusal of the definition (e.g. a dictionary that does not exist, or a newer version saved by someone
      // else: 该记录已被他人修改…) stays beside the grid; the edits are kept.
      if (e instanceof ApiError && e.status === 200) setProblems([e.message]);
      else showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="cgform-designer">
      <Form<HeadValues> form={form} name="cgform_head" layout="vertical" initialValues={startHead} disabled={readOnly} onValuesChange={onHeadChange}>
        <Row gutter={16}>
          <Col span={8}>
            {/* A synchronised table keeps its name (the server refuses renaming a table that exists). */}
            <Form.Item label="表名" name="tableName" rules={[{ validator: async (_r, v: string) => { const p = validateTableName(String(v ?? '').trim()); if (p) throw new Error(p); } }]} validateFirst>
              <PrefixedInput disabled={readOnly || initial?.head.isDbSynch === 'Y'} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="表描述" name="tableTxt" rules={[{ required: true, whitespace: true, message: '请输入表描述' }, { max: 100, message: '表描述最长100个字符' }]}>
              <Input placeholder="如 教材领用登记" data-testid="cgform-table-txt" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item label="表类型" name="tableType">
              <Radio.Group
                data-testid="cgform-table-type"
                options={[
                  { value: 1, label: '单表' },
                  { value: 2, label: '主表' },
                  { value: 3, label: '附表' },
                ]}
              />
            </Form.Item>
          </Col>
          {isChild && (
            <Col span={8}>
              <Form.Item label="主表" name="mainTable" rules={[{ required: true, message: '请选择主表' }]} extra="在字段中勾选「外键」列，标出保存主表记录 id 的字段（文本类型）">
                <Select allowClear placeholder="请选择主表" options={mainTables} data-testid="cgform-main-table" />
              </Form.Item>
            </Col>
          )}
        </Row>
      </Form>
      <EditableGrid ref={gridRef} testId="cgform-fields" columns={columns} dataSource={dataSource} dragSort={!readOnly} dragSortKey="orderNum" disabled={readOnly} toolbar={!readOnly} maxHeight={420} />
      {problems.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="error"
          showIcon
          title="请先修正以下问题"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="cgform-problems">
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          }
        />
      )}
      <Space style={{ marginTop: 16, display: 'flex', justifyContent: 'flex-end' }}>
        <Button onClick={onCancel} data-testid="cgform-designer-cancel">
          {readOnly ? '关闭' : '取消'}
        </Button>
        {!readOnly && (
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="cgform-save">
            保存
          </Button>
        )}
      </Space>
    </div>
  );
}

export interface CgformDesignerProps {
  open: boolean;
  /** The form edited, or null for 新增. */
  headId: string | null;
  onClose: () => void;
  onSaved: (head: CgformHead) => void;
}

/** 新增 / 编辑 a form (JeecgBoot's OnlCgformHeadModal): loads the definition afresh at each opening, then the designer. */
export function CgformDesigner({ open, headId, onClose, onSaved }: CgformDesignerProps) {
  const [loaded, setLoaded] = useState<{ id: string; body: CgformSaveBody } | { id: string; error: string } | null>(null);
  useEffect(() => {
    if (!open || !headId) return;
    let live = true;
    loadDefinition(headId).then(
      (body) => live && setLoaded({ id: headId, body }),
      (e: unknown) => live && setLoaded({ id: headId, error: e instanceof Error ? e.message : '加载失败' }),
    );
    return () => {
      live = false;
      setLoaded(null);
    };
  }, [open, headId]);
  const current = headId && loaded?.id === headId ? loaded : null;
  // Esc, × and 取消 ask first when the design has unsaved changes (issue #39).
  const dirtyRef = useRef<() => boolean>(() => false);
  const isDirty = useCallback(() => dirtyRef.current(), []);
  const close = useDirtyClose(onClose, isDirty);
  return (
    <Modal open={open} title={headId ? '编辑表单' : '新增表单'} width={1200} footer={null} onCancel={close} destroyOnHidden mask={{ closable: false }}>
      {!open ? null : !headId ? (
        <DesignerBody initial={null} onCancel={close} onSaved={onSaved} dirtyRef={dirtyRef} />
      ) : !current ? (
        <Spin />
      ) : 'error' in current ? (
        <Alert type="error" showIcon title={current.error} />
      ) : (
        <DesignerBody initial={current.body} onCancel={close} onSaved={onSaved} dirtyRef={dirtyRef} />
      )}
    </Modal>
  );
}
