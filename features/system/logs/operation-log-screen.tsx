'use client';

import { Tag, Typography } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { OP_LOG_TYPE_PARAM, operationLogResource } from './operation-log-resource';

const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** 结果 as a coloured tag; the request's parameters (already redacted by the server) in monospace, one line. */
const renderers = {
  success: (v: unknown) => (v === null || v === undefined ? '-' : <Tag color={Number(v) === 1 ? 'success' : 'error'}>{Number(v) === 1 ? '成功' : '失败'}</Tag>),
  requestParam: (v: unknown) => (
    <Typography.Text code ellipsis={{ tooltip: dash(v) }} style={{ maxWidth: 220 }}>
      {dash(v)}
    </Typography.Text>
  ),
  costTime: (v: unknown) => (v === null || v === undefined ? '-' : `${String(v)} ms`),
};

/**
 * 操作日志 (system/OperationLogList), beside 登录日志: every mutating call (who, IP, path, duration, result), newest
 * first; JeecgBoot's `/sys/log/list?logType=2` through the list engine (filters, 高级查询, 详情, 导出).
 */
export default function OperationLogScreen() {
  return (
    <PageWrapper description="每一次新增、修改、删除、导入等操作的记录：操作人、IP、请求路径、耗时与结果。密码、令牌、验证码与文件内容不会被记录。超过保留天数的记录会自动清理。">
      <ListPage<Row> def={operationLogResource} extraParams={OP_LOG_TYPE_PARAM} renderers={renderers} searchCollapsedCount={4} formWidth={760} />
    </PageWrapper>
  );
}
