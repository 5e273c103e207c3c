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
