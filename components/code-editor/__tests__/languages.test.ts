/** @jest-environment node */
import { EditorState } from '@codemirror/state';
import { getIndentUnit, language as languageFacet } from '@codemirror/language';
import { CODE_LANGUAGES, editorExtensions, languageExtensions, resolveLanguage } from '../languages';

/** The name of the language an extension installs into a state (undefined = plain text). */
function languageName(name: string | undefined): string | undefined {
  const state = EditorState.create({ doc: '', extensions: languageExtensions(name) });
  return state.facet(languageFacet)?.name;
}

describe('code editor languages (spec 02 §9)', () => {
  it('offers exactly the spec list', () => {
    expect([...CODE_LANGUAGES]).toEqual(['css', 'javascript', 'html', 'java', 'objective-c', 'python', 'r', 'shell', 'sql', 'swift', 'vue', 'markdown']);
  });

  test.each([
    ['css', 'css'],
    ['javascript', 'javascript'],
    ['html', 'html'],
    ['java', 'java'],
    ['objective-c', 'objectivec'],
    ['python', 'python'],
    ['r', 'r'],
    ['shell', 'shell'],
    ['sql', 'sql'],
    ['swift', 'swift'],
    ['vue', 'vue'],
    ['markdown', 'markdown'],
  ])('%s resolves to a language extension', (name, installed) => {
    expect(languageExtensions(name)).toHaveLength(1);
    expect(languageName(name)).toBe(installed);
  });

  it('aliases resolve; unknown or empty names are plain text', () => {
    expect(resolveLanguage('JSON')).toBe('javascript');
    expect(resolveLanguage('bash')).toBe('shell');
    expect(languageExtensions('cobol')).toEqual([]);
    expect(languageExtensions(undefined)).toEqual([]);
    expect(languageName('cobol')).toBeUndefined();
  });

  it('tab size 2 and a two-space indent, whatever the language', () => {
    for (const name of ['python', 'cobol']) {
      const state = EditorState.create({ doc: '', extensions: editorExtensions(name) });
      expect(state.tabSize).toBe(2);
      expect(getIndentUnit(state)).toBe(2);
    }
  });
});
