# nicgen: make verilog (emit + lint every top) and make test (the whole suite, as CI runs it).
SHELL := /bin/bash
CARGO ?= cargo
.DEFAULT_GOAL := help
export NICGEN_REQUIRE_VERILATOR ?= 1

.DELETE_ON_ERROR:
.PHONY: help setup verilog lint test synth synth-all bitstream bitstreams bench docs figures testplan fusesoc cocotb rdl formal cosim mutants soak clean

# make bitstream BOARD=ulx3s [BAUD=115200]: the board and the UART bridge's baud rate
BOARD ?= ulx3s
# make bitstreams: every board, the longest first
BOARDS ?= ulx3s_ppe ulx3s_dtu ulx3s ulx3s_mitnic
ifneq ($(BAUD),)
export NICGEN_BAUD := $(BAUD)
endif

help: ## list the targets
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-9s %s\n", $$1, $$2}'

setup: ## install verilator, yosys, iverilog (apt-get) when missing
	@bash scripts/setup.sh

# the sources the emitted Verilog comes from: it is emitted again only when one of them changed
RTL_SOURCES := $(shell find wire hdl bsp -name '*.rs' -o -name Cargo.toml) Cargo.toml Cargo.lock

verilog: setup build/verilog/manifest.json ## emit build/verilog/<top>.v for every top + manifest.json (when the RTL changed), then lint them
	@$(MAKE) --no-print-directory lint

build/verilog/manifest.json: $(RTL_SOURCES)
	@echo "== verilog: emitting (cargo run -p nicgen-bsp --bin emit)"
	@rm -rf build/verilog
	@time $(CARGO) run -q --release -p nicgen-bsp --bin emit -- build/verilog

lint: ## Verilator --lint-only -Wall on every emitted top (waivers: lint/waivers.txt)
	@echo "== lint: verilator -Wall"
	@bash scripts/lint.sh build/verilog

test: setup ## the test command: cargo test --workspace --release (Verilator tests included), then lint
	@echo "== test: cargo test --workspace --release"
	@time $(CARGO) test --workspace --release
	@$(MAKE) --no-print-directory verilog

synth: ## Yosys synth_ecp5 + nextpnr-ecp5 (85k, CABGA381) per top: build/synth/<top>.json and a table; TARGET=xcup: Yosys synth_xilinx for UltraScale+ (LUT6, FF, BRAM, DSP; no place and route): build/synth/<top>.xcup.json
	@bash scripts/setup.sh --synth
	@$(MAKE) --no-print-directory build/verilog/manifest.json
	@time SYNTH_TARGET=$(TARGET) python3 scripts/synth.py $(TOPS)

synth-all: ## nightly-style, outside CI (hours): every top on ECP5 and UltraScale+, every board, then docs/figures.md
	@$(MAKE) --no-print-directory synth
	@$(MAKE) --no-print-directory synth TARGET=xcup
	@$(MAKE) --no-print-directory bitstreams
	@$(MAKE) --no-print-directory figures

bitstream: ## make bitstream BOARD=ulx3s: Yosys, nextpnr-ecp5 (LPF, real clock), ecppack -> build/bitstream/<board>.bit + summary; fails if timing is not met
	@$(MAKE) --no-print-directory bitstreams BOARDS=$(BOARD)

bitstreams: ## every board's bitstream (BOARDS=...), two at a time, from the emitted Verilog (emitted again if the RTL changed); fails if any board fails or misses timing
	@bash scripts/setup.sh --synth
	@$(MAKE) --no-print-directory build/verilog/manifest.json
	@time (printf '%s\n' $(BOARDS) | xargs -P 2 -I{} python3 scripts/bitstream.py {})

bench: setup ## run the benchmarks: build/bench/<name>.json
	@mkdir -p build/bench
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin sim_speed
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin tnw_bench
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin ftnw_node_bench
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin ftnw_host_bench
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin uart_bridge
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin dtu_bench
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin mitnic_bench
	@time $(CARGO) run -q --release -p nicgen-testbenches --bin ppe_bench

docs: ## regenerate docs/registers.md and include/<map>_regs.h from the wire/register crate, docs/tops.md from the registry of tops
	@$(CARGO) run -q --release -p nicgen-bsp --bin docs -- docs/registers.md

figures: ## docs/figures.md from build/ (boards, synthesis, benchmarks, formal, mutants), each beside the previous run's (docs/figures.json)
	@python3 scripts/figures.py

fusesoc: ## FuseSoC (pip, in .venv) lists the cores make verilog writes and lints every one with Verilator
	@bash scripts/setup.sh --fusesoc
	@$(MAKE) --no-print-directory build/verilog/manifest.json
	@bash scripts/fusesoc.sh

cocotb: ## the AXI tops in Icarus under cocotb, bound by cocotbext-axi's stock from_prefix (s_axil, m_axi) and driven; ftnw_ioc_pg156 under cocotbext-pcie (pip, in .venv)
	@bash scripts/setup.sh --cocotb
	@$(MAKE) --no-print-directory build/verilog/manifest.json
	@time .venv/bin/python testbenches/cocotb/run.py $(TOPS)

rdl: ## build/rdl/<map>.rdl (SystemRDL, written by make verilog) compiled by systemrdl-compiler (pip, in .venv) and checked against include/<map>_regs.h
	@bash scripts/setup.sh --rdl
	@$(MAKE) --no-print-directory build/verilog/manifest.json
	@.venv/bin/python scripts/rdl_check.py build/rdl

testplan: ## write docs/testplan.md: per requirement its tests (// verifies: lines), per device covered / total
	@$(CARGO) run -q --release -p nicgen-testbenches --bin testplan -- docs/testplan.md

formal: ## SymbiYosys on the emitted Verilog: interface properties (formal/) bound to the tops, FIFO and arbiter proofs; each broken copy must fail -> build/formal/report.json
	@bash scripts/setup.sh --formal
	@$(MAKE) --no-print-directory build/verilog/manifest.json
	@time python3 scripts/formal.py $(TARGETS)

cosim: setup ## the Verilator-backed tests alone: lock-step differential, driver suite on Verilator and over serial-over-pty to the Verilated board top, the board's bridge
	@$(CARGO) test --release -p nicgen-testbenches --test system --test ftnw --test common --test board -- verilog verilator hazard serial bridge

soak: setup ## long randomized runs outside CI: 100 000 random DTU commands over 3 PEs (dtu, and dtu_axi4 with its memory on AXI4), every word and byte compared with the model [DTU_COMMANDS=n]
	@DTU_COMMANDS=$${DTU_COMMANDS:-100000} $(CARGO) test --release -p nicgen-testbenches --test dtu -- random_commands --nocapture

mutants: setup ## one-line changes to the RTL (hdl/src/ftnw, hdl/src/common; DEVICES=1: every device folder), each run against its folder's tests; build/mutants/report.json (per folder) + survivors.txt [SEED=1 COUNT=60; about 40 min]
	@time python3 scripts/mutants.py $(if $(DEVICES),hdl/src/ftnw/ioc hdl/src/ftnw hdl/src/common hdl/src/ppe hdl/src/dtu hdl/src/mitnic)

clean: ## remove build/ and the Verilator model cache
	rm -rf build target/verilator
