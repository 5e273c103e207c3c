#!/usr/bin/env bash
# Serves the built site on http://127.0.0.1:PORT/ (default 8000): `bash crates/web/serve.sh
# [PORT] [DIR]`. Python's http.server, with .wasm served as application/wasm.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
port="${1:-8000}"
dir="${2:-$root/target/site}"
exec python3 - "$port" "$dir" <<'PY'
import functools, http.server, sys
port, folder = int(sys.argv[1]), sys.argv[2]
handler = functools.partial(http.server.SimpleHTTPRequestHandler, directory=folder)
handler.func.extensions_map = {**handler.func.extensions_map, ".wasm": "application/wasm", ".js": "text/javascript"}
print(f"serving {folder} on http://127.0.0.1:{port}/", flush=True)
http.server.ThreadingHTTPServer(("127.0.0.1", port), handler).serve_forever()
PY
