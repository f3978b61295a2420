'use client';

import { useMemo, useState, type ReactNode } from 'react';
import { Alert, Button, Checkbox, Input, InputNumber, Modal, Radio, Select, Tabs } from 'antd';
import {
  BOUNDS,
  DAY_MODES,
  EOM_MINUS_BOUNDS,
  NTH_BOUNDS,
  SIMPLE_MODES,
  WEEKDAY_LABELS,
  YEAR_OPTIONS,
  defaultState,
  emit,
  formatShanghai,
  nextRuns,
  parse,
  stateProblems,
  type CronState,
  type CronUnitState,
  type Range,
  type SimpleUnit,
} from '@/lib/cron';

export const CRON_MODAL_TITLE = 'Cron表达式';
export const CRON_MODAL_WIDTH = 608;

export interface CronModalProps {
  open: boolean;
  /** The expression to start from; empty or unreadable starts from "every second". */
  value?: string;
  onOk: (expression: string) => void;
  onCancel: () => void;
}

/** The scheduled-expression builder (spec 02 §4): 7 tabs, live expression, the next 5 runs. */
export function CronModal({ open, value, onOk, onCancel }: CronModalProps) {
  return (
    <Modal open={open} title={CRON_MODAL_TITLE} width={CRON_MODAL_WIDTH} footer={null} onCancel={onCancel} destroyOnHidden>
      {/* Mounted per opening, so each opening parses the current value afresh. */}
      {open ? <CronBuilder value={value} onOk={onOk} onCancel={onCancel} /> : null}
    </Modal>
  );
}

function initialState(value: string | undefined): { state: CronState; error: string | null } {
  if (!value?.trim()) return { state: defaultState(), error: null };
  try {
    return { state: parse(value), error: null };
  } catch (e) {
    return { state: defaultState(), error: (e as Error).message };
  }
}

const UNIT_TEXT: Record<SimpleUnit, { every: string; name: string; specific: string }> = {
  second: { every: '每一秒钟', name: '秒', specific: '具体秒数(可多选)' },
  minute: { every: '每一分钟', name: '分钟', specific: '具体分钟数(可多选)' },
  hour: { every: '每一小时', name: '小时', specific: '具体小时数(可多选)' },
  month: { every: '每一月', name: '月', specific: '具体月数(可多选)' },
  year: { every: '每一年', name: '年', specific: '具体年份(可多选)' },
};

const rowStyle = { display: 'flex', alignItems: 'center', flexWrap: 'wrap' as const, gap: 6, minHeight: 32 };
const columnStyle = { display: 'flex', flexDirection: 'column' as const, gap: 10, width: '100%' };

function Num({ value, range, onChange, testId }: { value: number; range: Range; onChange: (n: number) => void; testId: string }) {
  return (
    <InputNumber
      size="small"
      min={range.min}
      max={range.max}
      precision={0}
      value={value}
      onChange={(n) => {
        // Cleared or out of range: keep the last valid value (the bounds of spec 02 §5).
        if (typeof n === 'number' && n >= range.min && n <= range.max) onChange(n);
      }}
      style={{ width: 76 }}
      data-testid={testId}
    />
  );
}

function Weekday({ value, onChange, testId }: { value: number; onChange: (n: number) => void; testId: string }) {
  return <Select size="small" value={value} onChange={onChange} style={{ width: 96 }} options={Object.entries(WEEKDAY_LABELS).map(([v, label]) => ({ value: Number(v), label }))} data-testid={testId} />;
}

function Specific({ values, options, onChange, testId }: { values: number[]; options: { value: number; label: string }[]; onChange: (v: number[]) => void; testId: string }) {
  const sorted = (v: number[]) => onChange(v.slice().sort((a, b) => a - b));
  // Long lists (seconds, minutes, days, years) are a multi-select: 60–100 checkboxes would crowd the 608 px modal.
  if (options.length > 12) {
    return <Select mode="multiple" size="small" value={values} onChange={sorted} options={options} placeholder="请选择" style={{ marginLeft: 24, width: 'calc(100% - 24px)' }} data-testid={testId} />;
  }
  return (
    <Checkbox.Group value={values} onChange={(v) => sorted(v as number[])} style={{ display: 'flex', flexWrap: 'wrap', paddingLeft: 24 }} data-testid={testId}>
      {options.map((o) => (
        <Checkbox key={o.value} value={o.value} style={{ width: 72, marginInlineStart: 0 }}>
          {o.label}
        </Checkbox>
      ))}
    </Checkbox.Group>
  );
}

function numberOptions(r: Range, pad = false) {
  const out: { value: number; label: string }[] = [];
  for (let i = r.min; i <= r.max; i++) out.push({ value: i, label: pad ? String(i).padStart(2, '0') : String(i) });
  return out;
}

function Mode({ value, unit, children }: { value: number; unit: string; children: ReactNode }) {
  return (
    <div style={rowStyle}>
      <Radio value={value} data-testid={`cron-${unit}-mode-${value}`}>
        {null}
      </Radio>
      {children}
    </div>
  );
}

function SimplePane({ unit, s, set }: { unit: SimpleUnit; s: CronUnitState; set: (patch: Partial<CronUnitState>) => void }) {
  const b = BOUNDS[unit];
  const t = UNIT_TEXT[unit];
  const valueOptions = unit === 'year' ? YEAR_OPTIONS.map((y) => ({ value: y, label: String(y) })) : numberOptions(b.value, unit !== 'month');
  return (
    <Radio.Group value={s.cronEvery} onChange={(e) => set({ cronEvery: e.target.value as number })} style={columnStyle}>
      <Mode value={SIMPLE_MODES.every} unit={unit}>
        {t.every}
      </Mode>
      <Mode value={SIMPLE_MODES.increment} unit={unit}>
        每隔 <Num value={s.incrementIncrement} range={b.step} onChange={(n) => set({ incrementIncrement: n })} testId={`cron-${unit}-step`} /> {t.name}执行，从
        <Num value={s.incrementStart} range={b.start} onChange={(n) => set({ incrementStart: n })} testId={`cron-${unit}-start`} /> {unit === 'year' ? '年' : t.name}开始
      </Mode>
      <Mode value={SIMPLE_MODES.specific} unit={unit}>
        {t.specific}
      </Mode>
      <Specific values={s.specificSpecific} options={valueOptions} onChange={(v) => set({ specificSpecific: v, cronEvery: SIMPLE_MODES.specific })} testId={`cron-${unit}-specific`} />
      <Mode value={SIMPLE_MODES.range} unit={unit}>
        周期从 <Num value={s.rangeStart} range={b.value} onChange={(n) => set({ rangeStart: n })} testId={`cron-${unit}-range-start`} /> 到
        <Num value={s.rangeEnd} range={b.value} onChange={(n) => set({ rangeEnd: n })} testId={`cron-${unit}-range-end`} /> {t.name}
      </Mode>
    </Radio.Group>
  );
}

function DayPane({ state, setDay }: { state: CronState; setDay: (patch: Partial<CronState['day']>) => void }) {
  const d = state.day;
  const b = BOUNDS.day;
  return (
    <Radio.Group value={d.cronEvery} onChange={(e) => setDay({ cronEvery: e.target.value as number })} style={columnStyle}>
      <Mode value={DAY_MODES.every} unit="day">
        每一天
      </Mode>
      <Mode value={DAY_MODES.dayIncrement} unit="day">
        每隔 <Num value={d.incrementIncrement} range={b.step} onChange={(n) => setDay({ incrementIncrement: n })} testId="cron-day-step" /> 天执行，从
        <Num value={d.incrementStart} range={b.start} onChange={(n) => setDay({ incrementStart: n })} testId="cron-day-start" /> 日开始
      </Mode>
      <Mode value={DAY_MODES.daySpecific} unit="day">
        具体天数(可多选)
      </Mode>
      <Specific values={d.specificSpecific} options={numberOptions(b.value)} onChange={(v) => setDay({ specificSpecific: v, cronEvery: DAY_MODES.daySpecific })} testId="cron-day-specific" />
      <Mode value={DAY_MODES.dayRange} unit="day">
        周期从 <Num value={d.rangeStart} range={b.value} onChange={(n) => setDay({ rangeStart: n })} testId="cron-day-range-start" /> 到
        <Num value={d.rangeEnd} range={b.value} onChange={(n) => setDay({ rangeEnd: n })} testId="cron-day-range-end" /> 日
      </Mode>
      <Mode value={DAY_MODES.lastDay} unit="day">
        在这个月的最后一天
      </Mode>
      <Mode value={DAY_MODES.lastWeekday} unit="day">
        在这个月的最后一个工作日
      </Mode>
      <Mode value={DAY_MODES.daysBeforeEom} unit="day">
        在本月底前 <Num value={d.cronDaysBeforeEomMinus} range={EOM_MINUS_BOUNDS} onChange={(n) => setDay({ cronDaysBeforeEomMinus: n })} testId="cron-day-eom" /> 天
      </Mode>
      <Mode value={DAY_MODES.nearestWeekday} unit="day">
        最近的工作日（周一至周五）至本月 <Num value={d.cronDaysNearestWeekday} range={b.value} onChange={(n) => setDay({ cronDaysNearestWeekday: n })} testId="cron-day-nearest" /> 日
      </Mode>
    </Radio.Group>
  );
}

function WeekPane({ state, setDay, setWeek }: { state: CronState; setDay: (patch: Partial<CronState['day']>) => void; setWeek: (patch: Partial<CronState['week']>) => void }) {
  const w = state.week;
  const b = BOUNDS.week;
  // Week and day modes share one radio value: choosing here makes 日 `?`, and the other way round.
  return (
    <Radio.Group value={state.day.cronEvery} onChange={(e) => setDay({ cronEvery: e.target.value as number })} style={columnStyle}>
      <Mode value={DAY_MODES.weekIncrement} unit="week">
        从 <Weekday value={w.incrementStart} onChange={(n) => setWeek({ incrementStart: n })} testId="cron-week-start" /> 开始，每隔
        <Num value={w.incrementIncrement} range={b.step} onChange={(n) => setWeek({ incrementIncrement: n })} testId="cron-week-step" /> 天执行（一周之内）
      </Mode>
      <Mode value={DAY_MODES.weekSpecific} unit="week">
        具体星期几(可多选)
      </Mode>
      <Specific values={w.specificSpecific} options={Object.entries(WEEKDAY_LABELS).map(([v, label]) => ({ value: Number(v), label }))} onChange={(v) => { setWeek({ specificSpecific: v }); setDay({ cronEvery: DAY_MODES.weekSpecific }); }} testId="cron-week-specific" />
      <Mode value={DAY_MODES.weekRange} unit="week">
        周期从 <Weekday value={w.rangeStart} onChange={(n) => setWeek({ rangeStart: n })} testId="cron-week-range-start" /> 到
        <Weekday value={w.rangeEnd} onChange={(n) => setWeek({ rangeEnd: n })} testId="cron-week-range-end" />
      </Mode>
      <Mode value={DAY_MODES.lastGivenWeekday} unit="week">
        在这个月的最后一个 <Weekday value={state.day.cronLastSpecificDomDay} onChange={(n) => setDay({ cronLastSpecificDomDay: n })} testId="cron-week-last" />
      </Mode>
      <Mode value={DAY_MODES.nthWeekday} unit="week">
        在这个月的第 <Num value={w.cronNthDayNth} range={NTH_BOUNDS} onChange={(n) => setWeek({ cronNthDayNth: n })} testId="cron-week-nth" /> 个
        <Weekday value={w.cronNthDayDay} onChange={(n) => setWeek({ cronNthDayDay: n })} testId="cron-week-nth-day" />
      </Mode>
    </Radio.Group>
  );
}

function CronBuilder({ value, onOk, onCancel }: Omit<CronModalProps, 'open'>) {
  const [{ state: initial, error }] = useState(() => initialState(value));
  const [state, setState] = useState<CronState>(initial);
  const expression = emit(state);
  const problems = stateProblems(state);
  const runs = useMemo(() => {
    if (problems.length) return [];
    try {
      return nextRuns(expression, 5).map(formatShanghai);
    } catch {
      return [];
    }
    // `problems` derives from `expression`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [expression]);

  const setUnit = (unit: SimpleUnit) => (patch: Partial<CronUnitState>) => setState((s) => ({ ...s, [unit]: { ...s[unit], ...patch } }));
  const setDay = (patch: Partial<CronState['day']>) => setState((s) => ({ ...s, day: { ...s.day, ...patch } }));
  const setWeek = (patch: Partial<CronState['week']>) => setState((s) => ({ ...s, week: { ...s.week, ...patch } }));

  const simple = (unit: SimpleUnit, label: string) => ({ key: unit, label, children: <SimplePane unit={unit} s={state[unit]} set={setUnit(unit)} /> });
  const items = [
    simple('second', '秒'),
    simple('minute', '分'),
    simple('hour', '时'),
    { key: 'day', label: '日', children: <DayPane state={state} setDay={setDay} /> },
    { key: 'week', label: '周', children: <WeekPane state={state} setDay={setDay} setWeek={setWeek} /> },
    simple('month', '月'),
    simple('year', '年'),
  ];

  return (
    <div data-testid="cron-modal">
      {error ? <Alert type="warning" showIcon style={{ marginBottom: 8 }} title={`原表达式无法解析（${error}），已从“每一秒钟”开始`} /> : null}
      <Tabs items={items} size="small" />
      <div style={{ ...rowStyle, marginTop: 8 }}>
        <span>表达式：</span>
        <Input readOnly value={expression} style={{ flex: 1 }} data-testid="cron-expression" />
      </div>
      {problems.length ? <Alert type="error" style={{ marginTop: 8 }} title={problems[0]} data-testid="cron-problem" /> : null}
      <div style={{ marginTop: 8 }}>
        <div>最近5次运行时间：</div>
        <ol style={{ margin: '4px 0 0', paddingLeft: 24 }} data-testid="cron-next-runs">
          {runs.length ? runs.map((r) => <li key={r}>{r}</li>) : <li style={{ listStyle: 'none', color: '#999' }}>{problems.length ? '—' : '没有将来的运行时间'}</li>}
        </ol>
      </div>
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8, marginTop: 16 }}>
        <Button onClick={onCancel} data-testid="cron-cancel">
          取消
        </Button>
        <Button type="primary" disabled={problems.length > 0} onClick={() => onOk(expression)} data-testid="cron-ok">
          确定
        </Button>
      </div>
    </div>
  );
}
