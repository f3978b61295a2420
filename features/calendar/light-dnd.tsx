'use client';

/**
 * react-big-calendar's drag-and-drop addon with a lighter event wrapper (issue #28, docs/benchmarks.md).
 *
 * The addon's own wrapper (lib/addons/dragAndDrop/EventWrapper.js) puts a `rbc-addons-dnd-resizable` box and two
 * resize anchors of two elements each into every draggable event: five more DOM nodes per event, ~5,000 on a week
 * of 1,000 sessions, for handles that only show under the pointer (`.rbc-event:hover` in the addon's CSS). This
 * wrapper gives every draggable event the same move handler (a prop: no node) and, in the week and day grids, draws
 * the resize anchors straight in the event only once the pointer has entered it, so a resize starts as before. The rest is the addon's: its
 * context, its container and week wrappers (which follow the drag and report the drop), its CSS.
 */
import { cloneElement, Component, createElement, useContext, useState, type ComponentType, type MouseEvent, type ReactElement, type ReactNode, type TouchEvent } from 'react';
import type { CalendarProps, Components } from 'react-big-calendar';
import type { withDragAndDropProps } from 'react-big-calendar/lib/addons/dragAndDrop';
import { DnDContext, type DnDAction, type DnDContextValue } from 'react-big-calendar/lib/addons/dragAndDrop/DnDContext';
import EventContainerWrapper from 'react-big-calendar/lib/addons/dragAndDrop/EventContainerWrapper';
import WeekWrapper from 'react-big-calendar/lib/addons/dragAndDrop/WeekWrapper';

type Accessor = DnDContextValue['draggable']['draggableAccessor'];
type Direction = 'UP' | 'DOWN' | 'LEFT' | 'RIGHT';

/** The library's accessor rule: a function is called, a string names a field. */
function read(event: object, acc: Accessor): boolean {
  if (acc == null) return true;
  return typeof acc === 'function' ? !!(acc as (e: object) => boolean)(event) : !!(event as Record<string, unknown>)[acc];
}

const cx = (...names: (string | false | undefined)[]) => names.filter(Boolean).join(' ');

interface WrapperProps {
  event: object & { __isPreview?: boolean };
  type: 'date' | 'time';
  continuesPrior?: boolean;
  continuesAfter?: boolean;
  resizable?: boolean;
  children: ReactElement<{ className?: string; children?: ReactNode }>;
}

/** Whether a mouse-down landed on a resize anchor (the addon's test: its anchors' class names). */
const onAnchor = (target: EventTarget) => !!(target as Element).getAttribute?.('class')?.includes('rbc-addons-dnd-resize');

function LightEventWrapper({ event, type, continuesPrior, continuesAfter, resizable, children }: WrapperProps) {
  const { draggable } = useContext(DnDContext);
  // Week / day grid: anchors from the first time the pointer enters the event on (never removed: a resize may end outside it).
  const [armed, setArmed] = useState(false);
  if (event.__isPreview) return cloneElement(children, { className: cx(children.props.className, 'rbc-addons-dnd-drag-preview') });
  if (!read(event, draggable.draggableAccessor)) return children;

  const begin = (action: 'move' | 'resize', direction?: Direction) => draggable.onBeginAction(event, action, direction);
  const props: Record<string, unknown> = {
    onMouseDown: (e: MouseEvent) => {
      if (e.button === 0 && !onAnchor(e.target)) begin('move');
    },
    onTouchStart: (e: TouchEvent) => {
      if (!onAnchor(e.target)) begin('move');
    },
  };
  const isResizable = !!resizable && read(event, draggable.resizableAccessor);
  if (isResizable) {
    const anchor = (dir: Direction) => {
      const cls = dir === 'UP' || dir === 'DOWN' ? 'ns' : 'ew';
      const down = (e: MouseEvent) => {
        if (e.button === 0) begin('resize', dir);
      };
      return createElement('div', { key: dir, className: `rbc-addons-dnd-resize-${cls}-anchor`, onMouseDown: down }, createElement('div', { className: `rbc-addons-dnd-resize-${cls}-icon` }));
    };
    if (type === 'date') {
      // Month and all-day rows (a handful of events): the addon's markup, anchors always there.
      props.children = createElement('div', { className: 'rbc-addons-dnd-resizable' }, !continuesPrior && anchor('LEFT'), children.props.children, !continuesAfter && anchor('RIGHT'));
    } else {
      // The week / day grid: the anchors sit straight in the absolutely positioned event, from the first hover on.
      // The same three slots armed or not, so arming adds nodes and never remounts the label or the body (a click
      // whose press and release land on different nodes would not open the event).
      if (!armed) props.onMouseEnter = () => setArmed(true);
      props.children = [armed && !continuesPrior ? anchor('UP') : null, children.props.children, armed && !continuesAfter ? anchor('DOWN') : null];
    }
  }
  const action = draggable.dragAndDropAction;
  if (action.interacting && action.event === event) props.className = cx(children.props.className, 'rbc-addons-dnd-dragged-event');
  return cloneElement(children, props);
}

export type LightDnDProps<E extends object, R extends object> = CalendarProps<E, R> & withDragAndDropProps<E, R>;

/** withDragAndDrop(Calendar) with LightEventWrapper: same props, same context, same drops. */
export function withLightDragAndDrop<E extends object, R extends object>(Calendar: ComponentType<CalendarProps<E, R>>) {
  class LightDnDCalendar extends Component<LightDnDProps<E, R>, DnDAction> {
    state: DnDAction = { interacting: false };
    private merged: { from?: Components<E, R>; to?: Components<E, R> } = {};

    private begin = (event: object, action: 'move' | 'resize', direction?: Direction) => {
      this.setState({ event, action, direction });
      this.props.onDragStart?.({ event: event as E, action, direction: direction as Direction });
    };
    private start = () => {
      if (!this.state.interacting) this.setState({ interacting: true });
    };
    private end = (info: Record<string, unknown> | null) => {
      const { action, event } = this.state;
      if (!action) return;
      this.setState({ action: null, event: null, interacting: false, direction: null });
      if (info == null) return;
      const args = { ...info, event } as Parameters<NonNullable<withDragAndDropProps<E, R>['onEventDrop']>>[0];
      if (action === 'move') this.props.onEventDrop?.(args);
      if (action === 'resize') this.props.onEventResize?.(args);
    };

    /** The same components object while the caller's is the same (the addon builds a new one every render). */
    private components(from: Components<E, R> | undefined): Components<E, R> {
      if (!this.merged.to || this.merged.from !== from) {
        const to = { ...from, eventWrapper: LightEventWrapper, eventContainerWrapper: EventContainerWrapper, weekWrapper: WeekWrapper };
        this.merged = { from, to: to as unknown as Components<E, R> };
      }
      return this.merged.to!;
    }

    render() {
      /* eslint-disable @typescript-eslint/no-unused-vars -- the drag props are this wrapper's, not the grid's */
      const { onEventDrop, onEventResize, onDragStart, onDragOver, onDropFromOutside, dragFromOutsideItem, draggableAccessor, resizableAccessor, selectable, components, className, ...rest } =
        this.props;
      /* eslint-enable @typescript-eslint/no-unused-vars */
      const context: DnDContextValue = {
        draggable: {
          onStart: this.start,
          onEnd: this.end,
          onBeginAction: this.begin,
          draggableAccessor: (draggableAccessor ?? null) as Accessor,
          resizableAccessor: (resizableAccessor ?? null) as Accessor,
          dragAndDropAction: this.state,
        },
      };
      return createElement(
        DnDContext.Provider,
        { value: context },
        createElement(Calendar, {
          ...rest,
          // Clicks on events open them; a press on empty cells selects a slot (the addon's rule).
          selectable: selectable ? 'ignoreEvents' : false,
          components: this.components(components),
          className: cx(className, 'rbc-addons-dnd', this.state.interacting && 'rbc-addons-dnd-is-dragging'),
        } as CalendarProps<E, R>),
      );
    }
  }
  return LightDnDCalendar;
}
