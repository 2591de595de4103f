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
    # its wrappers (`<top>_aresetn`, `ftnw_ioc_pg156`), where the file has them
    for w in $(sed -n "s/^module \(${top}_[a-z0-9_]*\)(.*/\1/p" "$f"); do
      # shellcheck disable=SC2086
      if r=$(verilator --lint-only -Wall $WAIVE --top-module "$w" "$f" 2>&1); then
        printf '  lint  %-16s clean\n' "$w"
      else
        printf '  lint  %-16s FAILED\n%s\n' "$w" "$r"; touch "$out/$top.failed"
      fi
    done
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
