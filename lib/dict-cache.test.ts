import {
  clearDictCache,
  DICT_CACHE_STORAGE_KEY,
  DICT_CACHE_TTL,
  dictTextOf,
  lookupDict,
  normalizeDictItems,
  dictOptionLabel,
  readDictCache,
  splitDictValue,
  writeDictCache,
} from './dict-cache';

const NOW = Date.UTC(2026, 0, 5, 8, 0, 0);
const SEX = [
  { value: '1', text: '男' },
  { value: '2', text: '女' },
];

beforeEach(() => localStorage.clear());

describe('dictionary cache in localStorage', () => {
  it('is stored under pro__UI_DICT_CACHE_ITEMS (the key login writes and logout clears) for 7 days', () => {
    writeDictCache(localStorage, { sex: SEX }, NOW);
    expect(DICT_CACHE_STORAGE_KEY).toBe('pro__UI_DICT_CACHE_ITEMS');
    const raw = JSON.parse(localStorage.getItem('pro__UI_DICT_CACHE_ITEMS')!);
    expect(raw.expire).toBe(NOW + 7 * 24 * 3600 * 1000);
    expect(DICT_CACHE_TTL).toBe(604_800_000);
  });

  it('answers until the 7 days are over, then nothing, and the entry is removed', () => {
    writeDictCache(localStorage, { sex: SEX }, NOW);
    expect(lookupDict(localStorage, 'sex', NOW + DICT_CACHE_TTL - 1)?.map((i) => i.text)).toEqual(['男', '女']);
    expect(lookupDict(localStorage, 'sex', NOW + DICT_CACHE_TTL + 1)).toBeNull();
    expect(localStorage.getItem(DICT_CACHE_STORAGE_KEY)).toBeNull();
  });

  it('lookups are by code; an unknown code is a miss (null), a known empty dictionary is []', () => {
    writeDictCache(localStorage, { sex: SEX, empty: [] }, NOW);
    expect(lookupDict(localStorage, 'priority', NOW)).toBeNull();
    expect(lookupDict(localStorage, 'empty', NOW)).toEqual([]);
    expect(lookupDict(localStorage, 'toString', NOW)).toBeNull();
  });

  it('reads a cache written by login (sysAllDictItems with title/label only) and survives junk', () => {
    localStorage.setItem(DICT_CACHE_STORAGE_KEY, JSON.stringify({ value: { yn: [{ value: 1, label: '是' }, null, { value: '0', title: '否' }] }, expire: NOW + 1000 }));
    expect(readDictCache(localStorage, NOW)).toEqual({
      yn: [
        { value: '1', text: '是', title: '是', label: '是' },
        { value: '0', text: '否', title: '否', label: '否' },
      ],
    });
    localStorage.setItem(DICT_CACHE_STORAGE_KEY, '{not json');
    expect(readDictCache(localStorage, NOW)).toBeNull();
    localStorage.setItem(DICT_CACHE_STORAGE_KEY, JSON.stringify({ value: [1, 2], expire: null }));
    expect(readDictCache(localStorage, NOW)).toBeNull();
  });

  it('clearDictCache removes the entry', () => {
    writeDictCache(localStorage, { sex: SEX }, NOW);
    clearDictCache(localStorage);
    expect(readDictCache(localStorage, NOW)).toBeNull();
  });
});

describe('value helpers', () => {
  const items = normalizeDictItems(SEX);

  it('normalizeDictItems falls back text → label → title and keeps disabled', () => {
    expect(normalizeDictItems([{ value: 'a', title: 'A', disabled: true }])).toEqual([{ value: 'a', text: 'A', title: 'A', label: 'A', disabled: true }]);
    expect(normalizeDictItems('x')).toEqual([]);
  });

  it('normalizeDictItems keeps the optional phone and ownBy (spec 02 §3), blanks dropped; dictOptionLabel shows the phone', () => {
    expect(normalizeDictItems([{ value: 'u1', text: '王芳', phone: ' 13800000001 ', ownBy: 'admin1' }, { value: 'u2', text: '李雷', phone: '', ownBy: null }])).toEqual([
      { value: 'u1', text: '王芳', title: '王芳', label: '王芳', phone: '13800000001', ownBy: 'admin1' },
      { value: 'u2', text: '李雷', title: '李雷', label: '李雷' },
    ]);
    expect(dictOptionLabel({ text: '王芳', phone: '13800000001' })).toBe('王芳（13800000001）');
    expect(dictOptionLabel({ text: '李雷' })).toBe('李雷');
  });

  it('splitDictValue splits comma strings, numbers and arrays', () => {
    expect(splitDictValue('1, 2,,')).toEqual(['1', '2']);
    expect(splitDictValue(2)).toEqual(['2']);
    expect(splitDictValue(['1', 2])).toEqual(['1', '2']);
    expect(splitDictValue(null)).toEqual([]);
  });

  it('dictTextOf translates each comma value and joins with ","; unknown values stay', () => {
    expect(dictTextOf(items, '1,2')).toBe('男,女');
    expect(dictTextOf(items, 2)).toBe('女');
    expect(dictTextOf(items, '1,9')).toBe('男,9');
    expect(dictTextOf(items, '')).toBe('');
  });
});
