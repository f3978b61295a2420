import { escapeHtml, sanitizeHtml, stripTags } from '../sanitize-html';

/**
 * Message-template placeholders (`${name}`), shared by the backend's save checks
 * (server/message/catalog-messages.ts) and the send dialog (variable inputs, live preview). The preview
 * mirrors server/message/announcements.ts `renderTemplate`; a server test holds the two together.
 */

/** A placeholder name: a plain identifier (no dots, no spaces inside). */
export const VARIABLE_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]*$/;
/** Well-formed placeholders; spaces around the name are tolerated, as the renderer does. */
const PLACEHOLDER = /\$\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}/g;
/** Anything that opens a placeholder, closed or not (the second group is the closing brace, if any). */
const ANY_OPENING = /\$\{([^{}]*)(\}?)/g;

export const TEST_JSON_NOT_OBJECT = '测试数据必须是JSON对象';
export const TEMPLATE_TYPE_TEXT = '1';
export const TEMPLATE_TYPE_RICH = '2';

/** The placeholder names used by the texts, in order of first use. */
export function templateVars(...texts: (string | null | undefined)[]): string[] {
  const names = new Set<string>();
  for (const text of texts) for (const m of (text ?? '').matchAll(PLACEHOLDER)) names.add(m[1]);
  return [...names];
}

/** Why a text's placeholders are unusable (first problem), or null when every `${…}` is a closed, simple name. */
export function placeholderProblem(label: string, text: string | null | undefined): string | null {
  for (const m of (text ?? '').matchAll(ANY_OPENING)) {
    const inner = m[1].trim();
    if (!m[2]) return `${label}中的变量“${'${'}${m[1].slice(0, 20)}”缺少右花括号 }`;
    if (!VARIABLE_NAME_RE.test(inner)) return `${label}中的变量“${'${'}${m[1].slice(0, 20)}}”不正确：变量名只能包含字母、数字和下划线，且不能以数字开头`;
  }
  return null;
}

export type TestData = Record<string, unknown>;

/** A template's test data: absent/blank → {}; a JSON object → it; anything else → null (refused). */
export function parseTestJson(raw: string | null | undefined): TestData | null {
  if (raw === null || raw === undefined || !raw.trim()) return {};
  try {
    const v: unknown = JSON.parse(raw);
    return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as TestData) : null;
  } catch {
    return null;
  }
}

/** Initial input values for the variables: the test data's scalar values as text, '' otherwise. */
export function prefillValues(vars: string[], testJson: string | null | undefined): Record<string, string> {
  const data = parseTestJson(testJson) ?? {};
  const out: Record<string, string> = {};
  for (const name of vars) {
    const v = data[name];
    out[name] = typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : '';
  }
  return out;
}

export interface TemplateTexts {
  templateTitle: string;
  templateContent: string;
  templateType: string;
}

/**
 * What a message from this template will look like. Unlike the server, a missing or empty value does not
 * fail: the placeholder stays visible, so the sender sees what is still to fill in (the send form requires
 * every value, so an empty one is never sent).
 */
export function renderPreview(tpl: TemplateTexts, data: Record<string, string | undefined>): { title: string; content: string } {
  const fill = (text: string, escape: boolean) =>
    text.replace(PLACEHOLDER, (whole, name: string) => {
      const v = data[name];
      if (v === undefined || v === null || v === '') return whole;
      return escape ? escapeHtml(String(v)) : String(v);
    });
  const title = stripTags(fill(tpl.templateTitle ?? '', false)).trim().slice(0, 100);
  const content =
    tpl.templateType === TEMPLATE_TYPE_RICH
      ? sanitizeHtml(fill(tpl.templateContent ?? '', true))
      : escapeHtml(fill(tpl.templateContent ?? '', false)).replace(/\r?\n/g, '<br>');
  return { title, content };
}
