import { useState } from 'react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { wrapper } from '@/components/data/list/__tests__/helpers';
import { EditableGrid } from '../editable-grid';
import type { GridColumn, GridRow } from '@/lib/grid/types';

jest.mock('@/components/grid/use-vxe-socket', () => ({ useVxeSocket: () => ({ send: jest.fn(), status: 'closed' }) }));

const columns: GridColumn[] = [
  { key: 'name', title: '名称', type: 'input' },
  { key: 'status', title: '启用', type: 'checkbox', customValue: [1, 0] },
];
const many: GridRow[] = Array.from({ length: 2000 }, (_, i) => ({ id: `r${i}`, name: `n${i}`, status: i === 0 ? 1 : 0 }));

/** jsdom has no layout: the virtualiser measures a 400 px box, and scrollTop is kept by hand. */
function virtualBox() {
  const h = jest.spyOn(Element.prototype, 'clientHeight', 'get').mockReturnValue(400);
  const w = jest.spyOn(Element.prototype, 'clientWidth', 'get').mockReturnValue(1000);
  return () => {
    h.mockRestore();
    w.mockRestore();
  };
}

function scrollTo(top: number) {
  const box = screen.getByTestId('editable-grid-scroll');
  Object.defineProperty(box, 'scrollTop', { value: top, configurable: true, writable: true });
  act(() => {
    fireEvent.scroll(box);
  });
}

/** A live cell with state of its own (a slot column's custom control). */
function Stateful({ value }: { value: unknown }) {
  const [first] = useState(String(value));
  return <span data-testid="stateful">{first}</span>;
}

/** The row element that showed row 0 when the grid opened, followed across a scroll. */
const rowOf = (id: string) => document.querySelector(`[data-row-id="${id}"]`) as HTMLElement | null;

describe('EditableGrid virtual rows (recycled by slot)', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = virtualBox();
  });
  afterEach(() => restore());

  it('a row scrolling in reuses the DOM of one that scrolled out, showing only its own record', () => {
    render(<EditableGrid columns={columns} dataSource={many} />, { wrapper: wrapper() });
    const el = rowOf('r0')!;
    fireEvent.click(screen.getByTestId('grid-select-0'));
    expect(el.querySelector<HTMLInputElement>('[data-testid="grid-select-0"]')!.checked).toBe(true);
    scrollTo(2000);
    expect(rowOf('r0')).toBeNull();
    // The same element now carries another record: its index, text, selection and checkbox cell are that record's.
    const id = el.getAttribute('data-row-id')!;
    const index = Number(id.slice(1));
    expect(index).toBeGreaterThan(20);
    expect(el.getAttribute('data-testid')).toBe(`grid-row-${index}`);
    expect(within(el).getByTestId(`grid-cell-${index}-name`).textContent).toBe(`n${index}`);
    expect(within(el).getByTestId<HTMLInputElement>(`grid-select-${index}`).checked).toBe(false);
    expect(within(el).getByTestId<HTMLInputElement>('grid-checkbox').checked).toBe(false);
    // Scrolling back shows row 0 as it was left.
    scrollTo(0);
    expect(screen.getByTestId<HTMLInputElement>('grid-select-0').checked).toBe(true);
    expect(within(screen.getByTestId('grid-cell-0-status')).getByTestId<HTMLInputElement>('grid-checkbox').checked).toBe(true);
  });

  it('the focus does not carry over to the record that takes a recycled row', () => {
    render(<EditableGrid columns={columns} dataSource={many} />, { wrapper: wrapper() });
    const el = rowOf('r0')!;
    const box = screen.getByTestId('grid-select-0');
    box.focus();
    expect(document.activeElement).toBe(box);
    scrollTo(2000);
    expect(el.getAttribute('data-row-id')).not.toBe('r0');
    expect(el.contains(document.activeElement)).toBe(false);
  });

  it('an open editor never moves to the record that takes its row', () => {
    render(<EditableGrid columns={columns} dataSource={many} />, { wrapper: wrapper() });
    const el = rowOf('r0')!;
    fireEvent.click(screen.getByTestId('grid-cell-0-name'));
    const editor = within(screen.getByTestId('grid-cell-0-name')).getByTestId('grid-editor') as HTMLInputElement;
    fireEvent.change(editor, { target: { value: '草稿' } });
    scrollTo(2000);
    expect(within(el).queryByTestId('grid-editor')).toBeNull();
    expect(el.textContent).not.toContain('草稿');
  });

  it('a stateful live cell starts afresh for the record that takes its row', () => {
    const cols: GridColumn[] = [...columns, { key: 'name2', title: '自定义', type: 'slot', render: ({ row }) => <Stateful value={row.name} /> }];
    render(<EditableGrid columns={cols} dataSource={many} />, { wrapper: wrapper() });
    const el = rowOf('r0')!;
    expect(within(el).getByTestId('stateful').textContent).toBe('n0');
    scrollTo(2000);
    const id = el.getAttribute('data-row-id')!;
    expect(id).not.toBe('r0');
    expect(within(el).getByTestId('stateful').textContent).toBe(`n${id.slice(1)}`);
  });
});

describe('EditableGrid virtual rows: Tab order', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = virtualBox();
  });
  afterEach(() => restore());

  it('Tab and Shift+Tab move between the selection boxes in row order, although the DOM keeps rows in slot order', () => {
    render(<EditableGrid columns={[columns[0]]} dataSource={many} />, { wrapper: wrapper() });
    scrollTo(2000);
    const order = [...document.querySelectorAll<HTMLElement>('[data-row-index]')].map((r) => Number(r.dataset.rowIndex));
    // The recycled rows are out of row order in the DOM: find the row whose DOM successor is not the next row.
    const sorted = [...order].sort((a, b) => a - b);
    expect(order).not.toEqual(sorted);
    const last = order[order.length - 1];
    expect(order).toContain(last + 1);
    const box = screen.getByTestId(`grid-select-${last}`);
    box.focus();
    fireEvent.keyDown(box, { key: 'Tab' });
    expect(document.activeElement).toBe(screen.getByTestId(`grid-select-${last + 1}`));
    fireEvent.keyDown(document.activeElement!, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(box);
  });
});
