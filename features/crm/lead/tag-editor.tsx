'use client';

import { useState } from 'react';
import { Alert, Modal, Select, type ButtonProps } from 'antd';
import type { EditorProps } from '@/components/fields/field-registry';
import { LEAD_LIMITS, parseTags, tagsProblem } from '@/lib/crm/lead-rules';

/** Tags typed freely (Enter or a comma ends one), stored comma-joined; the limits are said before the server says them. */
export function TagInput({ value, onChange, id, disabled, testId = 'lead-tags-input' }: { value?: unknown; onChange?: (v: string) => void; id?: string; disabled?: boolean; testId?: string }) {
  const tags = parseTags(value);
  return (
    <Select
      id={id}
      mode="tags"
      value={tags}
      disabled={disabled}
      open={false}
      suffixIcon={null}
      tokenSeparators={[',', '，']}
      placeholder={`输入后回车，最多${LEAD_LIMITS.maxTags}个，每个不超过${LEAD_LIMITS.maxTagLength}字`}
      style={{ width: '100%' }}
      data-testid={testId}
      onChange={(v: string[]) => onChange?.(parseTags(v).join(','))}
    />
  );
}

/** The lead form's 标签 editor (ListPage `editors`). */
export function TagEditor({ value, onChange, id, disabled }: EditorProps) {
  return <TagInput value={value} onChange={(v) => onChange?.(v)} id={id} disabled={disabled} />;
}

export interface TagsModalProps {
  lead: { id: string; name: string; tags: unknown } | null;
  onCancel(): void;
  /** Saves the new set (the list's updateTags hook); resolves when done. */
  onSave(tags: string): Promise<void>;
}

/** 标签 of one lead: the set is replaced on save. Mounted per lead, so the editor starts from that lead's tags. */
export function TagsModal(props: TagsModalProps) {
  return props.lead ? <OpenTagsModal key={props.lead.id} {...props} lead={props.lead} /> : null;
}

function OpenTagsModal({ lead, onCancel, onSave }: TagsModalProps & { lead: NonNullable<TagsModalProps['lead']> }) {
  const [tags, setTags] = useState(() => parseTags(lead.tags).join(','));
  const [saving, setSaving] = useState(false);
  const problem = tagsProblem(parseTags(tags));
  const save = async () => {
    setSaving(true);
    try {
      await onSave(tags);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={`标签 - ${lead.name}`} okText="保存" confirmLoading={saving} okButtonProps={{ disabled: problem !== null, 'data-testid': 'lead-tags-ok' } as ButtonProps} onOk={() => void save()} onCancel={onCancel} destroyOnHidden>
      <TagInput value={tags} onChange={setTags} />
      {problem && <Alert type="error" showIcon title={problem} style={{ marginTop: 8 }} data-testid="lead-tags-problem" />}
    </Modal>
  );
}
