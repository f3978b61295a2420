import type { ArrivalStatus, MakeupStatus, MemberType } from './types';

/**
 * 课消 rules (../shared/domain.md §1 R5): pure, shared by the server (which decides) and the 点名 screen
 * (which previews the hours before saving).
 */

export const DEDUCT_RANGE_MESSAGE = '扣课时数必须在0到24之间，且为0.5的倍数';

/** A check may start at most this long before the session does (ATT #807: sessions checked days ahead). */
export const CHECK_EARLY_MS = 30 * 60_000;
export const CHECK_EARLY_MINUTES = CHECK_EARLY_MS / 60_000;
export const NOT_STARTED_MESSAGE = '课次未开始，不能点名';

/** When 点名 of a session starting at `start` opens: the server refuses before it, the screen says so up front. */
export const checkOpensAt = (start: Date): Date => new Date(start.getTime() - CHECK_EARLY_MS);
export const checkIsOpen = (start: Date, now: Date): boolean => now.getTime() >= checkOpensAt(start).getTime();
export const MAX_DEDUCT_HOURS = 24;

/** A refused per-student override; the server answers it with its message. */
export class DeductionError extends Error {}

export interface ClassChargeRules {
  /** 请假 deducts (ETMS IsLeaveCharge). */
  leaveCharge: boolean;
  /** 缺席 deducts (ETMS IsNotComeCharge). */
  absentCharge: boolean;
}

export interface DeductInput {
  arrivalStatus: ArrivalStatus;
  classRules: ClassChargeRules;
  lessonHours: number;
  /** The teacher's adjustment for this student; null/undefined = follow the rules. */
  override?: number | null;
}

/** 0 ≤ x ≤ 24 in steps of 0.5. */
export function isValidDeduct(x: number): boolean {
  return Number.isFinite(x) && x >= 0 && x <= MAX_DEDUCT_HOURS && Number.isInteger(x * 2);
}

/** Hours to deduct for one student: 到课/迟到 always, 请假/缺席 per the class's switches, 待签 never; an override wins. */
export function deductHours({ arrivalStatus, classRules, lessonHours, override }: DeductInput): number {
  if (override !== undefined && override !== null) {
    if (!isValidDeduct(override)) throw new DeductionError(DEDUCT_RANGE_MESSAGE);
    return override;
  }
  switch (arrivalStatus) {
    case 1:
    case 2:
      return lessonHours;
    case 3:
      return classRules.leaveCharge ? lessonHours : 0;
    case 4:
      return classRules.absentCharge ? lessonHours : 0;
    default:
      return 0;
  }
}

/** 请假/缺席 leave the student 待补课, except on a 补课 row itself (a missed make-up is not made up again here). */
export function makeupStatusAfterCheck(arrivalStatus: ArrivalStatus, memberType: MemberType = 0): MakeupStatus {
  if (memberType === 3) return 0;
  return arrivalStatus === 3 || arrivalStatus === 4 ? 1 : 0;
}

/** True for 到课 and 迟到 (ETMS counts both as attended). */
export const attended = (arrivalStatus: ArrivalStatus) => arrivalStatus === 1 || arrivalStatus === 2;
