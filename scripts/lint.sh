#!/usr/bin/env bash
# Verilator --lint-only -Wall on every emitted top; zero warnings allowed (waivers: lint/waivers.vlt).
set -euo pipefail
dir=${1:-build/verilog}
shopt -s nullglob
files=("$dir"/*.v)
[ ${#files[@]} -gt 0 ] || { echo "lint: no Verilog in $dir (run make verilog)"; exit 1; }
waive=()
while read -r rule _; do
  case "$rule" in ""|\#*) continue;; esac
  waive+=("-Wno-$rule")
done < lint/waivers.txt
fail=0
for f in "${files[@]}"; do
  top=$(basename "$f" .v)
  if out=$(verilator --lint-only -Wall "${waive[@]}" --top-module "$top" "$f" 2>&1); then
    printf '  lint  %-16s clean\n' "$top"
  else
    printf '  lint  %-16s FAILED\n%s\n' "$top" "$out"; fail=1
  fi
done
exit $fail
