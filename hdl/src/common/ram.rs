//! Simple dual-port RAM (one write port, one registered read port, independent clocks) that
//! Yosys maps to ECP5 DP16KD block RAM without read-during-write emulation logic.
//!
//! The memory carries `(* no_rw_check *)`: a read of the address being written in the same
//! cycle returns undefined data in hardware. The Rust model returns the old data. Every user in
//! this project (the FIFOs) is built never to read an address in the cycle it is written.
//! Latency: read data appears after the read clock edge that samples the address (1 cycle).

use crate::top::Ports;
use rust_hdl::prelude::*;

/// The Verilog that starts a memory of `1 << n` words of `w` bits at zero, as the Rust models do.
/// Nested generate loops of at most 128 iterations, one `initial` per word, rather than one
/// `for` loop in one `initial`: Yosys' front end takes time quadratic in the length of an
/// unrolled initial loop (110 s for 16384 words in Yosys 0.23, 52 s in 0.70; 3 s this way), and
/// Verilator refuses to unroll a single generate loop of more than 1024. Verilator folds the
/// words back into one loop; Yosys turns them into the block RAM's initial contents.
fn zero_init(w: usize, n: usize) -> String {
    let inner_bits = n.min(7);
    format!(
        "genvar zi, zj;\n\
         generate for (zi = 0; zi < {outer}; zi = zi + 1) begin : zero_outer\n\
         \x20  for (zj = 0; zj < {inner}; zj = zj + 1) begin : zero_inner\n\
         \x20     initial mem[zi * {inner} + zj] = {w}'d0;\n\
         \x20  end\n\
         end endgenerate\n",
        outer = 1usize << (n - inner_bits),
        inner = 1usize << inner_bits,
    )
}

#[derive(LogicBlock, Ports)]
pub struct BlockRam<D: Synth, const N: usize> {
    pub read_clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<N>>,
    pub read_data: Signal<Out, D>,
    pub write_clock: Signal<In, Clock>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, D>,
    pub write_enable: Signal<In, Bit>,
    _mem: Vec<D>,
    /// A Yosys `ram_style` for the memory ("" leaves the choice to Yosys, which maps memories
    /// of up to a few kilobits to distributed RAM).
    _style: &'static str,
}

impl<D: Synth, const N: usize> BlockRam<D, N> {
    /// The same RAM, mapped to block RAM (DP16KD on ECP5) whatever its size: for memories that
    /// would otherwise fill slices a full design needs for logic.
    pub fn in_block_ram() -> Self {
        Self {
            _style: "(* ram_style = \"block\" *) ",
            ..Default::default()
        }
    }
}

impl<D: Synth, const N: usize> Default for BlockRam<D, N> {
    fn default() -> Self {
        assert!(
            N >= 1 && N <= 20,
            "BlockRam address width {N} out of 1..=20"
        );
        Self {
            read_clock: Default::default(),
            read_address: Default::default(),
            read_data: Default::default(),
            write_clock: Default::default(),
            write_address: Default::default(),
            write_data: Default::default(),
            write_enable: Default::default(),
            _mem: vec![D::default(); 1 << N],
            _style: "",
        }
    }
}

impl<D: Synth, const N: usize> Logic for BlockRam<D, N> {
    fn update(&mut self) {
        if self.read_clock.pos_edge() {
            self.read_data.next = self._mem[self.read_address.val().index()];
        }
        if self.write_clock.pos_edge() && self.write_enable.val() {
            self._mem[self.write_address.val().index()] = self.write_data.val();
        }
    }
    fn connect(&mut self) {
        self.read_data.connect();
    }
    fn hdl(&self) -> Verilog {
        block_ram_verilog(
            self._style,
            "",
            D::BITS,
            N,
            "read_data <= mem[read_address];",
        )
    }
    fn timing(&self) -> Vec<TimingInfo> {
        block_ram_timing(&["read_address"])
    }
}

/// The Verilog of a simple dual-port block RAM whose registered read does `read`.
/// `decl` declares what `read` uses besides the memory.
fn block_ram_verilog(style: &str, decl: &str, w: usize, n: usize, read: &str) -> Verilog {
    Verilog::Custom(format!(
        "{style}(* no_rw_check *) reg [{d}:0] mem [0:{last}];\n\
         {decl}{init}             always @(posedge read_clock) {read}\n\
         always @(posedge write_clock) if (write_enable) mem[write_address] <= write_data;\n",
        d = w - 1,
        last = (1usize << n) - 1,
        init = zero_init(w, n)
    ))
}

fn block_ram_timing(read_inputs: &[&str]) -> Vec<TimingInfo> {
    vec![
        TimingInfo {
            name: "ram_read".into(),
            clock: "read_clock".into(),
            inputs: read_inputs.iter().map(|s| s.to_string()).collect(),
            outputs: vec!["read_data".into()],
        },
        write_timing("ram_write", "write_clock"),
    ]
}

/// The timing of a RAM's write port (`write_address`, `write_data`, `write_enable` on `clock`).
fn write_timing(name: &str, clock: &str) -> TimingInfo {
    TimingInfo {
        name: name.into(),
        clock: clock.into(),
        inputs: vec![
            "write_address".into(),
            "write_data".into(),
            "write_enable".into(),
        ],
        outputs: vec![],
    }
}

/// `BlockRam` read through the block RAM's output register: the read latch takes the word at
/// `read_address` at every read clock edge, and `read_data` (the output register) takes the
/// latch at each edge that samples `out_enable` high, so the word leaves a flop (ECP5 DP16KD
/// `REGMODE` OUTREG: 0.96 ns clock-to-out in nextpnr's -6 model, against 5.83 ns from the read
/// latch). With `out_enable` high, `read_data` is the word at the address sampled two edges
/// before; with it low, `read_data` holds while the latch reads on. Always in block RAM.
///
/// The Verilog is the behaviour (a memory read into `rd_q`, then `read_data <= rd_q` enabled), which
/// Vivado, Quartus and Lattice's own flows fold into the RAM's output register. Yosys (up to
/// 0.70 at least) maps `rd_q` to the read latch and leaves `read_data` a fabric flop;
/// `scripts/bram_outreg.py` folds that flop into the DP16KD after synthesis.
#[derive(LogicBlock, Ports)]
pub struct BlockRamReg<D: Synth, const N: usize> {
    pub read_clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<N>>,
    pub out_enable: Signal<In, Bit>,
    pub read_data: Signal<Out, D>,
    pub write_clock: Signal<In, Clock>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, D>,
    pub write_enable: Signal<In, Bit>,
    _mem: Vec<D>,
    /// The read latch (the word read at the last read clock edge).
    _q: D,
}

impl<D: Synth, const N: usize> Default for BlockRamReg<D, N> {
    fn default() -> Self {
        assert!(
            N >= 1 && N <= 20,
            "BlockRamReg address width {N} out of 1..=20"
        );
        Self {
            read_clock: Default::default(),
            read_address: Default::default(),
            out_enable: Default::default(),
            read_data: Default::default(),
            write_clock: Default::default(),
            write_address: Default::default(),
            write_data: Default::default(),
            write_enable: Default::default(),
            _mem: vec![D::default(); 1 << N],
            _q: D::default(),
        }
    }
}

impl<D: Synth, const N: usize> Logic for BlockRamReg<D, N> {
    fn update(&mut self) {
        if self.read_clock.pos_edge() {
            if self.out_enable.val() {
                self.read_data.next = self._q;
            }
            self._q = self._mem[self.read_address.val().index()];
        }
        if self.write_clock.pos_edge() && self.write_enable.val() {
            self._mem[self.write_address.val().index()] = self.write_data.val();
        }
    }
    fn connect(&mut self) {
        self.read_data.connect();
    }
    fn hdl(&self) -> Verilog {
        block_ram_verilog(
            "(* ram_style = \"block\" *) ",
            &format!(
                "reg [{d}:0] rd_q;\ninitial rd_q = {w}'d0;\n",
                d = D::BITS - 1,
                w = D::BITS
            ),
            D::BITS,
            N,
            "begin rd_q <= mem[read_address]; if (out_enable) read_data <= rd_q; end",
        )
    }
    fn timing(&self) -> Vec<TimingInfo> {
        block_ram_timing(&["read_address", "out_enable"])
    }
}

/// Distributed RAM (ECP5 TRELLIS_DPR16X4 after Yosys): one write port on `clock`, one
/// combinational read port (`read_data` is the word at `read_address` in the same cycle; a word
/// written at an edge reads back from the next cycle on). For small buffers read at full rate
/// without a read-ahead.
#[derive(LogicBlock)]
pub struct LutRam<D: Synth, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<N>>,
    pub read_data: Signal<Out, D>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, D>,
    pub write_enable: Signal<In, Bit>,
    _mem: Vec<D>,
}

impl<D: Synth, const N: usize> Default for LutRam<D, N> {
    fn default() -> Self {
        assert!(
            (1..=8).contains(&N),
            "LutRam address width {N} out of 1..=8"
        );
        Self {
            clock: Default::default(),
            read_address: Default::default(),
            read_data: Default::default(),
            write_address: Default::default(),
            write_data: Default::default(),
            write_enable: Default::default(),
            _mem: vec![D::default(); 1 << N],
        }
    }
}

impl<D: Synth, const N: usize> Logic for LutRam<D, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() && self.write_enable.val() {
            self._mem[self.write_address.val().index()] = self.write_data.val();
        }
        self.read_data.next = self._mem[self.read_address.val().index()];
    }
    fn connect(&mut self) {
        self.read_data.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "reg [{d}:0] mem [0:{last}];\n\
             {init}             wire [{d}:0] rd_w = mem[read_address];\n\
             always @(*) read_data = rd_w;\n\
             always @(posedge clock) if (write_enable) mem[write_address] <= write_data;\n",
            d = D::BITS - 1,
            last = (1usize << N) - 1,
            init = zero_init(D::BITS, N)
        ))
    }
    fn timing(&self) -> Vec<TimingInfo> {
        vec![write_timing("lutram_write", "clock")]
    }
}

/// Block RAM with two ports on one clock (ECP5 DP16KD in true dual-port mode): port A reads
/// and writes (`a_rdata` is the word at `a_addr` before a write in the same cycle), port B only
/// reads; both reads are registered (1 cycle). A read on B of the word A writes in the same
/// cycle returns undefined data in hardware (`no_rw_check`), the old word in the Rust model.
#[derive(LogicBlock)]
pub struct BlockRam2<D: Synth, const N: usize> {
    pub clock: Signal<In, Clock>,
    pub a_addr: Signal<In, Bits<N>>,
    pub a_we: Signal<In, Bit>,
    pub a_wdata: Signal<In, D>,
    pub a_rdata: Signal<Out, D>,
    pub b_addr: Signal<In, Bits<N>>,
    pub b_rdata: Signal<Out, D>,
    _mem: Vec<D>,
}

impl<D: Synth, const N: usize> Default for BlockRam2<D, N> {
    fn default() -> Self {
        assert!(
            (1..=20).contains(&N),
            "BlockRam2 address width {N} out of 1..=20"
        );
        Self {
            clock: Default::default(),
            a_addr: Default::default(),
            a_we: Default::default(),
            a_wdata: Default::default(),
            a_rdata: Default::default(),
            b_addr: Default::default(),
            b_rdata: Default::default(),
            _mem: vec![D::default(); 1 << N],
        }
    }
}

impl<D: Synth, const N: usize> Logic for BlockRam2<D, N> {
    fn update(&mut self) {
        if self.clock.pos_edge() {
            self.a_rdata.next = self._mem[self.a_addr.val().index()];
            self.b_rdata.next = self._mem[self.b_addr.val().index()];
            if self.a_we.val() {
                self._mem[self.a_addr.val().index()] = self.a_wdata.val();
            }
        }
    }
    fn connect(&mut self) {
        self.a_rdata.connect();
        self.b_rdata.connect();
    }
    fn hdl(&self) -> Verilog {
        Verilog::Custom(format!(
            "(* no_rw_check *) reg [{d}:0] mem [0:{last}];\n\
             {init}             always @(posedge clock) begin\n\
             \x20  if (a_we) mem[a_addr] <= a_wdata;\n\
             \x20  a_rdata <= mem[a_addr];\n\
             end\n\
             always @(posedge clock) b_rdata <= mem[b_addr];\n",
            d = D::BITS - 1,
            last = (1usize << N) - 1,
            init = zero_init(D::BITS, N)
        ))
    }
    fn timing(&self) -> Vec<TimingInfo> {
        vec![TimingInfo {
            name: "ram2".into(),
            clock: "clock".into(),
            inputs: vec![
                "a_addr".into(),
                "a_we".into(),
                "a_wdata".into(),
                "b_addr".into(),
            ],
            outputs: vec!["a_rdata".into(), "b_rdata".into()],
        }]
    }
}
