#!/usr/bin/env bash
# The API fuzzed against the production build (npm run fuzz:api: fast-check over the live
# /api/openapi.json): a throwaway instance on its own ports (not 4190: fetch refuses that port, it is
# on the Fetch standard's list of bad ports) and store, started as the e2e servers
# are (scripts/e2e-server.sh: sandbox mode, demo accounts), stopped whatever the outcome.
set -euo pipefail
cd "$(dirname "$0")/.."
port="${FUZZ_APP_PORT:-3180}"
mkdir -p .data
E2E_APP_PORT="$port" E2E_SANDBOX_PORT="${FUZZ_SANDBOX_PORT:-4180}" bash scripts/e2e-server.sh > .data/fuzz-server.log 2>&1 &
server=$!
trap 'kill "$server" 2>/dev/null || true; wait "$server" 2>/dev/null || true' EXIT
for _ in $(seq 1 120); do
  if curl -fsS "http://localhost:${port}/api/health" > /dev/null 2>&1; then break; fi
  if ! kill -0 "$server" 2>/dev/null; then cat .data/fuzz-server.log; echo "fuzz: the server did not start" >&2; exit 1; fi
  sleep 1
done
npm run --silent fuzz:api -- --url "http://localhost:${port}"
