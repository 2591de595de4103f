//! AXI4-Lite (AMBA AXI4, ARM IHI 0022, the AXI4-Lite subset): the interface pair and a slave
//! adapter that turns AXI4-Lite reads and writes into accesses of the project's register bus,
//! so every device's registers drop into a Vivado, LiteX or FuseSoC system as an AXI4-Lite
//! slave.
//!
//! AXI rules the adapter keeps (A3.2, B1.1): a VALID it drives (BVALID, RVALID) is raised
//! without waiting for READY and held, with its payload stable, until the handshake; its
//! READYs (AWREADY, WREADY, ARREADY) may fall and rise freely; AW and W are accepted in any
//! order and independently; one write and one read may be pending at once, served one at a
//! time (alternating when both wait) in the order each channel presented them. Responses:
//! OKAY (0b00); SLVERR (0b10) when the register bus answers `err` (unmapped, unaligned,
//! read-only: the bus's rules) and for a write whose WSTRB enables some but not all bytes (the
//! registers are written as whole words; nothing is written). A write with WSTRB = 0 writes
//! nothing and answers OKAY. AWPROT / ARPROT are accepted and ignored. Latency: AW+W to the
//! bus strobe 1 cycle, bus answer to BVALID / RVALID 1 cycle.

use crate::common::regbank::RegBusMasterD;
use crate::common::unused::Unused;
use crate::top::Ports;
use rust_hdl::prelude::*;

/// AXI4-Lite, manager side (`A` address bits, `D` data bits, `S` = D/8 strobes).
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "AxiLiteSlave"]
pub struct AxiLiteMaster<const A: usize, const D: usize, const S: usize> {
    pub awaddr: Signal<Out, Bits<A>>,
    pub awprot: Signal<Out, Bits<3>>,
    pub awvalid: Signal<Out, Bit>,
    pub awready: Signal<In, Bit>,
    pub wdata: Signal<Out, Bits<D>>,
    pub wstrb: Signal<Out, Bits<S>>,
    pub wvalid: Signal<Out, Bit>,
    pub wready: Signal<In, Bit>,
    pub bresp: Signal<In, Bits<2>>,
    pub bvalid: Signal<In, Bit>,
    pub bready: Signal<Out, Bit>,
    pub araddr: Signal<Out, Bits<A>>,
    pub arprot: Signal<Out, Bits<3>>,
    pub arvalid: Signal<Out, Bit>,
    pub arready: Signal<In, Bit>,
    pub rdata: Signal<In, Bits<D>>,
    pub rresp: Signal<In, Bits<2>>,
    pub rvalid: Signal<In, Bit>,
    pub rready: Signal<Out, Bit>,
}

/// AXI4-Lite, subordinate side.
#[derive(Clone, Debug, Default, LogicInterface, Ports)]
#[join = "AxiLiteMaster"]
pub struct AxiLiteSlave<const A: usize, const D: usize, const S: usize> {
    pub awaddr: Signal<In, Bits<A>>,
    pub awprot: Signal<In, Bits<3>>,
    pub awvalid: Signal<In, Bit>,
    pub awready: Signal<Out, Bit>,
    pub wdata: Signal<In, Bits<D>>,
    pub wstrb: Signal<In, Bits<S>>,
    pub wvalid: Signal<In, Bit>,
    pub wready: Signal<Out, Bit>,
    pub bresp: Signal<Out, Bits<2>>,
    pub bvalid: Signal<Out, Bit>,
    pub bready: Signal<In, Bit>,
    pub araddr: Signal<In, Bits<A>>,
    pub arprot: Signal<In, Bits<3>>,
    pub arvalid: Signal<In, Bit>,
    pub arready: Signal<Out, Bit>,
    pub rdata: Signal<Out, Bits<D>>,
    pub rresp: Signal<Out, Bits<2>>,
    pub rvalid: Signal<Out, Bit>,
    pub rready: Signal<In, Bit>,
}

/// AXI response codes (A3.4.4).
pub const RESP_OKAY: u64 = 0b00;
pub const RESP_SLVERR: u64 = 0b10;

/// AXI4-Lite slave in front of a register bus master of `A` address bits and `D` data bits
/// (`S` = D/8 strobes): `AxiLiteToRegBus` for the 32-bit register files, 64 bits for the DTU.
#[derive(LogicBlock)]
pub struct AxiLiteToRegBusD<const A: usize, const D: usize, const S: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub axi: AxiLiteSlave<A, D, S>,
    pub bus: RegBusMasterD<A, D>,
    aw_full: DFF<Bit>,
    aw_addr: DFF<Bits<A>>,
    w_full: DFF<Bit>,
    w_data: DFF<Bits<D>>,
    w_strb: DFF<Bits<S>>,
    ar_full: DFF<Bit>,
    ar_addr: DFF<Bits<A>>,
    busy: DFF<Bit>,
    busy_write: DFF<Bit>,
    last_write: DFF<Bit>,
    b_valid: DFF<Bit>,
    b_resp: DFF<Bits<2>>,
    r_valid: DFF<Bit>,
    r_data: DFF<Bits<D>>,
    r_resp: DFF<Bits<2>>,
    can_write: Signal<Local, Bit>,
    can_read: Signal<Local, Bit>,
    pick_write: Signal<Local, Bit>,
    c_all: Constant<Bits<S>>,
    c_none: Constant<Bits<S>>,
    c_okay: Constant<Bits<2>>,
    c_slverr: Constant<Bits<2>>,
    prot_sink: [Unused<Bits<3>>; 2],
}

/// The AXI4-Lite slave of the 32-bit register files.
pub type AxiLiteToRegBus<const A: usize> = AxiLiteToRegBusD<A, 32, 4>;

impl<const A: usize, const D: usize, const S: usize> Default for AxiLiteToRegBusD<A, D, S> {
    fn default() -> Self {
        assert_eq!(S * 8, D, "AxiLiteToRegBusD<{A}, {D}, {S}>: S must be D/8");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            axi: Default::default(),
            bus: Default::default(),
            aw_full: Default::default(),
            aw_addr: Default::default(),
            w_full: Default::default(),
            w_data: Default::default(),
            w_strb: Default::default(),
            ar_full: Default::default(),
            ar_addr: Default::default(),
            busy: Default::default(),
            busy_write: Default::default(),
            last_write: Default::default(),
            b_valid: Default::default(),
            b_resp: Default::default(),
            r_valid: Default::default(),
            r_data: Default::default(),
            r_resp: Default::default(),
            can_write: Default::default(),
            can_read: Default::default(),
            pick_write: Default::default(),
            c_all: Constant::new((((1u128 << S) - 1) as u64).into()),
            c_none: Constant::new(0u64.into()),
            c_okay: Constant::new(RESP_OKAY.into()),
            c_slverr: Constant::new(RESP_SLVERR.into()),
            prot_sink: Default::default(),
        }
    }
}

impl<const A: usize, const D: usize, const S: usize> Logic for AxiLiteToRegBusD<A, D, S> {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, aw_full, aw_addr, w_full, w_data, w_strb, ar_full, ar_addr, busy,
            busy_write, last_write, b_valid, b_resp, r_valid, r_data, r_resp
        );
        // AWPROT / ARPROT carry nothing a register bus distinguishes
        self.prot_sink[0].x.next = self.axi.awprot.val();
        self.prot_sink[1].x.next = self.axi.arprot.val();
        // accept each channel into its holding register
        self.axi.awready.next = !self.aw_full.q.val();
        self.axi.wready.next = !self.w_full.q.val();
        self.axi.arready.next = !self.ar_full.q.val();
        if self.axi.awvalid.val() && !self.aw_full.q.val() {
            self.aw_full.d.next = true;
            self.aw_addr.d.next = self.axi.awaddr.val();
        }
        if self.axi.wvalid.val() && !self.w_full.q.val() {
            self.w_full.d.next = true;
            self.w_data.d.next = self.axi.wdata.val();
            self.w_strb.d.next = self.axi.wstrb.val();
        }
        if self.axi.arvalid.val() && !self.ar_full.q.val() {
            self.ar_full.d.next = true;
            self.ar_addr.d.next = self.axi.araddr.val();
        }
        // one bus access at a time; alternate when a write and a read both wait
        self.can_write.next = self.aw_full.q.val()
            && self.w_full.q.val()
            && !self.b_valid.q.val()
            && !self.busy.q.val();
        self.can_read.next = self.ar_full.q.val() && !self.r_valid.q.val() && !self.busy.q.val();
        self.pick_write.next =
            self.can_write.val() && (!self.can_read.val() || !self.last_write.q.val());
        self.bus.write.next = false;
        self.bus.read.next = false;
        self.bus.addr.next = self.ar_addr.q.val();
        self.bus.wdata.next = self.w_data.q.val();
        if self.pick_write.val() {
            self.bus.addr.next = self.aw_addr.q.val();
            self.aw_full.d.next = false;
            self.w_full.d.next = false;
            self.last_write.d.next = true;
            if self.w_strb.q.val() == self.c_all.val() {
                self.bus.write.next = true;
                self.busy.d.next = true;
                self.busy_write.d.next = true;
            } else {
                // no bus access: nothing enabled is OKAY, a partial word is refused
                self.b_valid.d.next = true;
                self.b_resp.d.next = self.c_slverr.val();
                if self.w_strb.q.val() == self.c_none.val() {
                    self.b_resp.d.next = self.c_okay.val();
                }
            }
        } else if self.can_read.val() {
            self.bus.read.next = true;
            self.ar_full.d.next = false;
            self.busy.d.next = true;
            self.busy_write.d.next = false;
            self.last_write.d.next = false;
        }
        // the bus answers: the response channel holds it until taken
        if self.busy.q.val() && self.bus.ready.val() {
            self.busy.d.next = false;
            if self.busy_write.q.val() {
                self.b_valid.d.next = true;
                self.b_resp.d.next = self.c_okay.val();
                if self.bus.err.val() {
                    self.b_resp.d.next = self.c_slverr.val();
                }
            } else {
                self.r_valid.d.next = true;
                self.r_data.d.next = self.bus.rdata.val();
                self.r_resp.d.next = self.c_okay.val();
                if self.bus.err.val() {
                    self.r_resp.d.next = self.c_slverr.val();
                }
            }
        }
        if self.b_valid.q.val() && self.axi.bready.val() {
            self.b_valid.d.next = false;
        }
        if self.r_valid.q.val() && self.axi.rready.val() {
            self.r_valid.d.next = false;
        }
        self.axi.bvalid.next = self.b_valid.q.val();
        self.axi.bresp.next = self.b_resp.q.val();
        self.axi.rvalid.next = self.r_valid.q.val();
        self.axi.rdata.next = self.r_data.q.val();
        self.axi.rresp.next = self.r_resp.q.val();
        if self.reset.val() {
            self.aw_full.d.next = false;
            self.w_full.d.next = false;
            self.ar_full.d.next = false;
            self.busy.d.next = false;
            self.b_valid.d.next = false;
            self.r_valid.d.next = false;
            self.last_write.d.next = false;
        }
    }
}
