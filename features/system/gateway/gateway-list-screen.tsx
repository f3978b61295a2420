'use client';

import { useState } from 'react';
import useSWR, { useSWRConfig } from 'swr';
import { Alert, Badge, Button, Tag, Tooltip, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import { GATEWAY_API, gatewayResource } from './gateway-resource';
import { GatewayRouteForm, rowPrefix, rowStrip, type GatewayRow } from './gateway-route-form';

interface GatewayConfig {
  allowedHosts: string[];
  invalidEntries: string[];
  note: string | null;
}

/** The operator's allowlist, read-only (environment GATEWAY_ALLOWED_HOSTS). A JeecgBoot server has no such call: nothing is shown. */
function AllowlistNote() {
  const { data } = useSWR(`${GATEWAY_API}/config`, async (url: string) => (await http.get<GatewayConfig>(url)).result, { revalidateOnFocus: false, shouldRetryOnError: false });
  if (!data) return null;
  return (
    <Alert
      style={{ marginBottom: 12 }}
      type={data.note ? 'warning' : 'info'}
      showIcon
      data-testid="gateway-allowlist"
      title={data.note ?? '允许的服务主机（GATEWAY_ALLOWED_HOSTS，由运维在环境变量中配置，此处只读）：'}
      description={
        <>
          {data.allowedHosts.map((h) => (
            <Tag key={h}>{h}</Tag>
          ))}
          {data.invalidEntries.length ? <div>无法识别、已忽略的条目：{data.invalidEntries.join('，')}</div> : null}
        </>
      }
    />
  );
}

const renderers = {
  pathPrefix: (_v: unknown, r: GatewayRow) => <Typography.Text code>{`${rowPrefix(r)}/**`}</Typography.Text>,
  stripPrefix: (_v: unknown, r: GatewayRow) => (rowStrip(r) ? '是' : '否'),
  status: (_v: unknown, r: GatewayRow) => {
    const on = Number(r.status) === 1;
    if (on && r.hostAllowed === false) {
      return (
        <Tooltip title="服务地址的主机已不在允许列表中，此路由当前不生效">
          <Badge status="warning" text="主机未允许" />
        </Tooltip>
      );
    }
    return <Badge status={on ? 'success' : 'default'} text={on ? '启用' : '停用'} />;
  },
};

/**
 * 网关路由 (system/SysGatewayRouteList): the backend-for-frontend's extra upstream routes. Changes apply without a
 * restart (this instance at once, others within a few seconds).
 */
export default function GatewayListScreen() {
  const { mode } = useAuth();
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState<{ open: boolean; record: GatewayRow | null }>({ open: false, record: null });
  const addMode = mode(PERMS.gateway.add);
  const editMode = mode(PERMS.gateway.edit);
  return (
    <PageWrapper description="把「接口前缀 + 路径前缀」下的请求转发到其他服务（如 /erp/** → ERP 服务），登录状态、来源检查和令牌处理与本系统接口相同。修改后无需重启：本实例立即生效，其他实例几秒内生效。连接外部 JeecgBoot（LEGACY_API_URL）时由该服务器自己的网关处理，本系统不转发。">
      <AllowlistNote />
      <ListPage<GatewayRow>
        def={gatewayResource}
        renderers={renderers}
        superQuery={false}
        persistState={false}
        toolbarExtra={() =>
          addMode === 'hide' ? null : (
            <Button type="primary" icon={<PlusOutlined />} disabled={addMode === 'disable'} onClick={() => setForm({ open: true, record: null })} data-testid="gateway-add">
              新增
            </Button>
          )
        }
        rowActions={(r) =>
          editMode === 'hide' ? null : (
            <Typography.Link disabled={editMode === 'disable'} onClick={() => setForm({ open: true, record: r })} data-testid={`gateway-edit-${r.id}`}>
              编辑
            </Typography.Link>
          )
        }
      />
      <GatewayRouteForm
        open={form.open}
        record={form.record}
        onClose={() => setForm({ open: false, record: null })}
        onSaved={() => {
          setForm({ open: false, record: null });
          // The list's swr key is [list url, params]: reload it whatever page or search it is on.
          void mutate((key) => Array.isArray(key) && key[0] === `${GATEWAY_API}/list`);
        }}
      />
    </PageWrapper>
  );
}
