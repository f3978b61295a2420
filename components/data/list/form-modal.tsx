'use client';

import { useCallback, useState, type ReactNode } from 'react';
import { Alert, App, Button, Flex, Form, Modal, Tooltip, type ButtonProps } from 'antd';
import { FullscreenExitOutlined, FullscreenOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { useDirtyClose } from '@/components/feedback/use-dirty-close';
import { FieldEditor, type EditorProps } from '@/components/fields/field-registry';
import { ApiError, http } from '@/lib/http';
import { EDIT_CONFLICT_CODE, refreshedValues, saveOptions } from '@/lib/resources/row-version';
import { AUDIT_FIELDS, isWritable } from '@/lib/resources/field-kinds';
import type { FieldDef, ResourceDef } from '@/lib/resources/types';
import { fieldRules } from './form-rules';
import { missingUrlMessage, resolveUrls, type ListUrls } from './list-urls';

export type FormMode = 'add' | 'edit' | 'detail';
/** Spec 02 §4 form modes. */
export const FORM_MODE_TITLES: Record<FormMode, string> = { add: '新增', edit: '编辑', detail: '详情' };
export const DEFAULT_FORM_WIDTH = 800;

type Row = Record<string, unknown>;

export interface FormModalProps<R extends Row = Row> {
  def: ResourceDef;
  open: boolean;
  mode: FormMode;
  /** The row to edit or show (edit / detail). */
  record?: R | null;
  /** add / edit endpoints; default `${def.api}/add|edit`. */
  urls?: ListUrls;
  onClose: () => void;
  /** After a successful save (the list reloads here). */
  onSaved?: () => void;
  /** Default: 新增 / 编辑 / 详情. */
  title?: ReactNode;
  width?: number;
  /** Per-field editor overrides for screen-specific inputs. */
  editors?: Record<string, (props: EditorProps) => ReactNode>;
}

/**
 * Fields the form shows: not `form: false`; audit fields only when declared read-only; write-only
 * fields (a password) only when adding, since a stored one is never sent back.
 */
export const formFields = (def: ResourceDef, mode: FormMode): FieldDef[] =>
  def.fields.filter((f) => f.form !== false && (!AUDIT_FIELDS.has(f.name) || f.form === 'readonly') && (mode === 'add' || !f.writeOnly));

/** Initial values: the record for edit / detail, else the fields' defaults. */
export function initialValues(def: ResourceDef, mode: FormMode, record?: Row | null): Row {
  if (mode !== 'add' && record) return { ...record };
  const out: Row = {};
  for (const f of def.fields) if (f.defaultValue !== undefined && f.defaultValue !== null) out[f.name] = f.defaultValue;
  return out;
}

/** The body sent to add / edit: only writable fields, plus the row key when editing. */
export function toPayload(def: ResourceDef, mode: FormMode, values: Row, record?: Row | null): Row {
  const out: Row = {};
  for (const f of formFields(def, mode)) if (isWritable(f) && f.name in values) out[f.name] = values[f.name] === undefined ? null : values[f.name];
  if (mode === 'edit' && record) out[def.rowKey] = record[def.rowKey];
  return out;
}

/** 新增 / 编辑 / 详情 modal built from a resource's form fields (详情: read-only, submit disabled). */
export function FormModal<R extends Row = Row>({ def, open, mode, record, urls: overrides, onClose, onSaved, title, width = DEFAULT_FORM_WIDTH, editors }: FormModalProps<R>) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Row>();
  const [saving, setSaving] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  // Issue #39: a save refused because someone else changed the row (the form stays open with the input), and
  // the record read again by 刷新 (its values and version replace the opened record's).
  const [conflict, setConflict] = useState<string | null>(null);
  const [reread, setReread] = useState<Row | null>(null);
  const [refreshing, setRefreshing] = useState(false);
  const detail = mode === 'detail';
  const urls = resolveUrls(def, overrides);
  const current: Row | null | undefined = reread ?? record;
  const dataId = mode === 'edit' && current ? String(current[def.rowKey] ?? '') : undefined;
  const close = useCallback(() => {
    setConflict(null);
    setReread(null);
    onClose();
  }, [onClose]);
  const isDirty = useCallback(() => !detail && form.isFieldsTouched(), [detail, form]);
  const closeAsking = useDirtyClose(close, isDirty);

  /** 刷新 after a conflict: the stored record again; fields the user changed keep the user's input. */
  const refresh = async () => {
    if (!urls.queryById || !dataId) return;
    setRefreshing(true);
    try {
      const fresh = (await http.get<Row>(urls.queryById, { id: dataId })).result;
      form.setFieldsValue(refreshedValues(initialValues(def, mode, current), form.getFieldsValue(true) as Row, fresh));
      setReread(fresh);
      setConflict(null);
    } catch (e) {
      showError(e);
    } finally {
      setRefreshing(false);
    }
  };

  const submit = async () => {
    if (detail) return;
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return; // the form shows the field errors
    }
    const url = mode === 'add' ? urls.add : urls.edit;
    if (!url) {
      message.error(missingUrlMessage(mode === 'add' ? 'add' : 'edit'));
      return;
    }
    setSaving(true);
    try {
      const body = toPayload(def, mode, values, current);
      // 编辑 sends the version the record was read at (If-Match, issue #39): refused when the row changed since.
      const res = mode === 'add' ? await http.post(url, body) : await http.put(url, body, ...saveOptions(current));
      if (res.message) message.success(res.message);
      onSaved?.();
      close();
    } catch (e) {
      if (e instanceof ApiError && e.code === EDIT_CONFLICT_CODE && e.status === 200) setConflict(e.message);
      else showError(e);
    } finally {
      setSaving(false);
    }
  };

  const heading = (
    <Flex justify="space-between" align="center" style={{ paddingRight: 32 }}>
      <span>{title ?? FORM_MODE_TITLES[mode]}</span>
      <Tooltip title={fullscreen ? '还原' : '全屏'}>
        <Button
          type="text"
          size="small"
          icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
          aria-label={fullscreen ? '还原' : '全屏'}
          aria-pressed={fullscreen}
          onClick={() => setFullscreen((v) => !v)}
          data-testid="form-modal-fullscreen"
        />
      </Tooltip>
    </Flex>
  );

  return (
    <Modal
      open={open}
      title={heading}
      width={fullscreen ? '100%' : width}
      style={fullscreen ? { top: 0, paddingBottom: 0, maxWidth: '100vw' } : undefined}
      styles={{ body: fullscreen ? { height: 'calc(100vh - 110px)', overflowY: 'auto' } : { maxHeight: '80vh', overflowY: 'auto' } }}
      wrapClassName={fullscreen ? 'form-modal-fullscreen' : undefined}
      onCancel={closeAsking}
      onOk={submit}
      okText="确定"
      cancelText="关闭"
      confirmLoading={saving}
      okButtonProps={{ disabled: detail, 'data-testid': 'form-modal-submit' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'form-modal-cancel' } as ButtonProps}
      destroyOnHidden
      mask={{ closable: false }}
    >
      <div data-testid="form-modal" data-mode={mode} data-fullscreen={fullscreen ? 'true' : 'false'}>
        {conflict && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={conflict}
            data-testid="form-modal-conflict"
            action={
              <Button size="small" type="primary" loading={refreshing} onClick={() => void refresh()} data-testid="form-modal-refresh">
                刷新
              </Button>
            }
          />
        )}
        {/* clearOnDestroy: the form instance outlives the destroyed modal body; without it 新增 reopened with the values of the last opening (issue #21). */}
        <Form form={form} clearOnDestroy name={`${def.name}_form`} layout="horizontal" labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 16 } }} initialValues={initialValues(def, mode, record)} disabled={detail}>
          {formFields(def, mode).map((f) => {
            const custom = editors?.[f.name];
            const readOnly = f.form === 'readonly' || !isWritable(f);
            return (
              <Form.Item
                key={f.name}
                name={f.name}
                label={f.label}
                tooltip={f.help}
                hidden={f.kind === 'hidden'}
                rules={detail || readOnly ? [] : fieldRules(f, f.unique ? { tableName: def.table, dataId } : undefined)}
                validateTrigger={['onChange', 'onBlur']}
              >
                {custom ? <CustomEditor render={custom} field={f} disabled={detail || readOnly} /> : <FieldEditor field={f} disabled={detail || readOnly} />}
              </Form.Item>
            );
          })}
        </Form>
      </div>
    </Modal>
  );
}

/** Lets a render function take the value / onChange / id that Form.Item injects into its child. */
function CustomEditor({ render, ...props }: EditorProps & { render: (props: EditorProps) => ReactNode }) {
  return <>{render(props)}</>;
}
