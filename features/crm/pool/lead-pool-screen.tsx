'use client';

import { useState } from 'react';
import { App, Button, Popconfirm, type ButtonProps } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import type { ListPage as ListPageApi, Row } from '@/components/data/list/use-list-page';
import { useApiError } from '@/components/feedback/use-api-error';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { Authorized } from '@/components/shell/shell-context';
import { http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import { leadPoolResource, POOL_URLS, type PoolMoveResult } from './lead-pool-resource';
import { AssignModal, PoolSettingsModal } from './pool-dialogs';
import { PoolLeadDetail } from './pool-lead-detail';

type Lead = { id: string; name: string };
const leadOf = (r: Row): Lead => ({ id: String(r.id), name: String(r.name ?? '') });

/**
 * 线索池 (crm/LeadPoolList): leads without an owner. 详情 shows what the parent wrote, read-only. 领取 (one or the
 * selected ones, within one's limit; a lead someone else took first is refused), 分配 (a manager's, to an active 在职 user), 线索池设置 (crm:pool:config).
 */
export default function LeadPoolScreen() {
  const { message } = App.useApp();
  const showError = useApiError();
  const [assigning, setAssigning] = useState<{ leads: Lead[]; page: ListPageApi<Row> } | null>(null);
  const [settings, setSettings] = useState(false);
  const [busy, setBusy] = useState(false);

  /** `reload` runs also after a refusal: a lead someone else took is gone from the pool. Answers whether it was taken. */
  const claim = async (leads: Lead[], reload: () => void): Promise<boolean> => {
    setBusy(true);
    try {
      const r = await http.post<PoolMoveResult>(POOL_URLS.claim, { ids: leads.map((l) => l.id) });
      message.success(r.message || '领取成功');
      return true;
    } catch (e) {
      showError(e);
      return false;
    } finally {
      setBusy(false);
      reload();
    }
  };
  const claimFromList = async (leads: Lead[], page: ListPageApi<Row>) => {
    if (await claim(leads, () => void page.reload())) page.clearSelection();
  };

  return (
    <PageWrapper description="没有负责人的线索。领取后成为自己的线索（受每人可拥有线索上限限制）；长期未跟进或未成交的线索会被自动回收到这里。">
      <ListPage<Row>
        def={leadPoolResource}
        // 详情 is read-only (everything the parent wrote, 领取 where allowed); the pool has no add or edit.
        renderForm={(p) => (
          <PoolLeadDetail
            record={p.open && p.mode === 'detail' ? (p.record ?? null) : null}
            onClose={p.onClose}
            busy={busy}
            onClaim={(r) =>
              void claim([leadOf(r)], () => p.onSaved?.()).then((taken) => {
                if (taken) p.onClose();
              })
            }
          />
        )}
        rowActions={(r, page) => (
          <Authorized code={PERMS.leadPool.claim}>
            <Popconfirm title={`确定领取“${String(r.name ?? '')}”吗？`} okText="领取" onConfirm={() => claimFromList([leadOf(r)], page)} okButtonProps={{ 'data-testid': 'pool-claim-ok' } as ButtonProps}>
              <a data-testid={`pool-claim-${String(r.id)}`}>领取</a>
            </Popconfirm>
          </Authorized>
        )}
        toolbarExtra={(page) => {
          const selected = page.state.selectedRows.map(leadOf);
          return (
            <>
              <Authorized code={PERMS.leadPool.claim}>
                <Button disabled={!selected.length} loading={busy} onClick={() => void claimFromList(selected, page)} data-testid="pool-claim-batch">
                  批量领取
                </Button>
              </Authorized>
              <Authorized code={PERMS.leadPool.assign}>
                <Button disabled={!selected.length} onClick={() => setAssigning({ leads: selected, page })} data-testid="pool-assign">
                  分配
                </Button>
              </Authorized>
              <Authorized code={PERMS.leadPool.config}>
                <Button icon={<SettingOutlined />} onClick={() => setSettings(true)} data-testid="pool-settings-open">
                  线索池设置
                </Button>
              </Authorized>
            </>
          );
        }}
      />
      <AssignModal
        leads={assigning?.leads ?? null}
        onClose={() => setAssigning(null)}
        onDone={() => {
          assigning?.page.clearSelection();
          void assigning?.page.reload();
          setAssigning(null);
        }}
      />
      <PoolSettingsModal open={settings} onClose={() => setSettings(false)} />
    </PageWrapper>
  );
}
