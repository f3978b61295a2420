/**
 * What an entry is called on every list and message: its own title, else the class and lesson number
 * (初一数学A班 第3次课), else `fallback`.
 */
export const entryTitle = (r: { title: string | null; clazz_name?: string | null; lesson_no: number | null }, fallback = ''): string =>
  r.title || (r.clazz_name ? `${r.clazz_name} 第${r.lesson_no ?? '?'}次课` : fallback);
