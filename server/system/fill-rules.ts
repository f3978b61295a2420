import { sql } from 'kysely';
import type { Database } from '../db';
import { ApiFailure } from '../core/errors';
import { categoryParent, categoryToken, formatFillValue, isResetPeriod, parseFillPattern, periodKey, usesSequence, type FillToken, type ResetPeriod } from '../../lib/rules/fill-rule';
import { CategoryError, nextCategoryCode } from './category';

/**
 * 填值规则 at run time: `executeFillRule` turns a stored rule into a value. The sequence is one statement per
 * call — `insert … on conflict (rule_code, period) do update set value = value + 1 returning value` — which the
 * database serialises on the counter row, so parallel calls (and several instances) never get the same number.
 * A number taken but not used (a save refused afterwards) leaves a gap, never a duplicate.
 */

export const FILL_EXEC_MESSAGES = {
  notFound: (code: string) => `填值规则不存在：${code}`,
  broken: (why: string) => `填值规则配置错误：${why}`,
  taken: '自动编号与已有编号重复，请稍后重试',
  noParent: (pid: string) => `分类字典中没有父级节点：${pid}`,
} as const;

/**
 * The clock of the routes and hooks that run rules: read once per request and passed down (the pure rules never
 * read the time). Tests replace `now` to check period resets on a fixed date.
 */
export const fillRuleClock = { now: (): Date => new Date() };

interface LoadedRule {
  code: string;
  tokens: FillToken[];
  reset: ResetPeriod;
}

async function loadRule(db: Database, ruleCode: string): Promise<LoadedRule | null> {
  const row = await db.selectFrom('sys_fill_rule').select(['rule_code', 'rule_pattern', 'reset_period']).where('rule_code', '=', ruleCode.slice(0, 100)).executeTakeFirst();
  if (!row) return null;
  const parsed = parseFillPattern(row.rule_pattern);
  if (!parsed.ok) throw new ApiFailure(FILL_EXEC_MESSAGES.broken(parsed.message));
  return { code: row.rule_code, tokens: parsed.tokens, reset: isResetPeriod(row.reset_period) ? row.reset_period : 'none' };
}

/** Advances the (rule, period) counter by `by` atomically; answers the new value (the last of the `by` taken). */
export async function advanceSequence(db: Database, ruleCode: string, period: string, by = 1): Promise<number> {
  const row = await db
    .insertInto('sys_fill_rule_seq')
    .values({ rule_code: ruleCode, period, value: by })
    .onConflict((oc) => oc.columns(['rule_code', 'period']).doUpdateSet({ value: sql`sys_fill_rule_seq.value + ${by}`, update_time: sql`now()` }))
    .returning('value')
    .executeTakeFirstOrThrow();
  return Number(row.value);
}

/** The rule's next value for this form at `now`; null when no rule has that code. */
export async function executeFillRule(db: Database, ruleCode: string, form: Record<string, unknown> | null, now: Date): Promise<string | null> {
  const rule = await loadRule(db, ruleCode);
  if (!rule) return null;
  const seq = usesSequence(rule.tokens) ? await advanceSequence(db, rule.code, periodKey(rule.reset, now)) : undefined;
  return formatFillValue(rule.tokens, { now, seq, form, category: await categoryValue(db, rule.tokens, form) });
}

/** The {category} token's code for this form (undefined without one). */
async function categoryValue(db: Database, tokens: FillToken[], form: Record<string, unknown> | null): Promise<string | undefined> {
  const token = categoryToken(tokens);
  if (!token) return undefined;
  const pid = categoryParent(token, form);
  try {
    const code = await nextCategoryCode(db, pid);
    if (code === null) throw new ApiFailure(FILL_EXEC_MESSAGES.noParent(pid));
    return code;
  } catch (e) {
    // 该层级的编码已用尽: the category's own message.
    if (e instanceof CategoryError) throw new ApiFailure(e.message);
    throw e;
  }
}

/** A numbered business table: its rule, column and wire field. */
export interface NumberTarget {
  ruleCode: string;
  table: 'tbl_student' | 'tbl_clazz';
  column: 'student_no' | 'clazz_no';
  field: string;
}

export const STUDENT_NUMBER: NumberTarget = { ruleCode: 'student_no', table: 'tbl_student', column: 'student_no', field: 'studentNo' };
export const CLAZZ_NUMBER: NumberTarget = { ruleCode: 'clazz_no', table: 'tbl_clazz', column: 'clazz_no', field: 'clazzNo' };

async function takenNumbers(db: Database, t: NumberTarget, values: string[]): Promise<Set<string>> {
  if (!values.length) return new Set();
  // The table and column come from the two fixed targets above, never from a request. Deleted rows count too, as in
  // the engine's unique check (a number is an identity; the index itself is over live rows).
  const rows = await sql<{ no: string }>`select ${sql.ref(t.column)} as no from ${sql.table(t.table)} where ${sql.ref(t.column)} in (${sql.join(values)})`.execute(db);
  return new Set(rows.rows.map((r) => r.no));
}

/**
 * A new number for a row of `t` (null when the rule was deleted: the row is saved without one). A value someone
 * typed by hand may already hold the next number: up to 5 are drawn before giving up with a clear message.
 */
export async function nextNumber(db: Database, t: NumberTarget, form: Record<string, unknown>, now: Date): Promise<string | null> {
  for (let i = 0; i < 5; i++) {
    const v = await executeFillRule(db, t.ruleCode, form, now);
    if (v === null) return null;
    if (!(await takenNumbers(db, t, [v])).has(v)) return v;
  }
  throw new ApiFailure(FILL_EXEC_MESSAGES.taken);
}

/**
 * Numbers for `forms.length` new rows of `t` at once (an Excel import): one counter statement for the whole block
 * instead of three statements a row; a number someone already holds (typed by hand) is left out, and its row
 * gets one of its own from `nextNumber`. Answers one value (or null: no rule) per form, in order.
 */
export async function nextNumbers(db: Database, t: NumberTarget, forms: Record<string, unknown>[], now: Date): Promise<(string | null)[]> {
  if (!forms.length) return [];
  const rule = await loadRule(db, t.ruleCode);
  if (!rule) return forms.map(() => null);
  if (!usesSequence(rule.tokens)) return Promise.all(forms.map((f) => nextNumber(db, t, f, now)));
  const last = await advanceSequence(db, rule.code, periodKey(rule.reset, now), forms.length);
  const out: (string | null)[] = forms.map((form, i) => formatFillValue(rule.tokens, { now, seq: last - forms.length + 1 + i, form }));
  const taken = new Set<string>();
  for (let i = 0; i < out.length; i += 500) for (const v of await takenNumbers(db, t, out.slice(i, i + 500) as string[])) taken.add(v);
  const seen = new Set<string>();
  for (let i = 0; i < out.length; i++) {
    // A {field:…} pattern without the sequence's effect (two rows alike) or a hand-typed clash: a number of its own.
    if (taken.has(out[i]!) || seen.has(out[i]!)) out[i] = await nextNumber(db, t, forms[i]!, now);
    if (out[i] !== null) seen.add(out[i]!);
  }
  return out;
}

/**
 * Numbers the live rows of `t` that have none, in creation order, each dated by its creation time (the demo
 * seed's rows: they are inserted in bulk without the form). One counter statement per period, one update per
 * 500 rows; a number someone already holds is skipped (the row waits for the next run). Answers how many.
 */
export async function numberUnnumbered(db: Database, t: NumberTarget): Promise<number> {
  const rule = await loadRule(db, t.ruleCode);
  if (!rule || !usesSequence(rule.tokens)) return 0;
  const rows = (
    await sql<{ id: string; create_time: Date }>`select id, create_time from ${sql.table(t.table)} where del_flag = 0 and ${sql.ref(t.column)} is null order by create_time, id`.execute(db)
  ).rows;
  const byPeriod = new Map<string, typeof rows>();
  for (const r of rows) {
    const key = periodKey(rule.reset, new Date(r.create_time));
    byPeriod.set(key, [...(byPeriod.get(key) ?? []), r]);
  }
  let done = 0;
  for (const [period, group] of byPeriod) {
    const last = await advanceSequence(db, rule.code, period, group.length);
    const numbered = group.map((r, i) => ({ id: r.id, no: formatFillValue(rule.tokens, { now: new Date(r.create_time), seq: last - group.length + 1 + i }) }));
    for (let i = 0; i < numbered.length; i += 500) {
      const chunk = numbered.slice(i, i + 500);
      const taken = await takenNumbers(db, t, chunk.map((x) => x.no));
      const free = chunk.filter((x) => !taken.has(x.no));
      if (!free.length) continue;
      const values = sql.join(free.map((x) => sql`(${x.id}, ${x.no})`));
      await sql`update ${sql.table(t.table)} set ${sql.ref(t.column)} = v.no from (values ${values}) as v(id, no) where ${sql.table(t.table)}.id = v.id and ${sql.ref(`${t.table}.${t.column}`)} is null`.execute(db);
      done += free.length;
    }
  }
  return done;
}
