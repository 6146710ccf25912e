#!/usr/bin/env bash
# Prints the `corestone-secrets` Secret for the dev overlay with freshly generated keys and the
# in-cluster datastore URLs. Nothing secret is stored in the repository:
#   ./make-secret.sh | kubectl apply -n corestone-dev -f -
set -euo pipefail
pg_password=$(openssl rand -hex 16)
signing_key=$(openssl genpkey -algorithm ed25519)
kubectl create secret generic corestone-secrets --dry-run=client -o yaml \
  --from-literal=POSTGRES_PASSWORD="$pg_password" \
  --from-literal=DATABASE_URL="postgres://postgres:${pg_password}@postgres:5432/corestone" \
  --from-literal=REDIS_URL="redis://redis:6379" \
  --from-literal=JWT_PRIVATE_KEY="$signing_key" \
  --from-literal=DATA_ENCRYPTION_KEY="$(openssl rand -base64 32)" \
  --from-literal=TOKEN_HMAC_KEY="$(openssl rand -base64 32)" \
  --from-literal=SETUP_TOKEN="$(openssl rand -hex 16)" \
  --from-literal=SMTP_URL=''   # no mail server in dev: the overlay sets MAIL_DISABLED=true
