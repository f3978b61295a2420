'use client';

import { useState } from 'react';
import { Modal } from 'antd';
import { rowsOf } from '@/components/data/dict/use-dict';
import { AsyncSearchSelect, type AsyncOption } from '@/components/pickers/async-search-select';
import { http } from '@/lib/http';
import { CGFORM_URLS } from './cgform-resource';

/** 数据字典's list searched by name or code (the list's contains search), as `名称（编码）` options. */
export async function dictCodeOptions(keyword: string): Promise<AsyncOption[]> {
  const kw = keyword.trim();
  // A code is ASCII: search the code for ASCII input, the name otherwise.
  const param: Record<string, string> = kw ? (/^\w+$/.test(kw) ? { dictCode: `*${kw}*` } : { dictName: `*${kw}*` }) : {};
  const r = await http.get<unknown>(CGFORM_URLS.dictList, { pageNo: 1, pageSize: 50, ...param });
  return rowsOf(r.result).map((d) => ({ value: String(d.dictCode ?? ''), label: `${String(d.dictName ?? '')}（${String(d.dictCode ?? '')}）` }));
}

/** The 字典 cell's popup: choose a dictionary of 数据字典 by name or code. */
export function DictCodePicker({ open, value, onOk, onCancel }: { open: boolean; value: unknown; onOk: (v: unknown) => void; onCancel: () => void }) {
  const [picked, setPicked] = useState<string | undefined>(value ? String(value) : undefined);
  return (
    <Modal open={open} title="选择字典" onCancel={onCancel} onOk={() => onOk(picked ?? '')} destroyOnHidden okButtonProps={{ 'data-testid': 'cgform-dict-ok' } as Record<string, string>}>
      <div data-testid="cgform-dict-picker">
        <AsyncSearchSelect fetchOptions={dictCodeOptions} value={picked ?? null} onChange={(v) => setPicked(v)} placeholder="输入字典名称或编码搜索" style={{ width: '100%' }} />
      </div>
    </Modal>
  );
}
