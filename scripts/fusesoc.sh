#!/usr/bin/env bash
# FuseSoC on the cores make verilog writes (build/verilog/<top>.core): the library lists every
# top, and each core's lint target (Verilator -Wall) passes. Fails on a missing core or a lint.
set -euo pipefail
dir=$(cd "${1:-build/verilog}" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
fs=("$OLDPWD/.venv/bin/fusesoc" --cores-root "$dir")
list=$("${fs[@]}" core list 2>&1)
fail=0
for core in "$dir"/*.core; do
  top=$(basename "$core" .core)
  if ! grep -q "nicgen:nicgen:$top:" <<<"$list"; then
    echo "  fusesoc $top: not listed"; fail=1; continue
  fi
  if out=$("${fs[@]}" run --target lint "nicgen:nicgen:$top" 2>&1); then
    printf '  fusesoc %-16s listed, lint clean\n' "$top"
  else
    printf '  fusesoc %-16s lint FAILED\n%s\n' "$top" "$(echo "$out" | tail -15)"; fail=1
  fi
done
exit $fail
