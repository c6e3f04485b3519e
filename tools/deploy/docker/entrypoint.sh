#!/bin/sh
# Entry point of the JIBS service images. Docker/Compose secrets arrive as files: for each secret
# variable below, NAME_FILE=/path exports NAME with that file's content (trailing newlines
# dropped), then the command runs. The services themselves read plain environment variables.
set -eu

SECRET_VARIABLES='JWT_PRIVATE_KEY TOTP_ENCRYPTION_KEY ADMIN_PASSWORD SMTP_URL DATABASE_URL EVENTLOG_DATABASE_URL S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY STRIPE_SECRET_KEY STRIPE_WEBHOOK_SECRET'

for name in $SECRET_VARIABLES; do
  file=$(printenv "${name}_FILE" || true)
  [ -n "$file" ] || continue
  if [ -n "$(printenv "$name" || true)" ]; then
    echo "jibs-entrypoint: both $name and ${name}_FILE are set; set only one" >&2
    exit 64
  fi
  if [ ! -r "$file" ]; then
    echo "jibs-entrypoint: ${name}_FILE points at $file, which is not readable" >&2
    exit 66
  fi
  value=$(cat "$file")
  export "$name=$value"
  unset "${name}_FILE"
done

exec "$@"
