#!/usr/bin/env bash
# Prepares the docker-compose stack's secrets: writes .env (from tools/deploy/compose.env.example,
# every empty secret filled with a random value) and the ES256 key identity signs tokens with.
# Refuses to overwrite an existing .env; an existing key is kept.
#   tools/deploy/scripts/generate-secrets.sh [path/to/.env]
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../../.." && pwd)
env_file=${1:-$root/.env}
secrets_dir=$root/tools/deploy/secrets
key_file=$secrets_dir/jwt-private-key.pem

if [ -e "$env_file" ]; then
  echo "$env_file already exists; move it away to generate a new one" >&2
  exit 1
fi

random_secret() { openssl rand -hex 24; }

umask 077
# Inside the region generated from the service definitions, every empty value is a secret a
# service requires (its database password, or a variable its env schema marks with secret()).
generated=false
while IFS= read -r line || [ -n "$line" ]; do
  case "$line" in
    '# generated from the service definitions'*) generated=true ;;
    '# end of generated'*) generated=false ;;
  esac
  if $generated && [[ "$line" =~ ^[A-Z][A-Z0-9_]*=$ ]]; then
    echo "${line}$(random_secret)"
    continue
  fi
  case "$line" in
    S3_ACCESS_KEY_ID=) echo "${line}jibs-$(openssl rand -hex 8)" ;;
    *_PASSWORD= | S3_SECRET_ACCESS_KEY=) echo "${line}$(random_secret)" ;;
    STRIPE_WEBHOOK_SECRET=) echo "${line}whsec_$(random_secret)" ;;
    TOTP_ENCRYPTION_KEY=) echo "${line}$(openssl rand -hex 32)" ;;
    GATEWAY_SECRET= | UNSUBSCRIBE_SECRET=) echo "${line}$(openssl rand -hex 32)" ;;
    *) echo "$line" ;;
  esac
done <"$root/tools/deploy/compose.env.example" >"$env_file"
echo "wrote $env_file"

mkdir -p "$secrets_dir"
chmod 0700 "$secrets_dir"
if [ ! -e "$key_file" ]; then
  openssl genpkey -algorithm EC -pkeyopt ec_paramgen_curve:P-256 -out "$key_file"
  # Compose bind-mounts the file as a secret and the service runs as uid 1000, so the file is
  # world-readable; the directory above it is not.
  chmod 0644 "$key_file"
  echo "wrote $key_file"
fi
