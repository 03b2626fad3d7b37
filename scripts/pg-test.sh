#!/usr/bin/env bash
# Starts a real PostgreSQL for the store tests and exports TEST_DATABASE_URL.
#
#   source scripts/pg-test.sh      # exports TEST_DATABASE_URL into this shell
#   bash scripts/pg-test.sh        # prints the export line
#
# Idempotent: a running server, role or database is reused. Uses Debian's cluster
# (pg_ctlcluster 15 main) when present; otherwise initdb's a private cluster under
# ${PG_TEST_DIR:-/tmp/pix-pg-test} on a free port (PG_TEST_PRIVATE=1 forces the latter). Needs root (or sudo) to act as `postgres`.
# The tests create (and drop) one scratch database per suite; the role may CREATEDB.

__pg_test_main() {
  local role="pix_test" password="pix_test" database="pix_test"
  local as_postgres
  if [ "$(id -u)" -eq 0 ]; then
    as_postgres=(runuser -u postgres --)
  elif [ "$(id -un)" = "postgres" ]; then
    as_postgres=()
  else
    as_postgres=(sudo -n -u postgres --)
  fi

  if [ -n "${TEST_DATABASE_URL:-}" ] && command -v psql >/dev/null 2>&1 \
    && psql "$TEST_DATABASE_URL" -qAtc 'select 1' >/dev/null 2>&1; then
    echo "pg-test: reusing TEST_DATABASE_URL (reachable)" >&2
    return 0
  fi

  local port="" bindir
  bindir="$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n1)"
  if [ -z "${PG_TEST_PRIVATE:-}" ] && command -v pg_lsclusters >/dev/null 2>&1 \
    && pg_lsclusters -h 2>/dev/null | grep -q .; then
    local ver name status
    read -r ver name port status _ < <(pg_lsclusters -h | head -n1)
    if [ "$status" != "online" ]; then
      echo "pg-test: starting cluster $ver/$name on port $port" >&2
      pg_ctlcluster "$ver" "$name" start || return 1
    fi
  else
    [ -n "$bindir" ] || { echo "pg-test: PostgreSQL is not installed" >&2; return 1; }
    local dir="${PG_TEST_DIR:-/tmp/pix-pg-test}"
    port="${PG_TEST_PORT:-}"
    if [ -f "$dir/port" ]; then port="$(cat "$dir/port")"; fi
    if [ -z "$port" ]; then
      port=55432
      while (echo >"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do port=$((port + 1)); done
    fi
    if [ ! -f "$dir/data/PG_VERSION" ]; then
      echo "pg-test: creating a private cluster in $dir (port $port)" >&2
      mkdir -p "$dir" && chown postgres "$dir" 2>/dev/null
      "${as_postgres[@]}" "$bindir/initdb" -D "$dir/data" -U postgres --auth-local=trust \
        --auth-host=scram-sha-256 >/dev/null || return 1
      echo "$port" >"$dir/port"
    fi
    if ! "${as_postgres[@]}" "$bindir/pg_ctl" -D "$dir/data" status >/dev/null 2>&1; then
      "${as_postgres[@]}" "$bindir/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1" start >/dev/null || return 1
    fi
  fi

  local i
  for i in $(seq 1 60); do
    pg_isready -q -h 127.0.0.1 -p "$port" && break
    sleep 0.5
  done
  pg_isready -q -h 127.0.0.1 -p "$port" || { echo "pg-test: server on port $port not ready" >&2; return 1; }

  local psql_admin=("${as_postgres[@]}" psql -h 127.0.0.1 -p "$port" -U postgres -d postgres -qAtX -v ON_ERROR_STOP=1)
  # Local (unix socket) connections are trusted for postgres on Debian; prefer them.
  if "${as_postgres[@]}" psql -p "$port" -d postgres -qAtXc 'select 1' >/dev/null 2>&1; then
    psql_admin=("${as_postgres[@]}" psql -p "$port" -d postgres -qAtX -v ON_ERROR_STOP=1)
  elif [ -n "${PG_TEST_DIR:-}${dir:-}" ]; then
    psql_admin=("${as_postgres[@]}" psql -h "${dir:-/tmp/pix-pg-test}" -p "$port" -d postgres -qAtX -v ON_ERROR_STOP=1)
  fi

  "${psql_admin[@]}" <<SQL || return 1
DO \$\$
BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = '$role') THEN
    CREATE ROLE $role LOGIN CREATEDB PASSWORD '$password';
  ELSE
    ALTER ROLE $role LOGIN CREATEDB PASSWORD '$password';
  END IF;
END
\$\$;
SQL
  # DROP DATABASE ... WITH (FORCE) must be able to end an autovacuum worker in a scratch database.
  "${psql_admin[@]}" -c "GRANT pg_signal_backend TO $role" >/dev/null || return 1
  if [ "$("${psql_admin[@]}" -c "select 1 from pg_database where datname = '$database'")" != "1" ]; then
    "${psql_admin[@]}" -c "CREATE DATABASE $database OWNER $role" || return 1
  fi

  export TEST_DATABASE_URL="postgres://$role:$password@127.0.0.1:$port/$database"
  echo "pg-test: TEST_DATABASE_URL=$TEST_DATABASE_URL" >&2
}

if (return 0 2>/dev/null); then
  __pg_test_main
else
  set -euo pipefail
  __pg_test_main
  echo "export TEST_DATABASE_URL=$TEST_DATABASE_URL"
fi
