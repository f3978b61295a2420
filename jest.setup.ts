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

if (typeof window !== 'undefined') {
  // antd and its icons inject a few hundred <style> elements. jsdom parses each into a stylesheet, and every
  // getComputedStyle (antd measures on each table, popup and scrollbar) matches every rule of them all; the
  // tests never assert on antd's CSS. A type other than text/css keeps the element (antd finds, updates and
  // removes it as before) while jsdom does not parse it. About a third of a list screen's test time.
  const insertBefore = Node.prototype.insertBefore;
  const appendChild = Node.prototype.appendChild;
  const inert = (n: Node) => {
    if (n instanceof HTMLStyleElement) n.setAttribute('type', 'text/x-jest-inert');
  };
  Node.prototype.insertBefore = function <T extends Node>(this: Node, n: T, ref: Node | null): T {
    inert(n);
    return insertBefore.call(this, n, ref) as T;
  };
  Node.prototype.appendChild = function <T extends Node>(this: Node, n: T): T {
    inert(n);
    return appendChild.call(this, n) as T;
  };
  // Before each insert antd lists the head's children to find its own; through jsdom's live HTMLCollection
  // proxy that walk costs a named-property lookup per element, quadratic in the number of styles.
  Object.defineProperty(document.head, 'children', {
    configurable: true,
    get(this: HTMLHeadElement) {
      const out: Element[] = [];
      for (let n = this.firstElementChild; n; n = n.nextElementSibling) out.push(n);
      return out;
    },
  });
}

// React 19's development build captures an Error stack and a console task for every element it creates (its
// "owner stacks", for nicer warnings); that was about a tenth of a screen test's time. Pinning the counter
// past React's 10,000-per-render cap makes it reuse one placeholder stack. Warnings still fire, with shorter
// component stacks.
{
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the setup file is not a module graph root
  const react = require('react') as Record<string, unknown>;
  const internals = react.__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE as Record<string, unknown> | undefined;
  if (internals && 'recentlyCreatedOwnerStacks' in internals) {
    Object.defineProperty(internals, 'recentlyCreatedOwnerStacks', { configurable: true, get: () => 1e9, set: () => undefined });
  }
}
