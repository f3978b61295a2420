'use client';

import { useCallback, useRef } from 'react';
import { App } from 'antd';

/** Issue #39: closing a form with unsaved changes asks first (Esc, ×, 取消/关闭 and the mask all come here). */
export const DIRTY_CLOSE_TITLE = '确认关闭？';
export const DIRTY_CLOSE_CONTENT = '有未保存的修改，确定关闭吗？';

/**
 * The one guarded close of the project's form dialogs (FormModal, the Online表单开发 designer): `isDirty()` is asked
 * when the user closes; with unsaved changes a confirm asks first and only 确定 closes. A second close request while
 * the confirm is open is ignored (Esc pressed twice must not stack dialogs).
 */
export function useDirtyClose(onClose: () => void, isDirty: () => boolean): () => void {
  const { modal } = App.useApp();
  const asking = useRef(false);
  return useCallback(() => {
    if (asking.current) return;
    if (!isDirty()) {
      onClose();
      return;
    }
    asking.current = true;
    modal.confirm({
      title: DIRTY_CLOSE_TITLE,
      content: DIRTY_CLOSE_CONTENT,
      okText: '确定',
      cancelText: '取消',
      onOk: () => {
        asking.current = false;
        onClose();
      },
      onCancel: () => {
        asking.current = false;
      },
    });
  }, [isDirty, modal, onClose]);
}
