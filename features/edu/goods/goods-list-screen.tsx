'use client';

import { useMemo, useState } from 'react';
import { Checkbox, Form, InputNumber, Space, Tag } from 'antd';
import { ListPage } from '@/components/data/list/list-page';
import type { Row } from '@/components/data/list/use-list-page';
import type { EditorProps } from '@/components/fields/field-registry';
import { PageWrapper } from '@/components/layout/page-wrapper';
import { useAuth } from '@/components/shell/shell-context';
import { formatYuan } from '@/lib/format';
import { PERMS } from '@/lib/permissions/codes';
import { goodsResource, LOW_STOCK_PARAM } from './goods-resource';
import { StockLogDrawer, StockModal, type GoodsRef } from './goods-stock';

const renderers = {
  price: (v: unknown) => formatYuan(v),
  /** 库存不足 (stock ≤ 预警库存, flagged by the server) in red. */
  stock: (v: unknown, r: Row) => (
    <Space size={4}>
      <span>{String(v ?? 0)}</span>
      {r.lowStock ? (
        <Tag color="red" data-testid={`goods-low-${String(r.id)}`}>
          库存不足
        </Tag>
      ) : null}
    </Space>
  ),
};

/** 库存 is never typed: it changes only by movements. */
function StockEditor({ value, id }: EditorProps) {
  return <InputNumber id={id} disabled value={typeof value === 'number' ? value : undefined} placeholder="通过出入库调整" style={{ width: '100%' }} />;
}

/** 初始库存 only on add (recorded as a 初始化 movement); an edit changes stock through 出入库. */
function InitStockEditor({ value, onChange, id }: EditorProps) {
  const form = Form.useFormInstance();
  const editing = Boolean(form.getFieldValue('id'));
  return (
    <InputNumber
      id={id}
      min={0}
      precision={0}
      disabled={editing}
      placeholder={editing ? '请通过出入库调整库存' : '新增时的库存数量'}
      value={typeof value === 'number' ? value : undefined}
      onChange={(v) => onChange?.(v ?? null)}
      style={{ width: '100%' }}
      data-testid="goods-init-stock"
    />
  );
}

const editors = {
  stock: (props: EditorProps) => <StockEditor {...props} />,
  initStock: (props: EditorProps) => <InitStockEditor {...props} />,
};

const refOf = (r: Row): GoodsRef => ({ id: String(r.id), name: String(r.name ?? ''), stock: Number(r.stock ?? 0), unit: (r.unit as string | null) ?? null });

/** 物品管理 (edu/GoodsList): goods in 拼音 order, 仅看库存不足, 出入库 and 库存记录 per goods. */
export default function GoodsListScreen() {
  const { has } = useAuth();
  const canMove = has(PERMS.goods.stock);
  const [lowOnly, setLowOnly] = useState(false);
  const [moving, setMoving] = useState<GoodsRef | null>(null);
  const [logOf, setLogOf] = useState<GoodsRef | null>(null);
  const [reload, setReload] = useState<(() => void) | null>(null);
  const extraParams = useMemo(() => (lowOnly ? { [LOW_STOCK_PARAM]: '1' } : undefined), [lowOnly]);
  return (
    <PageWrapper description="物品：教材、文具、校服等。库存只随出入库变化（入库、销售、退货、盘点调整），不会小于0；库存不高于预警库存时标为库存不足。">
      <ListPage<Row>
        def={goodsResource}
        renderers={renderers}
        editors={editors}
        extraParams={extraParams}
        toolbarExtra={(page) => (
          <Checkbox
            checked={lowOnly}
            data-testid="goods-low-filter"
            onChange={(e) => {
              setLowOnly(e.target.checked);
              page.goToPage(1);
            }}
          >
            仅看库存不足
          </Checkbox>
        )}
        rowActions={(r, page) => (
          <Space size={8}>
            {canMove && (
              <a
                data-testid={`goods-stock-${String(r.id)}`}
                onClick={() => {
                  setReload(() => () => void page.reload());
                  setMoving(refOf(r));
                }}
              >
                出入库
              </a>
            )}
            <a data-testid={`goods-log-${String(r.id)}`} onClick={() => setLogOf(refOf(r))}>
              库存记录
            </a>
          </Space>
        )}
      />
      <StockModal goods={moving} onClose={() => setMoving(null)} onDone={() => reload?.()} />
      <StockLogDrawer goods={logOf} onClose={() => setLogOf(null)} />
    </PageWrapper>
  );
}
