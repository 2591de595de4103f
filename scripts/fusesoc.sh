#!/usr/bin/env bash
# FuseSoC on the cores make verilog writes (build/verilog/<top>.core): the library lists every
# top, and each core's lint target (Verilator -Wall) passes. Fails on a missing core or a lint.
# The cores are linted one per core of the machine (FUSESOC_JOBS overrides), each in its own
# work directory; the report is in order.
set -euo pipefail
dir=$(cd "${1:-build/verilog}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export FUSESOC="$PWD/.venv/bin/fusesoc" DIR="$dir" WORK="$work"
list=$(cd "$work" && "$FUSESOC" --cores-root "$dir" core list 2>&1)

lint_core() {
  local top=$1 out
  mkdir -p "$WORK/$top"
  cd "$WORK/$top"
  if out=$("$FUSESOC" --cores-root "$DIR" run --target lint "nicgen:nicgen:$top" 2>&1); then
    printf '  fusesoc %-16s listed, lint clean\n' "$top" > "$WORK/$top.report"
  else
    printf '  fusesoc %-16s lint FAILED\n%s\n' "$top" "$(echo "$out" | tail -15)" > "$WORK/$top.report"
    touch "$WORK/$top.failed"
  fi
}
export -f lint_core

fail=0
tops=()
for core in "$dir"/*.core; do
  top=$(basename "$core" .core)
  if ! grep -q "nicgen:nicgen:$top:" <<<"$list"; then
    echo "  fusesoc $top: not listed"; fail=1; continue
  fi
  tops+=("$top")
done
printf '%s\n' "${tops[@]}" | xargs -P "${FUSESOC_JOBS:-$(nproc)}" -I{} bash -c 'lint_core "$1"' _ {}
for top in "${tops[@]}"; do
  cat "$WORK/$top.report"
  [ ! -e "$WORK/$top.failed" ] || fail=1
done
exit $fail
