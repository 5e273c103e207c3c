// The engines in WebAssembly: one request in, one response out, both JSON (see docs/web.md).
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let module = null;
let exports = null;

/** Loads fairplay.wasm; resolves when the engines are ready. */
export async function load(url = 'fairplay.wasm') {
  const response = await fetch(url);
  ({ module } = await WebAssembly.instantiate(await response.arrayBuffer(), {}).then((r) => {
    exports = r.instance.exports;
    return r;
  }));
}

/** Sends one request (an object) and returns the response (an object). A trap (which the
 * engines should never raise) becomes a `usage` response and a fresh instance. */
export function call(request) {
  try {
    const bytes = encoder.encode(JSON.stringify(request));
    const pointer = exports.fairplay_alloc(bytes.length);
    new Uint8Array(exports.memory.buffer, pointer, bytes.length).set(bytes);
    const length = exports.fairplay_call(pointer, bytes.length);
    const out = new Uint8Array(exports.memory.buffer, exports.fairplay_output(), length);
    return JSON.parse(decoder.decode(out));
  } catch (error) {
    exports = new WebAssembly.Instance(module, {}).exports;
    return { usage: `the engine failed: ${error}` };
  }
}

/** The engines in a Web Worker (worker.js), off the page's main thread: the function returned
 * sends one request and resolves with its response (`engineMs` added: the engine's own time
 * in the worker). Requests are answered one at a time, in order. */
export function inWorker(url = 'worker.js') {
  const waiting = new Map();
  let next = 0;
  let worker = null;
  const start = () => {
    worker = new Worker(url, { type: 'module' });
    worker.onmessage = ({ data: { id, response, ms } }) => {
      const resolve = waiting.get(id);
      waiting.delete(id);
      resolve?.({ ...response, engineMs: ms });
    };
    // A worker that fails answers what it was asked with the failure, and is started again.
    worker.onerror = (event) => {
      for (const resolve of waiting.values()) resolve({ usage: `the engine failed: ${event.message}` });
      waiting.clear();
      start();
    };
  };
  start();
  return (request) => new Promise((resolve) => {
    const id = ++next;
    waiting.set(id, resolve);
    worker.postMessage({ id, request });
  });
}
