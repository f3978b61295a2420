'use client';

import { useEffect, useMemo, useRef, useState } from 'react';
import { Alert, App, Button, Flex, Form, Modal, Spin, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { FieldEditor } from '@/components/fields/field-registry';
import { FORM_MODE_TITLES, formFields, initialValues, toPayload, type FormModalProps } from '@/components/data/list/form-modal';
import { fieldRules } from '@/components/data/list/form-rules';
import { missingUrlMessage, resolveUrls } from '@/components/data/list/list-urls';
import { EditableGrid, type EditableGridRef } from '@/components/grid/editable-grid';
import { FIX_CELLS_FIRST } from '@/lib/grid/rules';
import type { GridRow } from '@/lib/grid/types';
import { http } from '@/lib/http';
import { isWritable } from '@/lib/resources/field-kinds';
import { toDefaults, toSubmitResult } from '../enhance-runtime';
import { childFields, childPayload, gridColumnsOf, type AutoFormConfig } from './auto-config';
import type { Enhance } from './use-enhance';

type Row = Record<string, unknown>;

export const ENHANCE_FAILED = (message: string) => `表单增强脚本出错：${message}`;

export interface AutoFormModalProps extends FormModalProps<Row> {
  config: AutoFormConfig;
  enhance: Enhance;
}

/**
 * 新增 / 编辑 / 详情 of a designed online form: the main fields (the list engine's editors and rules) and, for a main
 * form, each child table as the project's editable grid. Saved in one request (`<childTableName>: row[]`), which the
 * server writes in one transaction. The form's enhance script may give defaults (onLoad) and check or change the row
 * before it is sent (beforeSubmit); a failing or slow script is reported and the form keeps working.
 */
export function AutoFormModal(props: AutoFormModalProps) {
  const { def, open, mode, onClose, width = 1000 } = props;
  return (
    <Modal open={open} title={`${FORM_MODE_TITLES[mode]} · ${def.title}`} width={width} styles={{ body: { maxHeight: '80vh', overflowY: 'auto' } }} onCancel={onClose} footer={null} destroyOnHidden mask={{ closable: false }}>
      {/* Mounted per opening (destroyOnHidden): each opening loads its own child rows and runs onLoad once. */}
      {open ? <AutoFormBody {...props} /> : null}
    </Modal>
  );
}

function AutoFormBody({ config, enhance, def, mode, record, urls: overrides, onClose, onSaved }: AutoFormModalProps) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<Row>();
  const [saving, setSaving] = useState(false);
  const detail = mode === 'detail';
  const urls = resolveUrls(def, overrides);
  const hasChildren = config.subTables.length > 0;
  const recordId = record ? String(record[def.rowKey] ?? '') : '';
  const loadsChildren = mode !== 'add' && hasChildren && Boolean(recordId && urls.queryById);
  const [children, setChildren] = useState<Record<string, GridRow[]> | null>(() => (loadsChildren ? null : Object.fromEntries(config.subTables.map((t) => [t.tableName, []]))));
  const [loadError, setLoadError] = useState<string | null>(null);
  const writable = useMemo(() => formFields(def, mode).filter(isWritable).map((f) => f.name), [def, mode]);
  const gridColumns = useMemo(() => Object.fromEntries(config.subTables.map((t) => [t.tableName, gridColumnsOf(t.def, t.fk)])), [config]);
  const grids = useRef(new Map<string, EditableGridRef>());

  // The stored child rows (edit / detail), or the script's defaults (add): once, when this opening mounts.
  useEffect(() => {
    let live = true;
    if (loadsChildren) {
      http
        .get<Row>(urls.queryById!, { id: recordId })
        .then((r) => {
          if (!live) return;
          const out: Record<string, GridRow[]> = {};
          for (const t of config.subTables) out[t.tableName] = ((r.result?.[t.tableName] as GridRow[] | undefined) ?? []).map((x) => ({ ...x }));
          setChildren(out);
        })
        .catch((e: unknown) => live && setLoadError(e instanceof Error ? e.message : '加载失败'));
    }
    if (mode === 'add') {
      enhance
        .call('onLoad', [initialValues(def, mode, record)])
        .then((v) => {
          const defaults = toDefaults(v, writable);
          if (live && Object.keys(defaults).length) form.setFieldsValue(defaults);
        })
        .catch((e: unknown) => live && message.warning(ENHANCE_FAILED(e instanceof Error ? e.message : String(e))));
    }
    return () => {
      live = false;
    };
    // Once per opening: this body is mounted for one opening only.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const submit = async () => {
    if (detail) return;
    let values: Row;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const url = mode === 'add' ? urls.add : urls.edit;
    if (!url) {
      message.error(missingUrlMessage(mode === 'add' ? 'add' : 'edit'));
      return;
    }
    for (const t of config.subTables) {
      const checked = await grids.current.get(t.tableName)?.validate();
      if (checked && !checked.ok) {
        message.warning(`${t.tableTxt}：${FIX_CELLS_FIRST}`);
        return;
      }
    }
    let body = toPayload(def, mode, values, record);
    try {
      const r = toSubmitResult(await enhance.call('beforeSubmit', [body]), body, writable);
      if ('error' in r) {
        message.error(r.error);
        return;
      }
      body = { ...r.row, ...(mode === 'edit' && record ? { [def.rowKey]: record[def.rowKey] } : {}) };
    } catch (e) {
      message.warning(ENHANCE_FAILED(e instanceof Error ? e.message : String(e)));
    }
    for (const t of config.subTables) {
      const grid = grids.current.get(t.tableName);
      if (grid) body[t.tableName] = grid.getValues().map((row) => childPayload(row, childFields(t.def, t.fk)));
    }
    setSaving(true);
    try {
      const res = mode === 'add' ? await http.post(url, body) : await http.put(url, body);
      if (res.message) message.success(res.message);
      onSaved?.();
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <div data-testid="cgform-form" data-mode={mode}>
      <Form form={form} name={`${def.name}_form`} layout="horizontal" labelCol={{ sm: { span: 5 } }} wrapperCol={{ sm: { span: 16 } }} initialValues={initialValues(def, mode, record)} disabled={detail}>
        {formFields(def, mode).map((f) => {
          const readOnly = f.form === 'readonly' || !isWritable(f);
          return (
            <Form.Item key={f.name} name={f.name} label={f.label} hidden={f.kind === 'hidden'} rules={detail || readOnly ? [] : fieldRules(f)} validateTrigger={['onChange', 'onBlur']}>
              <FieldEditor field={f} disabled={detail || readOnly} />
            </Form.Item>
          );
        })}
      </Form>
      {loadError ? <Alert type="error" showIcon title={loadError} /> : null}
      {config.subTables.map((t) => (
        <div key={t.tableName} data-testid={`cgform-child-${t.tableName}`} style={{ marginTop: 16 }}>
          <Typography.Title level={5}>{t.tableTxt}</Typography.Title>
          {children ? (
            <EditableGrid
              ref={(g) => {
                if (g) grids.current.set(t.tableName, g);
                else grids.current.delete(t.tableName);
              }}
              testId={`cgform-grid-${t.tableName}`}
              columns={gridColumns[t.tableName]}
              dataSource={children[t.tableName] ?? []}
              dragSortKey={null}
              rowSelection="checkbox"
              disabled={detail}
              maxHeight={320}
            />
          ) : loadError ? null : (
            <Spin />
          )}
        </div>
      ))}
      <Flex justify="flex-end" gap={8} style={{ marginTop: 16 }}>
        <Button onClick={onClose} data-testid="cgform-form-cancel">
          关闭
        </Button>
        <Button type="primary" onClick={() => void submit()} loading={saving} disabled={detail || !children} data-testid="cgform-form-submit">
          确定
        </Button>
      </Flex>
    </div>
  );
}
