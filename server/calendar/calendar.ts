/**
 * 行事历 entries (issue 7, ../shared/domain.md §1): the range read of the views, the detail, add, edit
 * (move / resize / re-assign, along a series per rule R3) and cancel. Every write runs in one transaction,
 * checks clashes first to name them (rule R1) and maps a lost race on the exclusion constraints to 409.
 */
// The module is split by concern (rules, reads, writes); importers keep using this path and its exports.
export {
  assertClazzVisible,
  assertEntryVisible,
  assertMayOverride,
  CALENDAR_MESSAGES,
  cancelSchema,
  checkTeachers,
  cleanLiveUrl,
  conflictFailure,
  entryEditSchema,
  entryInputSchema,
  entryScope,
  lockClazz,
  nextLessonNo,
  operatorName,
  overrideDetail,
  overrideField,
  renumberLessons,
  resolvePlace,
  teacherNotActive,
  teachersField,
  withRaceMapping,
  writeLog,
  type Actor,
  type EntryEdit,
  type EntryInput,
} from './calendar-rules';
export { calendarOptions, getEntryDetail, OPTION_LIMIT, parseRangeQuery, queryRange, queryRangeJson, queryRangeText, type RangeQuery } from './calendar-queries';
export { addEntry, cancelEntry, editEntry, insertRoll } from './calendar-writes';
