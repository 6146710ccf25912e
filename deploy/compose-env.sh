#!/usr/bin/env bash
# Prints a .env for deploy/compose.yaml with freshly generated keys and passwords:
#   deploy/compose-env.sh > deploy/.env     (git-ignored; keep it, the keys sign every session)
set -euo pipefail
echo "POSTGRES_PASSWORD=$(openssl rand -hex 16)"
printf 'JWT_PRIVATE_KEY="%s"\n' "$(openssl genpkey -algorithm ed25519)"
echo "DATA_ENCRYPTION_KEY=$(openssl rand -base64 32)"
echo "TOKEN_HMAC_KEY=$(openssl rand -base64 32)"
echo "SETUP_TOKEN=$(openssl rand -hex 16)"
echo "# Your address (https; a TLS proxy in front of port 8080) and your mail server, or MAIL_DISABLED=true:"
echo "PUBLIC_BASE_URL=https://corestone.example.org"
echo "SMTP_URL="
echo "MAIL_DISABLED=true"
