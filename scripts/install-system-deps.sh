#!/usr/bin/env bash
# Installs what the test suite needs from Debian and makes sure PostgreSQL is up.
# Idempotent: does nothing when everything is already there. Needs root (or sudo) only to install.
#   - chromium: the browser tests drive Debian's Chromium through playwright-core (no browser download)
#   - fonts-noto-cjk: without CJK fonts Chinese text renders as empty boxes in the browser tests
#   - PostgreSQL at 127.0.0.1:5432 (user postgres, trust): the server-postgres test project
#   - redis-server: the multi-process and coordination tests start (and kill) a Redis of their own
#   - slapd, ldap-utils: the LDAP sign-in tests start an OpenLDAP of their own (testing/testLdap.ts)
set -euo pipefail

SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
[ -x /usr/bin/redis-server ] || need+=(redis-server)
[ -x /usr/sbin/slapd ] || need+=(slapd ldap-utils)
if ! { command -v fc-list >/dev/null 2>&1 && fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; }; then
  need+=(fonts-noto-cjk fontconfig)
fi
if [ ${#need[@]} -gt 0 ]; then
  echo "install-system-deps: installing ${need[*]} from Debian"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends "${need[@]}"
fi

if command -v pg_isready >/dev/null 2>&1 && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  echo "install-system-deps: starting PostgreSQL"
  $SUDO pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
  for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
fi
echo "install-system-deps: chromium $(/usr/bin/chromium --version 2>/dev/null | awk '{print $2}'), postgres $(pg_isready -h 127.0.0.1 -p 5432 >/dev/null 2>&1 && echo up || echo DOWN)"
