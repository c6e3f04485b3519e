#!/bin/bash
# Runs once, when the Postgres volume is first initialised (docker-entrypoint-initdb.d).
# Creates one database per owner, each owned by its own login role, so a service can reach its
# own data and nobody else's: one per service (the generated list below, from the service
# definitions) and eventlog (the Postgres event broker, used when EVENT_BROKER=postgres).
# Passwords come from the environment, <SERVICE>_DB_PASSWORD (see docs/deploy.md).
set -euo pipefail

create_database() {
  local name="$1" password="$2"
  if [ -z "$password" ]; then
    echo "postgres-init: no password given for role $name" >&2
    exit 1
  fi
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres \
    -v name="$name" -v password="$password" <<'SQL'
SELECT format('CREATE ROLE %I LOGIN PASSWORD %L', :'name', :'password')
WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = :'name') \gexec
SELECT format('CREATE DATABASE %I OWNER %I', :'name', :'name')
WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = :'name') \gexec
SELECT format('REVOKE ALL ON DATABASE %I FROM PUBLIC', :'name') \gexec
SQL
}

# generated from the service definitions (npm run generate): databases
create_database identity "${IDENTITY_DB_PASSWORD:-}"
create_database notifications "${NOTIFICATIONS_DB_PASSWORD:-}"
create_database billing "${BILLING_DB_PASSWORD:-}"
create_database cases "${CASES_DB_PASSWORD:-}"
create_database documents "${DOCUMENTS_DB_PASSWORD:-}"
create_database memorials "${MEMORIALS_DB_PASSWORD:-}"
# end of generated: databases
create_database eventlog "${EVENTLOG_DB_PASSWORD:-}"
