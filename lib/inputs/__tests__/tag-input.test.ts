import { applyTagEdit, formatTags, normalizeTags } from '../tag-input';

describe('formatTags', () => {
  test.each([
    ['', false, ''],
    ['a', false, 'a'],
    ['ab', false, 'ab'],
    ['ab', true, 'ab;'],
    ['abc', true, 'ab;c'],
    ['abcdef', false, 'ab;cd;ef'],
    ['abcdef', true, 'ab;cd;ef;'],
    ['a;b;;c', false, 'ab;c'], // typed semicolons are stripped
    ['数学；英语', false, '数学;英语'], // the full-width one too
    ['数学英语物', true, '数学;英语;物'],
    ['😀😀x', false, '😀😀;x'], // one code point is one character
  ])('%p (trailing %p) → %p', (raw, trailing, out) => {
    expect(formatTags(raw, trailing)).toBe(out);
  });
});

describe('applyTagEdit', () => {
  test('typing forward adds the separator after each completed pair', () => {
    let v = '';
    for (const ch of 'abcde') v = applyTagEdit(v, v + ch).value;
    expect(v).toBe('ab;cd;e');
    expect(applyTagEdit('ab;cd;e', 'ab;cd;ef')).toEqual({ value: 'ab;cd;ef;', caret: 9 });
  });

  test('a typed semicolon is dropped', () => {
    expect(applyTagEdit('a', 'a;').value).toBe('a');
    expect(applyTagEdit('ab;', 'ab;;').value).toBe('ab;');
  });

  test('backspace over a trailing separator is not undone, and keeps deleting', () => {
    expect(applyTagEdit('ab;', 'ab')).toEqual({ value: 'ab', caret: 2 });
    expect(applyTagEdit('ab', 'a')).toEqual({ value: 'a', caret: 1 });
    expect(applyTagEdit('ab;cd;', 'ab;cd')).toEqual({ value: 'ab;cd', caret: 5 });
  });

  test('deleting in the middle regroups and keeps the caret on its character', () => {
    // "ab;cd" with the caret after "c", backspace removes c: the caret stays before the separator,
    // so the next backspace removes "b" rather than hitting the separator (which would come back).
    expect(applyTagEdit('ab;cd', 'ab;d', 3)).toEqual({ value: 'ab;d', caret: 2 });
    // Removing "b" shifts the pairs.
    expect(applyTagEdit('ab;cd;ef', 'a;cd;ef', 1)).toEqual({ value: 'ac;de;f', caret: 1 });
  });

  test('insertion in the middle puts the caret after the inserted character', () => {
    expect(applyTagEdit('ab;cd', 'axb;cd', 2)).toEqual({ value: 'ax;bc;d', caret: 3 });
  });

  test('paste, with separators and Chinese characters', () => {
    expect(applyTagEdit('', '数学;英语;物理')).toEqual({ value: '数学;英语;物理;', caret: 9 });
    expect(applyTagEdit('ab;', 'ab;甲乙丙')).toEqual({ value: 'ab;甲乙;丙', caret: 7 });
  });

  test('normalizeTags drops the trailing separator for storage', () => {
    expect(normalizeTags('ab;cd;')).toBe('ab;cd');
    expect(normalizeTags('')).toBe('');
  });
});
