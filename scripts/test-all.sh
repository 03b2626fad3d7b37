#!/usr/bin/env bash
# Every test the project has, on a fresh Debian machine: installs Debian's Chromium when
# missing, starts a real PostgreSQL for the store tests, then static checks, unit and
# integration tests (vitest), the production build, the e2e suite (Playwright) and the production
# run (the back office started as a company starts it: playwright.production.config.ts).
set -euo pipefail
cd "$(dirname "$0")/.."
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"

started=$SECONDS
step() { printf '\n=== %s (at %ss)\n' "$*" "$((SECONDS - started))"; }

if ! command -v chromium >/dev/null 2>&1; then
  step "installing Debian's chromium"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi

if ! command -v pdftotext >/dev/null 2>&1 || ! command -v pdftoppm >/dev/null 2>&1; then
  # The comprovante tests read the PDFs' text (pdftotext) and render one to PNG (pdftoppm).
  step "installing Debian's poppler-utils"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq poppler-utils >/dev/null
fi

if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  step "installing Debian's postgresql"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq postgresql >/dev/null
fi

step "runtime (the npm scripts run on Node 24 from the \"node\" package)"
node scripts/runtime-check.mjs

step "starting PostgreSQL for the store tests"
# shellcheck source=/dev/null
source scripts/pg-test.sh

step "newcomer check (README and docs: links resolve, every file they name exists)"
npm run --silent newcomer-check

step "typecheck"
npx tsc --noEmit

step "lint"
npx eslint . --max-warnings=0

step "lint:openapi"
# The OpenAPI document, written from the route declarations, through Redocly (recommended-strict) and Spectral (OWASP).
npm run lint:openapi

step "unit and integration tests (vitest)"
npx vitest run

step "the provider's integration suites again, on the documentation's quirks (TEST_SANDBOX_QUIRKS=doc)"
npm run --silent test:doc-quirks

step "production build (the sandbox bundle, then the app: npm run build)"
npm run --silent build

step "end-to-end tests (Playwright, Chromium)"
npx playwright test

step "the API fuzzed against the production build (scripts/fuzz-live.sh)"
bash scripts/fuzz-live.sh

step "the production run: next start outside sandbox mode, provider process, PostgreSQL, TLS proxy, two-step sign-in"
npx playwright test -c playwright.production.config.ts

step "all passed"
