/**
 * The drag-and-drop addon's internals that light-dnd.tsx reuses (the library ships no types for them).
 * The context value is the addon's own shape (lib/addons/dragAndDrop/withDragAndDrop.js, getDnDContextValue).
 */
declare module 'react-big-calendar/lib/addons/dragAndDrop/DnDContext' {
  import type { Context } from 'react';
  export interface DnDAction {
    interacting: boolean;
    event?: object | null;
    action?: 'move' | 'resize' | null;
    direction?: 'UP' | 'DOWN' | 'LEFT' | 'RIGHT' | null;
  }
  export interface DnDContextValue {
    draggable: {
      onStart: () => void;
      onEnd: (info: Record<string, unknown> | null) => void;
      onBeginAction: (event: object, action: 'move' | 'resize', direction?: 'UP' | 'DOWN' | 'LEFT' | 'RIGHT') => void;
      onDropFromOutside?: unknown;
      dragFromOutsideItem?: unknown;
      draggableAccessor: ((e: never) => boolean) | string | null;
      resizableAccessor: ((e: never) => boolean) | string | null;
      dragAndDropAction: DnDAction;
    };
  }
  export const DnDContext: Context<DnDContextValue>;
}

declare module 'react-big-calendar/lib/addons/dragAndDrop/EventContainerWrapper' {
  import type { ComponentType } from 'react';
  const EventContainerWrapper: ComponentType<Record<string, unknown>>;
  export default EventContainerWrapper;
}

declare module 'react-big-calendar/lib/addons/dragAndDrop/WeekWrapper' {
  import type { ComponentType } from 'react';
  const WeekWrapper: ComponentType<Record<string, unknown>>;
  export default WeekWrapper;
}
