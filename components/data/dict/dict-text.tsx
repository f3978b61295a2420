'use client';

import { useEffect } from 'react';
import { dictTextOf, splitDictValue } from '@/lib/dict-cache';
import { useDict } from './use-dict';
import type { DictValue } from './dict-select';

export interface DictTextProps {
  dictCode: string;
  value: DictValue;
}

/**
 * A stored value shown as its dictionary text(s): `"1,2"` with `sex` → `男,女`. Unknown values show as
 * themselves; an empty code shows the raw value and logs 字典Code不能为空!.
 */
export function DictText({ dictCode, value }: DictTextProps) {
  const { items, error } = useDict(dictCode);
  const noCode = !(dictCode ?? '').trim();
  useEffect(() => {
    if (noCode && error) console.error(error);
  }, [noCode, error]);
  return <span>{noCode ? splitDictValue(value).join(',') : dictTextOf(items, value)}</span>;
}
