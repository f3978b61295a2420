'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { App, AutoComplete, Button, Divider, Drawer, Flex, Form, Input, Modal, Popconfirm, Radio, Select, Table, Tag, Typography, type TableColumnsType } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { Rule } from 'antd/es/form';
import { useApiError } from '@/components/feedback/use-api-error';
import { Authorized, useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { LoadError } from '../list-parts';
import { conditionText, normaliseCondition, parseRuleValue, RULE_CONDITIONS, RULE_COLUMN_RE, ruleValueConditionProblem, SYSTEM_VARIABLES } from '../../../lib/permissions/permission-rules';
import { type DataRuleRow, type PermissionRow, type RuleColumnsAnswer } from './types';
import { PERMS } from '@/lib/permissions/codes';

export const RULE_DRAWER_WIDTH = 760;
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

const loadRules = ([, permissionId]: readonly [string, string]) =>
  http.get<DataRuleRow[]>('/sys/permission/getPermRuleListByPermId', { permissionId }).then((r) => r.result ?? []);
const loadColumns = ([, permissionId]: readonly [string, string]) =>
  http.get<RuleColumnsAnswer>('/sys/permission/ruleColumns', { permissionId }).then((r) => r.result ?? { resources: [], fields: [] });

/**
 * 数据规则 of one menu (JeecgBoot's PermissionDataRuleList): its rules with 新增 / 编辑 / 删除. A rule
 * takes effect for a role once 角色授权 picks it for that role.
 */
export function DataRuleDrawer({ menu, onClose }: { menu: PermissionRow | null; onClose: () => void }) {
  return (
    <Drawer title={menu ? `数据规则：${menu.name}` : '数据规则'} open={menu !== null} onClose={onClose} size={RULE_DRAWER_WIDTH} destroyOnHidden data-testid="rule-drawer">
      {menu && <RuleList key={menu.id} menu={menu} />}
    </Drawer>
  );
}

type Editing = { mode: 'add' } | { mode: 'edit'; rule: DataRuleRow } | null;

function RuleList({ menu }: { menu: PermissionRow }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const { mode } = useAuth();
  const canWrite = mode(PERMS.permission.rule) === 'show';
  const rules = useSWR(['dataRules', menu.id] as const, loadRules, SWR_OPTIONS);
  const columns = useSWR(['ruleColumns', menu.id] as const, loadColumns, SWR_OPTIONS);
  const [editing, setEditing] = useState<Editing>(null);

  const remove = async (rule: DataRuleRow) => {
    try {
      const r = await http.del('/sys/permission/deletePermissionRule', { id: rule.id });
      message.success(r.message || '删除成功！');
      await rules.mutate();
    } catch (e) {
      showError(e);
    }
  };

  const tableColumns: TableColumnsType<DataRuleRow> = [
    { title: '规则名称', dataIndex: 'ruleName', width: 140 },
    { title: '规则字段', dataIndex: 'ruleColumn', render: (_, r) => r.ruleColumnText ?? r.ruleColumn },
    { title: '条件规则', dataIndex: 'ruleConditions', width: 100, render: (v: string, r) => r.ruleConditions_dictText ?? conditionText(v) },
    { title: '规则值', dataIndex: 'ruleValue', ellipsis: true },
    { title: '状态', dataIndex: 'status', width: 70, render: (v: string) => (v === '1' ? <Tag color="green">有效</Tag> : <Tag>无效</Tag>) },
    ...(canWrite
      ? [
          {
            title: '操作',
            key: 'actions',
            width: 120,
            render: (_: unknown, r: DataRuleRow) => (
              <>
                <Typography.Link onClick={() => setEditing({ mode: 'edit', rule: r })} data-testid="rule-edit">
                  编辑
                </Typography.Link>
                <Divider orientation="vertical" />
                <Popconfirm title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => remove(r)}>
                  <Typography.Link type="danger" data-testid="rule-delete">
                    删除
                  </Typography.Link>
                </Popconfirm>
              </>
            ),
          },
        ]
      : []),
  ];

  const resources = columns.data?.resources ?? [];
  return (
    <>
      <Typography.Paragraph type="secondary" data-testid="rule-scope">
        {resources.length
          ? `规则作用于「${resources.map((r) => r.title).join('、')}」的列表、导出、查看、编辑和删除；`
          : '该菜单下没有对应资源的查看按钮（如 system:user:list），规则暂不生效；'}
        在「角色授权」中为角色选择规则后生效，同一用户的多条规则同时满足。
      </Typography.Paragraph>
      <Flex justify="flex-end" style={{ marginBottom: 12 }}>
        <Authorized code={PERMS.permission.rule}>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })} data-testid="rule-add">
            新增
          </Button>
        </Authorized>
      </Flex>
      {rules.error && !rules.data ? (
        <LoadError title="数据规则加载失败" error={rules.error} onRetry={() => rules.mutate()} testId="rule-load-error" />
      ) : (
        <Table<DataRuleRow> rowKey="id" size="middle" columns={tableColumns} dataSource={rules.data ?? []} loading={rules.isLoading} pagination={false} data-testid="rule-table" />
      )}
      <RuleForm
        editing={editing}
        menu={menu}
        fields={columns.data?.fields ?? []}
        onClose={() => setEditing(null)}
        onSaved={async () => {
          setEditing(null);
          await rules.mutate();
        }}
      />
    </>
  );
}

interface RuleValues {
  ruleName: string;
  ruleColumn: string;
  ruleConditions: string;
  ruleValue: string;
  status: string;
}

/** The value check the server makes: one known #{variable} or a plain literal, fitting the operator. */
const valueRule: Rule = ({ getFieldValue }) => ({
  validator: async (_, value: unknown) => {
    const parsed = parseRuleValue(typeof value === 'string' ? value : '');
    if (!parsed.ok) throw new Error(parsed.error);
    const condition = normaliseCondition(getFieldValue('ruleConditions'));
    const p = condition ? ruleValueConditionProblem(condition, parsed.value) : null;
    if (p) throw new Error(p);
  },
});

const VARIABLE_OPTIONS = SYSTEM_VARIABLES.map((v) => ({ value: `#{${v.name}}`, label: `#{${v.name}} ${v.text}` }));

function RuleForm({ editing, menu, fields, onClose, onSaved }: { editing: Editing; menu: PermissionRow; fields: RuleColumnsAnswer['fields']; onClose: () => void; onSaved: () => void | Promise<void> }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<RuleValues>();
  const [saving, setSaving] = useState(false);
  const rule = editing?.mode === 'edit' ? editing.rule : null;

  const submit = async () => {
    let values: RuleValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const body = { ...values, permissionId: menu.id, ...(rule ? { id: rule.id } : {}) };
      const r = rule ? await http.put('/sys/permission/editPermissionRule', body) : await http.post('/sys/permission/addPermissionRule', body);
      message.success(r.message || '保存成功！');
      await onSaved();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title={rule ? '编辑数据规则' : '新增数据规则'}
      open={editing !== null}
      onCancel={onClose}
      onOk={submit}
      okText="确定"
      cancelText="取消"
      confirmLoading={saving}
      okButtonProps={{ 'data-testid': 'rule-form-submit' }}
      destroyOnHidden
    >
      {editing && (
        <Form
          form={form}
          name="dataRule"
          layout="vertical"
          initialValues={rule ? { ruleName: rule.ruleName, ruleColumn: rule.ruleColumn, ruleConditions: rule.ruleConditions, ruleValue: rule.ruleValue, status: rule.status } : { ruleConditions: '=', status: '1' }}
          data-testid="rule-form"
        >
          <Form.Item label="规则名称" name="ruleName" rules={[{ required: true, whitespace: true, message: '请输入规则名称' }, { max: 50, message: '规则名称不能超过50个字符' }]}>
            <Input placeholder="请输入规则名称" maxLength={50} />
          </Form.Item>
          <Form.Item
            label="规则字段"
            name="ruleColumn"
            rules={[
              { required: true, message: '请选择规则字段' },
              { pattern: RULE_COLUMN_RE, message: '规则字段须为资源的字段名（驼峰命名，如 createBy）' },
            ]}
          >
            <Select placeholder="请选择规则字段" showSearch={{ optionFilterProp: 'label' }} options={fields.map((f) => ({ value: f.value, label: f.text }))} />
          </Form.Item>
          <Form.Item label="条件规则" name="ruleConditions" rules={[{ required: true, message: '请选择条件规则' }]}>
            <Select options={RULE_CONDITIONS.map((c) => ({ value: c.value, label: `${c.text}（${c.value}）` }))} />
          </Form.Item>
          <Form.Item label="规则值" name="ruleValue" dependencies={['ruleConditions']} rules={[valueRule]} extra="固定值，或一个系统变量，如 #{sys_user_code}；“包含”用逗号分隔多个值">
            <AutoComplete options={VARIABLE_OPTIONS} placeholder="请输入规则值">
              <Input maxLength={300} />
            </AutoComplete>
          </Form.Item>
          <Form.Item label="状态" name="status">
            <Radio.Group options={[{ value: '1', label: '有效' }, { value: '0', label: '无效' }]} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
