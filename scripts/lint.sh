#!/usr/bin/env bash
# Verilator --lint-only -Wall on every emitted top, zero warnings allowed (waivers:
# lint/waivers.txt); then Yosys reads, elaborates and checks each (read_verilog; hierarchy -check;
# proc; check -assert: no undriven net, no driver conflict, no combinational loop).
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
  # the ECP5 primitives a board top instantiates are black boxes here
  if out=$(yosys -q -p "read_verilog -lib +/ecp5/cells_bb.v; read_verilog -sv $f; hierarchy -check -top $top; proc; check -assert" 2>&1); then
    printf '  yosys %-16s clean\n' "$top"
  else
    printf '  yosys %-16s FAILED\n%s\n' "$top" "$(echo "$out" | tail -20)"; fail=1
  fi
done
exit $fail
