import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, vi } from 'vitest';
import { api } from '../src/lib/api-client.js';

// The machine running tests may be busy: give findBy* and waitFor more than the default second
// (the first render of a lazily loaded page compiles its module).
configure({ asyncUtilTimeout: 5000 });

// Without vitest globals Testing Library cannot register its own cleanup (stack.md): unmount
// every render so one test's DOM never leaks into the next. Then forget the toasts (sonner keeps
// them in a module and replays them to the next Toaster), the fake fetch and the CSRF token.
afterEach(() => {
  cleanup();
  toast.dismiss();
  vi.unstubAllGlobals();
  api.setCsrfToken(null);
});

// jsdom lacks these browser APIs that Radix primitives call.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// jsdom does not scroll; ScrollRestoration calls this on every navigation.
window.scrollTo = () => {};
const elementProto = Element.prototype as unknown as Record<string, unknown>;
elementProto.scrollIntoView ??= () => {};
elementProto.hasPointerCapture ??= () => false;
elementProto.releasePointerCapture ??= () => {};
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
