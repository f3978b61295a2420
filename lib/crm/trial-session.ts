/** A session offered for a 试听: one row of GET /crm/tblLead/trialSessions (server/crm/lead-convert.ts). */
export interface TrialSessionRow {
  id: string;
  startTime: string;
  endTime: string;
  title: string | null;
  courseId: string | null;
  courseName: string | null;
  clazzName: string | null;
  roomName: string | null;
  headcount: number;
  capacity: number | null;
  /** The session is of the lead's 意向课程 (listed first). */
  intended: boolean;
  /** 已满: the class's capacity is reached; `allowOver` says whether the class may still take one more. */
  full: boolean;
  allowOver: boolean;
}

/** A full class can still be chosen when it may take more than its capacity (the server's capacity rule agrees). */
export const isBookable = (r: Pick<TrialSessionRow, 'full' | 'allowOver'>) => !r.full || r.allowOver;
