'use client';

import { App, Popconfirm, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { NoPermission } from '../no-permission';
import { userResource } from './user-resource';

const LIST_PERM = 'system:user:list';
const FROZEN_PERM = 'system:user:frozen';

/** 冻结 / 解冻 one user (existing /sys/user/frozenBatch; freezing ends their sessions at once). */
function FreezeLink({ record, onDone }: { record: Row; onDone: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const frozen = Number(record.status) === 2;
  const toggle = async () => {
    try {
      const r = await http.put('/sys/user/frozenBatch', { ids: String(record.id), status: frozen ? 1 : 2 });
      message.success(r.message || (frozen ? '解冻成功!' : '冻结成功!'));
      onDone();
    } catch (e) {
      showError(e);
    }
  };
  return (
    <Popconfirm title={frozen ? '确定解冻该用户吗?' : '确定冻结该用户吗? 冻结后其登录会话立即失效'} okText="确定" cancelText="取消" onConfirm={toggle}>
      <Typography.Link data-testid="user-freeze">{frozen ? '解冻' : '冻结'}</Typography.Link>
    </Popconfirm>
  );
}

/** 用户管理 (system/UserList): the resource engine's list page over sys_user. */
export default function UserListScreen() {
  const { mode } = useAuth();
  if (mode(LIST_PERM) === 'hide') return <NoPermission code={LIST_PERM} />;
  return <UserList />;
}

function UserList() {
  const canFreeze = useAuth().mode(FROZEN_PERM) !== 'hide';
  return (
    <PageWrapper description="系统账号：新增、编辑角色与部门、冻结、导入导出。新增用户的密码至少8位，须同时包含字母和数字。">
      <ListPage def={userResource} rowActions={canFreeze ? (record, page) => <FreezeLink record={record} onDone={() => void page.reload()} /> : undefined} />
    </PageWrapper>
  );
}
