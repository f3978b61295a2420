'use client';

import { Button, Descriptions, Modal, Space } from 'antd';
import { DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import type { GridColumn, GridRow } from '@/lib/grid/types';
import { CellText } from './grid-cells';

interface GridToolbarProps {
  canAdd: boolean;
  canRemove: boolean;
  selectedCount: number;
  onAdd: () => void;
  onSave?: () => void | Promise<void>;
  saving?: boolean;
  disabled?: boolean;
  onRemove: () => void;
  onClear: () => void;
}

/** 新增 / 保存 / 删除 / 清空选择 and the selection count. */
export function GridToolbar({ canAdd, canRemove, selectedCount, onAdd, onSave, saving, disabled, onRemove, onClear }: GridToolbarProps) {
  return (
    <Space style={{ marginBottom: 8 }} wrap>
      {canAdd && (
        <Button type="primary" icon={<PlusOutlined />} onClick={onAdd} data-testid="grid-add">
          新增
        </Button>
      )}
      {onSave && (
        <Button icon={<SaveOutlined />} loading={saving} onClick={() => void onSave()} data-testid="grid-save" disabled={disabled}>
          保存
        </Button>
      )}
      {canRemove && selectedCount > 0 && (
        <Button danger icon={<DeleteOutlined />} onClick={onRemove} data-testid="grid-remove">
          删除
        </Button>
      )}
      {selectedCount > 0 && (
        <Button onClick={onClear} data-testid="grid-clear">
          清空选择
        </Button>
      )}
      {selectedCount > 0 && <span data-testid="grid-selected-count">已选择 {selectedCount} 项</span>}
    </Space>
  );
}

/** 详情: a row read-only, every visible column. */
export function GridDetailModal({ detail, visibleCols, onClose }: { detail: GridRow | null; visibleCols: GridColumn[]; onClose: () => void }) {
  return (
    <Modal open={detail !== null} title="详情" footer={null} onCancel={onClose} width={720} destroyOnHidden>
      {detail && (
        <Descriptions column={2} bordered size="small" data-testid="grid-detail">
          {visibleCols.map((c) => (
            <Descriptions.Item key={c.key} label={c.title}>
              <CellText col={c} value={detail[c.key]} />
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
    </Modal>
  );
}
