'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Alert, Modal, Spin, Table, Typography } from 'antd';
import { http } from '@/lib/http';
import type { CgformSaveBody, CgformVersion } from '@/lib/online/wire';
import { CGFORM_URLS } from './cgform-resource';
import { DesignerBody } from './cgform-designer';

const SWR_OPTIONS = { revalidateOnFocus: false, shouldRetryOnError: false } as const;

export interface VersionsTarget {
  id: string;
  tableName: string;
  tableTxt: string;
}

/** 版本: every saved version of a definition; 查看 shows that version's fields read-only. */
export function VersionsModal({ target, onClose }: { target: VersionsTarget | null; onClose: () => void }) {
  const [viewing, setViewing] = useState<CgformVersion | null>(null);
  const list = useSWR(target ? ['cgform-versions', target.id] : null, async ([, id]: [string, string]) => (await http.get<CgformVersion[]>(CGFORM_URLS.versions(id))).result ?? [], SWR_OPTIONS);
  const close = () => {
    setViewing(null);
    onClose();
  };
  return (
    <>
      <Modal open={!!target} title={target ? `版本：${target.tableTxt}（${target.tableName}）` : '版本'} width={640} footer={null} onCancel={close} destroyOnHidden>
        {list.error ? (
          <Alert type="error" showIcon title={list.error instanceof Error ? list.error.message : '加载失败'} />
        ) : (
          <Table<CgformVersion>
            size="small"
            rowKey="id"
            loading={list.isLoading}
            dataSource={list.data ?? []}
            pagination={{ pageSize: 10, hideOnSinglePage: true }}
            data-testid="cgform-versions"
            locale={{ emptyText: '暂无版本' }}
            columns={[
              { key: 'formVersion', dataIndex: 'formVersion', title: '版本', render: (v: number) => `V${v}` },
              { key: 'createBy', dataIndex: 'createBy', title: '保存人' },
              { key: 'createTime', dataIndex: 'createTime', title: '保存时间' },
              {
                key: 'action',
                title: '操作',
                render: (_v: unknown, r: CgformVersion) => (
                  <Typography.Link onClick={() => setViewing(r)} data-testid={`cgform-version-view-${r.formVersion}`}>
                    查看
                  </Typography.Link>
                ),
              },
            ]}
          />
        )}
      </Modal>
      <Modal open={!!viewing} title={viewing ? `版本 V${viewing.formVersion}（只读）` : ''} width={1200} footer={null} onCancel={() => setViewing(null)} destroyOnHidden>
        {viewing && <VersionView versionId={viewing.id} onClose={() => setViewing(null)} />}
      </Modal>
    </>
  );
}

function VersionView({ versionId, onClose }: { versionId: string; onClose: () => void }) {
  const { data, error } = useSWR(['cgform-version', versionId], async ([, id]: [string, string]) => (await http.get<CgformSaveBody>(CGFORM_URLS.version(id))).result, SWR_OPTIONS);
  if (error) return <Alert type="error" showIcon title={error instanceof Error ? error.message : '加载失败'} />;
  if (!data) return <Spin />;
  return <DesignerBody initial={data} readOnly onCancel={onClose} />;
}
