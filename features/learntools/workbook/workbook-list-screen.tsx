'use client';

import { useState } from 'react';
import { App, Divider, Input, Modal } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { useApiError } from '@/components/feedback/use-api-error';
import { http } from '@/lib/http';
import { PERMS } from '@/lib/permissions/codes';
import { REFS, refEditor } from '../../edu/course/ref-select';
import { WorkbookItemsDrawer } from './workbook-items-drawer';
import { WORKBOOK_MESSAGES, WORKBOOK_RENAME_URL, workbookResource } from './workbook-resource';

const editors = { courseId: refEditor(REFS.course) };

/** 练习册 (learntools/WorkbookList): workbooks with their 题数 and 总分, 题目 management and 重命名. */
export default function WorkbookListScreen() {
  const { mode } = useAuth();
  const canEdit = mode(PERMS.workbook.edit) === 'show';
  const canRename = canEdit || mode(PERMS.workbook.rename) === 'show';
  const [items, setItems] = useState<{ id: string; name: string } | null>(null);
  const [renaming, setRenaming] = useState<{ id: string; name: string } | null>(null);
  const [reload, setReload] = useState<(() => void) | null>(null);
  return (
    <PageWrapper description="练习册：按课程和年级组织的题目（单选、多选、判断、填空、主观）。已发布的练习册可以布置为作业，客观题自动判分；被已发布作业使用的练习册不能删除。">
      <ListPage<Row>
        def={workbookResource}
        editors={editors}
        rowActions={(r, page) => (
          <>
            <a
              data-testid={`workbook-items-${String(r.id)}`}
              onClick={() => {
                setReload(() => () => void page.reload());
                setItems({ id: String(r.id), name: String(r.name ?? '') });
              }}
            >
              题目
            </a>
            {canRename && (
              <>
                <Divider orientation="vertical" />
                <a
                  data-testid={`workbook-rename-${String(r.id)}`}
                  onClick={() => {
                    setReload(() => () => void page.reload());
                    setRenaming({ id: String(r.id), name: String(r.name ?? '') });
                  }}
                >
                  重命名
                </a>
              </>
            )}
          </>
        )}
      />
      <WorkbookItemsDrawer workbook={items} canEdit={canEdit} onClose={() => setItems(null)} onChanged={() => reload?.()} />
      <RenameModal target={renaming} onClose={() => setRenaming(null)} onDone={() => reload?.()} />
    </PageWrapper>
  );
}

function RenameModal({ target, onClose, onDone }: { target: { id: string; name: string } | null; onClose: () => void; onDone: () => void }) {
  return target ? <RenameBody key={target.id} target={target} onClose={onClose} onDone={onDone} /> : null;
}

/** 重命名: the name alone (learn:workbook:rename is enough). */
function RenameBody({ target, onClose, onDone }: { target: { id: string; name: string }; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const onError = useApiError();
  const [name, setName] = useState(target.name);
  const [busy, setBusy] = useState(false);
  const problem = !name.trim() ? WORKBOOK_MESSAGES.nameRequired : name.trim().length > 100 ? WORKBOOK_MESSAGES.nameTooLong : null;
  const submit = async () => {
    if (problem) return void message.warning(problem);
    setBusy(true);
    try {
      const r = await http.put(WORKBOOK_RENAME_URL, { id: target.id, name: name.trim() });
      message.success(r.message || WORKBOOK_MESSAGES.renamed);
      onClose();
      onDone();
    } catch (e) {
      onError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal open title="重命名练习册" onCancel={onClose} onOk={() => void submit()} okButtonProps={{ loading: busy }} width={420} destroyOnHidden>
      <Input value={name} maxLength={100} onChange={(e) => setName(e.target.value)} onPressEnter={() => void submit()} data-testid="workbook-rename-input" status={problem ? 'error' : undefined} />
    </Modal>
  );
}
