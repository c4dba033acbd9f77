#!/usr/bin/env bash
# Every test of the repository (`pnpm test`): the browser tests (the e2e project, one file at a time,
# each with its own server and Chromium) in one vitest process, and the other projects (two files at a
# time) in a second one, at the same time. In one process vitest runs a project without file
# parallelism after all the others, alone, which left a core idle for the browser tests' six minutes.
# The browser tests' report is printed after the others'; then, last, the failed files and tests of
# both (a CI log that keeps only its tail still names what failed). The exit code is non-zero when
# either fails.
set -uo pipefail
cd "$(dirname "$0")/.."
browser_log=$(mktemp)
others_log=$(mktemp)
pnpm exec vitest run --project e2e >"$browser_log" 2>&1 &
browser_pid=$!
pnpm exec vitest run --project sdk --project server-sqlite --project server-postgres --project app --project repo 2>&1 | tee "$others_log"
others=${PIPESTATUS[0]}
wait "$browser_pid"
browser=$?
echo
echo "── browser tests (vitest --project e2e) ──"
cat "$browser_log"
if [ "$others" -ne 0 ] || [ "$browser" -ne 0 ]; then
  echo
  echo "── what failed ──"
  # vitest's own lines: a failed file (FAIL), a failed test (×), and the summaries
  cat "$others_log" "$browser_log" | sed 's/\x1b\[[0-9;]*m//g' |
    grep -a -E '^ *(FAIL|×) | × | failed\)|^ *(Test Files|Tests|Errors) ' | grep -a -v '✓' | sort -u | head -80
fi
rm -f "$browser_log" "$others_log"
if [ "$others" -ne 0 ] || [ "$browser" -ne 0 ]; then exit 1; fi
