import { TextDecoder, TextEncoder } from 'node:util';

// ky reads these at import time; jsdom lacks them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

if (typeof window !== 'undefined') {
  // antd's responsive observer and @rc-component need these in jsdom.
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as typeof window.matchMedia;
  class RO {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= RO;
  // A timer-based MessageChannel: Node's real one keeps jest from exiting (stack-notes §11).
  class Port {
    onmessage: ((e: { data: unknown }) => void) | null = null;
    other?: Port;
    postMessage(data: unknown) {
      setTimeout(() => this.other?.onmessage?.({ data }), 0);
    }
    start() {}
    close() {}
    addEventListener() {}
    removeEventListener() {}
  }
  class MC {
    port1 = new Port();
    port2 = new Port();
    constructor() {
      this.port1.other = this.port2;
      this.port2.other = this.port1;
    }
  }
  (globalThis as { MessageChannel?: unknown }).MessageChannel = MC;
}

if (typeof window !== 'undefined') {
  // jsdom does not implement pseudo-element styles; antd's scrollbar measurement asks for them.
  const computed = window.getComputedStyle.bind(window);
  window.getComputedStyle = ((elt: Element) => computed(elt)) as typeof window.getComputedStyle;
}
