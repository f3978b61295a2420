/**
 * A counter of the successful writes made from this page (issue #21): the shell keeps up to ten
 * screens mounted, and a kept screen's option lists (the 行事历's 班级, a picker's rows) were loaded
 * when it was first shown. Comparing this counter with the one a screen last saw tells it that
 * something may have changed while it was hidden, without knowing what, so it can reload on show.
 * lib/http.ts counts every successful POST / PUT / DELETE.
 */

let generation = 0;

/** Called after a write succeeded. */
export function noteDataChange(): void {
  generation += 1;
}

/** How many writes have succeeded so far. */
export function dataGeneration(): number {
  return generation;
}

/**
 * Per kept page: the write generation it last saw while shown, and how many times it has been
 * shown again after writes made elsewhere (its swr hooks revalidate when that number grows).
 */
export interface ReshowState {
  seen: Readonly<Record<string, number>>;
  reshown: Readonly<Record<string, number>>;
}

export const EMPTY_RESHOW: ReshowState = { seen: {}, reshown: {} };

/**
 * The active page changes from `leaving` to `entering` at write generation `gen`. The page left
 * behind has seen everything up to now (its own writes included); the page shown again counts one
 * more reshow only when writes happened since it was last shown. A page shown for the first time
 * loads fresh anyway. Returns the same object when nothing changes.
 */
export function activatePage(state: ReshowState, leaving: string | null, entering: string, gen: number): ReshowState {
  // Same page (a query change such as the 行事历's view): it saw its own writes.
  if (leaving === entering) return state.seen[entering] === gen ? state : { ...state, seen: { ...state.seen, [entering]: gen } };
  const last = state.seen[entering];
  const stale = last !== undefined && last !== gen;
  const leftUpToDate = leaving === null || state.seen[leaving] === gen;
  if (last === gen && leftUpToDate) return state;
  const seen = { ...state.seen, [entering]: gen };
  if (leaving !== null) seen[leaving] = gen;
  return { seen, reshown: stale ? { ...state.reshown, [entering]: (state.reshown[entering] ?? 0) + 1 } : state.reshown };
}
