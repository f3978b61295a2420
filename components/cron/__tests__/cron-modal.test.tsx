import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { CronInput } from '../cron-input';
import { CronModal } from '../cron-modal';

function setNumber(testId: string, value: number) {
  const input = within(screen.getByTestId(testId)).queryByRole('spinbutton') ?? (screen.getByTestId(testId) as HTMLInputElement);
  fireEvent.change(input, { target: { value: String(value) } });
  fireEvent.blur(input);
}

// antd puts the data-testid on the radio's own input.
const radio = (testId: string) => screen.getByTestId(testId) as HTMLInputElement;
const tab = (name: string) => fireEvent.click(screen.getByRole('tab', { name }));

describe('CronModal', () => {
  it('parses the value it opens with, changes the 秒 tab, and OK emits the 7-field expression', () => {
    const onOk = jest.fn();
    render(<CronModal open value="0 0 12 * * ?" onOk={onOk} onCancel={() => undefined} />);
    expect(screen.getByText('Cron表达式')).toBeTruthy();
    expect((screen.getByTestId('cron-expression') as HTMLInputElement).value).toBe('0 0 12 * * ? *');
    expect((radio('cron-second-mode-3') as HTMLInputElement).checked).toBe(true);
    fireEvent.click(radio('cron-second-mode-2'));
    setNumber('cron-second-step', 5);
    expect((screen.getByTestId('cron-expression') as HTMLInputElement).value).toBe('0/5 0 12 * * ? *');
    // The next runs follow the expression: five times, 5 s apart at 12:00.
    const runs = within(screen.getByTestId('cron-next-runs')).getAllByRole('listitem').map((li) => li.textContent);
    expect(runs).toHaveLength(5);
    expect(runs.every((r) => /^\d{4}-\d\d-\d\d 12:00:(00|05|10|15|20|25|30|35|40|45|50|55)$/.test(r!))).toBe(true);
    fireEvent.click(screen.getByTestId('cron-ok'));
    expect(onOk).toHaveBeenCalledWith('0/5 0 12 * * ? *');
  });

  it('the 周 tab takes over the day: the nth weekday, and 日 becomes ?', () => {
    const onOk = jest.fn();
    render(<CronModal open value="0 0 8 1,15 * ? *" onOk={onOk} onCancel={() => undefined} />);
    tab('日');
    expect((radio('cron-day-mode-5') as HTMLInputElement).checked).toBe(true);
    tab('周');
    fireEvent.click(radio('cron-week-mode-11'));
    setNumber('cron-week-nth', 2);
    expect((screen.getByTestId('cron-expression') as HTMLInputElement).value).toBe('0 0 8 ? * 2#2 *');
    tab('日');
    expect((radio('cron-day-mode-5') as HTMLInputElement).checked).toBe(false);
    fireEvent.click(radio('cron-day-mode-6'));
    fireEvent.click(screen.getByTestId('cron-ok'));
    expect(onOk).toHaveBeenCalledWith('0 0 8 L * ? *');
  });

  it('an empty specific list cannot be confirmed; an unreadable value starts over with a warning', () => {
    const onOk = jest.fn();
    render(<CronModal open value="not a cron" onOk={onOk} onCancel={() => undefined} />);
    expect(screen.getByText(/原表达式无法解析/)).toBeTruthy();
    expect((screen.getByTestId('cron-expression') as HTMLInputElement).value).toBe('* * * * * ? *');
    tab('月');
    fireEvent.click(radio('cron-month-mode-3'));
    expect((screen.getByTestId('cron-expression') as HTMLInputElement).value).toBe('* * * * 1 ? *');
    // The default specific list holds 1; untick it.
    const box = within(screen.getByTestId('cron-month-specific')).getAllByRole('checkbox')[0];
    fireEvent.click(box);
    expect(screen.getByTestId('cron-problem').textContent).toContain('请至少选择一个月');
    expect((screen.getByTestId('cron-ok') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('CronInput', () => {
  function Harness({ initial }: { initial: string }) {
    const [v, setV] = useState(initial);
    return (
      <>
        <CronInput value={v} onChange={setV} />
        <output data-testid="value">{v}</output>
      </>
    );
  }

  it('opens the builder on the current value and writes back what OK emits', async () => {
    render(<Harness initial="0 0 3 * * ? *" />);
    fireEvent.click(screen.getByTestId('cron-input-open'));
    expect((await screen.findByTestId('cron-expression') as HTMLInputElement).value).toBe('0 0 3 * * ? *');
    tab('时');
    fireEvent.click(radio('cron-hour-mode-4'));
    setNumber('cron-hour-range-start', 8);
    setNumber('cron-hour-range-end', 18);
    await act(async () => fireEvent.click(screen.getByTestId('cron-ok')));
    expect(screen.getByTestId('value').textContent).toBe('0 0 8-18 * * ? *');
    expect((screen.getByTestId('cron-input') as HTMLInputElement).value).toBe('0 0 8-18 * * ? *');
  });

  it('flags a typed expression that does not parse', () => {
    render(<Harness initial="" />);
    fireEvent.change(screen.getByTestId('cron-input'), { target: { value: '0 0 25 * * ?' } });
    expect(screen.getByTestId('cron-input-error').textContent).toBe('Cron表达式的“时”取值应在0到23之间');
  });
});
