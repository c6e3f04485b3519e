#!/usr/bin/env bash
# `npm test`: builds, then runs every tier: unit and integration (real Postgres, real bus), then
# end to end (the whole stack and Chromium) in two lanes: the main pass beside the passes on
# Kafka and on the signature-checking S3, the passes in Arabic and Urdu and every benchmark in
# its smoke mode.
# Prints one summary line at the end.
set -uo pipefail
cd "$(dirname "$0")/../.."
mkdir -p test-results
rm -f test-results/jest-*.json

npx nx run-many -t build --outputStyle=static || exit 1

status=0
# The signature-checking S3 (S3Proxy, libs/storage/src/verifying-s3.ts) that the storage tests and
# the S3_SERVER=verifying pass below run on: fetched once here, outside any test's time limit.
# Without Java and Maven the tests fall back to s3rver with a notice, except in CI.
if { command -v java && command -v mvn; } >/dev/null 2>&1 || [[ "${CI:-}" == true ]]; then
  node -e "require('./dist/server/libs/storage/src/verifying-s3.js').installS3Proxy(console.log)" ||
    status=1
  # The Kafka broker's jars too, once, before the lanes below could each start fetching them.
  node -e "require('./dist/server/libs/events/src/local-kafka/kafka-distribution.js').installKafka(console.log)" ||
    status=1
fi
# A process that runs many suites keeps what each leaves behind: at some 240 suites in one
# process that passed node's default 4 GB heap. Room for them all (the flag on the node that
# runs jest, which its workers inherit, beside .npmrc's node-options, which npm puts in
# NODE_OPTIONS).
unit_jest() {
  node --experimental-vm-modules --disable-warning=ExperimentalWarning --max-old-space-size=12288 \
    node_modules/jest/bin/jest.js "$@"
}
# Jest's default on two cores is one worker, which left the second core idle most of the time:
# a suite spends most of its time loading modules and waiting on Postgres, S3 or the bus. Two
# workers there (one fewer than the cores above that) took the tier from 972 s to 451 s on two
# idle cores, every suite passing (docs/benchmarks.md, "CI's unit and integration tier").
UNIT_WORKERS=$(($(nproc) > 2 ? $(nproc) - 1 : 2))
# The Kafka broker's own suites (each starts a broker; 3.7 min together, none timing the bus
# tightly) run in the second lane below, beside the end-to-end pass, not before it.
KAFKA_SUITES='libs/events/src/(kafka-broker|kafka-broker-security|kafka-faults|local-kafka/local-kafka-ports)[.]int-spec[.]ts$'
# A test that leaves a timer or a connection open keeps jest alive after its report is written
# (once, a session's renewal timer: 20 minutes of CI doing nothing). Such a leak fails the run
# here within a minute, with what to do about it, instead of silently costing the timer's length.
unit_jest --maxWorkers="$UNIT_WORKERS" --testPathIgnorePatterns '/node_modules/' '/dist/' "$KAFKA_SUITES" \
  --json --outputFile=test-results/jest-unit-int.json &
unit_pid=$!
while kill -0 "$unit_pid" 2>/dev/null; do
  if [[ -n "$(find test-results/jest-unit-int.json -mmin +1 2>/dev/null)" ]]; then
    echo "jest did not exit a minute after writing its report: a test left a handle open" \
      "(find it with: npx jest <its files> --detectOpenHandles)." >&2
    pkill -P "$unit_pid"
    kill "$unit_pid"
    break
  fi
  sleep 5
done
wait "$unit_pid" || status=1

# End to end: each jest run starts one stack shared by the files marked safe to share it
# (startE2eStack({ shared: true }), README "The two commands"), on its own EVENT_BUS/S3_SERVER;
# the other files start their own. All take free ports, so the passes on Kafka and on the
# signature-checking S3 run beside the main pass, in a second lane, then every benchmark in its
# smoke mode (tiny counts, a few seconds each, no verdicts on the targets: any failed request or
# crash fails it). The unit and integration tier runs alone: some of its checks time the bus in
# milliseconds. The axe tally is emptied once here and every pass adds to it.
rm -f test-results/axe-checks.jsonl
LANGUAGE_SUITES='apps/e2e/src/languages(-[a-z-]+)?[.]e2e-spec[.]ts$'
second_e2e_lane() {
  local lane=0
  unit_jest --testPathPatterns "$KAFKA_SUITES" --json --outputFile=test-results/jest-kafka-int.json ||
    lane=1
  # The journeys that cross the bus again, on a real Apache Kafka broker (libs/events/src/local-kafka).
  # (kafka-faults.e2e-spec.ts starts its stack on Kafka itself, so the main pass runs it.)
  EVENT_BUS=kafka E2E_KEEP_AXE_TALLY=true npx jest -c apps/e2e/jest.e2e.config.js --runInBand \
    --json --outputFile=test-results/jest-e2e-kafka.json apps/e2e/src/event-journeys.e2e-spec.ts || lane=1
  # The journeys that upload files again, on S3Proxy, which checks every signature as S3 does.
  S3_SERVER=verifying E2E_KEEP_AXE_TALLY=true npx jest -c apps/e2e/jest.e2e.config.js --runInBand \
    --json --outputFile=test-results/jest-e2e-s3.json apps/e2e/src/death-reports.e2e-spec.ts \
    apps/e2e/src/upload-hardening.e2e-spec.ts apps/e2e/src/refused-upload-cleanup.e2e-spec.ts \
    apps/e2e/src/memorials.e2e-spec.ts || lane=1
  # The passes in Arabic and Urdu (every screen's words, direction and axe in both languages),
  # here rather than in the main pass, so the two lanes take about as long (CI measured the
  # main pass at 34 minutes with them, this lane at 16 without them).
  E2E_KEEP_AXE_TALLY=true npx jest -c apps/e2e/jest.e2e.config.js --runInBand \
    --json --outputFile=test-results/jest-e2e-languages.json --testPathPatterns "$LANGUAGE_SUITES" ||
    lane=1
  tools/scripts/bench-smoke.sh || lane=1
  return $lane
}
# `npm start` (launcher-restarts.e2e-spec.ts) runs the build first, which finds nothing stale but
# restores every project's dist/ from nx's cache: files every other lane serves or loads are
# rewritten under them (CI once saw bench:web read a manifest whose entry chunk was not there
# yet). It runs alone, after both lanes.
LAUNCHER_SUITE='apps/e2e/src/launcher-restarts[.]e2e-spec[.]ts$'
second_e2e_lane >test-results/e2e-second-lane.log 2>&1 &
e2e_lane=$!
E2E_KEEP_AXE_TALLY=true npx jest -c apps/e2e/jest.e2e.config.js --runInBand --json \
  --outputFile=test-results/jest-e2e.json \
  --testPathIgnorePatterns "$LANGUAGE_SUITES" "$LAUNCHER_SUITE" || status=1
wait $e2e_lane || status=1
cat test-results/e2e-second-lane.log
E2E_KEEP_AXE_TALLY=true npx jest -c apps/e2e/jest.e2e.config.js --runInBand --json \
  --outputFile=test-results/jest-e2e-launcher.json --testPathPatterns "$LAUNCHER_SUITE" || status=1

node tools/scripts/test-summary.mjs test-results/jest-unit-int.json test-results/jest-kafka-int.json \
  test-results/jest-e2e.json test-results/jest-e2e-languages.json \
  test-results/jest-e2e-kafka.json test-results/jest-e2e-s3.json \
  test-results/jest-e2e-launcher.json || status=1
exit $status
