'use client';

import { useState } from 'react';
import { App, Button, Divider, Popconfirm, Typography } from 'antd';
import { RestOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { RecycleBinModal } from './recycle-bin-modal';
import { ResetPasswordModal, type ResetPasswordTarget } from './reset-password-modal';
import { userEditors } from './user-editors';
import { ADMIN_USERNAME } from '../../../lib/system/user-perms';
import { userResource } from './user-resource';
import { PERMS } from '@/lib/permissions/codes';

/** 导入 offers the template (an empty sheet with the importable columns), as 学员管理's does. */
const IMPORT_OPTIONS = { templateUrl: `${userResource.api}/importTemplate` };

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

/** 回收站 toolbar button with its modal; restoring reloads the list. */
function RecycleBinButton({ onRestored }: { onRestored: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button icon={<RestOutlined />} onClick={() => setOpen(true)} data-testid="user-recycle-bin">
        回收站
      </Button>
      <RecycleBinModal open={open} onClose={() => setOpen(false)} onRestored={onRestored} />
    </>
  );
}

/** 重置密码 row link with its modal. */
function ResetPasswordLink({ record }: { record: Row }) {
  const [target, setTarget] = useState<ResetPasswordTarget | null>(null);
  return (
    <>
      <Typography.Link onClick={() => setTarget({ id: String(record.id), username: String(record.username ?? ''), realname: record.realname as string | null })} data-testid="user-reset-password">
        重置密码
      </Typography.Link>
      <ResetPasswordModal target={target} onClose={() => setTarget(null)} />
    </>
  );
}

/** 用户管理 (system/UserList): the resource engine's list page over sys_user. */
export default function UserListScreen() {
  return <UserList />;
}

function UserList() {
  const { mode } = useAuth();
  const canFreeze = mode(PERMS.user.frozen) !== 'hide';
  const canReset = mode(PERMS.user.changePassword) !== 'hide';
  const canRecycle = mode(PERMS.user.recycleBin) !== 'hide';
  return (
    <PageWrapper description="系统账号：新增、编辑角色与部门、冻结、重置密码、回收站、导入导出。密码至少8位，须同时包含字母和数字。">
      <ListPage
        def={userResource}
        editors={userEditors}
        importOptions={IMPORT_OPTIONS}
        toolbarExtra={canRecycle ? (page) => <RecycleBinButton onRestored={() => void page.reload()} /> : undefined}
        rowActions={
          canFreeze || canReset
            ? (record, page) => {
                // The built-in administrator is never frozen (the server refuses it too).
                const links = [
                  canFreeze && record.username !== ADMIN_USERNAME ? <FreezeLink key="freeze" record={record} onDone={() => void page.reload()} /> : null,
                  canReset ? <ResetPasswordLink key="reset" record={record} /> : null,
                ].filter(Boolean);
                return links.length ? (
                  <span>
                    {links.map((l, i) => (
                      <span key={i}>
                        {i > 0 && <Divider orientation="vertical" />}
                        {l}
                      </span>
                    ))}
                  </span>
                ) : null;
              }
            : undefined
        }
      />
    </PageWrapper>
  );
}
