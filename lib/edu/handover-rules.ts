/**
 * 员工管理 and 工作交接 (issue #23 items 6 and 8, domain §6): the scopes of a handover, the wire paths, the
 * messages and the pure rules shared by the server (server/edu/staff.ts, work-handover.ts) and the
 * screens (features/edu/staff, features/edu/handover). No server imports: the browser loads this too.
 */

export const STAFF_API = '/edu/staff';
export const STAFF_URL = {
  list: `${STAFF_API}/list`,
  edit: `${STAFF_API}/edit`,
  leave: `${STAFF_API}/leave`,
  rejoin: `${STAFF_API}/rejoin`,
} as const;

export const HANDOVER_API = '/edu/handover';
export const HANDOVER_URL = {
  list: `${HANDOVER_API}/list`,
  preview: `${HANDOVER_API}/preview`,
  add: `${HANDOVER_API}/add`,
} as const;

/** sys_user.staff_status (0028): 1 在职, 2 离职. */
export const STAFF_STATUS = { active: 1, left: 2 } as const;

/** What a handover can move, in the order the form and the messages list them. */
export const HANDOVER_SCOPES = ['lead', 'student', 'clazz', 'session', 'task'] as const;
export type HandoverScope = (typeof HANDOVER_SCOPES)[number];

/** Label and counting unit of each scope (线索3条、学员5名、班级1个、未上课次12节、未完成任务2个). */
export const SCOPE_TEXT: Record<HandoverScope, { label: string; countLabel: string; unit: string }> = {
  lead: { label: '线索', countLabel: '线索', unit: '条' },
  student: { label: '学员', countLabel: '学员', unit: '名' },
  clazz: { label: '班级', countLabel: '班级', unit: '个' },
  session: { label: '未上课次', countLabel: '未上课次', unit: '节' },
  task: { label: '任务', countLabel: '未完成任务', unit: '个' },
};

export const SCOPE_OPTIONS = HANDOVER_SCOPES.map((s) => ({ value: s, label: SCOPE_TEXT[s].label }));

export type WorkCounts = Record<HandoverScope, number>;

export const ZERO_COUNTS: WorkCounts = Object.freeze({ lead: 0, student: 0, clazz: 0, session: 0, task: 0 });

export const HANDOVER_MESSAGES = {
  sameUser: '交接人与接收人不能相同',
  toUserLeft: '接收人已离职，不能接收工作',
  fromUserMissing: '交接人不存在',
  toUserMissing: '接收人不存在',
  noScopes: '请选择交接范围',
  badScope: '交接范围不正确',
  nothingToMove: '所选范围内没有需要交接的工作',
  noTeacherRecord: '接收人没有在职的教师档案，不能接收班主任或未上课次，请先在教师管理中关联账号',
  reasonTooLong: '交接原因不能超过200个字符',
  done: '工作交接完成',
  /** Told after a refused move of sessions: the database found a clash; everything was rolled back. */
  clash: (what: string) => `${what}，本次交接未移交任何工作`,
} as const;

export const STAFF_MESSAGES = {
  notFound: '员工不存在，请刷新后重试',
  alreadyLeft: '该员工已离职',
  notLeft: '该员工在职，无需复职',
  leaveSelf: '不能将当前登录用户设为离职',
  leaveDateRequired: '请选择离职日期',
  campusUnknown: '校区不存在，请重新选择',
  postTooLong: '岗位不能超过50个字符',
  left: '已设为离职',
  rejoined: '已复职',
  saved: '保存成功',
} as const;

/** "线索3条、学员5名": the non-zero counts, in scope order ('' when there are none). */
export function countsText(counts: Partial<WorkCounts>, scopes: readonly HandoverScope[] = HANDOVER_SCOPES): string {
  return scopes
    .filter((s) => (counts[s] ?? 0) > 0)
    .map((s) => `${SCOPE_TEXT[s].countLabel}${counts[s]}${SCOPE_TEXT[s].unit}`)
    .join('、');
}

export const totalOf = (counts: Partial<WorkCounts>): number => HANDOVER_SCOPES.reduce((n, s) => n + (counts[s] ?? 0), 0);

/** Why a staff member cannot be set 离职 (they still own work), or null when nothing stands in the way. */
export function leaveBlockedMessage(counts: Partial<WorkCounts>): string | null {
  const text = countsText(counts);
  return text ? `该员工还有${text}，请先进行工作交接` : null;
}

/** Scopes from the wire (an array or a comma list): known values only, each once, in scope order; null when one is unknown. */
export function parseScopes(raw: unknown): HandoverScope[] | null {
  const list = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',') : [];
  const wanted = new Set<string>();
  for (const v of list) {
    const s = String(v ?? '').trim();
    if (!s) continue;
    if (!(HANDOVER_SCOPES as readonly string[]).includes(s)) return null;
    wanted.add(s);
  }
  return HANDOVER_SCOPES.filter((s) => wanted.has(s));
}

/** The counts stored in tbl_work_handover.counts (JSON text); anything unreadable counts as zero. */
export function parseCounts(text: string | null | undefined): WorkCounts {
  const out: WorkCounts = { ...ZERO_COUNTS };
  if (!text) return out;
  try {
    const v: unknown = JSON.parse(text);
    if (v && typeof v === 'object') {
      for (const s of HANDOVER_SCOPES) {
        const n = (v as Record<string, unknown>)[s];
        if (typeof n === 'number' && Number.isInteger(n) && n >= 0) out[s] = n;
      }
    }
  } catch {
    // A hand-edited row: shown as zero rather than failing the list.
  }
  return out;
}

export interface HandoverParties {
  fromUser: string;
  toUser: string;
  scopes: readonly HandoverScope[];
}

/** The checks that need no database: the two parties differ and something is chosen. */
export function handoverInputProblem({ fromUser, toUser, scopes }: HandoverParties): string | null {
  if (fromUser && toUser && fromUser === toUser) return HANDOVER_MESSAGES.sameUser;
  if (!scopes.length) return HANDOVER_MESSAGES.noScopes;
  return null;
}

/** 'YYYY-MM-DD' that names a real calendar day. */
export function isDateText(v: unknown): v is string {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
}
