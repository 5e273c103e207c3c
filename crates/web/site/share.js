// The shareable link: the log, deflated (CompressionStream 'deflate-raw') and base64url, and
// the view's settings in the URL fragment, so nothing reaches a server.

async function pipe(bytes, stream) {
  const out = new Blob([bytes]).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(out).arrayBuffer());
}

function toBase64url(bytes) {
  let s = '';
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64url(text) {
  const s = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

/** The log packed for a fragment. */
export async function pack(log) {
  return toBase64url(await pipe(new TextEncoder().encode(log), new CompressionStream('deflate-raw')));
}

/** The log of a packed fragment value. */
export async function unpack(text) {
  return new TextDecoder().decode(await pipe(fromBase64url(text), new DecompressionStream('deflate-raw')));
}

/** The fragment of a view: `log=...&step=K&...`. */
export async function fragment(settings) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(settings)) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, key === 'log' ? await pack(value) : String(value));
  }
  return params.toString();
}

/** The settings of a fragment (without `#`), the log unpacked; null without a log. */
export async function parse(hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ''));
  if (!params.has('log')) return null;
  const settings = Object.fromEntries(params.entries());
  settings.log = await unpack(settings.log);
  return settings;
}
