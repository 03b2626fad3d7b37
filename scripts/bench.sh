#!/usr/bin/env bash
# npm run bench: every benchmark, written to docs/BENCHMARKS.md. The payout engine's PostgreSQL
# figures (one instance, two instances) need a server: scripts/pg-test.sh starts one when it can.
set -uo pipefail
cd "$(dirname "$0")/.."
# shellcheck source=scripts/pg-test.sh
source scripts/pg-test.sh >/dev/null || echo "bench: no PostgreSQL here, the PostgreSQL figures will be missing" >&2
exec node --import ./bench/server-only-hook.mjs --import tsx bench/run.ts "$@"
