// The shareable link: the log, deflated (CompressionStream 'deflate-raw') and base64url, and
// the view's settings in the URL fragment, so nothing reaches a server. The settings come
// first and the log last: a link cut short keeps the settings and the log's first lines.

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

/** The bytes of base64url `text`; of a damaged text, those of its readable start. */
function fromBase64url(text) {
  const clean = text.match(/^[A-Za-z0-9_-]*/)[0];
  // Four characters make three bytes; a last group of one makes none.
  const usable = clean.length % 4 === 1 ? clean.slice(0, -1) : clean;
  const s = atob(usable.replaceAll('-', '+').replaceAll('_', '/'));
  return { bytes: Uint8Array.from(s, (c) => c.charCodeAt(0)), whole: usable.length === text.length };
}

/** The log packed for a fragment. */
export async function pack(log) {
  return toBase64url(await pipe(new TextEncoder().encode(log), new CompressionStream('deflate-raw')));
}

/** The log of a packed fragment value, and whether it was read whole. Of a damaged value, the
 * complete lines that inflated before the damage. */
export async function unpack(text) {
  const { bytes, whole: clean } = fromBase64url(text);
  const stream = new DecompressionStream('deflate-raw');
  const writer = stream.writable.getWriter();
  const reader = stream.readable.getReader();
  const chunks = [];
  // Read while writing, in small pieces, so that what inflates before the damage is taken
  // before the stream fails.
  const reading = (async () => {
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return true;
        chunks.push(value);
      }
    } catch { return false; }
  })();
  const writing = (async () => {
    try {
      for (let i = 0; i < bytes.length; i += 256) await writer.write(bytes.subarray(i, i + 256));
      await writer.close();
      return true;
    } catch { return false; }
  })();
  const [read, written] = await Promise.all([reading, writing]);
  const whole = clean && read && written;
  const all = new Uint8Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const chunk of chunks) { all.set(chunk, at); at += chunk.length; }
  const log = new TextDecoder().decode(all);
  // Of a damaged log, only its complete lines.
  return { log: whole ? log : log.slice(0, log.lastIndexOf('\n') + 1), whole };
}

/** The fragment of a view: `step=K&...&log=...`. */
export async function fragment(settings) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(settings)) {
    if (key === 'log' || value === undefined || value === null || value === '') continue;
    params.set(key, String(value));
  }
  if (settings.log) params.set('log', await pack(settings.log));
  return params.toString();
}

/** The settings of a fragment (without `#`), the log unpacked (`damaged` when it could not be
 * read whole); null without a log. */
export async function parse(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('log')) return null;
  const settings = Object.fromEntries(params.entries());
  const { log, whole } = await unpack(settings.log).catch(() => ({ log: '', whole: false }));
  settings.log = log;
  settings.damaged = !whole;
  return settings;
}
