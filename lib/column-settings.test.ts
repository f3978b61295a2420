/** @jest-environment node */
import { memoryStorage } from './__tests__/helpers';
import { applyColumnSettings, clearColumnSettings, COLUMN_SETTINGS_TTL_MS, loadColumnSettings, parseColumnSettings, saveColumnSettings } from './column-settings';

describe('column settings', () => {
  it('keeps 7 days (604800000 ms)', () => {
    expect(COLUMN_SETTINGS_TTL_MS).toBe(604800000);
  });

  it('stores per route under pro__<route>:colsettings with an expiry', () => {
    const storage = memoryStorage();
    saveColumnSettings(storage, '/edu/location', ['name', 'city'], 1000);
    expect(JSON.parse(storage.getItem('pro__/edu/location:colsettings') as string)).toEqual({ value: ['name', 'city'], expire: 1000 + 604800000 });
    expect(loadColumnSettings(storage, '/edu/location', 2000)).toEqual(['name', 'city']);
    expect(loadColumnSettings(storage, '/other', 2000)).toBeNull();
  });

  it('forgets settings after 7 days', () => {
    const storage = memoryStorage();
    saveColumnSettings(storage, '/r', ['a'], 0);
    expect(loadColumnSettings(storage, '/r', 604800000)).toEqual(['a']);
    expect(loadColumnSettings(storage, '/r', 604800001)).toBeNull();
    expect(storage.getItem('pro__/r:colsettings')).toBeNull();
  });

  it('ignores malformed entries and can be cleared', () => {
    const storage = memoryStorage({ 'pro__/r:colsettings': JSON.stringify({ value: 'x', expire: null }) });
    expect(loadColumnSettings(storage, '/r')).toBeNull();
    saveColumnSettings(storage, '/r', ['a']);
    clearColumnSettings(storage, '/r');
    expect(loadColumnSettings(storage, '/r')).toBeNull();
  });

  it('shows every column without settings, else the chosen ones plus row number and actions', () => {
    const cols = [{ key: 'rowIndex' }, { key: 'name' }, { key: 'city' }, { key: 'status' }, { key: 'action' }];
    expect(applyColumnSettings(cols, null)).toEqual(cols);
    expect(applyColumnSettings(cols, ['status', 'name']).map((c) => c.key)).toEqual(['rowIndex', 'name', 'status', 'action']);
  });

  it('parses a raw entry without touching storage', () => {
    const raw = JSON.stringify({ value: ['a'], expire: 10 });
    expect(parseColumnSettings(raw, 10)).toEqual(['a']);
    expect(parseColumnSettings(raw, 11)).toBeNull();
    expect(parseColumnSettings('{bad', 0)).toBeNull();
    expect(parseColumnSettings(null)).toBeNull();
  });
});
