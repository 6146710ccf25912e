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
