import { candidateCutoffs, DAY_MS, DEFAULT_POOL_CONFIG, returnDue, shouldReturn, shouldWarn, validatePoolConfig, type LeadReturnFacts, type PoolConfig } from './pool-rules';

const NOW = new Date('2026-03-20T18:00:00Z'); // 02:00 on 03-21 in Shanghai, when the daily job runs
const daysAgo = (n: number) => new Date(NOW.getTime() - n * DAY_MS);
const CFG: PoolConfig = { ...DEFAULT_POOL_CONFIG, contactExpireDays: 15, dealExpireDays: 60, notifyDays: 3 };

const lead = (over: Partial<LeadReturnFacts> = {}): LeadReturnFacts => ({
  ownBy: 'u1',
  locked: 0,
  convertTime: null,
  ownerTime: daysAgo(5),
  createTime: daysAgo(100),
  lastFollowTime: null,
  returnWarnedTime: null,
  ...over,
});

describe('automatic return (domain §7)', () => {
  it.each<[string, Partial<LeadReturnFacts>, 'deal' | 'contact' | null]>([
    ['owned 16 days, never followed: 未跟进', { ownerTime: daysAgo(16) }, 'contact'],
    ['owned 16 days, followed 16 days ago: 未跟进', { ownerTime: daysAgo(16), lastFollowTime: daysAgo(16) }, 'contact'],
    ['owned 16 days, followed 2 days ago: kept', { ownerTime: daysAgo(16), lastFollowTime: daysAgo(2) }, null],
    ['owned exactly 15 days: not older yet', { ownerTime: daysAgo(15) }, null],
    ['owned 61 days, followed yesterday: 未成交', { ownerTime: daysAgo(61), lastFollowTime: daysAgo(1) }, 'deal'],
    ['owned 5 days: kept', {}, null],
    ['no owner_time: ownership counts from creation', { ownerTime: null, createTime: daysAgo(20) }, 'contact'],
    ['locked: never', { ownerTime: daysAgo(90), locked: 1 }, null],
    ['converted: never', { ownerTime: daysAgo(90), convertTime: daysAgo(1) }, null],
    ['in the pool: never', { ownBy: null, ownerTime: daysAgo(90) }, null],
  ])('%s', (_, over, cause) => {
    expect(shouldReturn(lead(over), CFG, NOW)).toBe(cause);
  });

  it('returns nothing while the pool is disabled', () => {
    expect(shouldReturn(lead({ ownerTime: daysAgo(90) }), { ...CFG, enabled: 0 }, NOW)).toBeNull();
  });

  it('the due instant is the earlier rule', () => {
    expect(returnDue(lead({ ownerTime: daysAgo(50), lastFollowTime: daysAgo(1) }), CFG)).toEqual({ at: new Date(daysAgo(50).getTime() + 60 * DAY_MS), cause: 'deal' });
    expect(returnDue(lead({ ownerTime: daysAgo(10) }), CFG)).toEqual({ at: new Date(daysAgo(10).getTime() + 15 * DAY_MS), cause: 'contact' });
  });
});

describe('advance warning', () => {
  it.each<[string, Partial<LeadReturnFacts>, Partial<PoolConfig>, boolean]>([
    ['due in 2 days: warned', { ownerTime: daysAgo(13) }, {}, true],
    ['due in 5 days: not yet', { ownerTime: daysAgo(10) }, {}, false],
    ['already due: returned, not warned', { ownerTime: daysAgo(16) }, {}, false],
    ['warned during this ownership: once only', { ownerTime: daysAgo(13), returnWarnedTime: daysAgo(1) }, {}, false],
    ['warned in an earlier ownership: warned again', { ownerTime: daysAgo(13), returnWarnedTime: daysAgo(20) }, {}, true],
    ['a follow-up since the warning restarts the clock', { ownerTime: daysAgo(58), lastFollowTime: daysAgo(1), returnWarnedTime: daysAgo(2) }, {}, true],
    ['warnings off', { ownerTime: daysAgo(13) }, { notifyEnabled: 0 }, false],
    ['pool disabled', { ownerTime: daysAgo(13) }, { enabled: 0 }, false],
    ['locked', { ownerTime: daysAgo(13), locked: 1 }, {}, false],
  ])('%s', (_, over, cfg, warned) => {
    expect(shouldWarn(lead(over), { ...CFG, ...cfg }, NOW) !== null).toBe(warned);
  });

  it('the SQL prefilter keeps every lead the rule returns or warns', () => {
    const { ownedBefore, quietBefore } = candidateCutoffs(CFG, NOW);
    expect(ownedBefore).toEqual(daysAgo(57));
    expect(quietBefore).toEqual(daysAgo(12));
    for (let d = 0; d < 80; d++) {
      const l = lead({ ownerTime: daysAgo(d), lastFollowTime: d > 30 ? daysAgo(d - 30) : null });
      const hit = shouldReturn(l, CFG, NOW) !== null || shouldWarn(l, CFG, NOW) !== null;
      const start = l.ownerTime!.getTime();
      const last = Math.max(start, l.lastFollowTime?.getTime() ?? -Infinity);
      const kept = start <= ownedBefore.getTime() || last <= quietBefore.getTime();
      if (hit) expect(kept).toBe(true);
    }
  });
});

describe('pool settings', () => {
  const ok = { enabled: 1, contactExpireDays: 15, dealExpireDays: 60, notifyEnabled: 1, notifyDays: 3, maxOwned: 200 };
  it('accepts numbers and their text', () => {
    expect(validatePoolConfig({ ...ok, maxOwned: '50', enabled: '0' })).toEqual({ config: { ...ok, maxOwned: 50, enabled: 0 } });
  });
  it.each<[Record<string, unknown>, string]>([
    [{ maxOwned: 0 }, '每人可拥有线索上限必须是1到100000之间的整数'],
    [{ maxOwned: 1.5 }, '每人可拥有线索上限必须是1到100000之间的整数'],
    [{ contactExpireDays: '' }, '请输入未跟进回收天数'],
    [{ dealExpireDays: 10 }, '未成交回收天数必须大于未跟进回收天数'],
    [{ notifyDays: 15 }, '提前提醒天数必须小于未跟进回收天数'],
    [{ enabled: 'x' }, '请选择是否启用线索池'],
  ])('refuses %p', (bad, message) => {
    expect(validatePoolConfig({ ...ok, ...bad })).toEqual({ error: message });
  });
});
