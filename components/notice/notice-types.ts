/** Wire shapes of the bell and 我的消息 (contract §5) and their display texts. */

/** A SysAnnouncement row as listByUser / queryById answer it. */
export interface AnnouncementRecord {
  id: string;
  titile: string;
  msgContent: string | null;
  /** The sender's login name (contract §5); `sender_dictText` is their real name, which is what is shown. */
  sender: string | null;
  sender_dictText?: string | null;
  sendTime: string | null;
  createTime: string | null;
  priority: string;
  msgCategory: string;
  openType: string | null;
  openPage: string | null;
  busId?: string | null;
  busType?: string | null;
}

export interface NoticeLists {
  anntMsgList: AnnouncementRecord[];
  anntMsgTotal: number;
  sysMsgList: AnnouncementRecord[];
  sysMsgTotal: number;
}

export const EMPTY_NOTICES: NoticeLists = { anntMsgList: [], anntMsgTotal: 0, sysMsgList: [], sysMsgTotal: 0 };

/** One row of getMyAnnouncementSend: `id` is the send row, `anntId` the announcement. */
export interface MyAnnouncementRow {
  id: string;
  anntId: string;
  titile: string;
  msgContent: string | null;
  sender: string | null;
  sender_dictText?: string | null;
  priority: string;
  readFlag: string;
  sendTime: string | null;
  msgCategory: string;
  openType: string | null;
  openPage: string | null;
}

/** What the detail modal shows; `readFlag` '1' means there is nothing to mark. */
export interface NoticeDetail {
  anntId: string;
  titile: string;
  /** As shown: the sender's real name (see senderText). */
  sender: string | null;
  sendTime: string | null;
  priority: string;
  msgContent: string | null;
  openType: string | null;
  openPage: string | null;
  readFlag?: string;
}

/** 发布人 as shown: the real name the server adds, else the login name (a legacy upstream sends only that). */
export const senderText = (r: { sender: string | null; sender_dictText?: string | null }): string | null => r.sender_dictText || r.sender;

export const fromAnnouncement = (a: AnnouncementRecord): NoticeDetail => ({
  anntId: a.id,
  titile: a.titile,
  sender: senderText(a),
  sendTime: a.sendTime,
  priority: a.priority,
  msgContent: a.msgContent,
  openType: a.openType,
  openPage: a.openPage,
});

export const fromMyRow = (r: MyAnnouncementRow): NoticeDetail => ({ ...r, anntId: r.anntId, sender: senderText(r) });

/** Spec 01 §9: L general, M important, H urgent. */
export const PRIORITY_TEXT: Record<string, string> = { L: '一般', M: '重要', H: '紧急' };
export const PRIORITY_COLOR: Record<string, string> = { L: 'blue', M: 'orange', H: 'red' };
export const CATEGORY_TEXT: Record<string, string> = { '1': '通知公告', '2': '系统消息' };
export const READ_TEXT: Record<string, string> = { '0': '未读', '1': '已读' };

export const USER_ANNOUNCEMENT_PATH = '/isps/userAnnouncement';
export const LIST_BY_USER_URL = '/sys/annountCement/listByUser';
export const MARK_READ_URL = '/sys/sysAnnouncementSend/editByAnntIdAndUserId';
export const READ_ALL_URL = '/sys/sysAnnouncementSend/readAll';
export const MY_SENDS_URL = '/sys/sysAnnouncementSend/getMyAnnouncementSend';

/** 协商任务 in the bell (issue #23): my 待办 tasks, from their own endpoint so listByUser keeps JeecgBoot's shape. */
export const MY_TODO_TASKS_URL = '/crm/task/myTodo';
export const TASK_LIST_PATH = '/crm/task';

/** One of my 待办 tasks as /crm/task/myTodo answers it. */
export interface TodoTaskItem {
  id: string;
  title: string;
  dueTime: string | null;
  overdue: boolean;
}
