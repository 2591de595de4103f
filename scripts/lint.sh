#!/usr/bin/env bash
# Verilator --lint-only -Wall on every emitted top, zero warnings allowed (waivers:
# lint/waivers.txt); then Yosys reads, elaborates and checks each (read_verilog; hierarchy -check;
# proc; check -assert: no undriven net, no driver conflict, no combinational loop), and each
# top's IP-XACT component (<top>.xml) is checked against its Verilog.
# lint.sh [dir [top ...]]: every top in dir (default build/verilog), or only the named ones.
# The tops are checked in parallel, one per core (LINT_JOBS overrides); the report is in order.
set -euo pipefail
dir=${1:-build/verilog}
shift || true
shopt -s nullglob
if [ $# -gt 0 ]; then
  files=(); for t in "$@"; do files+=("$dir/$t.v"); done
else
  files=("$dir"/*.v)
fi
[ ${#files[@]} -gt 0 ] || { echo "lint: no Verilog in $dir (run make verilog)"; exit 1; }
for f in "${files[@]}"; do [ -f "$f" ] || { echo "lint: $f missing (run make verilog)"; exit 1; }; done
waive=""
while read -r rule _; do
  case "$rule" in ""|\#*) continue;; esac
  waive+=" -Wno-$rule"
done < lint/waivers.txt
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT

lint_one() {
  local f=$1 out=$2 top r
  top=$(basename "$f" .v)
  {
    # shellcheck disable=SC2086
    if r=$(verilator --lint-only -Wall $WAIVE --top-module "$top" "$f" 2>&1); then
      printf '  lint  %-16s clean\n' "$top"
    else
      printf '  lint  %-16s FAILED\n%s\n' "$top" "$r"; touch "$out/$top.failed"
    fi
    # its aclk/aresetn wrapper, where the file has one
    if grep -q "^module ${top}_aresetn(" "$f"; then
      # shellcheck disable=SC2086
      if r=$(verilator --lint-only -Wall $WAIVE --top-module "${top}_aresetn" "$f" 2>&1); then
        printf '  lint  %-16s clean\n' "${top}_aresetn"
      else
        printf '  lint  %-16s FAILED\n%s\n' "${top}_aresetn" "$r"; touch "$out/$top.failed"
      fi
    fi
    # the ECP5 primitives a board top instantiates are black boxes here
    if r=$(yosys -q -p "read_verilog -lib +/ecp5/cells_bb.v; read_verilog -sv $f; hierarchy -check -top $top; proc; check -assert" 2>&1); then
      printf '  yosys %-16s clean\n' "$top"
    else
      printf '  yosys %-16s FAILED\n%s\n' "$top" "$(echo "$r" | tail -20)"; touch "$out/$top.failed"
    fi
  } > "$out/$top.txt"
}
export -f lint_one
export WAIVE=$waive
printf '%s\n' "${files[@]}" | xargs -P "${LINT_JOBS:-$(nproc)}" -I{} bash -c 'lint_one "$1" "$2"' _ {} "$out"
for f in "${files[@]}"; do cat "$out/$(basename "$f" .v).txt"; done
# each top's IP-XACT component against its Verilog (scripts/ipxact_check.py)
tops=(); for f in "${files[@]}"; do tops+=("$(basename "$f" .v)"); done
python3 scripts/ipxact_check.py "$dir" "${tops[@]}" || touch "$out/ipxact.failed"
! compgen -G "$out/*.failed" > /dev/null
