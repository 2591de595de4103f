//! The MIT NIC's core (CSG Memo 331 §2, §3.2.1; issue 15): the registers, both 16-message
//! queues and the commands of a P-bus transaction, in one clock domain. The P-bus slave
//! (`pbus`) and the PaRC ports (`parc`, their own clocks) are built around it in `nic`.
//!
//! Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2]: LOC, OTYPE, NNEXT, SEND, CSP
//! of `nicgen_wire::mitnic::Command`) and `t_write`; `t_wdata` is taken in the cycle the
//! transaction executes (the P bus drives it a cycle after the address, and holds it through a
//! WAIT). Strobes while a transaction is held in WAIT are ignored. The next cycle executes it in
//! the memo's order (NIC-R053): the load or store of LOC, then the send (o0-o4 with the store
//! applied; REPLY or FORWARD take i1, i2 or i3, i4 as they were, NIC-A11), then NNEXT (the head
//! of the input queue into i0-i4 in the same cycle, so the next transaction reads it). It ends
//! with one `t_done` pulse (`t_rdata` for a read). A send into a full output queue ends with
//! `t_done` and `t_fault` and does nothing when CONTROL.F/W = 1; with F/W = 0 the core holds the
//! transaction with `t_wait` high and executes it, once, in the cycle a slot is free
//! (NIC-R071-R073). A store clearing CONTROL.OP_ON is held in WAIT the same way while
//! `port_seen` says the output port's clock domain still has `port_go` high (§2.2.2: no message
//! starts after the store completes). A write of CONTROL with RESET_NIC resets the core at once (every register
//! 0, both queues empty, a message arriving in that cycle dropped) and nothing else of the
//! transaction happens (NIC-A21).
//!
//! Output queue head (`out_*`, valid/ready; offered only while CONTROL.OP_ON): the five words as
//! sent, the type, CSP and the routing byte computed at the send (NIC-A15; ring table a
//! parameter, NIC-A13). Arrivals (`in_valid` for one cycle with the message): dropped while
//! IP_ON = 0 (NIC-A29), dropped with room_error (STATUS.EXCS[0]) into a full queue (NIC-A32).
//! `idle_err` sets EXCS[1], `in_lost` (a packet the input port could not hand over) EXCS[0].
//! While VALID = 0 the queue's head is loaded into i0-i4 on its own. `out_held` (messages the
//! output port has taken but not yet launched) counts in oLENGTH, full and oaFULL;
//! `in_nearly_full` (registered) is the input port's niwait level.
//!
//! Each queue is a block RAM of 16 entries with its pointers inside this kernel (no valid/ready
//! handshake with a FIFO block, which Verilator would see as a loop): an entry is readable the
//! second cycle after its write.

use crate::common::prim::k;
use crate::common::ram::BlockRam;
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use nicgen_wire::mitnic::{self as w, CONTROL as C, STATUS as S};
use rust_hdl::prelude::*;

/// An output-queue entry: words 0-4 at 32 n, type 164:160, CSP 165, routing byte 173:166.
const OQW: usize = 174;
/// An input-queue entry: words 0-4 at 32 n, type 164:160.
const IQW: usize = 165;

#[derive(LogicBlock, Ports)]
pub struct NicCore {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high (the power-on reset NIC-A21 adds): every register 0, both
    /// queues empty
    pub reset: Signal<In, Bit>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_strobe: Signal<In, Bit>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_da: Signal<In, Bits<14>>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_write: Signal<In, Bit>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_wdata: Signal<In, Bits<32>>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_done: Signal<Out, Bit>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_fault: Signal<Out, Bit>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_wait: Signal<Out, Bit>,
    /// Transaction port: a one-cycle `t_strobe` with `t_da` (A[15:2],
    /// `nicgen_wire::mitnic::Command`), `t_write`, `t_wdata`; the next cycle (or, after `t_wait`,
    /// the cycle a slot frees, or for a store clearing OP_ON the cycle `port_seen` is low) ends it
    /// with one `t_done` pulse, `t_rdata` for a read, `t_fault` when refused
    pub t_rdata: Signal<Out, Bits<32>>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_valid: Signal<Out, Bit>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_ready: Signal<In, Bit>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_w0: Signal<Out, Bits<32>>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_w1: Signal<Out, Bits<32>>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_w2: Signal<Out, Bits<32>>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_w3: Signal<Out, Bits<32>>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_w4: Signal<Out, Bits<32>>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_type: Signal<Out, Bits<5>>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_csp: Signal<Out, Bit>,
    /// Output-queue head (valid/ready, offered while CONTROL.OP_ON): words, type, CSP, routing
    /// byte; with the queue empty, the message a send is executing (cut-through: queued only if
    /// `out_ready` is low)
    pub out_route: Signal<Out, Bits<8>>,
    /// An arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON =
    /// 0; room_error into a full queue)
    pub in_valid: Signal<In, Bit>,
    /// An arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON =
    /// 0; room_error into a full queue)
    pub in_w0: Signal<In, Bits<32>>,
    /// An arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON =
    /// 0; room_error into a full queue)
    pub in_w1: Signal<In, Bits<32>>,
    /// An arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON =
    /// 0; room_error into a full queue)
    pub in_w2: Signal<In, Bits<32>>,
    /// An arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON =
    /// 0; room_error into a full queue)
    pub in_w3: Signal<In, Bits<32>>,
    /// An arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON =
    /// 0; room_error into a full queue)
    pub in_w4: Signal<In, Bits<32>>,
    /// An arriving message: `in_valid` for one cycle with its words and type (dropped while IP_ON =
    /// 0; room_error into a full queue)
    pub in_type: Signal<In, Bits<5>>,
    /// One cycle: the input port saw an idle error (STATUS.EXCS[1])
    pub idle_err: Signal<In, Bit>,
    /// One cycle: the input port dropped a packet it could not hand over (room_error,
    /// STATUS.EXCS[0])
    pub in_lost: Signal<In, Bit>,
    /// The four exception input pins (STATUS.EXCS[5:2]), synchronous to `clock`
    pub exc_pins: Signal<In, Bits<4>>,
    /// The four exception output pins (CONTROL.OUT_EXCS)
    pub out_excs: Signal<Out, Bits<4>>,
    /// Messages the output port has taken whose header has not left: counted in oLENGTH
    ///
    /// Messages taken from the queue by the output port whose header has not left yet: they
    /// still count in oLENGTH (NIC-A23), so the queue and the port hold 16 at most.
    pub out_held: Signal<In, Bits<2>>,
    /// Registered: the input queue holds at least 12 messages (the input port's niwait)
    pub in_nearly_full: Signal<Out, Bit>,
    /// The output port (on this clock) can start a packet at the next edge; 0 disables the early
    /// header
    pub eh_room: Signal<In, Bit>,
    /// Early header: `eh_valid` in the address cycle of a send whose header (`eh_type`, `eh_csp`,
    /// `eh_route`) the port may start at once; the port must then take the words (`out_ready` high)
    /// in the next cycle
    ///
    /// Early header: the transaction presented now (`t_strobe`) sends, and its header is known
    /// from the address alone; the port starts the packet with it at this edge, and takes the
    /// message's words in the next cycle (`out_valid`, the transaction's execution).
    pub eh_valid: Signal<Out, Bit>,
    /// Early header: `eh_valid` in the address cycle of a send whose header (`eh_type`, `eh_csp`,
    /// `eh_route`) the port may start at once; the port must then take the words (`out_ready` high)
    /// in the next cycle
    pub eh_type: Signal<Out, Bits<5>>,
    /// Early header: `eh_valid` in the address cycle of a send whose header (`eh_type`, `eh_csp`,
    /// `eh_route`) the port may start at once; the port must then take the words (`out_ready` high)
    /// in the next cycle
    pub eh_csp: Signal<Out, Bit>,
    /// Early header: `eh_valid` in the address cycle of a send whose header (`eh_type`, `eh_csp`,
    /// `eh_route`) the port may start at once; the port must then take the words (`out_ready` high)
    /// in the next cycle
    pub eh_route: Signal<Out, Bits<8>>,
    /// The output port may start a message: the OP_ON of the last CONTROL store other than
    /// RESET_NIC, low from the cycle a store clearing it is taken
    pub port_go: Signal<Out, Bit>,
    /// `port_go` as the port's clock domain has it, synchronized back: a store clearing OP_ON waits
    /// (WAIT) while it is high; tie 0 when the port is on this clock
    ///
    /// `port_go` as the output port's clock domain has it, back on this clock (0 when the port
    /// is on this clock): a store that clears OP_ON while it is 1 is held in WAIT until it
    /// falls, so no message starts after the store completes.
    pub port_seen: Signal<In, Bit>,
    go: DFF<Bit>,
    /// The transaction is a store clearing OP_ON (not RESET_NIC); held while `port_seen`.
    clearing: Signal<Local, Bit>,
    stopping: Signal<Local, Bit>,
    /// The queues: a block RAM each, write and read pointers (one bit more than the address),
    /// and the write pointer a cycle late (an entry is readable the cycle after its write).
    oq: BlockRam<Bits<OQW>, 4>,
    oq_wr: DFF<Bits<5>>,
    oq_rd: DFF<Bits<5>>,
    oq_late: DFF<Bits<5>>,
    iq: BlockRam<Bits<IQW>, 4>,
    iq_wr: DFF<Bits<5>>,
    iq_rd: DFF<Bits<5>>,
    iq_late: DFF<Bits<5>>,
    o: [DFF<Bits<32>>; 5],
    i: [DFF<Bits<32>>; 5],
    control: DFF<Bits<32>>,
    code_base: DFF<Bits<32>>,
    valid: DFF<Bit>,
    itype: DFF<Bits<5>>,
    net_excs: DFF<Bits<2>>,
    /// The transaction being executed (or held in WAIT).
    busy: DFF<Bit>,
    da: DFF<Bits<14>>,
    wr: DFF<Bit>,
    nearly_full: DFF<Bit>,
    /// The routing bytes of o0 and i1 as they are (the early header's).
    rb_o0: RouteByte,
    rb_i1: RouteByte,
    qempty: Signal<Local, Bit>,
    cut: Signal<Local, Bit>,
    e_send: Signal<Local, Bits<2>>,
    e_loc: Signal<Local, Bits<4>>,
    e_quiet: Signal<Local, Bit>,
    loc: Signal<Local, Bits<4>>,
    send: Signal<Local, Bits<2>>,
    full: Signal<Local, Bit>,
    exec: Signal<Local, Bit>,
    soft_reset: Signal<Local, Bit>,
    held: Signal<Local, Bit>,
    word: [Signal<Local, Bits<32>>; 5],
    node: Signal<Local, Bits<3>>,
    xroute: Signal<Local, Bits<8>>,
    xring: Signal<Local, Bit>,
    iafull: Signal<Local, Bit>,
    oafull: Signal<Local, Bit>,
    noted: Signal<Local, Bit>,
    status: Signal<Local, Bits<32>>,
    inst: Signal<Local, Bits<32>>,
    pop_in: Signal<Local, Bit>,
    push_out: Signal<Local, Bit>,
    pop_out: Signal<Local, Bit>,
    push_in: Signal<Local, Bit>,
    oq_len: Signal<Local, Bits<5>>,
    iq_len: Signal<Local, Bits<5>>,
    oq_head: Signal<Local, Bit>,
    iq_head: Signal<Local, Bit>,
    oq_rd_next: Signal<Local, Bits<5>>,
    iq_rd_next: Signal<Local, Bits<5>>,
    net_next: Signal<Local, Bits<2>>,
    oq_data: Signal<Local, Bits<OQW>>,
    iq_data: Signal<Local, Bits<IQW>>,
    in_word: [Signal<Local, Bits<32>>; 5],
    w_oq: [Widen<32, OQW>; 5],
    w_oq_type: Widen<5, OQW>,
    w_oq_route: Widen<8, OQW>,
    w_iq: [Widen<32, IQW>; 5],
    w_iq_type: Widen<5, IQW>,
    w_ith: Widen<4, 5>,
    w_oth: Widen<4, 5>,
    w_net32: Widen<2, 32>,
    w_pins32: Widen<4, 32>,
    w_itype: Widen<5, 32>,
    w_iq_wr: Widen<5, 32>,
    w_iq_rd: Widen<5, 32>,
    w_oq_wr: Widen<5, 32>,
    w_oq_rd: Widen<5, 32>,
    w_held5: Widen<2, 5>,
    w_held32: Widen<2, 32>,
    sink_da: Unused<Bit>,
    c_one5: Constant<Bits<5>>,
    c_zero5p: Constant<Bits<5>>,
    c_loc: [Constant<Bits<4>>; 5],
    c_loc_ctrl: Constant<Bits<4>>,
    c_loc_status: Constant<Bits<4>>,
    c_loc_code: Constant<Bits<4>>,
    c_loc_inst: Constant<Bits<4>>,
    c_send_none: Constant<Bits<2>>,
    c_send_reply: Constant<Bits<2>>,
    c_send_fwd: Constant<Bits<2>>,
    c_ring: [Constant<Bits<8>>; 8],
    c_node: [Constant<Bits<3>>; 8],
    c_ctrl_mask: Constant<Bits<32>>,
    c_base_mask: Constant<Bits<32>>,
    c_full: Constant<Bits<5>>,
    c_zero32: Constant<Bits<32>>,
    c_zero4: Constant<Bits<4>>,
    c_zero5: Constant<Bits<5>>,
    c_zero2: Constant<Bits<2>>,
    c_no_msg: Constant<Bits<32>>,
    c_exception: Constant<Bits<32>>,
    c_len_mask: Constant<Bits<32>>,
    c_sh_excs: Constant<Bits<32>>,
    c_sh_itype: Constant<Bits<32>>,
    c_sh_ilen: Constant<Bits<32>>,
    c_sh_olen: Constant<Bits<32>>,
    c_sh_t5: Constant<Bits<32>>,
    c_valid_bit: Constant<Bits<32>>,
    c_iafull_bit: Constant<Bits<32>>,
    c_oafull_bit: Constant<Bits<32>>,
    /// Shift amounts into the 174- and 165-bit entries: 8 bits wide (rust-hdl's native shift
    /// converts the amount to u64, which panics for a vector wider than 64 bits).
    c_sh_w: [Constant<Bits<8>>; 5],
    c_sh_oq_type: Constant<Bits<8>>,
    c_sh_oq_route: Constant<Bits<8>>,
    c_sh_oq_csp: Constant<Bits<8>>,
    c_one_oq: Constant<Bits<OQW>>,
    c_iloc: [Constant<Bits<4>>; 5],
    c_sh_iw: [Constant<Bits<8>>; 5],
    c_sh_iq_type: Constant<Bits<8>>,
    c_room: Constant<Bits<2>>,
    c_idle: Constant<Bits<2>>,
    c_sh_pins: Constant<Bits<32>>,
    c_niwait: Constant<Bits<5>>,
}

impl NicCore {
    /// `ring_table`: the routing byte of node[2:0] in ring mode (NIC-A13).
    pub fn new(ring_table: [u8; 8]) -> Self {
        Self {
            clock: Default::default(),
            reset: Default::default(),
            t_strobe: Default::default(),
            t_da: Default::default(),
            t_write: Default::default(),
            t_wdata: Default::default(),
            t_done: Default::default(),
            t_fault: Default::default(),
            t_wait: Default::default(),
            t_rdata: Default::default(),
            out_valid: Default::default(),
            out_ready: Default::default(),
            out_w0: Default::default(),
            out_w1: Default::default(),
            out_w2: Default::default(),
            out_w3: Default::default(),
            out_w4: Default::default(),
            out_type: Default::default(),
            out_csp: Default::default(),
            out_route: Default::default(),
            in_valid: Default::default(),
            in_w0: Default::default(),
            in_w1: Default::default(),
            in_w2: Default::default(),
            in_w3: Default::default(),
            in_w4: Default::default(),
            in_type: Default::default(),
            idle_err: Default::default(),
            in_lost: Default::default(),
            exc_pins: Default::default(),
            out_excs: Default::default(),
            out_held: Default::default(),
            in_nearly_full: Default::default(),
            eh_room: Default::default(),
            eh_valid: Default::default(),
            eh_type: Default::default(),
            eh_csp: Default::default(),
            eh_route: Default::default(),
            port_go: Default::default(),
            port_seen: Default::default(),
            go: Default::default(),
            clearing: Default::default(),
            stopping: Default::default(),
            rb_o0: RouteByte::new(ring_table),
            rb_i1: RouteByte::new(ring_table),
            qempty: Default::default(),
            cut: Default::default(),
            e_send: Default::default(),
            e_loc: Default::default(),
            e_quiet: Default::default(),
            oq: Default::default(),
            oq_wr: Default::default(),
            oq_rd: Default::default(),
            oq_late: Default::default(),
            iq: Default::default(),
            iq_wr: Default::default(),
            iq_rd: Default::default(),
            iq_late: Default::default(),
            o: Default::default(),
            i: Default::default(),
            control: Default::default(),
            code_base: Default::default(),
            valid: Default::default(),
            itype: Default::default(),
            net_excs: Default::default(),
            busy: Default::default(),
            da: Default::default(),
            wr: Default::default(),
            nearly_full: Default::default(),
            loc: Default::default(),
            send: Default::default(),
            full: Default::default(),
            exec: Default::default(),
            soft_reset: Default::default(),
            held: Default::default(),
            word: Default::default(),
            node: Default::default(),
            xroute: Default::default(),
            xring: Default::default(),
            iafull: Default::default(),
            oafull: Default::default(),
            noted: Default::default(),
            status: Default::default(),
            inst: Default::default(),
            pop_in: Default::default(),
            push_out: Default::default(),
            pop_out: Default::default(),
            push_in: Default::default(),
            oq_len: Default::default(),
            iq_len: Default::default(),
            oq_head: Default::default(),
            iq_head: Default::default(),
            oq_rd_next: Default::default(),
            iq_rd_next: Default::default(),
            net_next: Default::default(),
            oq_data: Default::default(),
            iq_data: Default::default(),
            in_word: Default::default(),
            w_oq: Default::default(),
            w_oq_type: Default::default(),
            w_oq_route: Default::default(),
            w_iq: Default::default(),
            w_iq_type: Default::default(),
            w_ith: Default::default(),
            w_oth: Default::default(),
            w_net32: Default::default(),
            w_pins32: Default::default(),
            w_itype: Default::default(),
            w_iq_wr: Default::default(),
            w_iq_rd: Default::default(),
            w_oq_wr: Default::default(),
            w_oq_rd: Default::default(),
            w_held5: Default::default(),
            w_held32: Default::default(),
            sink_da: Default::default(),
            c_one5: k(1),
            c_zero5p: k(0),
            c_loc: std::array::from_fn(|n| k(n as u64)),
            c_loc_ctrl: k(w::Loc::Control.to_u8() as u64),
            c_loc_status: k(w::Loc::Status.to_u8() as u64),
            c_loc_code: k(w::Loc::CodeBase.to_u8() as u64),
            c_loc_inst: k(w::Loc::Inst.to_u8() as u64),
            c_send_none: k(w::Send::None as u64),
            c_send_reply: k(w::Send::Reply as u64),
            c_send_fwd: k(w::Send::Forward as u64),
            c_ring: std::array::from_fn(|n| k(ring_table[n] as u64)),
            c_node: std::array::from_fn(|n| k(n as u64)),
            c_ctrl_mask: k(w::control_stored_mask() as u64),
            c_base_mask: k(w::CODE_BASE::BASE.mask() as u64),
            c_full: k(w::QUEUE_DEPTH as u64),
            c_zero32: k(0),
            c_zero4: k(0),
            c_zero5: k(0),
            c_zero2: k(0),
            c_no_msg: k((w::TYPE_NO_MSG as u64) << w::INST_TYPE_LSB),
            c_exception: k((w::TYPE_EXCEPTION as u64) << w::INST_TYPE_LSB),
            c_len_mask: k(0x1F),
            c_sh_excs: k(S::EXCS.lsb as u64),
            c_sh_itype: k(S::ITYPE.lsb as u64),
            c_sh_ilen: k(S::ILENGTH.lsb as u64),
            c_sh_olen: k(S::OLENGTH.lsb as u64),
            c_sh_t5: k(w::INST_TYPE_LSB as u64),
            c_valid_bit: k(S::VALID.mask() as u64),
            c_iafull_bit: k(S::IAFULL.mask() as u64),
            c_oafull_bit: k(S::OAFULL.mask() as u64),
            c_sh_w: std::array::from_fn(|n| k(32 * n as u64)),
            c_sh_oq_type: k(160),
            c_sh_oq_route: k(166),
            c_sh_oq_csp: k(165),
            c_one_oq: k(1),
            c_iloc: std::array::from_fn(|n| k(5 + n as u64)),
            c_sh_iw: std::array::from_fn(|n| k(32 * n as u64)),
            c_sh_iq_type: k(160),
            c_room: k(1),
            c_idle: k(2),
            c_sh_pins: k(S::EXCS.lsb as u64 + 2),
            c_niwait: k(w::NIWAIT_LEVEL as u64),
        }
    }
}

// the literal bit offsets of `get_bits` in the kernel (rust-hdl takes literals only), and the
// INST bits that are STATUS's
const _: () = assert!(
    C::ITHRESH.lsb == 1
        && C::OTHRESH.lsb == 5
        && C::ROUTE.lsb == 9
        && C::OP_ON.lsb == 10
        && C::IP_ON.lsb == 11
        && C::NOTE_EXCS.lsb == 12
        && C::RESET_NET_EXCS.lsb == 18
        && C::OUT_EXCS.lsb == 20
        && C::RESET_NIC.lsb == 24
        && S::IAFULL.lsb == 13
        && S::OAFULL.lsb == 14
);

impl Logic for NicCore {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self,
            clock,
            control,
            code_base,
            valid,
            itype,
            net_excs,
            busy,
            da,
            wr,
            nearly_full,
            oq_wr,
            oq_rd,
            oq_late,
            iq_wr,
            iq_rd,
            iq_late,
            go
        );
        for n in 0..5 {
            self.o[n].clock.next = self.clock.val();
            self.o[n].d.next = self.o[n].q.val();
            self.i[n].clock.next = self.clock.val();
            self.i[n].d.next = self.i[n].q.val();
        }
        self.oq.read_clock.next = self.clock.val();
        self.oq.write_clock.next = self.clock.val();
        self.iq.read_clock.next = self.clock.val();
        self.iq.write_clock.next = self.clock.val();
        self.oq_late.d.next = self.oq_wr.q.val();
        self.iq_late.d.next = self.iq_wr.q.val();
        self.w_held5.x.next = self.out_held.val();
        self.oq_len.next = self.oq_wr.q.val() - self.oq_rd.q.val() + self.w_held5.y.val();
        self.iq_len.next = self.iq_wr.q.val() - self.iq_rd.q.val();
        self.oq_head.next = self.oq_rd.q.val() != self.oq_late.q.val();
        self.iq_head.next = self.iq_rd.q.val() != self.iq_late.q.val();
        self.out_excs.next = self.control.q.val().get_bits::<4>(20);
        self.sink_da.x.next = self.da.q.val().get_bit(13);

        // ---- STATUS and INST, from the registers (§2.2.2, §2.8) ----
        self.w_ith.x.next = self.control.q.val().get_bits::<4>(1);
        self.w_oth.x.next = self.control.q.val().get_bits::<4>(5);
        self.iafull.next = self.iq_len.val() > self.w_ith.y.val();
        self.oafull.next = self.oq_len.val() > self.w_oth.y.val();
        // EXCS = {pins, net_excs}; NOTE_EXCS = CONTROL[17:12]
        self.noted.next = ((self.net_excs.q.val() & self.control.q.val().get_bits::<2>(12))
            != self.c_zero2.val())
            || ((self.exc_pins.val() & self.control.q.val().get_bits::<4>(14))
                != self.c_zero4.val());
        self.w_net32.x.next = self.net_excs.q.val();
        self.w_pins32.x.next = self.exc_pins.val();
        self.w_itype.x.next = self.itype.q.val();
        self.w_iq_wr.x.next = self.iq_wr.q.val();
        self.w_iq_rd.x.next = self.iq_rd.q.val();
        self.w_oq_wr.x.next = self.oq_wr.q.val();
        self.w_oq_rd.x.next = self.oq_rd.q.val();
        self.w_held32.x.next = self.out_held.val();
        self.status.next = (self.w_net32.y.val() << self.c_sh_excs.val())
            | (self.w_pins32.y.val() << self.c_sh_pins.val())
            | (self.w_itype.y.val() << self.c_sh_itype.val())
            | (((self.w_iq_wr.y.val() - self.w_iq_rd.y.val()) & self.c_len_mask.val())
                << self.c_sh_ilen.val())
            | (((self.w_oq_wr.y.val() - self.w_oq_rd.y.val() + self.w_held32.y.val())
                & self.c_len_mask.val())
                << self.c_sh_olen.val());
        if self.valid.q.val() {
            self.status.next = self.status.val() | self.c_valid_bit.val();
        }
        self.inst.next = self.code_base.q.val() | self.c_no_msg.val();
        if self.valid.q.val() {
            self.inst.next = self.code_base.q.val() | (self.w_itype.y.val() << self.c_sh_t5.val());
        }
        if self.noted.val() {
            self.inst.next = self.code_base.q.val() | self.c_exception.val();
        }
        if self.iafull.val() {
            self.status.next = self.status.val() | self.c_iafull_bit.val();
            self.inst.next = self.inst.val() | self.c_iafull_bit.val();
        }
        if self.oafull.val() {
            self.status.next = self.status.val() | self.c_oafull_bit.val();
            self.inst.next = self.inst.val() | self.c_oafull_bit.val();
        }
        if self.valid.q.val()
            && (self.itype.q.val() == self.c_zero5.val())
            && !self.iafull.val()
            && !self.oafull.val()
            && !self.noted.val()
        {
            self.inst.next = self.i[1].q.val();
        }

        // ---- the transaction: taken, then executed (or held in WAIT, or refused) ----
        self.loc.next = self.da.q.val().get_bits::<4>(0);
        self.send.next = self.da.q.val().get_bits::<2>(10);
        self.full.next = self.oq_len.val() == self.c_full.val();
        // a store turning OP_ON off waits until the port's domain has seen it off (§2.2.2: the
        // port starts nothing after it; RESET_NIC is not held, NIC-A21)
        self.clearing.next = self.busy.q.val()
            && self.wr.q.val()
            && (self.loc.val() == self.c_loc_ctrl.val())
            && !self.t_wdata.val().get_bit(10)
            && !self.t_wdata.val().get_bit(24);
        self.stopping.next = self.clearing.val() && self.port_seen.val();
        // low through the store's last cycle too, when `go` is written
        self.port_go.next = self.go.q.val() && !self.clearing.val();
        self.exec.next = self.busy.q.val()
            && !((self.send.val() != self.c_send_none.val()) && self.full.val())
            && !self.stopping.val();
        self.t_done.next = self.exec.val();
        self.t_fault.next = false;
        self.t_wait.next = self.stopping.val();
        if self.busy.q.val() && (self.send.val() != self.c_send_none.val()) && self.full.val() {
            if self.control.q.val().get_bit(0) {
                self.t_done.next = true;
                self.t_fault.next = true;
                self.busy.d.next = false;
            } else {
                self.t_wait.next = true;
            }
        }
        if self.exec.val() {
            self.busy.d.next = false;
        }
        // a transaction held in WAIT ignores new strobes (the bus repeats the held one)
        self.held.next = self.busy.q.val() && !self.t_done.val();
        if self.t_strobe.val() && !self.held.val() {
            self.busy.d.next = true;
            self.da.d.next = self.t_da.val();
            self.wr.d.next = self.t_write.val();
        }
        // the read
        self.t_rdata.next = self.c_zero32.val();
        for n in 0..5 {
            if self.loc.val() == self.c_loc[n].val() {
                self.t_rdata.next = self.o[n].q.val();
            }
            if self.loc.val() == self.c_iloc[n].val() {
                self.t_rdata.next = self.i[n].q.val();
            }
        }
        if self.loc.val() == self.c_loc_ctrl.val() {
            self.t_rdata.next = self.control.q.val();
        }
        if self.loc.val() == self.c_loc_status.val() {
            self.t_rdata.next = self.status.val();
        }
        if self.loc.val() == self.c_loc_code.val() {
            self.t_rdata.next = self.code_base.q.val();
        }
        if self.loc.val() == self.c_loc_inst.val() {
            self.t_rdata.next = self.inst.val();
        }
        if self.wr.q.val() {
            self.t_rdata.next = self.c_zero32.val();
        }
        // the store; the words a send takes (o0-o4 with the store applied)
        self.net_next.next = self.net_excs.q.val();
        self.soft_reset.next = self.exec.val()
            && self.wr.q.val()
            && (self.loc.val() == self.c_loc_ctrl.val())
            && self.t_wdata.val().get_bit(24);
        for n in 0..5 {
            self.word[n].next = self.o[n].q.val();
            if self.exec.val() && self.wr.q.val() && (self.loc.val() == self.c_loc[n].val()) {
                self.o[n].d.next = self.t_wdata.val();
                self.word[n].next = self.t_wdata.val();
            }
            if self.exec.val() && self.wr.q.val() && (self.loc.val() == self.c_iloc[n].val()) {
                self.i[n].d.next = self.t_wdata.val();
            }
        }
        if self.exec.val()
            && self.wr.q.val()
            && (self.loc.val() == self.c_loc_ctrl.val())
            && !self.t_wdata.val().get_bit(24)
        {
            self.go.d.next = self.t_wdata.val().get_bit(10);
        }
        if self.exec.val() && self.wr.q.val() && (self.loc.val() == self.c_loc_ctrl.val()) {
            self.control.d.next = self.t_wdata.val() & self.c_ctrl_mask.val();
            self.net_next.next = self.net_next.val() & !self.t_wdata.val().get_bits::<2>(18);
        }
        if self.exec.val() && self.wr.q.val() && (self.loc.val() == self.c_loc_code.val()) {
            self.code_base.d.next = self.t_wdata.val() & self.c_base_mask.val();
        }
        // the send: REPLY and FORWARD take the incoming registers as they were (NIC-A11)
        if self.send.val() == self.c_send_reply.val() {
            self.word[0].next = self.i[1].q.val();
            self.word[1].next = self.i[2].q.val();
        }
        if self.send.val() == self.c_send_fwd.val() {
            self.word[3].next = self.i[3].q.val();
            self.word[4].next = self.i[4].q.val();
        }
        // ROUTE as the transaction's store leaves it (store, then send: NIC-R053)
        self.xring.next = self.control.q.val().get_bit(9);
        if self.exec.val() && self.wr.q.val() && (self.loc.val() == self.c_loc_ctrl.val()) {
            self.xring.next = self.t_wdata.val().get_bit(9);
        }
        self.node.next = self.word[0].val().get_bits::<3>(24);
        self.xroute.next = self.word[0].val().get_bits::<8>(24);
        if self.xring.val() {
            for j in 0..8 {
                if self.node.val() == self.c_node[j].val() {
                    self.xroute.next = self.c_ring[j].val();
                }
            }
        }
        self.w_oq_type.x.next = self.da.q.val().get_bits::<5>(4);
        self.w_oq_route.x.next = self.xroute.val();
        self.oq_data.next = (self.w_oq_type.y.val() << self.c_sh_oq_type.val())
            | (self.w_oq_route.y.val() << self.c_sh_oq_route.val());
        if self.da.q.val().get_bit(12) {
            self.oq_data.next =
                self.oq_data.val() | (self.c_one_oq.val() << self.c_sh_oq_csp.val());
        }
        for n in 0..5 {
            self.w_oq[n].x.next = self.word[n].val();
            self.oq_data.next = self.oq_data.val() | (self.w_oq[n].y.val() << self.c_sh_w[n].val());
        }
        // cut-through: a send into an empty queue is offered to the port in its own cycle and
        // queued only if the port does not take it (not with a store to CONTROL, which may turn
        // OP_ON off before the send)
        self.qempty.next = self.oq_wr.q.val() == self.oq_rd.q.val();
        self.cut.next = self.exec.val()
            && (self.send.val() != self.c_send_none.val())
            && !(self.wr.q.val() && (self.loc.val() == self.c_loc_ctrl.val()))
            && self.qempty.val();
        self.push_out.next = self.exec.val()
            && (self.send.val() != self.c_send_none.val())
            && !self.soft_reset.val()
            && !(self.cut.val() && self.control.q.val().get_bit(10) && self.out_ready.val());
        self.oq.write_data.next = self.oq_data.val();
        self.oq.write_address.next = self.oq_wr.q.val().get_bits::<4>(0);
        self.oq.write_enable.next = self.push_out.val();
        if self.push_out.val() {
            self.oq_wr.d.next = self.oq_wr.q.val() + self.c_one5.val();
        }
        // NNEXT, and the automatic load while VALID is low (NIC-R054, R056)
        if self.exec.val() && self.da.q.val().get_bit(9) {
            self.valid.d.next = false;
        }
        self.pop_in.next = self.iq_head.val()
            && (!self.valid.q.val() || (self.exec.val() && self.da.q.val().get_bit(9)))
            && !self.soft_reset.val();
        self.iq_rd_next.next = self.iq_rd.q.val();
        if self.pop_in.val() {
            self.iq_rd_next.next = self.iq_rd.q.val() + self.c_one5.val();
        }
        self.iq_rd.d.next = self.iq_rd_next.val();
        self.iq.read_address.next = self.iq_rd_next.val().get_bits::<4>(0);
        for n in 0..5 {
            self.in_word[n].next = self.iq.read_data.val().get_bits::<32>(32 * n);
            if self.pop_in.val() {
                self.i[n].d.next = self.in_word[n].val();
            }
        }
        if self.pop_in.val() {
            self.itype.d.next = self.iq.read_data.val().get_bits::<5>(160);
            self.valid.d.next = true;
        }
        // arrivals and the input port's errors (IP_ON, NIC-A29; room_error, NIC-A32)
        self.w_iq[0].x.next = self.in_w0.val();
        self.w_iq[1].x.next = self.in_w1.val();
        self.w_iq[2].x.next = self.in_w2.val();
        self.w_iq[3].x.next = self.in_w3.val();
        self.w_iq[4].x.next = self.in_w4.val();
        self.w_iq_type.x.next = self.in_type.val();
        self.iq_data.next = self.w_iq_type.y.val() << self.c_sh_iq_type.val();
        for n in 0..5 {
            self.iq_data.next =
                self.iq_data.val() | (self.w_iq[n].y.val() << self.c_sh_iw[n].val());
        }
        self.push_in.next = false;
        if self.in_valid.val() && self.control.q.val().get_bit(11) && !self.soft_reset.val() {
            if self.iq_len.val() == self.c_full.val() {
                self.net_next.next = self.net_next.val() | self.c_room.val();
            } else {
                self.push_in.next = true;
            }
        }
        self.iq.write_data.next = self.iq_data.val();
        self.iq.write_address.next = self.iq_wr.q.val().get_bits::<4>(0);
        self.iq.write_enable.next = self.push_in.val();
        if self.push_in.val() {
            self.iq_wr.d.next = self.iq_wr.q.val() + self.c_one5.val();
        }
        if self.idle_err.val() && self.control.q.val().get_bit(11) {
            self.net_next.next = self.net_next.val() | self.c_idle.val();
        }
        if self.in_lost.val() && self.control.q.val().get_bit(11) {
            self.net_next.next = self.net_next.val() | self.c_room.val();
        }
        self.nearly_full.d.next = self.iq_len.val() >= self.c_niwait.val();
        self.in_nearly_full.next = self.nearly_full.q.val();
        // an error and a clear at once: the error stays (NIC-A33)
        self.net_excs.d.next = self.net_next.val();
        // the output queue's head, or the message being sent into the empty queue, while OP_ON
        self.out_valid.next =
            (self.oq_head.val() || self.cut.val()) && self.control.q.val().get_bit(10);
        self.pop_out.next =
            self.oq_head.val() && self.control.q.val().get_bit(10) && self.out_ready.val();
        self.oq_rd_next.next = self.oq_rd.q.val();
        if self.pop_out.val() {
            self.oq_rd_next.next = self.oq_rd.q.val() + self.c_one5.val();
        }
        self.oq_rd.d.next = self.oq_rd_next.val();
        self.oq.read_address.next = self.oq_rd_next.val().get_bits::<4>(0);
        self.out_w0.next = self.oq.read_data.val().get_bits::<32>(0);
        self.out_w1.next = self.oq.read_data.val().get_bits::<32>(32);
        self.out_w2.next = self.oq.read_data.val().get_bits::<32>(64);
        self.out_w3.next = self.oq.read_data.val().get_bits::<32>(96);
        self.out_w4.next = self.oq.read_data.val().get_bits::<32>(128);
        self.out_type.next = self.oq.read_data.val().get_bits::<5>(160);
        self.out_csp.next = self.oq.read_data.val().get_bit(165);
        self.out_route.next = self.oq.read_data.val().get_bits::<8>(166);
        if self.qempty.val() {
            self.out_w0.next = self.word[0].val();
            self.out_w1.next = self.word[1].val();
            self.out_w2.next = self.word[2].val();
            self.out_w3.next = self.word[3].val();
            self.out_w4.next = self.word[4].val();
            self.out_type.next = self.da.q.val().get_bits::<5>(4);
            self.out_csp.next = self.da.q.val().get_bit(12);
            self.out_route.next = self.xroute.val();
        }
        // ---- the early header: decided from the address of the transaction presented now ----
        // It needs a header that the executing transaction (if any) cannot change and that this
        // one's store cannot change (o0 unless REPLY, CONTROL), an empty queue and an idle port,
        // and a send that will execute in the next cycle (no WAIT, no FAULT: the queue is
        // empty). The port then takes the words in that cycle (`out_ready` high), so the message
        // is never queued.
        self.e_send.next = self.t_da.val().get_bits::<2>(10);
        self.e_loc.next = self.t_da.val().get_bits::<4>(0);
        // the executing transaction: none, or a read or a store to o1-o4, without send or NNEXT
        self.e_quiet.next = !self.busy.q.val()
            || ((self.send.val() == self.c_send_none.val())
                && !self.da.q.val().get_bit(9)
                && (!self.wr.q.val()
                    || (self.loc.val() == self.c_loc[1].val())
                    || (self.loc.val() == self.c_loc[2].val())
                    || (self.loc.val() == self.c_loc[3].val())
                    || (self.loc.val() == self.c_loc[4].val())));
        self.rb_o0.hi.next = self.o[0].q.val().get_bits::<8>(24);
        self.rb_i1.hi.next = self.i[1].q.val().get_bits::<8>(24);
        self.rb_o0.ring.next = self.control.q.val().get_bit(9);
        self.rb_i1.ring.next = self.control.q.val().get_bit(9);
        self.eh_type.next = self.t_da.val().get_bits::<5>(4);
        self.eh_csp.next = self.t_da.val().get_bit(12);
        self.eh_route.next = self.rb_o0.route.val();
        if self.t_da.val().get_bits::<2>(10) == self.c_send_reply.val() {
            self.eh_route.next = self.rb_i1.route.val();
        }
        self.eh_valid.next = self.t_strobe.val()
            && self.eh_room.val()
            && self.e_quiet.val()
            && (self.e_send.val() != self.c_send_none.val())
            && !(self.t_write.val()
                && ((self.e_loc.val() == self.c_loc_ctrl.val())
                    || ((self.e_loc.val() == self.c_loc[0].val())
                        && (self.e_send.val() != self.c_send_reply.val()))))
            // REPLY's word 0 is i1: not reloaded at this edge (VALID set, NNEXT excluded above)
            && ((self.e_send.val() != self.c_send_reply.val()) || self.valid.q.val())
            && (self.oq_wr.q.val() == self.oq_rd.q.val())
            && (self.out_held.val() == self.c_zero2.val())
            && self.control.q.val().get_bit(10)
            && !self.reset.val();

        // ---- reset: power-on, or RESET_NIC ----
        if self.reset.val() || self.soft_reset.val() {
            self.oq_wr.d.next = self.c_zero5p.val();
            self.oq_rd.d.next = self.c_zero5p.val();
            self.oq_late.d.next = self.c_zero5p.val();
            self.iq_wr.d.next = self.c_zero5p.val();
            self.iq_rd.d.next = self.c_zero5p.val();
            self.iq_late.d.next = self.c_zero5p.val();
        }
        if self.reset.val() || self.soft_reset.val() {
            for n in 0..5 {
                self.o[n].d.next = self.c_zero32.val();
                self.i[n].d.next = self.c_zero32.val();
            }
            self.control.d.next = self.c_zero32.val();
            self.code_base.d.next = self.c_zero32.val();
            self.valid.d.next = false;
            self.itype.d.next = self.c_zero5.val();
            self.net_excs.d.next = self.c_zero2.val();
        }
        if self.reset.val() {
            self.busy.d.next = false;
            self.go.d.next = false;
        }
    }
}

/// The routing byte of a message whose word 0 has `hi` in bits 31:24: `hi`, or in ring mode the
/// table's entry for node bits 26:24 (NIC-A13, A15).
#[derive(LogicBlock)]
pub struct RouteByte {
    pub hi: Signal<In, Bits<8>>,
    pub ring: Signal<In, Bit>,
    pub route: Signal<Out, Bits<8>>,
    c_ring: [Constant<Bits<8>>; 8],
    c_node: [Constant<Bits<3>>; 8],
}

impl RouteByte {
    pub fn new(ring_table: [u8; 8]) -> Self {
        Self {
            hi: Default::default(),
            ring: Default::default(),
            route: Default::default(),
            c_ring: std::array::from_fn(|n| k(ring_table[n] as u64)),
            c_node: std::array::from_fn(|n| k(n as u64)),
        }
    }
}

impl Logic for RouteByte {
    #[hdl_gen]
    fn update(&mut self) {
        self.route.next = self.hi.val();
        if self.ring.val() {
            for j in 0..8 {
                if self.hi.val().get_bits::<3>(0) == self.c_node[j].val() {
                    self.route.next = self.c_ring[j].val();
                }
            }
        }
    }
}
