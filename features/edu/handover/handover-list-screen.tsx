'use client';

import { useState } from 'react';
import { Button } from 'antd';
import { SwapOutlined } from '@ant-design/icons';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { PERMS } from '@/lib/permissions/codes';
import { handoverResource } from './handover-resource';
import { HandoverFormModal, HandoverResultModal, type HandoverDone } from './handover-form';

/**
 * 工作交接 (edu/WorkHandoverList, issue #23 item 8): past handovers (newest first, with names and the counts
 * moved) and 发起交接, whose form shows the counts before it moves anything in one transaction.
 */
export default function HandoverListScreen() {
  const { has } = useAuth();
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<HandoverDone | null>(null);
  return (
    <PageWrapper description="把一名员工的线索、学员、班级、未上课次和未完成任务一次交给另一名在职员工：先看将要交接的数量，确认后在同一事务中全部移交，双方在消息中心收到通知。">
      <ListPage<Row>
        def={handoverResource}
        toolbarExtra={(page) =>
          has(PERMS.handover.add) ? (
            <>
              <Button type="primary" icon={<SwapOutlined />} onClick={() => setOpen(true)} data-testid="handover-start">
                发起交接
              </Button>
              <HandoverFormModal
                open={open}
                onCancel={() => setOpen(false)}
                onDone={(d) => {
                  setOpen(false);
                  setDone(d);
                  void page.reload();
                }}
              />
            </>
          ) : null
        }
      />
      <HandoverResultModal done={done} onClose={() => setDone(null)} />
    </PageWrapper>
  );
}
