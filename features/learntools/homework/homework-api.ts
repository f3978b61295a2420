'use client';

import { http } from '@/lib/http';
import { HOMEWORK_URL, type AssignOptions } from '@/lib/learntools/homework-types';

/** The assign form's choices (classes the caller may use; members and sessions of one class). */
export async function fetchAssignOptions(clazzId?: string | null, calendarId?: string | null): Promise<AssignOptions> {
  const params: Record<string, string> = {};
  if (clazzId) params.clazzId = clazzId;
  if (calendarId) params.calendarId = calendarId;
  return (await http.get<AssignOptions>(HOMEWORK_URL.assignOptions, params)).result;
}

/** 'YYYY-MM-DD HH:mm:ss' → 'YYYY-MM-DD HH:mm' (lists show minutes). */
export const minutes = (v: string | null | undefined) => (v ? v.slice(0, 16) : '-');
