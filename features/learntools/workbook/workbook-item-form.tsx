'use client';

import { useState } from 'react';
import { Button, Checkbox, Form, Input, InputNumber, Modal, Radio, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useApiError } from '@/components/feedback/use-api-error';
import { ITEM_TYPES, JUDGE_ANSWERS, MAX_OPTIONS, MIN_OPTIONS, choiceLetters, isChoice, optionLetter, validateItem, type ItemErrors, type WorkbookItemWire } from '@/lib/learntools/workbook-rules';

export type WorkbookItemRow = WorkbookItemWire;

interface FormValues {
  type: number;
  stem: string;
  options: string[];
  answer?: string | string[];
  analysis?: string;
  score: number | null;
  sort?: number | null;
}

export interface ItemFormProps {
  /** null: closed; 'new': add; a row: edit. */
  item: WorkbookItemRow | 'new' | null;
  onClose: () => void;
  onSave: (values: Omit<WorkbookItemRow, 'id' | 'workbookId' | 'sort' | 'type_dictText'> & { sort: number | null }) => Promise<void>;
}

const toValues = (item: WorkbookItemRow | 'new'): FormValues =>
  item === 'new'
    ? { type: 1, stem: '', options: ['', '', '', ''], answer: undefined, analysis: '', score: 2, sort: null }
    : {
        type: item.type,
        stem: item.stem,
        options: item.options ?? ['', ''],
        answer: item.type === 2 ? choiceLetters(item.answer ?? '') : (item.answer ?? undefined),
        analysis: item.analysis ?? '',
        score: item.score,
        sort: item.sort,
      };

/**
 * One item's form (题型 decides the parts): 单选/多选 with options A–H and the right letter(s), 判断 对/错,
 * 填空 accepted answers separated by |, 主观 a reference answer. The rules are the server's
 * (lib/learntools/workbook-rules.ts), checked here first so a mistake shows at its field.
 */
export function WorkbookItemForm({ item, onClose, onSave }: ItemFormProps) {
  // A fresh form per opened item: its initial values are the item's.
  return item ? <ItemFormBody key={item === 'new' ? 'new' : item.id} item={item} onClose={onClose} onSave={onSave} /> : null;
}

function ItemFormBody({ item, onClose, onSave }: ItemFormProps & { item: WorkbookItemRow | 'new' }) {
  const [form] = Form.useForm<FormValues>();
  const onError = useApiError();
  const [saving, setSaving] = useState(false);
  const [optionsError, setOptionsError] = useState<string | undefined>();
  const [initialValues] = useState(() => toValues(item));
  const type = Number(Form.useWatch('type', form) ?? initialValues.type);
  const options = (Form.useWatch('options', form) as string[] | undefined) ?? initialValues.options;

  const submit = async () => {
    const v = form.getFieldsValue(true) as FormValues;
    const answer = Array.isArray(v.answer) ? [...v.answer].sort().join(',') : (v.answer ?? '');
    const payload = {
      type: Number(v.type),
      stem: v.stem ?? '',
      options: isChoice(Number(v.type)) ? (v.options ?? []).map((o) => (o ?? '').trim()) : null,
      answer: answer || null,
      analysis: v.analysis?.trim() || null,
      score: v.score === null || v.score === undefined ? Number.NaN : Number(v.score),
      sort: v.sort ?? null,
    };
    const errors: ItemErrors = validateItem(payload);
    const fields = (['type', 'stem', 'answer', 'score'] as const).map((name) => ({ name, errors: errors[name] ? [errors[name]] : [] }));
    form.setFields(fields);
    setOptionsError(errors.options);
    if (Object.keys(errors).length) return;
    setSaving(true);
    try {
      await onSave(payload);
    } catch (e) {
      onError(e);
    } finally {
      setSaving(false);
    }
  };

  const letters = options.map((_, i) => optionLetter(i));
  return (
    <Modal
      open
      title={item === 'new' ? '新增题目' : '编辑题目'}
      width={720}
      onCancel={onClose}
      onOk={() => void submit()}
      okButtonProps={{ loading: saving }}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" initialValues={initialValues} data-testid="item-form">
        <Form.Item name="type" label="题型" required>
          <Select
            options={ITEM_TYPES.map((t) => ({ value: t.value, label: t.label }))}
            onChange={() => form.setFieldValue('answer', undefined)}
            data-testid="item-type"
          />
        </Form.Item>
        <Form.Item name="stem" label="题干" required>
          <Input.TextArea rows={3} maxLength={5000} data-testid="item-stem" />
        </Form.Item>
        {isChoice(type) && (
          <Form.Item label="选项" required validateStatus={optionsError ? 'error' : undefined} help={optionsError}>
            <Form.List name="options">
              {(fields, { add, remove }) => (
                <Space orientation="vertical" style={{ width: '100%' }}>
                  {fields.map((f, i) => (
                    <Space key={f.key} style={{ width: '100%' }} align="baseline">
                      <span style={{ width: 20, display: 'inline-block' }}>{optionLetter(i)}.</span>
                      <Form.Item name={f.name} noStyle>
                        <Input style={{ width: 520 }} maxLength={500} data-testid={`item-option-${i}`} />
                      </Form.Item>
                      {fields.length > MIN_OPTIONS && <Button type="text" icon={<DeleteOutlined />} aria-label="删除选项" onClick={() => remove(f.name)} />}
                    </Space>
                  ))}
                  {fields.length < MAX_OPTIONS && (
                    <Button icon={<PlusOutlined />} onClick={() => add('')}>
                      添加选项
                    </Button>
                  )}
                </Space>
              )}
            </Form.List>
          </Form.Item>
        )}
        <Form.Item name="answer" label={type === 5 ? '参考答案' : '答案'} required={type !== 5} extra={type === 4 ? '多个可接受的答案用 | 分隔，如：5|+5' : undefined}>
          {type === 1 ? (
            <Radio.Group options={letters.map((l) => ({ value: l, label: l }))} />
          ) : type === 2 ? (
            <Checkbox.Group options={letters.map((l) => ({ value: l, label: l }))} />
          ) : type === 3 ? (
            <Radio.Group options={JUDGE_ANSWERS.map((a) => ({ value: a, label: a }))} />
          ) : type === 4 ? (
            <Input maxLength={1000} data-testid="item-answer" />
          ) : (
            <Input.TextArea rows={3} maxLength={5000} />
          )}
        </Form.Item>
        <Form.Item name="analysis" label="解析">
          <Input.TextArea rows={2} maxLength={5000} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="score" label="分值" required>
            <InputNumber min={0} max={9999} step={0.5} precision={2} data-testid="item-score" />
          </Form.Item>
          <Form.Item name="sort" label="排序" tooltip="不填则排在最后">
            <InputNumber min={0} max={99999} precision={0} />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}
