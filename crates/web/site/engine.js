// The engines in WebAssembly: one request in, one response out, both JSON (see docs/web.md).
const encoder = new TextEncoder();
const decoder = new TextDecoder();
let exports = null;

/** Loads fairplay.wasm; resolves when the engines are ready. */
export async function load(url = 'fairplay.wasm') {
  const response = await fetch(url);
  const { instance } = await WebAssembly.instantiate(await response.arrayBuffer(), {});
  exports = instance.exports;
}

/** Sends one request (an object) and returns the response (an object). */
export function call(request) {
  const bytes = encoder.encode(JSON.stringify(request));
  const pointer = exports.fairplay_alloc(bytes.length);
  new Uint8Array(exports.memory.buffer, pointer, bytes.length).set(bytes);
  const length = exports.fairplay_call(pointer, bytes.length);
  const out = new Uint8Array(exports.memory.buffer, exports.fairplay_output(), length);
  return JSON.parse(decoder.decode(out));
}
