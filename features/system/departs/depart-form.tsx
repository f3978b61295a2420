'use client';

import { Form, Input, InputNumber, type FormInstance } from 'antd';
import { DictSelect } from '@/components/data/dict/dict-select';
import { AreaLinkage } from '@/components/pickers/area-linkage';
import { UserSelect } from '@/components/pickers/user-picker';
import { resolvePattern } from '@/lib/resources/patterns';
import type { DepartInput } from '../../../lib/system/depart-input';
import type { DepartNode } from './depart-tree';

/** What the form edits; the org code, level and parent are the server's and only shown. */
export type DepartFormValues = Omit<DepartInput, 'description'>;

export const NAME_REQUIRED = '请输入机构/部门名称!';
const MOBILE = resolvePattern('m');
const FAX_RE = /^[0-9+\-() ]{1,32}$/;

export const valuesOf = (d: DepartNode): DepartFormValues => ({
  departName: d.departName,
  departNameEn: d.departNameEn,
  departNameAbbr: d.departNameAbbr,
  departOrder: d.departOrder,
  orgCategory: d.orgCategory,
  mobile: d.mobile,
  fax: d.fax,
  directorUserIds: d.directorUserIds ?? null,
  areaCode: d.areaCode ?? null,
  address: d.address,
  memo: d.memo,
  status: d.status,
});

/** Blank strings are sent as null, so clearing a field clears it on the server. */
export function toPayload(values: DepartFormValues): Record<string, string | number | null> {
  const out: Record<string, string | number | null> = {};
  for (const [k, v] of Object.entries(values) as [string, string | number | null | undefined][]) {
    out[k] = v === undefined || (typeof v === 'string' && v.trim() === '') ? null : v;
  }
  return out;
}

const optional = (test: (v: string) => boolean, message: string) => ({
  validator: async (_: unknown, v: unknown) => {
    if (v === undefined || v === null || String(v).trim() === '') return;
    if (!test(String(v).trim())) throw new Error(message);
  },
});

export interface DepartFormProps {
  form: FormInstance<DepartFormValues>;
  name: string;
  initialValues: DepartFormValues;
  /** 上级部门 as text ('' = a first-level department). */
  parentName: string;
  /** The stored code, or empty while adding (generated on save). */
  orgCode: string;
  disabled?: boolean;
}

/** The department's fields (部门管理's right-hand panel and the 新增 dialog). */
export function DepartForm({ form, name, initialValues, parentName, orgCode, disabled }: DepartFormProps) {
  return (
    <Form form={form} name={name} initialValues={initialValues} disabled={disabled} labelCol={{ xs: { span: 24 }, sm: { span: 5 } }} wrapperCol={{ xs: { span: 24 }, sm: { span: 17 } }} data-testid={`${name}-form`}>
      <Form.Item label="机构名称" name="departName" rules={[{ required: true, whitespace: true, message: NAME_REQUIRED }, { max: 100, message: '机构名称不能超过100个字符!' }]}>
        <Input placeholder="请输入机构/部门名称" allowClear />
      </Form.Item>
      <Form.Item label="上级部门">
        <Input value={parentName || '无（一级部门）'} disabled data-testid={`${name}-parent`} />
      </Form.Item>
      <Form.Item label="机构编码" tooltip="由系统按上级部门自动生成，不可修改">
        <Input value={orgCode} placeholder="保存后自动生成" disabled data-testid={`${name}-org-code`} />
      </Form.Item>
      <Form.Item label="英文名" name="departNameEn" rules={[{ max: 500, message: '英文名不能超过500个字符!' }]}>
        <Input placeholder="请输入英文名" allowClear />
      </Form.Item>
      <Form.Item label="缩写" name="departNameAbbr" rules={[{ max: 500, message: '缩写不能超过500个字符!' }]}>
        <Input placeholder="请输入缩写" allowClear />
      </Form.Item>
      <Form.Item label="机构类型" name="orgCategory">
        <DictSelect dictCode="org_category" placeholder="请选择机构类型" />
      </Form.Item>
      <Form.Item label="排序" name="departOrder">
        <InputNumber min={0} max={99999} precision={0} placeholder="请输入排序" style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item label="手机号" name="mobile" rules={[optional((v) => MOBILE.test(v), MOBILE.message)]}>
        <Input placeholder="请输入手机号" allowClear />
      </Form.Item>
      <Form.Item label="传真" name="fax" rules={[optional((v) => FAX_RE.test(v), '传真号码格式不正确')]}>
        <Input placeholder="请输入传真" allowClear />
      </Form.Item>
      <Form.Item label="负责人" name="directorUserIds" tooltip="从部门的用户中选择">
        <UserSelect valueField="id" byDepart placeholder="请选择负责人" title="选择负责人" testId={`${name}-directors`} />
      </Form.Item>
      <Form.Item label="所在地区" name="areaCode">
        <AreaLinkage placeholder="请选择省/市/区" />
      </Form.Item>
      <Form.Item label="地址" name="address" rules={[{ max: 100, message: '地址不能超过100个字符!' }]}>
        <Input placeholder="请输入地址" allowClear />
      </Form.Item>
      <Form.Item label="备注" name="memo" rules={[{ max: 500, message: '备注不能超过500个字符!' }]}>
        <Input.TextArea rows={3} placeholder="请输入备注" />
      </Form.Item>
      <Form.Item label="状态" name="status">
        <DictSelect dictCode="depart_status" placeholder="请选择状态" />
      </Form.Item>
    </Form>
  );
}
