#!/usr/bin/env bash
# Every `bench:*` in its smoke mode (BENCH_SMOKE=1: tiny counts, no verdicts on the targets, any
# failed request, undelivered event or crash fails it), one after another, on the build in
# dist/ (run after `nx run-many -t build`). One line per bench (name, ok/failed, seconds), the
# total time, and a non-zero exit when any failed. Each bench's output goes to
# test-results/bench-smoke-<name>.log. `npm test` runs it beside the end-to-end tier.
# Arguments name some of them only: `tools/scripts/bench-smoke.sh events gateway`.
set -uo pipefail
cd "$(dirname "$0")/../.."
# The project's Node (package.json engines), as `npm run` finds it, also when run by hand.
export PATH="$PWD/node_modules/.bin:$PATH"
mkdir -p test-results

benches=(
  "events:events-latency"
  "auth:auth-latency"
  "fanout:events-fanout"
  "uploads:uploads-bench"
  "admin:admin-bench"
  "gateway:gateway-bench"
  "web:web-bench"
  "idle:idle-bench"
  "statements:statements-bench"
)
status=0
started=$SECONDS
ran=0
for entry in "${benches[@]}"; do
  name=${entry%%:*}
  script=${entry#*:}
  if [ $# -gt 0 ] && [[ " $* " != *" $name "* ]]; then continue; fi
  ran=$((ran + 1))
  log="test-results/bench-smoke-${name}.log"
  t0=$SECONDS
  # The benches with a loaded phase run it too, so that path cannot rot either; the gateway's
  # also profiles (--profile) and measures a second build of ours beside the stack's (this one).
  args=()
  extra_env=()
  case $name in
    events) args=(--load=1) ;;
    gateway)
      args=(--load=1 --profile)
      extra_env=(BENCH_PROFILE=test-results/gateway-profile
        BENCH_BASELINE_GATEWAY=dist/server/apps/gateway/src/main.js)
      ;;
  esac
  if env BENCH_SMOKE=1 "${extra_env[@]}" node "dist/server/tools/bench/${script}.js" "${args[@]}" >"$log" 2>&1; then
    result=ok
  else
    result=failed
    status=1
  fi
  printf 'bench smoke: %-14s %-6s %4d s  (%s)\n' "bench:${name}" "$result" $((SECONDS - t0)) "$log"
  if [ "$result" = failed ]; then tail -n 20 "$log" | sed 's/^/    /'; fi
done
if [ $ran -eq 0 ]; then
  echo "bench smoke: no bench named $* (${benches[*]%%:*})" >&2
  exit 1
fi
printf 'bench smoke: %d benches in %d s: %s\n' "$ran" $((SECONDS - started)) \
  "$([ $status -eq 0 ] && echo ok || echo FAILED)"
exit $status
