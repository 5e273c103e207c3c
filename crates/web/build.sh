#!/usr/bin/env bash
# Builds the page into a folder any static host can serve: `bash crates/web/build.sh [DIR]`
# (default target/site): the engines as fairplay.wasm (profile `wasm`), the static files of
# crates/web/site and the example logs.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
out="${1:-$root/target/site}"
target="${CARGO_TARGET_DIR:-$root/target}"
cd "$root"
cargo build --locked -q -p fairplay-web --profile wasm --target wasm32-unknown-unknown
rm -rf "$out"
mkdir -p "$out/examples"
cp crates/web/site/* "$out/"
cp "$target/wasm32-unknown-unknown/wasm/fairplay_web.wasm" "$out/fairplay.wasm"
if command -v wasm-opt >/dev/null; then
  wasm-opt -Os --enable-bulk-memory --enable-sign-ext --enable-nontrapping-float-to-int --enable-mutable-globals "$out/fairplay.wasm" -o "$out/fairplay.wasm"
fi
names=()
# Go Fish: the logs of the standard rules only (the others are written for the small variants
# docs/gofish.md gives on the command line).
for pattern in 'quartets/*.log' 'sequence/*.log' 'gofish/standard-*.log'; do
  game="${pattern%%/*}"
  mkdir -p "$out/examples/$game"
  for log in examples/$pattern; do
    cp "$log" "$out/examples/$game/"
    names+=("\"$game/$(basename "$log")\"")
  done
done
(IFS=,; echo "[${names[*]}]") > "$out/examples/index.json"
# The service worker's cache is named by the site's files: a new build, a new cache.
version="$(cat "$out"/*.html "$out"/*.js "$out"/*.css "$out/fairplay.wasm" "$out/examples/index.json" | sha256sum | cut -c1-16)"
sed -i "s/fairplay-VERSION/fairplay-$version/" "$out/sw.js"
echo "site: $out ($(du -sk "$out" | cut -f1) KB)"
