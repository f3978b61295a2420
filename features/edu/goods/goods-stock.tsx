'use client';

import { useMemo, useState } from 'react';
import { App, Drawer, Form, Input, InputNumber, Modal, Radio, Typography, type TableColumnsType } from 'antd';
import { useApiError } from '@/components/feedback/use-api-error';
import { ListTable } from '@/components/data/list/list-table';
import { useListPage, type ListSource } from '@/components/data/list/use-list-page';
import { http } from '@/lib/http';
import { applyMovement, MANUAL_STOCK_TYPES, movementProblem, STOCK_TYPE, STOCK_TYPE_OPTIONS } from '@/lib/edu/goods-rules';
import { GOODS_URLS } from './goods-resource';

export interface GoodsRef {
  id: string;
  name: string;
  stock: number;
  unit?: string | null;
}

const TYPE_OPTIONS = STOCK_TYPE_OPTIONS.filter((o) => MANUAL_STOCK_TYPES.includes(Number(o.value))).map((o) => ({ value: Number(o.value), label: o.text }));

interface MovementForm {
  type: number;
  qty: number | null;
  remark?: string;
}

/** 出入库: 入库 / 销售 / 退货 add or take a quantity; 盘点调整 takes the counted stock. The server has the last word. */
export function StockModal({ goods, onClose, onDone }: { goods: GoodsRef | null; onClose: () => void; onDone: () => void }) {
  const { message } = App.useApp();
  const showError = useApiError();
  const [form] = Form.useForm<MovementForm>();
  const [saving, setSaving] = useState(false);
  const type = Form.useWatch('type', form) ?? STOCK_TYPE.in;
  const qty = Form.useWatch('qty', form);
  const counting = type === STOCK_TYPE.count;
  const preview = goods && typeof qty === 'number' && !movementProblem(type, qty) ? applyMovement(type, qty, goods.stock) : null;

  const submit = async () => {
    if (!goods) return;
    const v = await form.validateFields();
    setSaving(true);
    try {
      const r = await http.post<{ stock: number }>(GOODS_URLS.stock, { goodsId: goods.id, type: v.type, qty: v.qty, remark: v.remark?.trim() || undefined });
      message.success(r.message || '操作成功');
      onDone();
      onClose();
    } catch (e) {
      showError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={goods !== null} title={`出入库 - ${goods?.name ?? ''}`} okText="确定" confirmLoading={saving} onOk={() => void submit()} onCancel={onClose} destroyOnHidden okButtonProps={{ 'data-testid': 'goods-stock-ok' } as Record<string, string>}>
      <Form form={form} layout="vertical" initialValues={{ type: STOCK_TYPE.in, qty: null }} preserve={false} data-testid="goods-stock-form">
        <Typography.Paragraph type="secondary">
          当前库存：{goods?.stock ?? 0}
          {goods?.unit ?? ''}
        </Typography.Paragraph>
        <Form.Item name="type" label="类型" rules={[{ required: true, message: '请选择出入库类型' }]}>
          <Radio.Group options={TYPE_OPTIONS} optionType="button" data-testid="goods-stock-type" />
        </Form.Item>
        <Form.Item
          name="qty"
          label={counting ? '盘点数量' : '数量'}
          rules={[{ required: true, message: counting ? '请输入盘点数量' : '请输入数量' }, { validator: (_, v: unknown) => (typeof v === 'number' && movementProblem(type, v) ? Promise.reject(new Error(movementProblem(type, v) ?? '')) : Promise.resolve()) }]}
          extra={preview ? ('error' in preview ? <Typography.Text type="danger">{preview.error}</Typography.Text> : `操作后库存：${preview.after}`) : undefined}
        >
          <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder={counting ? '清点后的实际库存' : '请输入数量'} data-testid="goods-stock-qty" />
        </Form.Item>
        <Form.Item name="remark" label="备注">
          <Input maxLength={200} placeholder="请输入备注" data-testid="goods-stock-remark" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

interface StockLogRow {
  id: string;
  type: number;
  type_dictText?: string;
  qty: number;
  stockAfter: number;
  remark: string | null;
  createBy_dictText: string | null;
  createTime: string | null;
}

const LOG_SOURCE: ListSource = { rowKey: 'id', defaultSort: null };

const LOG_COLUMNS: TableColumnsType<StockLogRow> = [
  { title: '时间', dataIndex: 'createTime', width: 170 },
  { title: '类型', dataIndex: 'type_dictText', width: 90 },
  { title: '变动数量', dataIndex: 'qty', width: 90, render: (v: number) => <Typography.Text type={v < 0 ? 'danger' : undefined}>{v > 0 ? `+${v}` : v}</Typography.Text> },
  { title: '变动后库存', dataIndex: 'stockAfter', width: 100 },
  { title: '操作人', dataIndex: 'createBy_dictText', width: 90 },
  { title: '备注', dataIndex: 'remark', render: (v: string | null) => v || '-' },
];

function StockLogTable({ goodsId }: { goodsId: string }) {
  const extraParams = useMemo(() => ({ goodsId }), [goodsId]);
  const page = useListPage<StockLogRow>({ source: LOG_SOURCE, urls: { list: GOODS_URLS.stockLog }, extraParams });
  return <ListTable<StockLogRow> page={page} columns={LOG_COLUMNS} selectable={false} emptyText="暂无出入库记录" testId="goods-stock-log" />;
}

/** 库存记录: the goods' movements, newest first (who, when, type, change, stock after, remark). */
export function StockLogDrawer({ goods, onClose }: { goods: GoodsRef | null; onClose: () => void }) {
  return (
    <Drawer open={goods !== null} title={`库存记录 - ${goods?.name ?? ''}`} size={760} onClose={onClose} destroyOnHidden data-testid="goods-stock-drawer">
      {goods && <StockLogTable goodsId={goods.id} />}
    </Drawer>
  );
}
