// The engines off the page's main thread (docs/web.md, "The worker"): requests in, responses
// out, one at a time and in order. A judged log's actions come back as one text with their
// starts and lines in typed arrays, not as a list of objects: the page's thread then takes in
// the actions of a 5 MB log without building 400 000 objects.
import { load, call } from './engine.js';

const ready = load();

/** `actions` ([{line, text}]) packed: the texts joined by newlines, where each starts, its line. */
function pack(actions) {
  const starts = new Int32Array(actions.length + 1);
  const lines = new Int32Array(actions.length);
  const texts = [];
  let at = 0;
  actions.forEach((action, i) => {
    starts[i] = at;
    lines[i] = action.line;
    texts.push(action.text);
    at += action.text.length + 1;
  });
  starts[actions.length] = at;
  return { count: actions.length, text: texts.join('\n'), starts, lines };
}

self.onmessage = async ({ data: { id, request } }) => {
  // An engine that cannot be loaded answers so, rather than never.
  const failed = await ready.then(() => null, (error) => error);
  if (failed) {
    self.postMessage({ id, response: { usage: `the engine could not be loaded: ${failed}` }, ms: 0 });
    return;
  }
  const started = performance.now();
  const response = call(request);
  const ms = performance.now() - started;
  const transfer = [];
  if (Array.isArray(response.actions)) {
    response.actions = pack(response.actions);
    transfer.push(response.actions.starts.buffer, response.actions.lines.buffer);
  }
  self.postMessage({ id, response, ms }, transfer);
};
