'use client';

import { useMemo, useState } from 'react';
import useSWR from 'swr';
import type { TreeProps } from 'antd';
import { App } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { allKeys, fromTreeModels, ROLE_TREE_URL, sameKeys, toTreeData, type RoleTreeAnswer } from './permission-tree';
import { nextGrants } from './roles/grant-paths';

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;
const getTree = (url: string) => http.get<RoleTreeAnswer>(url).then((r) => fromTreeModels(r.result?.treeList));
const getGranted = ([url, roleId]: readonly [string, string]) => http.get<string[]>(url, { roleId }).then((r) => r.result ?? []);

/**
 * A role's menus and buttons being ticked (角色授权 and 角色管理's 授权 drawer): the permission tree, the
 * role's granted ids, unsaved ticks kept per role (another role shows the server's set), and save. The
 * tree is JeecgBoot's role grant tree (`/sys/role/queryTreeList`), so this works against a JeecgBoot server.
 * The tree is `checkStrictly`, so exactly the ticked ids are saved, in tree order; a click keeps the ticks a
 * tree, though (roles/grant-paths.ts): ticking a node ticks its parents, unticking a menu unticks its subtree.
 */
export function useRolePermissionEdits(roleId: string | null, opts: { refetchOnOpen?: boolean; refetchAfterSave?: boolean } = {}) {
  const { message } = App.useApp();
  const showError = useApiError();
  const tree = useSWR(ROLE_TREE_URL, getTree, { ...SWR_OPTIONS, onError: showError });
  const granted = useSWR(roleId ? (['/sys/permission/queryRolePermission', roleId] as const) : null, getGranted, {
    ...SWR_OPTIONS,
    ...(opts.refetchOnOpen ? { revalidateOnMount: true } : {}),
    onError: showError,
  });

  const [edits, setEdits] = useState<{ roleId: string; keys: string[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const serverKeys = useMemo(() => granted.data ?? [], [granted.data]);
  const checked = edits && edits.roleId === roleId ? edits.keys : serverKeys;
  const dirty = Boolean(granted.data && !sameKeys(checked, serverKeys));
  const [showCodes, setShowCodes] = useState(false);
  const treeData = useMemo(() => toTreeData(tree.data ?? [], showCodes), [tree.data, showCodes]);
  const order = useMemo(() => allKeys(tree.data ?? []), [tree.data]);

  /** null drops the unsaved ticks. */
  const setChecked = (keys: string[] | null) => setEdits(keys && roleId ? { roleId, keys } : null);
  const onCheck: TreeProps['onCheck'] = (keys) => setChecked(nextGrants(tree.data ?? [], checked, (Array.isArray(keys) ? keys : keys.checked).map(String)));

  /** Saves the ticks; true when saved. */
  const save = async (): Promise<boolean> => {
    if (!roleId) return false;
    const keep = new Set(checked);
    const ids = order.filter((k) => keep.has(k));
    setSaving(true);
    try {
      const res = await http.post<null>('/sys/permission/saveRolePermission', { roleId, permissionIds: ids.join(',') });
      message.success(res.message || '保存成功！');
      await granted.mutate(ids, { revalidate: Boolean(opts.refetchAfterSave) });
      setEdits(null);
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { tree, granted, treeData, order, checked, dirty, setChecked, onCheck, save, saving, showCodes, setShowCodes };
}
