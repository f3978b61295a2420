import type { Dayjs } from 'dayjs';
import { DATETIME_FORMAT } from '@/lib/format';
import { PUBLISHED, UNPUBLISHED } from './announcement-resource';

/** The definition and its constants live in announcement-resource.ts (the server registers it); the client's form helpers here. */
export * from './announcement-resource';

/** One row of GET /sys/annountCement/list (server/message/announcements.ts toAnnouncement). */
export interface AnnouncementRow extends Record<string, unknown> {
  id: string;
  titile: string;
  msgContent: string | null;
  startTime: string | null;
  endTime: string | null;
  sender: string | null;
  /** The sender's real name (server/message/announcements.ts withSenderNames). */
  sender_dictText?: string | null;
  priority: string;
  msgCategory: string;
  msgType: string;
  sendStatus: string;
  sendTime: string | null;
  userIds: string | null;
  openType: string | null;
  openPage: string | null;
  busType?: string | null;
  busId?: string | null;
  msgAbstract?: string | null;
  createTime: string | null;
}

/** Which row links a status offers (JeecgBoot: 编辑/发布 unpublished, 删除 unless published, 撤销 published, 查看 always). */
export function rowActionsFor(sendStatus: string) {
  return {
    edit: sendStatus === UNPUBLISHED,
    release: sendStatus === UNPUBLISHED,
    remove: sendStatus !== PUBLISHED,
    revoke: sendStatus === PUBLISHED,
    view: true,
  };
}

/* ------------------------------------------------------------------ the form */

export const TITLE_MAX = 100;
export const OPEN_PAGE_MAX = 255;

export const MESSAGES = {
  title: '请输入标题!',
  titleMax: `标题不能超过${TITLE_MAX}个字符`,
  category: '请选择消息类型!',
  msgType: '请选择通告对象类型!',
  users: '请选择指定用户',
  endBeforeStart: '结束时间需大于开始时间',
  openPage: '请填写跳转地址',
  openPageSite: '跳转地址必须是以 / 开头的站内路径',
  content: '请输入内容',
} as const;

export const OPEN_TYPES = [
  { value: '', label: '无' },
  { value: 'component', label: '组件' },
  { value: 'url', label: '链接' },
];

export interface AnnouncementForm {
  titile?: string;
  msgCategory?: string;
  priority?: string;
  msgType?: 'ALL' | 'USER';
  /** Comma-joined user ids, without the wire's trailing comma. */
  userIds?: string;
  startTime?: Dayjs | null;
  endTime?: Dayjs | null;
  openType?: string;
  openPage?: string;
  msgContent?: string;
}

/** 'a,b,' → ['a', 'b'] (the stored form keeps a trailing comma). */
export const splitIds = (raw: string | null | undefined) => [...new Set(String(raw ?? '').split(',').map((s) => s.trim()).filter(Boolean))];

/** True when the editor's HTML shows something: text, or an image, player or rule. */
export function hasContent(html: string | null | undefined): boolean {
  const s = String(html ?? '');
  if (/<(img|video|audio|hr)\b/i.test(s)) return true;
  return s.replace(/<[^>]*>/g, '').replace(/&nbsp;|\s|\u00a0/g, '') !== '';
}

/**
 * The add / edit body: wire names, dates as `YYYY-MM-DD HH:mm:ss`, user ids with JeecgBoot's trailing
 * comma (USER only), no page without a way to open it. Editing keeps the business fields the form does
 * not show (a system message's busType/busId/msgAbstract), since the server rewrites every column.
 */
export function toBody(v: AnnouncementForm, record?: AnnouncementRow | null): Record<string, string> {
  const users = splitIds(v.userIds);
  const msgType = v.msgType ?? 'ALL';
  const body: Record<string, string> = {
    titile: (v.titile ?? '').trim(),
    msgCategory: v.msgCategory ?? '1',
    priority: v.priority ?? 'L',
    msgType,
    userIds: msgType === 'USER' && users.length ? `${users.join(',')},` : '',
    startTime: v.startTime ? v.startTime.format(DATETIME_FORMAT) : '',
    endTime: v.endTime ? v.endTime.format(DATETIME_FORMAT) : '',
    openType: v.openType ?? '',
    openPage: v.openType ? (v.openPage ?? '').trim() : '',
    msgContent: v.msgContent ?? '',
  };
  if (record) {
    body.id = record.id;
    for (const k of ['busType', 'busId', 'msgAbstract'] as const) if (record[k]) body[k] = String(record[k]);
  }
  return body;
}
