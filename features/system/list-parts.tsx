'use client';

/** The list parts the system screens share, from the list engine (components/data/list). */
export { SearchActions } from '@/components/data/list/query-buttons';
export { LoadError } from '@/components/data/list/list-feedback';
