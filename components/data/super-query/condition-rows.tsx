'use client';

import { Button, Flex, Form, Select, Tooltip } from 'antd';
import { MinusCircleOutlined, PlusCircleOutlined } from '@ant-design/icons';
import {
  addRow,
  MATCH_TYPE_OPTIONS,
  removeRow,
  RULE_OPTIONS,
  setMatchType,
  setRowField,
  setRowRule,
  setRowValue,
  type BuilderState,
  type QueryField,
} from '@/lib/saved-queries';
import type { MatchType, SuperQueryRule } from '@/lib/super-query';
import { ValueEditor } from './value-editor';

export const MATCH_TYPE_LABEL = '过滤条件匹配';
export const FIELD_PLACEHOLDER = '选择查询字段';
export const RULE_PLACEHOLDER = '匹配规则';

export interface ConditionRowsProps {
  fields: readonly QueryField[];
  state: BuilderState;
  onChange: (state: BuilderState) => void;
}

/** The builder's left side: AND / OR, then one line per condition (field, rule, value, add, remove). */
export function ConditionRows({ fields, state, onChange }: ConditionRowsProps) {
  const fieldOptions = fields.map((f) => ({ value: f.name, label: f.label }));
  return (
    <div data-testid="super-query-rows">
      <Form layout="inline" style={{ marginBottom: 12 }}>
        <Form.Item label={MATCH_TYPE_LABEL}>
          <Select<MatchType>
            style={{ width: 260 }}
            value={state.matchType}
            options={MATCH_TYPE_OPTIONS.map((o) => ({ ...o }))}
            onChange={(v) => onChange(setMatchType(state, v))}
            data-testid="super-query-match-type"
          />
        </Form.Item>
      </Form>
      <Flex vertical gap={8}>
        {state.rows.map((row, i) => {
          const field = fields.find((f) => f.name === row.field);
          return (
            <Flex key={row.key} gap={8} align="center" data-testid={`super-query-row-${i}`}>
              <Select<string>
                style={{ width: 180, flex: 'none' }}
                placeholder={FIELD_PLACEHOLDER}
                value={row.field}
                options={fieldOptions}
                showSearch={{ optionFilterProp: 'label' }}
                onChange={(v) => onChange(setRowField(state, row.key, v, fields))}
                data-testid={`super-query-field-${i}`}
              />
              <Select<SuperQueryRule>
                style={{ width: 120, flex: 'none' }}
                placeholder={RULE_PLACEHOLDER}
                value={row.rule}
                options={RULE_OPTIONS.map((o) => ({ ...o }))}
                onChange={(v) => onChange(setRowRule(state, row.key, v, fields))}
                data-testid={`super-query-rule-${i}`}
              />
              <div style={{ flex: 1, minWidth: 160 }}>
                <ValueEditor field={field} rule={row.rule} value={row.val} onChange={(v) => onChange(setRowValue(state, row.key, v))} testId={`super-query-value-${i}`} />
              </div>
              <Tooltip title="新增一行">
                <Button type="text" icon={<PlusCircleOutlined />} aria-label="新增一行" onClick={() => onChange(addRow(state, row.key))} data-testid={`super-query-add-${i}`} />
              </Tooltip>
              <Tooltip title="删除本行">
                <Button type="text" danger icon={<MinusCircleOutlined />} aria-label="删除本行" onClick={() => onChange(removeRow(state, row.key))} data-testid={`super-query-remove-${i}`} />
              </Tooltip>
            </Flex>
          );
        })}
      </Flex>
    </div>
  );
}
