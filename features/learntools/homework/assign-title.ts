/**
 * 布置作业's title suggestions (issue #39): choosing a 练习册 (or opening the form from a session whose template
 * lesson names a homework) proposes a title. A suggestion replaces the title only while it is empty or still the
 * previous suggestion; what the user typed is never overwritten.
 *
 * Returns the title to set, or null to leave the field alone.
 */
export function suggestedTitle(current: string | null | undefined, lastSuggested: string | null, suggestion: string | null | undefined): string | null {
  const next = (suggestion ?? '').trim();
  if (!next) return null;
  const now = (current ?? '').trim();
  if (now && now !== (lastSuggested ?? '').trim()) return null;
  return now === next ? null : next;
}
