#!/usr/bin/env bash
# `bash .ci/run` on fresh clean clones of this repository, RUNS times in a row (default 2),
# beside BUSY busy processes (default 16) for the whole time: issue 34's "passes twice in a
# row beside a load of 16". Each run's log, results file and a load sample a minute go
# to OUT (default /tmp/ci-under-load). Stops at the first run that fails.
#
#     bash scripts/ci-under-load.sh                # two runs beside 16 busy processes
#     RUNS=1 BUSY=8 bash scripts/ci-under-load.sh
#
# Each busy process is a loop that ends itself when this script is gone, so a killed
# run leaves no load behind. The machine is shared: run it only when nobody needs the CPU.
set -uo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
runs="${RUNS:-2}" busy="${BUSY:-16}" out="${OUT:-/tmp/ci-under-load}"
mkdir -p "$out"
parent=$$
for _ in $(seq "$busy"); do
  node -e "for(;;){const u=Date.now()+50;while(Date.now()<u){} try{process.kill($parent,0)}catch{process.exit(0)}}" &
done
( while kill -0 "$parent" 2>/dev/null; do echo "$(date -u +%H:%M:%S) $(cut -d' ' -f1-3 /proc/loadavg)"; sleep 60; done ) >> "$out/loadavg.txt" &
trap 'kill $(jobs -p) 2>/dev/null' EXIT
for n in $(seq "$runs"); do
  clone="$out/clone-$n"
  rm -rf "$clone" && git clone -q "$repo" "$clone"
  start=$(date +%s)
  echo "run $n: $(git -C "$clone" rev-parse --short HEAD), started $(date -u +%H:%M:%S) UTC"
  (cd "$clone" && CI=true bash .ci/run) > "$out/run-$n.log" 2>&1
  rc=$?
  cp "$clone/tmp/ci-results.json" "$out/run-$n.json" 2>/dev/null
  echo "run $n: exit $rc in $(( $(date +%s) - start )) s: $(tail -1 "$out/run-$n.log")"
  rm -rf "$clone"
  [ "$rc" = 0 ] || exit "$rc"
done
