'use client';

import { useRef, useState } from 'react';
import { Modal, type ButtonProps } from 'antd';
import { LocationForm, type LocationFormHandle } from './location-form';
import type { LocationRecord } from './location-rules';

export const LOCATION_FORM_WIDTH = 800;

export interface LocationFormModalProps {
  open: boolean;
  /** The venue to edit; null / without id = 新增. */
  record?: LocationRecord | null;
  onClose: () => void;
  /** After a successful save (the list reloads). */
  onSaved?: () => void;
}

/** 新增 / 编辑 场地: the venue form in a modal whose 确定 submits it (the form's own button is for workflow only). */
export function LocationFormModal({ open, record, onClose, onSaved }: LocationFormModalProps) {
  const formRef = useRef<LocationFormHandle>(null);
  const [loading, setLoading] = useState(false);
  const editing = !!record?.id;
  // The form is destroyed with the modal before its 1 s loading timer ends: start the next opening idle.
  const close = () => {
    setLoading(false);
    onClose();
  };
  return (
    <Modal
      open={open}
      title={editing ? '编辑' : '新增'}
      width={LOCATION_FORM_WIDTH}
      styles={{ body: { maxHeight: '80vh', overflowY: 'auto' } }}
      okText="确定"
      cancelText="关闭"
      confirmLoading={loading}
      onOk={() => void formRef.current?.submit()}
      onCancel={close}
      okButtonProps={{ 'data-testid': 'location-form-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'location-form-cancel' } as ButtonProps}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? (
        <div data-testid="location-form-modal" data-mode={editing ? 'edit' : 'add'}>
          <LocationForm key={record?.id ?? 'new'} ref={formRef} record={record} onLoadingChange={setLoading} onSaved={() => onSaved?.()} onClose={close} />
        </div>
      ) : null}
    </Modal>
  );
}
