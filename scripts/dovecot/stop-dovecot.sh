#!/usr/bin/env bash
# Stops a test instance started by start-dovecot.sh (its Dovecot master and its Exim relay, by their pid files)
# and waits for them to exit.
set -uo pipefail
dir="${1:?usage: stop-dovecot.sh <dir>}"
pids=()
for pid_file in "$dir/run/master.pid" "$dir/run/exim.pid"; do
  if [ -f "$pid_file" ]; then
    pid="$(cat "$pid_file")"
    kill "$pid" 2>/dev/null && pids+=("$pid")
  fi
done
for _ in $(seq 1 50); do
  alive=0
  for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
  [ "$alive" = 0 ] && exit 0
  sleep 0.1
done
exit 0
