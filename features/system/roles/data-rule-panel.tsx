'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Checkbox, Drawer, Empty, Flex, Spin, Tag, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { ApiError, http } from '@/lib/http';
import { LoadError } from '../list-parts';
import { conditionText } from '../../../lib/permissions/permission-rules';
import type { DataRuleRow } from '../permission/types';
import type { DataRuleMenu } from './data-rule-link';

/** GET /sys/role/datarule/{permissionId}/{roleId} (JeecgBoot SysRoleController.loadDatarule): drChecked absent = none chosen. */
export interface RoleDataRuleAnswer {
  datarule: DataRuleRow[];
  drChecked?: string;
}

/** JeecgBoot's answer for a menu without rules. */
const NO_RULES = '未找到权限配置信息';
const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false, revalidateOnMount: true } as const;
const load = ([, permissionId, roleId]: readonly [string, string, string]) =>
  http.get<RoleDataRuleAnswer>(`/sys/role/datarule/${encodeURIComponent(permissionId)}/${encodeURIComponent(roleId)}`).then((r) => r.result);
const idsOf = (csv: string | undefined) => (csv ?? '').split(',').map((s) => s.trim()).filter(Boolean);

/**
 * 数据规则 of one menu for one role (JeecgBoot's RoleDataRuleDrawer): the menu's rules (菜单管理 → 数据规则) as
 * checkboxes, ticked where the role chose them; 保存 stores the choice (`POST /sys/role/datarule`). The server
 * keeps the choice on the role's grant of the menu, so the menu must be granted and saved first (`held`).
 */
export function DataRulePanel({ roleId, menu, held, onClose }: { roleId: string; menu: DataRuleMenu | null; held: boolean; onClose: () => void }) {
  return (
    <Drawer title={menu ? `数据规则：${menu.title}` : '数据规则'} open={menu !== null} onClose={onClose} size={420} destroyOnHidden data-testid="datarule-panel">
      {menu && <RuleChoice key={`${roleId}:${menu.key}`} roleId={roleId} menu={menu} held={held} onSaved={onClose} />}
    </Drawer>
  );
}

function RuleChoice({ roleId, menu, held, onSaved }: { roleId: string; menu: DataRuleMenu; held: boolean; onSaved: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const rules = useSWR(['roleDataRule', menu.key, roleId] as const, load, SWR_OPTIONS);
  const [picked, setPicked] = useState<string[] | null>(null);
  const [saving, setSaving] = useState(false);
  const list = rules.data?.datarule ?? [];
  // Only ids of this menu's rules count (a stale id in drChecked is dropped on the next save).
  const chosen = picked ?? idsOf(rules.data?.drChecked).filter((id) => list.some((r) => r.id === id));

  const save = async () => {
    setSaving(true);
    try {
      const ids = list.filter((r) => chosen.includes(r.id)).map((r) => r.id);
      const res = await http.post<null>('/sys/role/datarule', { permissionId: menu.key, roleId, dataRuleIds: ids.join(',') });
      message.success(res.message || '保存成功！');
      await rules.mutate();
      onSaved();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  if (rules.error && rules.error instanceof ApiError && rules.error.message === NO_RULES) return <Empty description="该菜单暂无数据规则，可在 菜单管理 → 数据规则 中添加" />;
  if (rules.error && !rules.data) return <LoadError title="数据规则加载失败" error={rules.error} onRetry={() => void rules.mutate()} testId="datarule-error" />;
  if (!rules.data)
    return (
      <Flex justify="center" style={{ padding: 32 }}>
        <Spin />
      </Flex>
    );

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
        勾选的规则对该角色的用户生效（多条规则同时满足）；不勾选任何规则则不限制数据范围。
      </Typography.Paragraph>
      {!held && <Alert type="warning" showIcon title="请先勾选该菜单并保存授权，再选择数据规则" data-testid="datarule-not-held" />}
      <Checkbox.Group value={chosen} onChange={(v) => setPicked(v.map(String))} style={{ display: 'block' }}>
        <Flex vertical gap={8}>
          {list.map((r) => (
            <Checkbox key={r.id} value={r.id} data-testid={`datarule-check-${r.id}`}>
              <span>{r.ruleName}</span>
              {r.status !== '1' && (
                <Tag style={{ marginInlineStart: 8 }} data-testid={`datarule-off-${r.id}`}>
                  已停用
                </Tag>
              )}
              <Typography.Text type="secondary" style={{ display: 'block', fontSize: 12 }}>
                {r.ruleColumnText ?? r.ruleColumn} {r.ruleConditions_dictText ?? conditionText(r.ruleConditions)} {r.ruleValue}
              </Typography.Text>
            </Checkbox>
          ))}
        </Flex>
      </Checkbox.Group>
      <Flex justify="flex-end" gap={8}>
        <Button type="primary" loading={saving} disabled={!held} onClick={() => void save()} data-testid="datarule-save">
          保存
        </Button>
      </Flex>
    </Flex>
  );
}
