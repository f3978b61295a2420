'use client';

import { useState } from 'react';
import useSWR from 'swr';
import { Alert, App, Button, Descriptions, Modal, Radio, Spin, Table, Typography } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import type { CgformSyncPreview } from '@/lib/online/wire';
import { CGFORM_URLS } from './cgform-resource';

const KIND_TEXT: Record<CgformSyncPreview['kind'], string> = {
  create: '新建数据表',
  alter: '修改数据表',
  none: '数据库已与定义一致，无需修改',
};

export interface SyncTarget {
  id: string;
  tableName: string;
  tableTxt: string;
}

/**
 * 同步数据库: the preview first (statements, rows affected, warnings, backup columns), then 确定 runs it. The
 * server's refusal is shown verbatim and the dialog stays open; nothing runs until 确定.
 */
export function SyncModal({ target, onClose, onSynced }: { target: SyncTarget | null; onClose: () => void; onSynced: () => void }) {
  return (
    <Modal open={!!target} title={target ? `同步数据库：${target.tableTxt}（${target.tableName}）` : '同步数据库'} width={860} footer={null} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      {target && <SyncBody key={target.id} target={target} onClose={onClose} onSynced={onSynced} />}
    </Modal>
  );
}

function SyncBody({ target, onClose, onSynced }: { target: SyncTarget; onClose: () => void; onSynced: () => void }) {
  const { message, modal } = App.useApp();
  const showError = useApiError();
  const [method, setMethod] = useState<'normal' | 'force'>('normal');
  const [running, setRunning] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [dropping, setDropping] = useState<string | null>(null);
  const { data, error, isLoading, mutate } = useSWR(['cgform-sync-preview', target.id], async () => (await http.get<CgformSyncPreview>(CGFORM_URLS.syncPreview(target.id))).result, { revalidateOnFocus: false, shouldRetryOnError: false });

  const run = async () => {
    setRunning(true);
    setRefusal(null);
    try {
      const r = await http.post(CGFORM_URLS.doSync(target.id, method), {});
      void message.success(r.message || '同步成功！');
      onSynced();
    } catch (e) {
      // A refusal (rows that would not convert, a non-empty table for 强制同步 …) is the server's sentence: shown as is.
      setRefusal(e instanceof Error ? e.message : '同步失败');
    } finally {
      setRunning(false);
    }
  };

  const confirmDrop = async (field: string) => {
    setDropping(field);
    try {
      const r = await http.post(CGFORM_URLS.confirmDrop(target.id), { fields: [field] });
      void message.success(r.message || '已删除备份列');
      await mutate();
    } catch (e) {
      showError(e);
    } finally {
      setDropping(null);
    }
  };

  if (error) return <Alert type="error" showIcon title={error instanceof Error ? error.message : '预览失败'} data-testid="cgform-sync-error" />;
  if (isLoading || !data) return <Spin />;
  return (
    <div data-testid="cgform-sync-preview">
      <Descriptions size="small" column={2} bordered style={{ marginBottom: 12 }}>
        <Descriptions.Item label="操作">{KIND_TEXT[data.kind]}</Descriptions.Item>
        <Descriptions.Item label="表中现有行数">
          <span data-testid="cgform-sync-rows">{data.rowCount}</span>
        </Descriptions.Item>
      </Descriptions>
      {data.warnings.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 12 }}
          title="对已有数据的影响"
          description={
            <ul style={{ margin: 0, paddingLeft: 18 }} data-testid="cgform-sync-warnings">
              {data.warnings.map((w) => (
                <li key={w}>{w}</li>
              ))}
            </ul>
          }
        />
      )}
      {data.statements.length > 0 && (
        <>
          <Typography.Text strong>将执行的语句</Typography.Text>
          <pre data-testid="cgform-sync-statements" style={{ background: '#f6f8fa', border: '1px solid #e8e8e8', borderRadius: 6, padding: 12, maxHeight: 260, overflow: 'auto', whiteSpace: 'pre-wrap', marginTop: 6 }}>
            {data.statements.map((s) => (s.trim().endsWith(';') ? s : `${s};`)).join('\n')}
          </pre>
        </>
      )}
      {data.dropped.length > 0 && (
        <>
          <Typography.Text strong>已从定义中删除的字段（数据保留在备份列中，确认后才真正删除）</Typography.Text>
          <Table
            size="small"
            rowKey="field"
            pagination={false}
            style={{ marginTop: 6, marginBottom: 12 }}
            dataSource={data.dropped}
            data-testid="cgform-sync-dropped"
            columns={[
              { key: 'field', dataIndex: 'field', title: '字段' },
              { key: 'backupColumn', dataIndex: 'backupColumn', title: '备份列' },
              { key: 'nonEmptyRows', dataIndex: 'nonEmptyRows', title: '有值的行数' },
              {
                key: 'action',
                title: '操作',
                render: (_v: unknown, d: CgformSyncPreview['dropped'][number]) => (
                  <Button
                    danger
                    size="small"
                    loading={dropping === d.field}
                    data-testid={`cgform-confirm-drop-${d.field}`}
                    onClick={() =>
                      modal.confirm({
                        title: '确认删除',
                        content: `确定删除备份列 ${d.backupColumn}？${d.nonEmptyRows} 行的数据将永久删除，无法恢复。`,
                        okText: '删除',
                        okButtonProps: { danger: true },
                        cancelText: '取消',
                        onOk: () => confirmDrop(d.field),
                      })
                    }
                  >
                    确认删除
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      {data.kind !== 'none' && (
        <div style={{ marginBottom: 12 }}>
          <Radio.Group value={method} onChange={(e) => setMethod(e.target.value as 'normal' | 'force')} data-testid="cgform-sync-method">
            <Radio value="normal">普通同步（保留数据）</Radio>
            <Radio value="force">强制同步（删除并重建表，仅限空表）</Radio>
          </Radio.Group>
        </div>
      )}
      {refusal && <Alert type="error" showIcon title={refusal} style={{ marginBottom: 12 }} data-testid="cgform-sync-refusal" />}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onClose} data-testid="cgform-sync-cancel">
          取消
        </Button>
        <Button type="primary" loading={running} disabled={data.kind === 'none'} onClick={() => void run()} data-testid="cgform-sync-run">
          确定
        </Button>
      </div>
    </div>
  );
}
