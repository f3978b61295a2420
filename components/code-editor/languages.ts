import { EditorState, type Extension } from '@codemirror/state';
import { StreamLanguage, indentUnit } from '@codemirror/language';
import { css } from '@codemirror/lang-css';
import { html } from '@codemirror/lang-html';
import { java } from '@codemirror/lang-java';
import { javascript } from '@codemirror/lang-javascript';
import { markdown } from '@codemirror/lang-markdown';
import { python } from '@codemirror/lang-python';
import { sql } from '@codemirror/lang-sql';
import { vue } from '@codemirror/lang-vue';
import { objectiveC } from '@codemirror/legacy-modes/mode/clike';
import { r } from '@codemirror/legacy-modes/mode/r';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import { swift } from '@codemirror/legacy-modes/mode/swift';

/** The code editor's languages (spec 02 §9), in the spec's order. */
export const CODE_LANGUAGES = ['css', 'javascript', 'html', 'java', 'objective-c', 'python', 'r', 'shell', 'sql', 'swift', 'vue', 'markdown'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];

/** Languages with a full Lezer grammar use their package; the rest run CodeMirror 5 modes through StreamLanguage. */
const FACTORIES: Record<CodeLanguage, () => Extension> = {
  css: () => css(),
  javascript: () => javascript(),
  html: () => html(),
  java: () => java(),
  'objective-c': () => StreamLanguage.define(objectiveC),
  python: () => python(),
  r: () => StreamLanguage.define(r),
  shell: () => StreamLanguage.define(shell),
  sql: () => sql(),
  swift: () => StreamLanguage.define(swift),
  vue: () => vue(),
  markdown: () => markdown(),
};

/** Other spellings callers use (CodeMirror 5 mode names, file extensions). */
const ALIASES: Record<string, CodeLanguage> = {
  js: 'javascript',
  json: 'javascript',
  htmlmixed: 'html',
  objectivec: 'objective-c',
  'text/x-objectivec': 'objective-c',
  sh: 'shell',
  bash: 'shell',
  md: 'markdown',
  py: 'python',
};

export function resolveLanguage(name: string | undefined): CodeLanguage | null {
  const key = (name ?? '').trim().toLowerCase();
  if ((CODE_LANGUAGES as readonly string[]).includes(key)) return key as CodeLanguage;
  return ALIASES[key] ?? null;
}

/** The language extension for a name; none (plain text) for an unknown or empty name. */
export function languageExtensions(name: string | undefined): Extension[] {
  const lang = resolveLanguage(name);
  return lang ? [FACTORIES[lang]()] : [];
}

/** Spec 02 §9: tab size 2 (the indent unit is two spaces as well). */
export const TAB_SIZE = 2;

/** Everything the editor adds to CodeMirror's basic setup: the language, tab size and indent unit. */
export function editorExtensions(name: string | undefined): Extension[] {
  return [...languageExtensions(name), indentUnit.of(' '.repeat(TAB_SIZE)), EditorState.tabSize.of(TAB_SIZE)];
}
