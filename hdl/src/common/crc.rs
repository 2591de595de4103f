//! Parallel CRC: `DW` message bits per clock into a `W`-bit CRC, any catalogue algorithm.
//!
//! `CrcMatrix` is the combinational step, next = M_s * state ^ M_d * data over GF(2), with the
//! matrices derived in `new()` from the bit-serial definition in `nicgen_wire::crc` by feeding
//! unit vectors; it is a leaf with generated Verilog (per output bit one XOR tree of the masked
//! state and one of the masked data, of 4-input XORs kept as wires: one LUT4 each).
//! `Crc` wraps it with the register: one word per clock, `start` restarts from `init` with the
//! word presented in the same cycle, `crc` is the finished CRC of everything accepted so far
//! (registered), `crc_next` the finished CRC including the word presented now (combinational,
//! for a same-cycle check of a trailer). Word order: the word LSB-first for a reflected CRC
//! (bytes little-endian), MSB-first otherwise; see `CrcSpec::step_word`.
//! Latency: `crc` is valid the cycle after the last word. Throughput: one word per clock.
//! `CrcClear` is the variant with a `clear` instead of `start`: its register takes the step
//! under an enable and returns to `init` by the flops' synchronous reset, so the loop from the
//! state through the XOR trees back to the state holds nothing else.

use crate::common::prim::DffInit;
use crate::top::Ports;
use nicgen_wire::crc::CrcSpec;
use rust_hdl::prelude::*;

#[derive(LogicBlock, Ports)]
pub struct CrcMatrix<const W: usize, const DW: usize> {
    pub state: Signal<In, Bits<W>>,
    /// Start from the initial value instead of `state`.
    pub start: Signal<In, Bit>,
    pub valid: Signal<In, Bit>,
    pub data: Signal<In, Bits<DW>>,
    /// `valid ? M(base, data) : base` with `base = start ? init : state`.
    pub out: Signal<Out, Bits<W>>,
    /// For each output bit: which state bits and which data bits are XORed in.
    _smask: Vec<u64>,
    _dmask: Vec<u64>,
    _init: u64,
}

impl<const W: usize, const DW: usize> CrcMatrix<W, DW> {
    pub fn new(spec: &CrcSpec) -> Self {
        assert_eq!(
            spec.width as usize, W,
            "CrcMatrix: {} is {} bits, block is {W}",
            spec.name, spec.width
        );
        assert!(
            W <= 64 && DW <= 64 && DW >= 1,
            "CrcMatrix: widths W={W} DW={DW} out of range"
        );
        let mut smask = vec![0u64; W];
        let mut dmask = vec![0u64; W];
        for j in 0..W {
            let out = spec.step_word(1u64 << j, 0, DW as u32);
            for (i, m) in smask.iter_mut().enumerate() {
                *m |= ((out >> i) & 1) << j;
            }
        }
        for j in 0..DW {
            let out = spec.step_word(0, 1u64 << j, DW as u32);
            for (i, m) in dmask.iter_mut().enumerate() {
                *m |= ((out >> i) & 1) << j;
            }
        }
        Self {
            state: Default::default(),
            start: Default::default(),
            valid: Default::default(),
            data: Default::default(),
            out: Default::default(),
            _smask: smask,
            _dmask: dmask,
            _init: spec.register_init(),
        }
    }
    /// The matrix step on plain integers (the Rust model of the XOR trees).
    pub fn step(&self, state: u64, data: u64) -> u64 {
        let mut r = 0;
        for i in 0..W {
            let p = (state & self._smask[i]).count_ones() + (data & self._dmask[i]).count_ones();
            r |= ((p & 1) as u64) << i;
        }
        r
    }
}

impl<const W: usize, const DW: usize> Logic for CrcMatrix<W, DW> {
    fn update(&mut self) {
        let base = if self.start.val() {
            self._init
        } else {
            self.state.val().to_u64()
        };
        let out = if self.valid.val() {
            self.step(base, self.data.val().to_u64())
        } else {
            base
        };
        self.out.next = Bits::<W>::from(out);
    }
    fn connect(&mut self) {
        self.out.connect();
    }
    fn hdl(&self) -> Verilog {
        // per output bit an XOR tree of the masked state and one of the masked data, each
        // straight off its input and built of 4-input XORs kept as wires, so synthesis maps
        // each to one LUT4 (a tree of n taps is ceil(log4 n) LUTs deep: 2 for most bits of
        // CRC-32's 32-bit step, 3 for three of them; ABC, left to itself, shares sub-XORs
        // between output bits and went six deep);
        // `start` (the initial value's parity, a constant) and `valid` select only after the
        // trees, so they are not on the trees' paths
        let m = W - 1;
        let hexw = |bits: usize, v: u64| format!("{bits}'h{v:x}");
        let mut s = format!("wire [{m}:0] ps;\nwire [{m}:0] pd;\n");
        let mut ci = 0u64;
        for i in 0..W {
            let st: Vec<String> = (0..W)
                .filter(|j| self._smask[i] >> j & 1 != 0)
                .map(|j| format!("state[{j}]"))
                .collect();
            let dt: Vec<String> = (0..DW)
                .filter(|j| self._dmask[i] >> j & 1 != 0)
                .map(|j| format!("data[{j}]"))
                .collect();
            let ps = xor_tree(st, &format!("ts{i}"), &mut s);
            let pd = xor_tree(dt, &format!("td{i}"), &mut s);
            s += &format!("assign ps[{i}] = {ps};\nassign pd[{i}] = {pd};\n");
            ci |= (((self._init & self._smask[i]).count_ones() & 1) as u64) << i;
        }
        s += &format!(
            "always @(*) begin\n   if (valid) out = (start ? {ci} : ps) ^ pd;\n   else out = start ? {init} : state;\nend\n",
            ci = hexw(W, ci),
            init = hexw(W, self._init)
        );
        Verilog::Custom(s)
    }
}

/// The XOR of `terms` as a tree of 4-input XORs, each a `(* keep *)` wire named
/// `{name}_{level}_{k}` declared into `decl`; returns the expression of the root (`1'b0` for
/// no terms, the term itself for one).
fn xor_tree(mut terms: Vec<String>, name: &str, decl: &mut String) -> String {
    let mut level = 0;
    while terms.len() > 1 {
        terms = terms
            .chunks(4)
            .enumerate()
            .map(|(k, g)| {
                if g.len() == 1 {
                    return g[0].clone();
                }
                let w = format!("{name}_{level}_{k}");
                // declared apart from its assignment: Icarus drops an attribute on a net
                // declaration assignment (and says so)
                *decl += &format!("(* keep *) wire {w};\nassign {w} = {};\n", g.join(" ^ "));
                w
            })
            .collect();
        level += 1;
    }
    terms.pop().unwrap_or_else(|| "1'b0".to_string())
}

#[derive(LogicBlock, Ports)]
pub struct Crc<const W: usize, const DW: usize> {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: the CRC state returns to its initial value
    pub reset: Signal<In, Bit>,
    /// The word on `data` starts a new message (the state is the initial value before it)
    ///
    /// Restart from `init` with the word presented now (or without one when `valid` is low).
    pub start: Signal<In, Bit>,
    /// `data` is a word of the message: the state advances by it on this edge
    pub valid: Signal<In, Bit>,
    /// Message word, 32 bits, fed LSB first (the CRC's bit order; docs/spec-decisions.md)
    pub data: Signal<In, Bits<DW>>,
    /// The CRC of the words taken so far (register, final XOR applied)
    ///
    /// Finished CRC of the words accepted before this cycle.
    pub crc: Signal<Out, Bits<W>>,
    /// The CRC including the word on `data` this cycle (combinational)
    pub crc_next: Signal<Out, Bits<W>>,
    matrix: CrcMatrix<W, DW>,
    state: DffInit<Bits<W>>,
    init: Constant<Bits<W>>,
    xorout: Constant<Bits<W>>,
}

impl<const W: usize, const DW: usize> Crc<W, DW> {
    pub fn new(spec: &CrcSpec) -> Self {
        assert_eq!(
            spec.refin, spec.refout,
            "Crc: {} has refin != refout, not supported",
            spec.name
        );
        let init = Bits::<W>::from(spec.register_init());
        Self {
            clock: Default::default(),
            reset: Default::default(),
            start: Default::default(),
            valid: Default::default(),
            data: Default::default(),
            crc: Default::default(),
            crc_next: Default::default(),
            matrix: CrcMatrix::new(spec),
            // power-up value = reset value = init
            state: DffInit::new(init),
            init: Constant::new(init),
            xorout: Constant::new(Bits::<W>::from(spec.xorout)),
        }
    }
}

impl<const W: usize, const DW: usize> Logic for Crc<W, DW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state);
        self.matrix.state.next = self.state.q.val();
        self.matrix.start.next = self.start.val();
        self.matrix.valid.next = self.valid.val();
        self.matrix.data.next = self.data.val();
        self.state.d.next = self.matrix.out.val();
        self.crc.next = self.state.q.val() ^ self.xorout.val();
        self.crc_next.next = self.matrix.out.val() ^ self.xorout.val();
        if self.reset.val() {
            self.state.d.next = self.init.val();
        }
    }
}

/// `Crc` with a `clear` in place of `start`, for a user that knows when a message has ended:
/// the register takes `M (state, data)` in a cycle with `valid` (an enable), and `init` in a
/// cycle with `clear` (the flops' synchronous reset; over `valid`). A message starts after a
/// `clear`. Nothing but the XOR trees lies in the loop from the register back to itself.
/// `crc_next` is the finished CRC including the word presented now (defined when `valid`),
/// `crc` the finished CRC of the words accepted since the last `clear`.
#[derive(LogicBlock)]
pub struct CrcClear<const W: usize, const DW: usize> {
    pub clock: Signal<In, Clock>,
    /// Back to `init` at this edge, whatever `valid`.
    pub clear: Signal<In, Bit>,
    pub valid: Signal<In, Bit>,
    pub data: Signal<In, Bits<DW>>,
    pub crc: Signal<Out, Bits<W>>,
    pub crc_next: Signal<Out, Bits<W>>,
    matrix: CrcMatrix<W, DW>,
    state: DffInit<Bits<W>>,
    init: Constant<Bits<W>>,
    xorout: Constant<Bits<W>>,
}

impl<const W: usize, const DW: usize> CrcClear<W, DW> {
    pub fn new(spec: &CrcSpec) -> Self {
        let c = Crc::<W, DW>::new(spec);
        Self {
            clock: Default::default(),
            clear: Default::default(),
            valid: Default::default(),
            data: Default::default(),
            crc: Default::default(),
            crc_next: Default::default(),
            matrix: c.matrix,
            state: c.state,
            init: c.init,
            xorout: c.xorout,
        }
    }
}

impl<const W: usize, const DW: usize> Logic for CrcClear<W, DW> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, state);
        self.matrix.state.next = self.state.q.val();
        self.matrix.start.next = false;
        self.matrix.valid.next = true;
        self.matrix.data.next = self.data.val();
        if self.valid.val() {
            self.state.d.next = self.matrix.out.val();
        }
        if self.clear.val() {
            self.state.d.next = self.init.val();
        }
        self.crc.next = self.state.q.val() ^ self.xorout.val();
        self.crc_next.next = self.matrix.out.val() ^ self.xorout.val();
    }
}
