'use client';

import { useState } from 'react';
import { Input, Modal, type ButtonProps } from 'antd';
import { MAX_SAVE_NAME, SAVE_PROMPT_TITLE } from '@/lib/saved-queries';

export interface SavePromptProps {
  open: boolean;
  saving?: boolean;
  /** The name as typed; the caller checks it and closes the prompt when the save is done. */
  onOk: (name: string) => void;
  onCancel: () => void;
}

/** The save-query name prompt (spec 02 §2). Opens empty every time. */
export function SavePrompt({ open, saving, onOk, onCancel }: SavePromptProps) {
  const [name, setName] = useState('');
  return (
    <Modal
      open={open}
      title={SAVE_PROMPT_TITLE}
      width={400}
      confirmLoading={saving}
      onOk={() => onOk(name)}
      onCancel={onCancel}
      afterOpenChange={(visible) => {
        if (!visible) setName('');
      }}
      okButtonProps={{ 'data-testid': 'super-query-save-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'super-query-save-cancel' } as ButtonProps}
    >
      <div data-testid="super-query-save-prompt">
        <Input
          autoFocus
          value={name}
          // A little slack over the limit, so a too-long name gets its message instead of being cut silently.
          maxLength={MAX_SAVE_NAME + 10}
          onChange={(e) => setName(e.target.value)}
          onPressEnter={() => onOk(name)}
          data-testid="super-query-save-name"
        />
      </div>
    </Modal>
  );
}
