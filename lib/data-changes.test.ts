/** @jest-environment node */
import { activatePage, dataGeneration, EMPTY_RESHOW, noteDataChange } from './data-changes';

describe('activatePage (kept tabs shown again after writes elsewhere)', () => {
  const A = '/edu/clazz';
  const B = '/calpanel/CalendarPanel';

  it('a page shown for the first time is not counted as reshown', () => {
    const s = activatePage(EMPTY_RESHOW, null, A, 0);
    expect(s.reshown).toEqual({});
    expect(s.seen).toEqual({ [A]: 0 });
  });

  it('a page shown again after a write made on another page is reshown once', () => {
    let s = activatePage(EMPTY_RESHOW, null, B, 0);
    s = activatePage(s, B, A, 0);
    // 班级管理 creates a class (generation 1), then 行事历 is shown again.
    s = activatePage(s, A, B, 1);
    expect(s.reshown).toEqual({ [B]: 1 });
    // Back and forth without writes: nothing more to reload.
    s = activatePage(s, B, A, 1);
    s = activatePage(s, A, B, 1);
    expect(s.reshown).toEqual({ [B]: 1 });
  });

  it('the writes a page made itself do not reload it when it is shown again', () => {
    let s = activatePage(EMPTY_RESHOW, null, A, 0);
    s = activatePage(s, A, B, 3); // three writes on A, then B is opened
    s = activatePage(s, B, A, 3);
    expect(s.reshown).toEqual({});
  });

  it('a query change on the same page only records the writes it saw', () => {
    let s = activatePage(EMPTY_RESHOW, null, B, 0);
    s = activatePage(s, B, B, 2);
    expect(s).toEqual({ seen: { [B]: 2 }, reshown: {} });
    expect(activatePage(s, B, B, 2)).toBe(s);
  });

  it('counts writes', () => {
    const before = dataGeneration();
    noteDataChange();
    expect(dataGeneration()).toBe(before + 1);
  });
});
