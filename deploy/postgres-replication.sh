#!/bin/sh
# Run once by the postgres image on the primary's first start (docker-entrypoint-initdb.d): lets
# the compose file's postgres-replica connect for streaming replication with the same password.
set -eu
echo "host replication ${POSTGRES_USER} all scram-sha-256" >> "$PGDATA/pg_hba.conf"
