const { TextEncoder, TextDecoder } = require('util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;

if (!window.matchMedia) {
  window.matchMedia = (query) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}
if (!globalThis.ResizeObserver) {
  globalThis.ResizeObserver = class ResizeObserver {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}
// antd measures scrollbars through getComputedStyle(el, pseudo); jsdom does not implement pseudo elements
const gcs = window.getComputedStyle;
window.getComputedStyle = (el, pseudo) => gcs.call(window, el, pseudo ? undefined : pseudo);
// @rc-component/select schedules macrotasks through MessageChannel (absent from jsdom)
if (typeof globalThis.MessageChannel === 'undefined') {
  globalThis.MessageChannel = class MessageChannel {
    constructor() {
      const port1 = { onmessage: null, close() {} };
      this.port1 = port1;
      this.port2 = { postMessage: (data) => setTimeout(() => port1.onmessage && port1.onmessage({ data }), 0), close() {} };
    }
  };
}
// A remote's screens other than its first are lazy chunks (React.lazy): they render a tick after
// their route opens, inside the tests' waits. Under jsdom on a loaded 2-core machine a heavy antd
// screen can take longer than testing-library's default 1 s to render, so findBy*/waitFor wait up
// to 5 s (they still fail when the element never comes).
require('@testing-library/dom').configure({ asyncUtilTimeout: 5000 });
