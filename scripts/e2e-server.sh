#!/usr/bin/env bash
# Starts the production server for e2e on a fresh store and a fresh embedded sandbox, which runs
# compiled as in production (.build/sandbox.mjs, rebuilt here from the current sources: well under
# a second, and written in one step, so parallel workers never read half a file).
# `exec` makes next-server the very process Playwright stops, so nothing is left behind; the
# sandbox child exits with it (its stdin pipe closes, see lib/embedded-sandbox.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
app_port="${E2E_APP_PORT:-3100}"
sandbox_port="${E2E_SANDBOX_PORT:-4110}"
data_dir=".data/e2e-${app_port}"
rm -rf "$data_dir"
unset PAYMENTS_API_URL DATABASE_URL
export PORT="$app_port" SANDBOX_PORT="$sandbox_port" DATA_DIR="$data_dir" APP_URL="http://localhost:${app_port}"
export SANDBOX_STORE=memory
# Lifecycle driven by tests through /_control/advance (a step of 60 s, E2E.clockStepMs: nothing
# moves on its own during a run); webhook retries compressed.
export SANDBOX_CLOCK_STEP_MS=60000 SANDBOX_WEBHOOK_RETRY_MS=500
# Short provider timeouts (E2E.providerTimeoutMs in e2e/env.ts): fault tests wait for them.
export PAYMENTS_API_TIMEOUT_MS=1500 PAYMENTS_API_REGISTER_TIMEOUT_MS=1500 LOG_LEVEL=warn
# A transfer whose answer was lost is retried after 150-300 ms (the default 1-2 s would only slow the specs).
export TRANSFER_RETRY_BASE_MS=300
# An ambiguous POST is only read back for this long before it may be sent again. It must outlast the
# slowest answer the specs' faults give (2.5 s); the default 10 minutes would stall them. The server's
# clock cannot be driven from a browser spec; the integration tests drive the engine's time instead.
export TRANSFER_SETTLE_HORIZON_MS=4000
# No gzip between the server and the browser on localhost: 17% less e2e time measured (a11y +
# bad-input: 206 s -> 171 s); production keeps compression (next.config.ts).
export NEXT_COMPRESS=off
# Money actions ask for the password again after 20 s instead of 5 min, so e2e/second-admin.spec.ts
# shows the dialog without waiting minutes; other specs answer it (e2e/step-up.ts).
export STEP_UP_AFTER_SECONDS="${STEP_UP_AFTER_SECONDS:-20}"
# The demo's mail catcher: e-mails the back office sends are kept in memory and shown on /dev/mail.
export MAIL_CATCHER=on
node_modules/.bin/tsx scripts/build-sandbox.ts
exec node_modules/.bin/next start -p "$app_port"
