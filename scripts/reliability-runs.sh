#!/usr/bin/env bash
# Issue 42's measurement: the PostgreSQL restart test (a restart and a 10 s stop of a private cluster under load)
# run N times; each run appends its figures (JSON, one line) to the report, and a summary follows.
#   TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test bash scripts/reliability-runs.sh [runs] [report]
set -uo pipefail
cd "$(dirname "$0")/.."
runs="${1:-5}"
report="${2:-bench/results/issue-42/restart-runs.jsonl}"
: "${TEST_DATABASE_URL:?TEST_DATABASE_URL must name a PostgreSQL server (the restart test starts its own cluster beside it)}"
mkdir -p "$(dirname "$report")"
: > "$report"
passed=0
for run in $(seq 1 "$runs"); do
  if RESTART_REPORT_FILE="$PWD/$report" npx vitest run apps/server/test/reliability/postgres-restart.test.ts \
    > "/tmp/reliability-run-$run.log" 2>&1; then
    passed=$((passed + 1)); echo "run $run: passed"
  else
    echo "run $run: FAILED (log: /tmp/reliability-run-$run.log)"
  fi
done
echo "$passed of $runs runs passed"
node -e '
const runs = require("fs").readFileSync(process.argv[1], "utf8").trim().split("\n").filter(Boolean).map(JSON.parse);
const all = (f) => runs.flatMap(f);
const max = (xs) => Math.max(...xs);
const outages = all((r) => r.outages);
console.log(`runs reported: ${runs.length}; outages: ${outages.length}; process up after each run: ${runs.filter((r) => r.processUp).length} of ${runs.length}`);
console.log(`API normal after the return: max ${max(outages.map((o) => o.apiMs))} ms; live events: max ${max(outages.map((o) => o.liveMs))} ms; mail of the gap in triage: max ${max(outages.map((o) => o.mailMs))} ms`);
console.log(`answers: ${all((r) => [r.answers]).reduce((a, b) => a + b, 0)}, of them 503: ${all((r) => [r.answers503]).reduce((a, b) => a + b, 0)}, other 5xx: ${all((r) => [r.answers5xxOther]).reduce((a, b) => a + b, 0)}; secrets in logs: ${all((r) => [r.secretsInLog]).reduce((a, b) => a + b, 0)}`);
' "$report"
[ "$passed" = "$runs" ]
