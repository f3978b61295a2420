'use client';

import { useEffect, useMemo, type CSSProperties } from 'react';
import { Cascader, Flex, Select } from 'antd';
import { AREA_TYPES, normaliseAreaType, regionChildren, regionPath, regionText, regionTreeToDepth, type RegionIndex, type RegionNode } from '@/lib/region';
import { PICKER_PLACEHOLDER } from './picker-constants';
import { useRegionIndex } from './use-regions';

export interface AreaLinkageProps {
  /** The chosen area's code (the deepest level chosen, e.g. '110101'). */
  value?: string | null;
  /** The deepest chosen code (undefined when cleared) and the codes from the province down. */
  onChange?: (code: string | undefined, path: string[]) => void;
  /** 'cascader' (default) or 'select'; anything else falls back to cascader. */
  type?: string;
  /** 3 (default): province / city / area; 2: province / city (the venue form). */
  level?: 2 | 3;
  placeholder?: string;
  disabled?: boolean;
  allowClear?: boolean;
  id?: string;
  style?: CSSProperties;
}

interface CascaderOption {
  value: string;
  label: string;
  children?: CascaderOption[];
}

const toOptions = (nodes: readonly RegionNode[]): CascaderOption[] => nodes.map((n) => ({ value: n.code, label: n.name, ...(n.children?.length ? { children: toOptions(n.children) } : {}) }));

/** JAreaLinkage: province / city / area as one cascader or as linked selects. */
export function AreaLinkage({ value, onChange, type, level = 3, placeholder = PICKER_PLACEHOLDER, disabled, allowClear = true, id, style }: AreaLinkageProps) {
  const mode = normaliseAreaType(type);
  useEffect(() => {
    if (type !== undefined && mode !== type) console.error(`JAreaLinkage的type属性只能接收指定的值（${AREA_TYPES.join('|')}）`);
  }, [type, mode]);
  const regions = useRegionIndex();
  const index = regions.data;
  const path = useMemo(() => (index ? regionPath(index, value).slice(0, level) : []), [index, value, level]);
  const emit = (codes: string[]) => onChange?.(codes.length ? codes[codes.length - 1] : undefined, codes);

  if (!index) return <Select id={id} style={{ minWidth: 200, ...style }} disabled loading={regions.isLoading} status={regions.error ? 'error' : undefined} placeholder={placeholder} data-testid="area-linkage-loading" />;
  if (mode === 'select') return <AreaSelects index={index} path={path} level={level} onChange={emit} placeholder={placeholder} disabled={disabled} allowClear={allowClear} id={id} style={style} />;
  return (
    <Cascader<CascaderOption>
      id={id}
      style={{ minWidth: 200, ...style }}
      options={toOptions(regionTreeToDepth(index.tree, level))}
      value={path}
      placeholder={placeholder}
      disabled={disabled}
      allowClear={allowClear}
      showSearch={{ filter: (input, options) => options.some((o) => o.label.includes(input.trim())) }}
      onChange={(codes) => emit(((codes ?? []) as string[]).map(String))}
      data-testid="area-linkage-cascader"
    />
  );
}

function AreaSelects({ index, path, level, onChange, placeholder, disabled, allowClear, id, style }: { index: RegionIndex; path: string[]; level: 2 | 3; onChange: (codes: string[]) => void; placeholder: string; disabled?: boolean; allowClear: boolean; id?: string; style?: CSSProperties }) {
  const levels = [0, 1, 2].slice(0, level);
  return (
    <Flex gap={8} style={style} data-testid="area-linkage-select">
      {levels.map((i) => {
        const parent = i === 0 ? '' : path[i - 1];
        const options = i > 0 && !parent ? [] : regionChildren(index, parent);
        if (i > 0 && parent && !options.length) return null;
        return (
          <Select<string>
            key={i}
            id={i === 0 ? id : undefined}
            style={{ minWidth: 120, flex: 1 }}
            value={path[i]}
            options={options.map((n) => ({ value: n.code, label: n.name }))}
            placeholder={placeholder}
            disabled={disabled || (i > 0 && !parent)}
            allowClear={allowClear}
            showSearch={{ optionFilterProp: 'label' }}
            onChange={(code) => onChange(code ? [...path.slice(0, i), code] : path.slice(0, i))}
            data-testid={`area-linkage-level-${i + 1}`}
          />
        );
      })}
    </Flex>
  );
}

/** The '省/市/区' names of a code (empty while loading or when unknown). */
export function AreaText({ code, separator }: { code?: string | null; separator?: string }) {
  const { data } = useRegionIndex();
  return <>{data ? regionText(data, code, separator) : ''}</>;
}
