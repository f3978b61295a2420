import type { CSSProperties } from 'react';
import { DEFAULT_PLACEHOLDER } from '@/components/data/dict/dict-select';

/** Sizes and limits of the pickers (spec 02 §2, §9). */
export const USER_PICKER_WIDTH = 1200;
/** "another picker: 1250 by default" — the user-by-department picker. */
export const USER_BY_DEPART_PICKER_WIDTH = 1250;
export const DEPART_PICKER_WIDTH = 500;
export const ROLE_PICKER_WIDTH = 800;
export const REPORT_POPUP_WIDTH = 1200;
export const LOCATION_PICKER_WIDTH = 1200;

export const PICKER_PAGE_SIZE = 10;
export const PICKER_PAGE_SIZE_OPTIONS = [10, 20, 30];
export const PICKER_DEFAULT_SORT = { column: 'createTime', order: 'desc' as 'asc' | 'desc' };

/** Multi-select fields show one tag (+N for the rest). */
export const MAX_TAG_COUNT = 1;
export const PICKER_PLACEHOLDER = DEFAULT_PLACEHOLDER;

/** Modal height 80% of the window: the body scrolls beyond that. */
export const MODAL_BODY_STYLE: CSSProperties = { maxHeight: '80vh', overflowY: 'auto' };

export const CHOOSE_TEXT = '选择';

/** The ellipsis filter's default length (spec 02 §2 user picker). */
export const PICKER_ELLIPSIS = 25;

/** "range 共N条". */
export const pickerTotalText = (total: number, range: [number, number]) => `${range[0]}-${range[1]} 共${total}条`;
