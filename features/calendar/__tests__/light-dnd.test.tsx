import { fireEvent, render } from '@testing-library/react';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { Calendar, dayjsLocalizer } from 'react-big-calendar';
import { withLightDragAndDrop } from '../light-dnd';

// The real react-big-calendar week grid under jsdom.
jest.setTimeout(60_000);
document.elementFromPoint ??= () => null;

interface Ev {
  id: string;
  title: string;
  start: Date;
  end: Date;
  editable: boolean;
}
const localizer = dayjsLocalizer(dayjs);
const DnD = withLightDragAndDrop<Ev, object>(Calendar);
const EVENTS: Ev[] = [
  { id: 'e1', title: '可拖动', start: new Date(2026, 10, 24, 10), end: new Date(2026, 10, 24, 11), editable: true },
  { id: 'e2', title: '只读', start: new Date(2026, 10, 25, 10), end: new Date(2026, 10, 25, 11), editable: false },
];

function grid() {
  const onDragStart = jest.fn();
  const onSelectEvent = jest.fn();
  const view = render(
    <div style={{ height: 600 }}>
      <DnD
        localizer={localizer}
        events={EVENTS}
        view="week"
        views={['week', 'month']}
        date={new Date(2026, 10, 25)}
        onNavigate={() => undefined}
        onView={() => undefined}
        toolbar={false}
        draggableAccessor={(e) => e.editable}
        resizableAccessor={(e) => e.editable}
        resizable
        onDragStart={onDragStart}
        onSelectEvent={onSelectEvent}
        onEventDrop={() => undefined}
        onEventResize={() => undefined}
      />
    </div>,
  );
  const box = (title: string) => [...view.container.querySelectorAll<HTMLElement>('.rbc-event')].find((el) => el.textContent?.includes(title))!;
  return { view, box, onDragStart, onSelectEvent };
}

describe('the light drag-and-drop wrapper (week grid)', () => {
  it('draws no resize anchors until the pointer enters an editable event; entering keeps its label and body nodes', () => {
    const { view, box } = grid();
    expect(view.container.querySelectorAll('.rbc-addons-dnd-resize-ns-anchor')).toHaveLength(0);
    expect(view.container.querySelectorAll('.rbc-addons-dnd-resizable')).toHaveLength(0);
    const ev = box('可拖动');
    const content = ev.querySelector('.rbc-event-content');
    fireEvent.mouseEnter(ev);
    expect(ev.querySelectorAll(':scope > .rbc-addons-dnd-resize-ns-anchor')).toHaveLength(2);
    // The same body node: a press before the anchors came and a release after still make a click.
    expect(ev.querySelector('.rbc-event-content')).toBe(content);
    fireEvent.mouseEnter(box('只读'));
    expect(box('只读').querySelectorAll('.rbc-addons-dnd-resize-ns-anchor')).toHaveLength(0);
  });

  it('a press on the body starts a move, on an anchor a resize; a read-only event starts nothing; a click still selects', () => {
    const { box, onDragStart, onSelectEvent } = grid();
    const ev = box('可拖动');
    fireEvent.mouseEnter(ev);
    fireEvent.mouseDown(ev.querySelector('.rbc-event-content')!, { button: 0 });
    expect(onDragStart).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'move', event: EVENTS[0] }));
    fireEvent.mouseDown(ev.querySelector('.rbc-addons-dnd-resize-ns-anchor')!, { button: 0 });
    expect(onDragStart).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'resize', direction: 'UP', event: EVENTS[0] }));
    fireEvent.mouseDown(ev.querySelectorAll('.rbc-addons-dnd-resize-ns-anchor')[1], { button: 0 });
    expect(onDragStart).toHaveBeenLastCalledWith(expect.objectContaining({ action: 'resize', direction: 'DOWN' }));
    expect(onDragStart).toHaveBeenCalledTimes(3);
    fireEvent.mouseDown(box('只读').querySelector('.rbc-event-content')!, { button: 0 });
    expect(onDragStart).toHaveBeenCalledTimes(3);
    fireEvent.click(box('只读'));
    expect(onSelectEvent).toHaveBeenCalledWith(expect.objectContaining({ id: 'e2' }), expect.anything());
  });
});
