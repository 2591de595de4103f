//! Simple dual-port RAM (one write port, one registered read port, independent clocks) that
//! Yosys maps to ECP5 DP16KD block RAM without read-during-write emulation logic.
//!
//! The memory carries `(* no_rw_check *)`: a read of the address being written in the same
//! cycle returns undefined data in hardware. The Rust model returns the old data. Every user in
//! this project (the FIFOs) is built never to read an address in the cycle it is written.
//! Latency: read data appears after the read clock edge that samples the address (1 cycle).

use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct BlockRam<D: Synth, const N: usize> {
    pub read_clock: Signal<In, Clock>,
    pub read_address: Signal<In, Bits<N>>,
    pub read_data: Signal<Out, D>,
    pub write_clock: Signal<In, Clock>,
    pub write_address: Signal<In, Bits<N>>,
    pub write_data: Signal<In, D>,
    pub write_enable: Signal<In, Bit>,
    _mem: Vec<D>,
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
        Verilog::Custom(format!(
            "(* no_rw_check *) reg [{d}:0] mem [0:{last}];\n\
             integer i;\n\
             initial begin\n\
             \x20  for (i = 0; i <= {last}; i = i + 1) mem[i] = {{{w}{{1'b0}}}};\n\
             end\n\
             always @(posedge read_clock) read_data <= mem[read_address];\n\
             always @(posedge write_clock) if (write_enable) mem[write_address] <= write_data;\n",
            d = D::BITS - 1,
            w = D::BITS,
            last = (1usize << N) - 1
        ))
    }
    fn timing(&self) -> Vec<TimingInfo> {
        vec![
            TimingInfo {
                name: "ram_read".into(),
                clock: "read_clock".into(),
                inputs: vec!["read_address".into()],
                outputs: vec!["read_data".into()],
            },
            TimingInfo {
                name: "ram_write".into(),
                clock: "write_clock".into(),
                inputs: vec![
                    "write_address".into(),
                    "write_data".into(),
                    "write_enable".into(),
                ],
                outputs: vec![],
            },
        ]
    }
}
