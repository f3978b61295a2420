/**
 * 点名 / 课消 / 补课 (../shared/domain.md §1 R4–R7). Every write runs in one transaction and first locks the
 * session row, so two teachers checking (or a check racing a revoke) serialise on it.
 */
// The module is split by concern (roll, check / revoke, make-up, a student's packages); importers keep using this path and its exports.
export { CHECK_EARLY_MS, listRoll, MSG, syncRoll, teachesSession } from './attendance-roll';
export { checkSession, revokeSession, type CheckOptions } from './attendance-check';
export { arrangeMakeup, listPendingMakeup } from './attendance-makeup';
export { CONSUME_LOG_LIMIT, studentCourses } from '../edu/student-courses';
