'use client';

import { useRef, useState } from 'react';
import { Alert, Modal, type ButtonProps } from 'antd';
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
  /** 详情: the venue read-only (a user who may not change it), with why editing is not offered. */
  readOnly?: boolean;
}

/** Why a venue opens read-only (spec 01 §6's ownership rule). */
export const READ_ONLY_REASON = '只有场地负责人、管理员或市场人员可以修改此场地';

/** 新增 / 编辑 场地: the venue form in a modal whose 确定 submits it (the form's own button is for workflow only). */
export function LocationFormModal({ open, record, onClose, onSaved, readOnly = false }: LocationFormModalProps) {
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
      title={readOnly ? '详情' : editing ? '编辑' : '新增'}
      width={LOCATION_FORM_WIDTH}
      styles={{ body: { maxHeight: '80vh', overflowY: 'auto' } }}
      okText="确定"
      cancelText="关闭"
      confirmLoading={loading}
      onOk={() => void formRef.current?.submit()}
      footer={readOnly ? (_buttons, { CancelBtn }) => <CancelBtn /> : undefined}
      onCancel={close}
      okButtonProps={{ 'data-testid': 'location-form-ok' } as ButtonProps}
      cancelButtonProps={{ 'data-testid': 'location-form-cancel' } as ButtonProps}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {open ? (
        <div data-testid="location-form-modal" data-mode={readOnly ? 'detail' : editing ? 'edit' : 'add'}>
          {readOnly ? <Alert type="info" showIcon title={READ_ONLY_REASON} style={{ marginBottom: 16 }} data-testid="location-read-only" /> : null}
          <LocationForm key={record?.id ?? 'new'} ref={formRef} record={record} disabled={readOnly} onLoadingChange={setLoading} onSaved={() => onSaved?.()} onClose={close} />
        </div>
      ) : null}
    </Modal>
  );
}
