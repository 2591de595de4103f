//! The PPE's send side (UUCS-95-013 §5; blocks B5 send engine, B6 DMA read engine and B7
//! packetizer of the checklist, PPE-R069-R122): XMT_RAM with the four send descriptors, the
//! round-robin scheduler, the payload fetch (host-memory DMA or XMT_RAM, DIO), the packet with
//! both checksums on the injection port, the progress written back after every packet and the
//! transmission-completion notification request.
//!
//! **Descriptors.** XMT_RAM (32 KB, `x_*`: the host's word port, every window's effective
//! address; a read's word on `x_rdata` the cycle after `x_read`) holds send descriptor n at words
//! 16 n .. 16 n + 15 (`nicgen_wire::ppe::send_desc`). Every host write of a descriptor's
//! msg_address, address0, address1, control0, control1 or metadata word is also kept in
//! registers the engine works from, and a host read of those words and of status1 and status2
//! answers from them, so progress and status are the PPE's (host writes of status1 and status2
//! are ignored, PPE-R080; the reserved words are plain RAM).
//!
//! **Start and stop (PPE-R082-R087, R093).** Every write of control1 with go = 1 is a start
//! (AMB-25): unless the descriptor is busy (then it is ignored, AMB-27) it clears done, stalled
//! and host_err, loads bytes_to_go with msg_size (0 for control_pkt, R084) and makes the
//! descriptor active with its next packet the first (use bits and metadata). A write with go = 0
//! stops it: no new packet is fetched, a fetched packet not yet on the port is dropped (not
//! counted, R094), a packet whose first word is on the port is completed (R093, AMB-56) or, if
//! the fabric refuses that word, abandoned (R096, below).
//!
//! **Scheduling (R099-R101).** Active, not busy descriptors are picked least recently picked
//! first (a matrix arbiter), one packet per turn, the pick registered; a descriptor has at most
//! one packet in the engine (it is busy from the pick until the packet's trailer is taken or the
//! packet dropped, R088), and packets leave in pick order, so between two packets of a
//! descriptor every other descriptor has at most one (R100). Picking needs `en` (PCSR0.enable
//! and ready, R122); so does the start of a packet's injection.
//!
//! **Reset (R165-R176).** `reset` (PCSR0.reset, level) leaves every descriptor idle with done
//! set and bytes_to_go 0; its words are the software-visible registers and stay. Packets in the
//! engine are dropped, except one already on the port, which goes out whole (the stream's rules)
//! or is abandoned like any refused first word, and counts for nothing; a DMA read already
//! requested stays requested and its tag in use until its last beat (whose data is dropped), so
//! the read channels stay legal.
//!
//! **Packets (R102-R121).** A packet carries min(128, bytes_to_go) payload bytes (R117; a
//! header-only packet when bytes_to_go is 0, R118, R119), the header of Fig 8 built from the
//! descriptor (address1's src_node from `node`, control0's reserved bit 28 as 0, control1's
//! meta_data_flag and meta_len only in the first packet when meta_data is set, R113, AMB-15),
//! the header checksum over address0-control1 and the metadata, the payload checksum in the
//! trailer (AMB-31). Payload words come from host memory at msg_address (DMA, `dma`: one read
//! of the packet's words, its tag the buffer) or from XMT_RAM at msg_address modulo 32 KB
//! (DIO, R115, AMB-52; on XMT_RAM's second port). Four packet buffers
//! let fetches run ahead of the injection; packets leave in pick order.
//!
//! **Progress (R098, R120, R089, R090).** When a packet's trailer is taken: msg_address and
//! control0.offset (24 bits) advance by its payload bytes, control0's use bits clear,
//! bytes_to_go falls by them, busy and stalled clear; at bytes_to_go 0 done is set, the
//! descriptor is no longer active, and with notify a notification on list note_index[8:0]
//! (R074) is requested on `nt_*` (the descriptor is not picked again until it is taken).
//!
//! **Stalls (R092, R096, R101, AMB-28).** A word refused by the fabric for `STALL_CYCLES`
//! cycles in a row sets its descriptor's stalled; it clears when the packet completes or the
//! descriptor's next first word goes on the port (its next attempt). A refused word inside a
//! packet stays offered (the packet has entered the fabric). A refused first word is the
//! injection attempt (§5.3.3): at its `STALL_CYCLES`-th refusal it is withdrawn (`tx.valid`
//! falls without `tx.ready`, the port's one exception to the stream's rule 1), the packet
//! dropped and nothing counted; its descriptor is stalled and not busy in the same update, the
//! next packet in pick order goes on the port, and the descriptor, if still active, is picked
//! again on its next turn and fetches the same packet again. So a stop (go = 0) or a reset ends
//! even when the fabric never answers.
//!
//! **Host errors.** A payload read answered with an error drops its packet, stops the
//! descriptor and sets status2.host_err (a reserved bit; docs/spec-decisions.md). A read
//! response for a buffer not waiting for one is taken and dropped; a buffer's writes wrap
//! inside it, so no response writes outside its buffer.

use crate::common::crc::Crc;
use crate::common::dma::DmaRdMaster;
use crate::common::packet::PacketSource;
use crate::common::prim::k;
use crate::common::ram::{BlockRam2, LutRam};
use crate::common::unused::Unused;
use crate::common::widen::Widen;
use crate::top::Ports;
use crate::BlockDefault;
use nicgen_wire::crc::CRC16_CCITT;
use nicgen_wire::ppe::send_desc as sd;
use nicgen_wire::ppe::{control0, control1};
use rust_hdl::prelude::*;

/// Send descriptors.
pub const ND: usize = sd::N_SD;
/// Packet buffers.
pub const NB: usize = 4;

const _: () = assert!(
    ND == 4
        && NB == 4
        && sd::WORDS == 16
        && sd::MSG_ADDRESS == 0
        && sd::ADDRESS0 == 1
        && sd::ADDRESS1 == 2
        && sd::CONTROL0 == 3
        && sd::STATUS1 == 4
        && sd::CONTROL1 == 5
        && sd::STATUS2 == 6
        && sd::METADATA == 8
        && sd::GO.lsb == 28
        && sd::CONTROL_PKT.lsb == 30
        && sd::DIRECT_IO.lsb == 31
        && sd::META_DATA.lsb == control1::META_DATA_FLAG.lsb
        && sd::META_CNT.lsb == control1::META_LEN.lsb
        && sd::BUSY.lsb == 31
        && sd::STALLED.lsb == 30
        && sd::DONE.lsb == 29
        && sd::HOST_ERR.lsb == 28
        && control0::REMOTE_OFFSET.lsb == 0
        && control0::REMOTE_OFFSET.width == 24
);

#[derive(LogicBlock, Ports, BlockDefault)]
pub struct PpeTx {
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high (PCSR0.reset or power-on): every descriptor idle with done
    /// set and bytes_to_go 0, its words untouched; packets in the engine dropped
    pub reset: Signal<In, Bit>,
    /// PCSR0.enable and ready: packets are picked and started only while high
    pub en: Signal<In, Bit>,
    /// PCSR0.local_node_num (bits 11:0 are each packet's src_node)
    pub node: Signal<In, Bits<16>>,
    /// XMT_RAM word address of a host access (byte address bits 14:2; descriptor n at words 16 n ..
    /// 16 n + 15)
    pub x_addr: Signal<In, Bits<13>>,
    /// The host writes `x_wdata` at `x_addr` (a control1 write is a start with go = 1, a stop with
    /// go = 0; status writes ignored)
    pub x_write: Signal<In, Bit>,
    /// The written word
    pub x_wdata: Signal<In, Bits<32>>,
    /// The host reads `x_addr`
    pub x_read: Signal<In, Bit>,
    /// The word read, the cycle after `x_read` (a descriptor's working words and status from the
    /// PPE's registers)
    pub x_rdata: Signal<Out, Bits<32>>,
    /// The packets into the fabric (`common::packet`, 32-bit words, `first` on address0, `last` on
    /// the trailer; `keep` all ones, `meta` 0); one exception to the stream's rule 1: a first word
    /// refused STALL_CYCLES = 64 edges in a row is withdrawn (the injection attempt ends, AMB-28),
    /// a word inside a packet never
    ///
    /// Packets into the fabric: 32-bit words, `first` on address0, `last` on the trailer.
    #[port]
    pub tx: PacketSource<32, 4, 1>,
    /// Payload reads from host memory (`common::dma` read channels, 32-bit beats, tag = packet
    /// buffer 0-3)
    #[port]
    pub dma: DmaRdMaster<32, 2>,
    /// A transmission-completion notification is requested on list `nt_list` (held until
    /// `nt_ready`)
    pub nt_valid: Signal<Out, Bit>,
    /// The completed descriptor's note_index[8:0]
    pub nt_list: Signal<Out, Bits<16>>,
    /// The notification writer takes the request
    pub nt_ready: Signal<In, Bit>,
    /// A descriptor is busy, a packet is in the engine or a notification is pending
    ///
    /// A packet is being fetched or injected, or a completion notification is pending (a busy
    /// descriptor between its packets does not count: PCSR1.idle).
    pub active: Signal<Out, Bit>,
    xram: BlockRam2<Bits<32>, 13>,
    pbuf: LutRam<Bits<32>, 7>,
    #[init(Crc::new(&CRC16_CCITT))]
    hcrc: Crc<16, 32>,
    #[init(Crc::new(&CRC16_CCITT))]
    pcrc: Crc<16, 32>,
    w_raddr: Widen<32, 64>,
    w_beats: Widen<6, 13>,
    w_node: Widen<16, 32>,
    w_hcrc: Widen<16, 32>,
    w_pcrc: Widen<16, 32>,
    /// hcrc's crc_next and pcrc's crc are not used.
    sink_crc_next: [Unused<Bits<16>>; 2],
    /// Only the low bits of these are used.
    sink_wide: [Unused<Bits<32>>; 2],
    // ---- the descriptors' working registers ----
    d_addr: [DFF<Bits<32>>; ND],
    d_a0: [DFF<Bits<32>>; ND],
    d_a1: [DFF<Bits<32>>; ND],
    d_c0: [DFF<Bits<32>>; ND],
    d_c1: [DFF<Bits<32>>; ND],
    d_m0: [DFF<Bits<32>>; ND],
    d_m1: [DFF<Bits<32>>; ND],
    d_m2: [DFF<Bits<32>>; ND],
    d_m3: [DFF<Bits<32>>; ND],
    d_btg: [DFF<Bits<32>>; ND],
    /// The next packet's payload bytes and words, from bytes_to_go a cycle late (`d_nbv` low
    /// in the cycle after bytes_to_go was written).
    d_nb: [DFF<Bits<32>>; ND],
    d_nw: [DFF<Bits<6>>; ND],
    d_nbv: [DFF<Bit>; ND],
    d_busy: [DFF<Bit>; ND],
    d_stalled: [DFF<Bit>; ND],
    d_done: [DFF<Bit>; ND],
    d_herr: [DFF<Bit>; ND],
    /// Started (go) and not done nor stopped.
    d_act: [DFF<Bit>; ND],
    /// The next packet is the message's first.
    d_first: [DFF<Bit>; ND],
    /// A completion notification waits for `nt_ready`, on list `d_ntl`.
    d_ntp: [DFF<Bit>; ND],
    d_ntl: [DFF<Bits<32>>; ND],
    // ---- host reads answered from the registers ----
    xr_flop: DFF<Bit>,
    xr_d: DFF<Bits<32>>,
    // ---- pick and fetch ----
    /// `lru[i]` bit j: i was picked before j last (i goes first).
    lru: [DFF<Bits<4>>; ND],
    /// A descriptor picked in the last cycle: the fetch starts from it.
    pk_v: DFF<Bit>,
    pk_n: DFF<Bits<2>>,
    f_act: DFF<Bit>,
    f_n: DFF<Bits<2>>,
    fb: DFF<Bits<2>>,
    f_words: DFF<Bits<6>>,
    f_meta: DFF<Bit>,
    f_src: DFF<Bits<32>>,
    /// Header word 3 as picked (a control1 write during the packet changes neither).
    f_w3: DFF<Bits<32>>,
    /// Header checksum step (words 0 .. 3 or 7 issued, the result two steps later).
    f_hs: DFF<Bits<4>>,
    f_hdone: DFF<Bit>,
    /// The header word for the checksum, registered.
    f_hw: DFF<Bits<32>>,
    f_hv: DFF<Bit>,
    f_hstart: DFF<Bit>,
    f_dio: DFF<Bit>,
    /// DIO reads issued, the next one's XMT_RAM word and packet-buffer word.
    f_rd: DFF<Bits<6>>,
    f_daddr: DFF<Bits<13>>,
    f_dptr: DFF<Bits<7>>,
    /// The DMA read is still to be requested.
    f_req: DFF<Bit>,
    f_raddr: DFF<Bits<32>>,
    /// The DMA read request offered (not reset).
    rq_v: DFF<Bit>,
    rq_a: DFF<Bits<32>>,
    rq_b: DFF<Bits<6>>,
    rq_t: DFF<Bits<2>>,
    /// A DIO read was issued in the last cycle, for packet-buffer word `dix`.
    dv: DFF<Bit>,
    dix: DFF<Bits<7>>,
    // ---- packet buffers ----
    /// Fetched (F done), waiting for or under injection.
    b_full: [DFF<Bit>; NB],
    /// DMA beats still to come; the next one's packet-buffer word.
    b_pend: [DFF<Bit>; NB],
    /// A read with this tag is at the memory (requested, last beat not yet taken; not reset).
    b_fly: [DFF<Bit>; NB],
    b_rptr: [DFF<Bits<7>>; NB],
    b_err: [DFF<Bit>; NB],
    b_n: [DFF<Bits<2>>; NB],
    b_words: [DFF<Bits<6>>; NB],
    b_bytes: [DFF<Bits<32>>; NB],
    b_meta: [DFF<Bit>; NB],
    b_src: [DFF<Bits<32>>; NB],
    b_w3: [DFF<Bits<32>>; NB],
    b_hcrc: [DFF<Bits<32>>; NB],
    // ---- injection ----
    ib: DFF<Bits<2>>,
    i_act: DFF<Bit>,
    /// 0 header (k 0-4), 1 metadata (k 0-3), 2 payload, 3 trailer.
    i_ph: DFF<Bits<2>>,
    i_k: DFF<Bits<6>>,
    i_ptr: DFF<Bits<7>>,
    /// The packet under injection: header words, metadata, payload words and bytes, descriptor.
    i_h0: DFF<Bits<32>>,
    i_h1: DFF<Bits<32>>,
    i_h2: DFF<Bits<32>>,
    i_h3: DFF<Bits<32>>,
    i_h4: DFF<Bits<32>>,
    i_m0: DFF<Bits<32>>,
    i_m1: DFF<Bits<32>>,
    i_m2: DFF<Bits<32>>,
    i_m3: DFF<Bits<32>>,
    i_words: DFF<Bits<6>>,
    i_meta: DFF<Bit>,
    i_bytes: DFF<Bits<32>>,
    i_n: DFF<Bits<2>>,
    /// The output register holds the packet's first payload word.
    o_cf: DFF<Bit>,
    o_v: DFF<Bit>,
    o_d: DFF<Bits<32>>,
    o_first: DFF<Bit>,
    o_last: DFF<Bit>,
    o_n: DFF<Bits<2>>,
    /// The output register holds a payload word the checksum has not taken yet.
    o_cp: DFF<Bit>,
    /// The trailer's packet: its descriptor and payload bytes, for the progress.
    p_bytes: DFF<Bits<32>>,
    st_cnt: DFF<Bits<8>>,
    /// The packet on the port was started before a reset: no progress, no stall for it.
    orphan: DFF<Bit>,
    nt_v: DFF<Bit>,
    nt_s: DFF<Bits<2>>,
    // ---- locals ----
    /// Host write to descriptor `hx_n`, word `hx_w`.
    r_addr: Signal<Local, Bits<32>>,
    r_a0: Signal<Local, Bits<32>>,
    r_a1: Signal<Local, Bits<32>>,
    r_c0: Signal<Local, Bits<32>>,
    r_btg: Signal<Local, Bits<32>>,
    r_c1: Signal<Local, Bits<32>>,
    r_m0: Signal<Local, Bits<32>>,
    r_m1: Signal<Local, Bits<32>>,
    r_m2: Signal<Local, Bits<32>>,
    r_m3: Signal<Local, Bits<32>>,
    r_01: Signal<Local, Bits<32>>,
    r_23: Signal<Local, Bits<32>>,
    r_45: Signal<Local, Bits<32>>,
    r_89: Signal<Local, Bits<32>>,
    r_ab: Signal<Local, Bits<32>>,
    r_03: Signal<Local, Bits<32>>,
    r_47: Signal<Local, Bits<32>>,
    r_8b: Signal<Local, Bits<32>>,
    hx_d: Signal<Local, Bit>,
    hx_n: Signal<Local, Bits<2>>,
    hx_w: Signal<Local, Bits<4>>,
    go_w: Signal<Local, Bit>,
    cand: Signal<Local, Bits<4>>,
    pick_n: Signal<Local, Bits<2>>,
    pick_bit: Signal<Local, Bits<4>>,
    pk_any: Signal<Local, Bit>,
    pick: Signal<Local, Bit>,
    buf_free: Signal<Local, Bit>,
    nb_l: Signal<Local, Bits<32>>,
    sel_c1: Signal<Local, Bits<32>>,
    sel_first: Signal<Local, Bit>,
    sel_w3: Signal<Local, Bits<32>>,
    nbytes: Signal<Local, Bits<32>>,
    nw32: Signal<Local, Bits<32>>,
    nwords: Signal<Local, Bits<6>>,
    // the fetch's descriptor
    fa0: Signal<Local, Bits<32>>,
    fa1: Signal<Local, Bits<32>>,
    fc0: Signal<Local, Bits<32>>,
    fm0: Signal<Local, Bits<32>>,
    fm1: Signal<Local, Bits<32>>,
    fm2: Signal<Local, Bits<32>>,
    fm3: Signal<Local, Bits<32>>,
    f_last_hs: Signal<Local, Bits<4>>,
    f_done_hs: Signal<Local, Bits<4>>,
    f_end: Signal<Local, Bit>,
    dio_rd: Signal<Local, Bit>,
    rsp_take: Signal<Local, Bit>,
    rsp_ok: Signal<Local, Bit>,
    rsp_ptr: Signal<Local, Bits<7>>,
    // the injection's buffer and descriptor
    ib_n: Signal<Local, Bits<2>>,
    ib_ready: Signal<Local, Bit>,
    ib_err: Signal<Local, Bit>,
    ib_words: Signal<Local, Bits<6>>,
    ib_meta: Signal<Local, Bit>,
    ib_src: Signal<Local, Bits<32>>,
    ib_hcrc: Signal<Local, Bits<32>>,
    ib_bytes: Signal<Local, Bits<32>>,
    ib_w3: Signal<Local, Bits<32>>,
    ib_act: Signal<Local, Bit>,
    ia0: Signal<Local, Bits<32>>,
    ia1: Signal<Local, Bits<32>>,
    ic0: Signal<Local, Bits<32>>,
    im0: Signal<Local, Bits<32>>,
    im1: Signal<Local, Bits<32>>,
    im2: Signal<Local, Bits<32>>,
    im3: Signal<Local, Bits<32>>,
    i_start: Signal<Local, Bit>,
    i_drop: Signal<Local, Bit>,
    ld: Signal<Local, Bit>,
    nw: Signal<Local, Bits<32>>,
    nw_last_k: Signal<Local, Bit>,
    took_last: Signal<Local, Bit>,
    /// The first word on the port is withdrawn now (refused `STALL_CYCLES` in a row).
    abandon: Signal<Local, Bit>,
    prog_c0: Signal<Local, Bits<32>>,
    nt_any: Signal<Local, Bit>,
    nt_pick: Signal<Local, Bits<2>>,
    nt_l32: Signal<Local, Bits<32>>,
    st2: Signal<Local, Bits<32>>,
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_idx2: [Constant<Bits<2>>; 4],
    #[init(std::array::from_fn(|i| k(1 << i)))]
    c_bit4: [Constant<Bits<4>>; 4],
    #[init(std::array::from_fn(|i| k((0xF << (i + 1)) & 0xF)))]
    c_lru0: [Constant<Bits<4>>; 4],
    #[init(k(0xF))]
    c_all4: Constant<Bits<4>>,
    #[init(std::array::from_fn(|i| k(32 * i as u64)))]
    c_bufbase: [Constant<Bits<7>>; 4],
    #[init(std::array::from_fn(|i| k(i as u64)))]
    c_w: [Constant<Bits<4>>; 13],
    #[init(k(2))]
    c_two6: Constant<Bits<6>>,
    #[init(k(0))]
    c_zero2: Constant<Bits<2>>,
    #[init(k(0))]
    c_zero4: Constant<Bits<4>>,
    #[init(k(0))]
    c_zero6: Constant<Bits<6>>,
    #[init(k(0))]
    c_zero7: Constant<Bits<7>>,
    #[init(k(0))]
    c_zero8: Constant<Bits<8>>,
    #[init(k(0))]
    c_zero32: Constant<Bits<32>>,
    #[init(k(1))]
    c_one2: Constant<Bits<2>>,
    #[init(k(1))]
    c_one4: Constant<Bits<4>>,
    #[init(k(1))]
    c_one6: Constant<Bits<6>>,
    #[init(k(1))]
    c_one7: Constant<Bits<7>>,
    #[init(k(1))]
    c_one8: Constant<Bits<8>>,
    #[init(k(1))]
    c_one13: Constant<Bits<13>>,
    #[init(k(3))]
    c_three4: Constant<Bits<4>>,
    #[init(k(7))]
    c_seven4: Constant<Bits<4>>,
    #[init(k(5))]
    c_five4: Constant<Bits<4>>,
    #[init(k(9))]
    c_nine4: Constant<Bits<4>>,
    #[init(k(4))]
    c_four6: Constant<Bits<6>>,
    #[init(k(3))]
    c_three6: Constant<Bits<6>>,
    #[init(k(3))]
    c_three32: Constant<Bits<32>>,
    #[init(k(2))]
    c_two32: Constant<Bits<32>>,
    #[init(k(128))]
    c_max32: Constant<Bits<32>>,
    #[init(k(0xFF))]
    c_lo8: Constant<Bits<32>>,
    #[init(k(0x00FF_FFFF))]
    c_lo24: Constant<Bits<32>>,
    #[init(k(0xFFFF_0000))]
    c_hi16: Constant<Bits<32>>,
    #[init(k(0xFFF))]
    c_src_mask: Constant<Bits<32>>,
    #[init(k(4))]
    c_sh4: Constant<Bits<32>>,
    #[init(k(16))]
    c_sh16: Constant<Bits<32>>,
    #[init(k(0xEFFF_FFFF))]
    c_not_b28: Constant<Bits<32>>,
    #[init(k(0x3F00_0000))]
    c_c0_keep: Constant<Bits<32>>,
    #[init(k(sd::META_DATA.mask() | sd::META_CNT.mask()))]
    c_meta_bits: Constant<Bits<32>>,
    #[init(k(sd::META_DATA.mask()))]
    c_meta_flag: Constant<Bits<32>>,
    #[init(k(sd::GO.mask()))]
    c_go: Constant<Bits<32>>,
    #[init(k(sd::CONTROL_PKT.mask()))]
    c_ctl_pkt: Constant<Bits<32>>,
    #[init(k(sd::DIRECT_IO.mask()))]
    c_dio: Constant<Bits<32>>,
    #[init(k(sd::NOTIFY.mask()))]
    c_notify: Constant<Bits<32>>,
    #[init(k(sd::NOTE_INDEX_USED))]
    c_note_used: Constant<Bits<32>>,
    #[init(k(0xFFFF_FFFC))]
    c_not_low2: Constant<Bits<32>>,
    #[init(k(sd::BUSY.mask()))]
    c_busy: Constant<Bits<32>>,
    #[init(k(sd::STALLED.mask()))]
    c_stalled: Constant<Bits<32>>,
    #[init(k(sd::DONE.mask()))]
    c_done: Constant<Bits<32>>,
    #[init(k(sd::HOST_ERR.mask()))]
    c_herr: Constant<Bits<32>>,
    #[init(k(sd::STALL_CYCLES - 1))]
    c_stall_last: Constant<Bits<8>>,
    #[init(k(0))]
    c_ph_hdr: Constant<Bits<2>>,
    #[init(k(1))]
    c_ph_meta: Constant<Bits<2>>,
    #[init(k(2))]
    c_ph_pay: Constant<Bits<2>>,
    #[init(k(3))]
    c_ph_trl: Constant<Bits<2>>,
    #[init(k(0xF))]
    c_keep: Constant<Bits<4>>,
    #[init(k(0xFFFF_0000))]
    c_empty_trl: Constant<Bits<32>>,
    #[init(k(0))]
    c_meta0: Constant<Bits<1>>,
}

impl Logic for PpeTx {
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(
            self, clock, xr_flop, xr_d, pk_v, pk_n, f_act, f_n, fb, f_words, f_meta, f_src, f_w3,
            f_hs, f_hdone, f_hw, f_hv, f_hstart, f_dio, f_rd, f_daddr, f_dptr, f_req, rq_v, rq_a,
            rq_b, rq_t, f_raddr, dv, dix, ib, i_act, i_ph, i_k, i_ptr, o_v, o_d, o_first, o_last,
            o_n, o_cp, o_cf, i_h0, i_h1, i_h2, i_h3, i_h4, i_m0, i_m1, i_m2, i_m3, i_words, i_meta,
            i_bytes, i_n, p_bytes, st_cnt, orphan, nt_v, nt_s
        );
        for n in 0..ND {
            self.d_addr[n].clock.next = self.clock.val();
            self.d_addr[n].d.next = self.d_addr[n].q.val();
            self.d_a0[n].clock.next = self.clock.val();
            self.d_a0[n].d.next = self.d_a0[n].q.val();
            self.d_a1[n].clock.next = self.clock.val();
            self.d_a1[n].d.next = self.d_a1[n].q.val();
            self.d_c0[n].clock.next = self.clock.val();
            self.d_c0[n].d.next = self.d_c0[n].q.val();
            self.d_c1[n].clock.next = self.clock.val();
            self.d_c1[n].d.next = self.d_c1[n].q.val();
            self.d_m0[n].clock.next = self.clock.val();
            self.d_m0[n].d.next = self.d_m0[n].q.val();
            self.d_m1[n].clock.next = self.clock.val();
            self.d_m1[n].d.next = self.d_m1[n].q.val();
            self.d_m2[n].clock.next = self.clock.val();
            self.d_m2[n].d.next = self.d_m2[n].q.val();
            self.d_m3[n].clock.next = self.clock.val();
            self.d_m3[n].d.next = self.d_m3[n].q.val();
            self.lru[n].clock.next = self.clock.val();
            self.lru[n].d.next = self.lru[n].q.val();
            self.d_btg[n].clock.next = self.clock.val();
            self.d_btg[n].d.next = self.d_btg[n].q.val();
            self.d_nb[n].clock.next = self.clock.val();
            self.d_nw[n].clock.next = self.clock.val();
            self.d_nbv[n].clock.next = self.clock.val();
            self.d_nbv[n].d.next = true;
            self.d_busy[n].clock.next = self.clock.val();
            self.d_busy[n].d.next = self.d_busy[n].q.val();
            self.d_stalled[n].clock.next = self.clock.val();
            self.d_stalled[n].d.next = self.d_stalled[n].q.val();
            self.d_done[n].clock.next = self.clock.val();
            self.d_done[n].d.next = self.d_done[n].q.val();
            self.d_herr[n].clock.next = self.clock.val();
            self.d_herr[n].d.next = self.d_herr[n].q.val();
            self.d_act[n].clock.next = self.clock.val();
            self.d_act[n].d.next = self.d_act[n].q.val();
            self.d_first[n].clock.next = self.clock.val();
            self.d_first[n].d.next = self.d_first[n].q.val();
            self.d_ntp[n].clock.next = self.clock.val();
            self.d_ntp[n].d.next = self.d_ntp[n].q.val();
            self.d_ntl[n].clock.next = self.clock.val();
            self.d_ntl[n].d.next = self.d_ntl[n].q.val();
        }
        for b in 0..NB {
            self.b_full[b].clock.next = self.clock.val();
            self.b_full[b].d.next = self.b_full[b].q.val();
            self.b_pend[b].clock.next = self.clock.val();
            self.b_pend[b].d.next = self.b_pend[b].q.val();
            self.b_fly[b].clock.next = self.clock.val();
            self.b_fly[b].d.next = self.b_fly[b].q.val();
            self.b_rptr[b].clock.next = self.clock.val();
            self.b_rptr[b].d.next = self.b_rptr[b].q.val();
            self.b_err[b].clock.next = self.clock.val();
            self.b_err[b].d.next = self.b_err[b].q.val();
            self.b_n[b].clock.next = self.clock.val();
            self.b_n[b].d.next = self.b_n[b].q.val();
            self.b_words[b].clock.next = self.clock.val();
            self.b_words[b].d.next = self.b_words[b].q.val();
            self.b_bytes[b].clock.next = self.clock.val();
            self.b_bytes[b].d.next = self.b_bytes[b].q.val();
            self.b_meta[b].clock.next = self.clock.val();
            self.b_meta[b].d.next = self.b_meta[b].q.val();
            self.b_src[b].clock.next = self.clock.val();
            self.b_src[b].d.next = self.b_src[b].q.val();
            self.b_w3[b].clock.next = self.clock.val();
            self.b_w3[b].d.next = self.b_w3[b].q.val();
            self.b_hcrc[b].clock.next = self.clock.val();
            self.b_hcrc[b].d.next = self.b_hcrc[b].q.val();
        }
        clock!(self, clock, hcrc, pcrc);
        self.xram.clock.next = self.clock.val();
        self.pbuf.clock.next = self.clock.val();
        self.hcrc.reset.next = self.reset.val();
        self.pcrc.reset.next = self.reset.val();
        self.sink_crc_next[0].x.next = self.hcrc.crc_next.val();
        self.sink_crc_next[1].x.next = self.pcrc.crc.val();
        self.w_node.x.next = self.node.val();
        self.w_hcrc.x.next = self.hcrc.crc.val();
        self.w_pcrc.x.next = self.pcrc.crc_next.val();

        // ================= host port =================
        self.xram.a_addr.next = self.x_addr.val();
        self.xram.a_wdata.next = self.x_wdata.val();
        self.xram.a_we.next = self.x_write.val();
        self.hx_d.next = self.x_addr.val().get_bits::<7>(6) == self.c_zero7.val();
        self.hx_n.next = self.x_addr.val().get_bits::<2>(4);
        self.hx_w.next = self.x_addr.val().get_bits::<4>(0);
        self.go_w.next = (self.x_wdata.val() & self.c_go.val()) != self.c_zero32.val();
        // a read of a descriptor's working word answers from its register
        self.st2.next = self.c_zero32.val();
        for n in 0..ND {
            if self.hx_n.val() == self.c_idx2[n].val() {
                if self.d_busy[n].q.val() {
                    self.st2.next = self.st2.val() | self.c_busy.val();
                }
                if self.d_stalled[n].q.val() {
                    self.st2.next = self.st2.val() | self.c_stalled.val();
                }
                if self.d_done[n].q.val() {
                    self.st2.next = self.st2.val() | self.c_done.val();
                }
                if self.d_herr[n].q.val() {
                    self.st2.next = self.st2.val() | self.c_herr.val();
                }
            }
        }
        // a read of a descriptor's working word answers from its register: the descriptor's
        // words (4:1), then a tree of 2:1 muxes on the word index
        self.r_addr.next = self.d_addr[0].q.val();
        self.r_a0.next = self.d_a0[0].q.val();
        self.r_a1.next = self.d_a1[0].q.val();
        self.r_c0.next = self.d_c0[0].q.val();
        self.r_btg.next = self.d_btg[0].q.val();
        self.r_c1.next = self.d_c1[0].q.val();
        self.r_m0.next = self.d_m0[0].q.val();
        self.r_m1.next = self.d_m1[0].q.val();
        self.r_m2.next = self.d_m2[0].q.val();
        self.r_m3.next = self.d_m3[0].q.val();
        for n in 1..ND {
            if self.hx_n.val() == self.c_idx2[n].val() {
                self.r_addr.next = self.d_addr[n].q.val();
                self.r_a0.next = self.d_a0[n].q.val();
                self.r_a1.next = self.d_a1[n].q.val();
                self.r_c0.next = self.d_c0[n].q.val();
                self.r_btg.next = self.d_btg[n].q.val();
                self.r_c1.next = self.d_c1[n].q.val();
                self.r_m0.next = self.d_m0[n].q.val();
                self.r_m1.next = self.d_m1[n].q.val();
                self.r_m2.next = self.d_m2[n].q.val();
                self.r_m3.next = self.d_m3[n].q.val();
            }
        }
        // word bit 0
        self.r_01.next = self.r_addr.val();
        self.r_23.next = self.r_a1.val();
        self.r_45.next = self.r_btg.val();
        self.r_89.next = self.r_m0.val();
        self.r_ab.next = self.r_m2.val();
        if self.hx_w.val().get_bit(0) {
            self.r_01.next = self.r_a0.val();
            self.r_23.next = self.r_c0.val();
            self.r_45.next = self.r_c1.val();
            self.r_89.next = self.r_m1.val();
            self.r_ab.next = self.r_m3.val();
        }
        // word bits 1, 2, 3 (6 is status2; 7 and 12-15 are RAM words)
        self.r_03.next = self.r_01.val();
        self.r_47.next = self.r_45.val();
        self.r_8b.next = self.r_89.val();
        if self.hx_w.val().get_bit(1) {
            self.r_03.next = self.r_23.val();
            self.r_47.next = self.st2.val();
            self.r_8b.next = self.r_ab.val();
        }
        self.xr_d.d.next = self.r_03.val();
        if self.hx_w.val().get_bit(2) {
            self.xr_d.d.next = self.r_47.val();
        }
        if self.hx_w.val().get_bit(3) {
            self.xr_d.d.next = self.r_8b.val();
        }
        self.xr_flop.d.next = self.x_read.val()
            && self.hx_d.val()
            && (self.hx_w.val() != self.c_w[7].val())
            && (self.hx_w.val() < self.c_w[12].val());
        self.x_rdata.next = self.xram.a_rdata.val();
        if self.xr_flop.q.val() {
            self.x_rdata.next = self.xr_d.q.val();
        }

        // ================= pick =================
        self.cand.next = self.c_zero4.val();
        for n in 0..ND {
            if self.d_act[n].q.val()
                && !self.d_busy[n].q.val()
                && !self.d_ntp[n].q.val()
                && self.d_nbv[n].q.val()
            {
                self.cand.next = self.cand.val() | self.c_bit4[n].val();
            }
        }
        // least recently picked first (a matrix arbiter: `lru[i]` bit j set when i was picked
        // before j last): between two packets of a descriptor each other descriptor has at
        // most one (PPE-R100)
        self.pk_any.next = self.cand.val() != self.c_zero4.val();
        self.pick_bit.next = self.c_zero4.val();
        self.pick_n.next = self.c_zero2.val();
        for n in 0..ND {
            if ((self.cand.val() & self.c_bit4[n].val()) != self.c_zero4.val())
                && ((self.lru[n].q.val() | !self.cand.val() | self.c_bit4[n].val())
                    == self.c_all4.val())
            {
                self.pick_n.next = self.c_idx2[n].val();
                self.pick_bit.next = self.c_bit4[n].val();
            }
        }
        self.buf_free.next = true;
        for b in 0..NB {
            if (self.fb.q.val() == self.c_idx2[b].val())
                && (self.b_full[b].q.val() || self.b_pend[b].q.val() || self.b_fly[b].q.val())
            {
                self.buf_free.next = false;
            }
        }
        self.pick.next = self.en.val()
            && !self.reset.val()
            && !self.f_act.q.val()
            && !self.pk_v.q.val()
            && self.buf_free.val()
            && self.pk_any.val();
        // the pick is registered; the fetch starts from it in the next cycle
        self.pk_v.d.next = self.pick.val();
        if self.pick.val() {
            self.pk_n.d.next = self.pick_n.val();
            for n in 0..ND {
                if self.pick_n.val() == self.c_idx2[n].val() {
                    self.d_busy[n].d.next = true;
                    // now the most recently picked: before nobody, everyone before it
                    self.lru[n].d.next = self.c_zero4.val();
                } else {
                    self.lru[n].d.next = self.lru[n].q.val() | self.pick_bit.val();
                }
            }
        }
        // the picked descriptor's payload: min(128, bytes_to_go) bytes, whole words
        self.sel_c1.next = self.d_c1[0].q.val();
        self.sel_first.next = self.d_first[0].q.val();
        for n in 0..ND {
            if self.pk_n.q.val() == self.c_idx2[n].val() {
                self.sel_c1.next = self.d_c1[n].q.val();
                self.sel_first.next = self.d_first[n].q.val();
            }
        }
        // each descriptor's next payload: min(128, bytes_to_go) bytes, whole words
        for n in 0..ND {
            self.nb_l.next = self.d_btg[n].q.val() & self.c_lo8.val();
            if self.d_btg[n].q.val() >= self.c_max32.val() {
                self.nb_l.next = self.c_max32.val();
            }
            self.d_nb[n].d.next = self.nb_l.val();
            self.nw32.next = (self.nb_l.val() + self.c_three32.val()) >> self.c_two32.val();
            self.d_nw[n].d.next = self.nw32.val().get_bits::<6>(0);
        }
        self.nbytes.next = self.d_nb[0].q.val();
        self.nwords.next = self.d_nw[0].q.val();
        for n in 0..ND {
            if self.pk_n.q.val() == self.c_idx2[n].val() {
                self.nbytes.next = self.d_nb[n].q.val();
                self.nwords.next = self.d_nw[n].q.val();
            }
        }
        self.sel_w3.next = self.sel_c1.val() & self.c_lo24.val();
        if self.sel_first.val()
            && ((self.sel_c1.val() & self.c_meta_flag.val()) != self.c_zero32.val())
        {
            self.sel_w3.next = (self.sel_c1.val() & self.c_lo24.val())
                | (self.sel_c1.val() & self.c_meta_bits.val());
        }
        if self.pk_v.q.val() {
            self.f_act.d.next = true;
            self.f_n.d.next = self.pk_n.q.val();
            self.f_words.d.next = self.nwords.val();
            self.f_meta.d.next = self.sel_first.val()
                && ((self.sel_c1.val() & self.c_meta_flag.val()) != self.c_zero32.val());
            self.f_src.d.next = (self.w_node.y.val() & self.c_src_mask.val()) << self.c_sh4.val();
            self.f_w3.d.next = self.sel_w3.val();
            self.f_hs.d.next = self.c_zero4.val();
            self.f_hdone.d.next = false;
            self.f_dio.d.next = (self.sel_c1.val() & self.c_dio.val()) != self.c_zero32.val();
            self.f_rd.d.next = self.c_zero6.val();
            self.f_req.d.next = (self.nwords.val() != self.c_zero6.val())
                && ((self.sel_c1.val() & self.c_dio.val()) == self.c_zero32.val());
            for n in 0..ND {
                if self.pk_n.q.val() == self.c_idx2[n].val() {
                    self.f_daddr.d.next = self.d_addr[n].q.val().get_bits::<13>(2);
                    self.f_raddr.d.next = self.d_addr[n].q.val() & self.c_not_low2.val();
                }
            }
            for b in 0..NB {
                if self.fb.q.val() == self.c_idx2[b].val() {
                    self.f_dptr.d.next = self.c_bufbase[b].val();
                    self.b_rptr[b].d.next = self.c_bufbase[b].val();
                    self.b_err[b].d.next = false;
                    self.b_n[b].d.next = self.pk_n.q.val();
                    self.b_words[b].d.next = self.nwords.val();
                    self.b_bytes[b].d.next = self.nbytes.val();
                    self.b_meta[b].d.next = self.sel_first.val()
                        && ((self.sel_c1.val() & self.c_meta_flag.val()) != self.c_zero32.val());
                    self.b_src[b].d.next =
                        (self.w_node.y.val() & self.c_src_mask.val()) << self.c_sh4.val();
                    self.b_w3[b].d.next = self.sel_w3.val();
                    if (self.nwords.val() != self.c_zero6.val())
                        && ((self.sel_c1.val() & self.c_dio.val()) == self.c_zero32.val())
                    {
                        self.b_pend[b].d.next = true;
                    }
                }
            }
        }

        // ================= fetch: header checksum, DIO reads, DMA request =================
        self.fa0.next = self.d_a0[0].q.val();
        self.fa1.next = self.d_a1[0].q.val();
        self.fc0.next = self.d_c0[0].q.val();
        self.fm0.next = self.d_m0[0].q.val();
        self.fm1.next = self.d_m1[0].q.val();
        self.fm2.next = self.d_m2[0].q.val();
        self.fm3.next = self.d_m3[0].q.val();
        for n in 0..ND {
            if self.f_n.q.val() == self.c_idx2[n].val() {
                self.fa0.next = self.d_a0[n].q.val();
                self.fa1.next = self.d_a1[n].q.val();
                self.fc0.next = self.d_c0[n].q.val();
                self.fm0.next = self.d_m0[n].q.val();
                self.fm1.next = self.d_m1[n].q.val();
                self.fm2.next = self.d_m2[n].q.val();
                self.fm3.next = self.d_m3[n].q.val();
            }
        }
        self.f_last_hs.next = self.c_three4.val();
        self.f_done_hs.next = self.c_five4.val();
        if self.f_meta.q.val() {
            self.f_last_hs.next = self.c_seven4.val();
            self.f_done_hs.next = self.c_nine4.val();
        }
        // the header words, one a cycle into a register, then into the checksum
        self.hcrc.start.next = self.f_hstart.q.val();
        self.hcrc.valid.next = self.f_hv.q.val();
        self.hcrc.data.next = self.f_hw.q.val();
        self.f_hv.d.next = self.f_act.q.val()
            && !self.f_hdone.q.val()
            && (self.f_hs.q.val() <= self.f_last_hs.val());
        self.f_hstart.d.next = self.f_hs.q.val() == self.c_zero4.val();
        self.f_hw.d.next = self.fa0.val();
        if self.f_hs.q.val() == self.c_w[1].val() {
            self.f_hw.d.next = (self.fa1.val() & self.c_hi16.val()) | self.f_src.q.val();
        }
        if self.f_hs.q.val() == self.c_w[2].val() {
            self.f_hw.d.next = self.fc0.val() & self.c_not_b28.val();
        }
        if self.f_hs.q.val() == self.c_w[3].val() {
            self.f_hw.d.next = self.f_w3.q.val();
        }
        if self.f_hs.q.val() == self.c_w[4].val() {
            self.f_hw.d.next = self.fm0.val();
        }
        if self.f_hs.q.val() == self.c_w[5].val() {
            self.f_hw.d.next = self.fm1.val();
        }
        if self.f_hs.q.val() == self.c_w[6].val() {
            self.f_hw.d.next = self.fm2.val();
        }
        if self.f_hs.q.val() == self.c_w[7].val() {
            self.f_hw.d.next = self.fm3.val();
        }
        if self.f_act.q.val() && !self.f_hdone.q.val() {
            self.f_hs.d.next = self.f_hs.q.val() + self.c_one4.val();
            if self.f_hs.q.val() == self.f_done_hs.val() {
                // the last word went into the checksum in the last cycle: it is in hcrc's
                // register now
                self.f_hdone.d.next = true;
                for b in 0..NB {
                    if self.fb.q.val() == self.c_idx2[b].val() {
                        self.b_hcrc[b].d.next = self.w_hcrc.y.val() << self.c_sh16.val();
                    }
                }
            }
        }
        // DIO: one XMT_RAM read a cycle on its own port
        self.dio_rd.next =
            self.f_act.q.val() && self.f_dio.q.val() && (self.f_rd.q.val() != self.f_words.q.val());
        self.xram.b_addr.next = self.f_daddr.q.val();
        self.dv.d.next = self.dio_rd.val();
        self.dix.d.next = self.f_dptr.q.val();
        if self.dio_rd.val() {
            self.f_rd.d.next = self.f_rd.q.val() + self.c_one6.val();
            self.f_daddr.d.next = self.f_daddr.q.val() + self.c_one13.val();
            self.f_dptr.d.next = self.f_dptr.q.val() + self.c_one7.val();
        }
        // DMA: one read of the packet's words, tagged with its buffer
        self.w_raddr.x.next = self.rq_a.q.val();
        self.w_beats.x.next = self.rq_b.q.val();
        // (from a request register that a reset does not clear: a request offered stays
        // offered, and a tag stays in flight until its last beat, whatever resets meanwhile)
        self.dma.rd_req_addr.next = self.w_raddr.y.val();
        self.dma.rd_req_beats.next = self.w_beats.y.val();
        self.dma.rd_req_tag.next = self.rq_t.q.val();
        self.dma.rd_req_valid.next = self.rq_v.q.val();
        if self.rq_v.q.val() && self.dma.rd_req_ready.val() {
            self.rq_v.d.next = false;
        }
        if self.f_act.q.val() && self.f_req.q.val() && !self.rq_v.q.val() && !self.reset.val() {
            self.f_req.d.next = false;
            self.rq_v.d.next = true;
            self.rq_a.d.next = self.f_raddr.q.val();
            self.rq_b.d.next = self.f_words.q.val();
            self.rq_t.d.next = self.fb.q.val();
            for b in 0..NB {
                if self.fb.q.val() == self.c_idx2[b].val() {
                    self.b_fly[b].d.next = true;
                }
            }
        }
        self.f_end.next = self.f_act.q.val()
            && (self.f_hdone.q.val())
            && !self.f_req.q.val()
            && (self.f_rd.q.val() == self.f_words.q.val() || !self.f_dio.q.val())
            && !self.dv.q.val();
        if self.f_end.val() {
            self.f_act.d.next = false;
            self.fb.d.next = self.fb.q.val() + self.c_one2.val();
            for b in 0..NB {
                if self.fb.q.val() == self.c_idx2[b].val() {
                    self.b_full[b].d.next = true;
                }
            }
        }
        // payload words into the packet buffer: a DIO word first, else a DMA beat
        self.dma.rd_rsp_ready.next = !self.dv.q.val();
        self.rsp_take.next = self.dma.rd_rsp_valid.val() && !self.dv.q.val();
        self.rsp_ok.next = false;
        self.rsp_ptr.next = self.b_rptr[0].q.val();
        for b in 0..NB {
            if self.dma.rd_rsp_tag.val() == self.c_idx2[b].val() {
                self.rsp_ok.next = self.b_pend[b].q.val();
                self.rsp_ptr.next = self.b_rptr[b].q.val();
                if self.rsp_take.val() && self.dma.rd_rsp_last.val() {
                    self.b_fly[b].d.next = false;
                }
                if self.rsp_take.val() && self.b_pend[b].q.val() {
                    // wrap inside the buffer: bits 6:5 stay the buffer's
                    self.b_rptr[b].d.next = (self.b_rptr[b].q.val() & self.c_bufbase[3].val())
                        | ((self.b_rptr[b].q.val() + self.c_one7.val()) & !self.c_bufbase[3].val());
                    if self.dma.rd_rsp_err.val() {
                        self.b_err[b].d.next = true;
                    }
                    if self.dma.rd_rsp_last.val() {
                        self.b_pend[b].d.next = false;
                    }
                }
            }
        }
        self.pbuf.write_enable.next = self.dv.q.val() || (self.rsp_take.val() && self.rsp_ok.val());
        self.pbuf.write_address.next = self.rsp_ptr.val();
        self.pbuf.write_data.next = self.dma.rd_rsp_data.val();
        if self.dv.q.val() {
            self.pbuf.write_address.next = self.dix.q.val();
            self.pbuf.write_data.next = self.xram.b_rdata.val();
        }

        // ================= injection =================
        self.ib_n.next = self.b_n[0].q.val();
        self.ib_ready.next = false;
        self.ib_err.next = false;
        self.ib_words.next = self.b_words[0].q.val();
        self.ib_meta.next = false;
        self.ib_src.next = self.b_src[0].q.val();
        self.ib_hcrc.next = self.b_hcrc[0].q.val();
        self.ib_bytes.next = self.b_bytes[0].q.val();
        self.ib_w3.next = self.b_w3[0].q.val();
        for b in 0..NB {
            if self.ib.q.val() == self.c_idx2[b].val() {
                self.ib_n.next = self.b_n[b].q.val();
                self.ib_ready.next = self.b_full[b].q.val() && !self.b_pend[b].q.val();
                self.ib_err.next = self.b_err[b].q.val();
                self.ib_words.next = self.b_words[b].q.val();
                self.ib_meta.next = self.b_meta[b].q.val();
                self.ib_src.next = self.b_src[b].q.val();
                self.ib_hcrc.next = self.b_hcrc[b].q.val();
                self.ib_bytes.next = self.b_bytes[b].q.val();
                self.ib_w3.next = self.b_w3[b].q.val();
            }
        }
        self.ib_act.next = false;
        self.ia0.next = self.d_a0[0].q.val();
        self.ia1.next = self.d_a1[0].q.val();
        self.ic0.next = self.d_c0[0].q.val();
        self.im0.next = self.d_m0[0].q.val();
        self.im1.next = self.d_m1[0].q.val();
        self.im2.next = self.d_m2[0].q.val();
        self.im3.next = self.d_m3[0].q.val();
        for n in 0..ND {
            if self.ib_n.val() == self.c_idx2[n].val() {
                self.ib_act.next = self.d_act[n].q.val();
                self.ia0.next = self.d_a0[n].q.val();
                self.ia1.next = self.d_a1[n].q.val();
                self.ic0.next = self.d_c0[n].q.val();
                self.im0.next = self.d_m0[n].q.val();
                self.im1.next = self.d_m1[n].q.val();
                self.im2.next = self.d_m2[n].q.val();
                self.im3.next = self.d_m3[n].q.val();
            }
        }
        // a fetched packet starts when enabled; a stopped descriptor's or a failed read's is
        // dropped
        self.i_drop.next = !self.i_act.q.val()
            && self.ib_ready.val()
            && (self.ib_err.val() || !self.ib_act.val())
            && !self.reset.val();
        self.i_start.next = !self.i_act.q.val()
            && self.ib_ready.val()
            && !self.i_drop.val()
            && self.en.val()
            && !self.reset.val();
        if self.i_start.val() {
            // the packet's words that do not come from the buffer, fixed for its injection
            self.i_act.d.next = true;
            self.i_h0.d.next = self.ia0.val();
            self.i_h1.d.next = (self.ia1.val() & self.c_hi16.val()) | self.ib_src.val();
            self.i_h2.d.next = self.ic0.val() & self.c_not_b28.val();
            self.i_h3.d.next = self.ib_w3.val();
            self.i_h4.d.next = self.ib_hcrc.val();
            self.i_m0.d.next = self.im0.val();
            self.i_m1.d.next = self.im1.val();
            self.i_m2.d.next = self.im2.val();
            self.i_m3.d.next = self.im3.val();
            self.i_words.d.next = self.ib_words.val();
            self.i_meta.d.next = self.ib_meta.val();
            self.i_bytes.d.next = self.ib_bytes.val();
            self.i_n.d.next = self.ib_n.val();
            self.i_ph.d.next = self.c_ph_hdr.val();
            self.i_k.d.next = self.c_zero6.val();
        }
        for b in 0..NB {
            if self.ib.q.val() == self.c_idx2[b].val() {
                if self.i_start.val() {
                    self.i_ptr.d.next = self.c_bufbase[b].val();
                }
                if self.i_drop.val() {
                    self.b_full[b].d.next = false;
                }
            }
        }
        if self.i_drop.val() {
            self.ib.d.next = self.ib.q.val() + self.c_one2.val();
            for n in 0..ND {
                if self.ib_n.val() == self.c_idx2[n].val() {
                    self.d_busy[n].d.next = false;
                    if self.ib_err.val() {
                        self.d_herr[n].d.next = true;
                        self.d_act[n].d.next = false;
                    }
                }
            }
        }
        // the next word and whether it is its phase's last
        self.pbuf.read_address.next = self.i_ptr.q.val();
        self.nw.next = self.i_h0.q.val();
        self.nw_last_k.next = false;
        if self.i_ph.q.val() == self.c_ph_hdr.val() {
            self.nw_last_k.next = self.i_k.q.val() == self.c_four6.val();
            if self.i_k.q.val() == self.c_one6.val() {
                self.nw.next = self.i_h1.q.val();
            }
            if self.i_k.q.val() == self.c_two6.val() {
                self.nw.next = self.i_h2.q.val();
            }
            if self.i_k.q.val() == self.c_three6.val() {
                self.nw.next = self.i_h3.q.val();
            }
            if self.i_k.q.val() == self.c_four6.val() {
                self.nw.next = self.i_h4.q.val();
            }
        }
        if self.i_ph.q.val() == self.c_ph_meta.val() {
            self.nw_last_k.next = self.i_k.q.val() == self.c_three6.val();
            self.nw.next = self.i_m0.q.val();
            if self.i_k.q.val() == self.c_one6.val() {
                self.nw.next = self.i_m1.q.val();
            }
            if self.i_k.q.val() == self.c_two6.val() {
                self.nw.next = self.i_m2.q.val();
            }
            if self.i_k.q.val() == self.c_three6.val() {
                self.nw.next = self.i_m3.q.val();
            }
        }
        if self.i_ph.q.val() == self.c_ph_pay.val() {
            self.nw_last_k.next = (self.i_k.q.val() + self.c_one6.val()) == self.i_words.q.val();
            self.nw.next = self.pbuf.read_data.val();
        }
        if self.i_ph.q.val() == self.c_ph_trl.val() {
            self.nw_last_k.next = true;
            self.nw.next = self.w_pcrc.y.val() << self.c_sh16.val();
            if self.i_words.q.val() == self.c_zero6.val() {
                self.nw.next = self.c_empty_trl.val();
            }
        }
        self.ld.next = self.i_act.q.val() && (!self.o_v.q.val() || self.tx.ready.val());
        // the payload checksum takes each payload word from the output register the cycle
        // after its load; the trailer reads it with the last word (crc_next)
        self.pcrc.start.next = self.o_cf.q.val();
        self.pcrc.valid.next = self.o_cp.q.val();
        self.pcrc.data.next = self.o_d.q.val();
        self.o_cp.d.next = self.ld.val() && (self.i_ph.q.val() == self.c_ph_pay.val());
        self.o_cf.d.next = self.ld.val()
            && (self.i_ph.q.val() == self.c_ph_pay.val())
            && (self.i_k.q.val() == self.c_zero6.val());
        if self.ld.val() {
            self.o_d.d.next = self.nw.val();
            self.o_first.d.next = (self.i_ph.q.val() == self.c_ph_hdr.val())
                && (self.i_k.q.val() == self.c_zero6.val());
            self.o_last.d.next = self.i_ph.q.val() == self.c_ph_trl.val();
            self.o_n.d.next = self.i_n.q.val();
            if (self.i_ph.q.val() == self.c_ph_hdr.val())
                && (self.i_k.q.val() == self.c_zero6.val())
            {
                // the next attempt: stalled clears (R092)
                for n in 0..ND {
                    if self.i_n.q.val() == self.c_idx2[n].val() {
                        self.d_stalled[n].d.next = false;
                    }
                }
            }
            self.i_k.d.next = self.i_k.q.val() + self.c_one6.val();
            if self.i_ph.q.val() == self.c_ph_pay.val() {
                self.i_ptr.d.next = self.i_ptr.q.val() + self.c_one7.val();
            }
            if self.nw_last_k.val() {
                self.i_k.d.next = self.c_zero6.val();
                if self.i_ph.q.val() == self.c_ph_hdr.val() {
                    self.i_ph.d.next = self.c_ph_trl.val();
                    if self.i_words.q.val() != self.c_zero6.val() {
                        self.i_ph.d.next = self.c_ph_pay.val();
                    }
                    if self.i_meta.q.val() {
                        self.i_ph.d.next = self.c_ph_meta.val();
                    }
                }
                if self.i_ph.q.val() == self.c_ph_meta.val() {
                    self.i_ph.d.next = self.c_ph_trl.val();
                    if self.i_words.q.val() != self.c_zero6.val() {
                        self.i_ph.d.next = self.c_ph_pay.val();
                    }
                }
                if self.i_ph.q.val() == self.c_ph_pay.val() {
                    self.i_ph.d.next = self.c_ph_trl.val();
                }
                if self.i_ph.q.val() == self.c_ph_trl.val() {
                    // the buffer is read: free it, the progress waits for the trailer's take
                    self.i_act.d.next = false;
                    self.ib.d.next = self.ib.q.val() + self.c_one2.val();
                    self.p_bytes.d.next = self.i_bytes.q.val();
                    for b in 0..NB {
                        if self.ib.q.val() == self.c_idx2[b].val() {
                            self.b_full[b].d.next = false;
                        }
                    }
                }
            }
        }
        self.o_v.d.next = self.o_v.q.val() && !self.tx.ready.val();
        if self.ld.val() {
            self.o_v.d.next = true;
        }
        self.tx.valid.next = self.o_v.q.val();
        self.tx.data.next = self.o_d.q.val();
        self.tx.first.next = self.o_first.q.val();
        self.tx.last.next = self.o_last.q.val();
        self.tx.keep.next = self.c_keep.val();
        self.tx.meta.next = self.c_meta0.val();

        // stalls: a word refused STALL_CYCLES cycles in a row
        self.st_cnt.d.next = self.c_zero8.val();
        if self.o_v.q.val() && !self.tx.ready.val() {
            self.st_cnt.d.next = self.st_cnt.q.val();
            if self.st_cnt.q.val() != self.c_stall_last.val() {
                self.st_cnt.d.next = self.st_cnt.q.val() + self.c_one8.val();
            }
        }

        // abandonment (R096, R101, AMB-28): a first word refused STALL_CYCLES cycles in a row
        // is withdrawn and its packet dropped, nothing counted; its buffer is freed and the next
        // packet in pick order goes on the port
        self.abandon.next = self.o_v.q.val()
            && self.o_first.q.val()
            && !self.tx.ready.val()
            && (self.st_cnt.q.val() == self.c_stall_last.val());
        if self.abandon.val() {
            self.o_v.d.next = false;
            self.i_act.d.next = false;
            self.orphan.d.next = false;
            self.ib.d.next = self.ib.q.val() + self.c_one2.val();
            for b in 0..NB {
                if self.ib.q.val() == self.c_idx2[b].val() {
                    self.b_full[b].d.next = false;
                }
            }
        }

        // progress when a trailer is taken
        self.took_last.next = self.o_v.q.val() && self.tx.ready.val() && self.o_last.q.val();
        if self.took_last.val() {
            self.orphan.d.next = false;
        }
        self.prog_c0.next = self.c_zero32.val();
        for n in 0..ND {
            if self.o_n.q.val() == self.c_idx2[n].val() {
                if self.o_v.q.val()
                    && !self.tx.ready.val()
                    && (self.st_cnt.q.val() == self.c_stall_last.val())
                    && !self.orphan.q.val()
                {
                    self.d_stalled[n].d.next = true;
                    if self.abandon.val() {
                        // stalled and not busy in one update (R096); picked again on its next
                        // turn while still active (R101)
                        self.d_busy[n].d.next = false;
                    }
                }
                self.prog_c0.next = (self.d_c0[n].q.val() & self.c_c0_keep.val())
                    | ((self.d_c0[n].q.val() + self.p_bytes.q.val()) & self.c_lo24.val());
                if self.took_last.val() && !self.orphan.q.val() {
                    self.d_addr[n].d.next = self.d_addr[n].q.val() + self.p_bytes.q.val();
                    self.d_c0[n].d.next = self.prog_c0.val();
                    self.d_btg[n].d.next = self.d_btg[n].q.val() - self.p_bytes.q.val();
                    self.d_nbv[n].d.next = false;
                    self.d_first[n].d.next = false;
                    self.d_busy[n].d.next = false;
                    self.d_stalled[n].d.next = false;
                    if self.d_btg[n].q.val() == self.p_bytes.q.val() {
                        self.d_done[n].d.next = true;
                        self.d_act[n].d.next = false;
                        if (self.d_c1[n].q.val() & self.c_notify.val()) != self.c_zero32.val() {
                            self.d_ntp[n].d.next = true;
                            self.d_ntl[n].d.next = self.d_a1[n].q.val() & self.c_note_used.val();
                        }
                    }
                }
            }
        }

        // ================= host writes of the descriptors (after the progress) =================
        if self.x_write.val() && self.hx_d.val() {
            for n in 0..ND {
                if self.hx_n.val() == self.c_idx2[n].val() {
                    if self.hx_w.val() == self.c_w[0].val() {
                        self.d_addr[n].d.next = self.x_wdata.val();
                    }
                    if self.hx_w.val() == self.c_w[1].val() {
                        self.d_a0[n].d.next = self.x_wdata.val();
                    }
                    if self.hx_w.val() == self.c_w[2].val() {
                        self.d_a1[n].d.next = self.x_wdata.val();
                    }
                    if self.hx_w.val() == self.c_w[3].val() {
                        self.d_c0[n].d.next = self.x_wdata.val();
                    }
                    if self.hx_w.val() == self.c_w[5].val() {
                        self.d_c1[n].d.next = self.x_wdata.val();
                        if !self.go_w.val() {
                            // stop
                            self.d_act[n].d.next = false;
                        }
                        if self.go_w.val() && !self.d_busy[n].q.val() {
                            // start (while busy: ignored, AMB-27)
                            self.d_act[n].d.next = true;
                            self.d_first[n].d.next = true;
                            self.d_done[n].d.next = false;
                            self.d_stalled[n].d.next = false;
                            self.d_herr[n].d.next = false;
                            self.d_btg[n].d.next = self.x_wdata.val() & self.c_lo24.val();
                            self.d_nbv[n].d.next = false;
                            if (self.x_wdata.val() & self.c_ctl_pkt.val()) != self.c_zero32.val() {
                                self.d_btg[n].d.next = self.c_zero32.val();
                            }
                        }
                    }
                    if self.hx_w.val() == self.c_w[8].val() {
                        self.d_m0[n].d.next = self.x_wdata.val();
                    }
                    if self.hx_w.val() == self.c_w[9].val() {
                        self.d_m1[n].d.next = self.x_wdata.val();
                    }
                    if self.hx_w.val() == self.c_w[10].val() {
                        self.d_m2[n].d.next = self.x_wdata.val();
                    }
                    if self.hx_w.val() == self.c_w[11].val() {
                        self.d_m3[n].d.next = self.x_wdata.val();
                    }
                }
            }
        }

        // ================= completion notifications =================
        self.nt_any.next = false;
        self.nt_pick.next = self.c_zero2.val();
        for n in 0..ND {
            if self.d_ntp[n].q.val() && !self.nt_any.val() {
                self.nt_any.next = true;
                self.nt_pick.next = self.c_idx2[n].val();
            }
        }
        if !self.nt_v.q.val() && self.nt_any.val() {
            self.nt_v.d.next = true;
            self.nt_s.d.next = self.nt_pick.val();
        }
        self.nt_valid.next = self.nt_v.q.val();
        self.nt_l32.next = self.d_ntl[0].q.val();
        for n in 0..ND {
            if self.nt_s.q.val() == self.c_idx2[n].val() {
                self.nt_l32.next = self.d_ntl[n].q.val();
                if self.nt_v.q.val() && self.nt_ready.val() {
                    self.d_ntp[n].d.next = false;
                }
            }
        }
        self.nt_list.next = self.nt_l32.val().get_bits::<16>(0);
        self.sink_wide[0].x.next = self.nw32.val();
        self.sink_wide[1].x.next = self.nt_l32.val();
        if self.nt_v.q.val() && self.nt_ready.val() {
            self.nt_v.d.next = false;
        }

        // a busy descriptor between two of its packets is not injecting (PCSR1.idle, PPE-R025)
        self.active.next =
            self.f_act.q.val() || self.i_act.q.val() || self.o_v.q.val() || self.nt_v.q.val();
        for n in 0..ND {
            if self.d_ntp[n].q.val() {
                self.active.next = true;
            }
        }

        if self.reset.val() {
            for n in 0..ND {
                self.lru[n].d.next = self.c_lru0[n].val();
            }
            self.f_act.d.next = false;
            self.pk_v.d.next = false;
            self.dv.d.next = false;
            self.nt_v.d.next = false;
            // a packet on the port goes out whole (the stream's rules) and counts for nothing;
            // every other buffer is free, the next fetch after it
            self.orphan.d.next = (self.i_act.q.val()
                || (self.o_v.q.val() && !self.took_last.val()))
                && !self.abandon.val();
            self.fb.d.next = self.ib.q.val();
            if self.i_act.q.val() {
                self.fb.d.next = self.ib.q.val() + self.c_one2.val();
            }
            self.xr_flop.d.next = false;
            // every descriptor idle and done (PPE-R170, R174); its words are untouched, they
            // are the software-visible registers (R167, R173)
            for n in 0..ND {
                self.d_btg[n].d.next = self.c_zero32.val();
                self.d_nbv[n].d.next = false;
                self.d_busy[n].d.next = false;
                self.d_stalled[n].d.next = false;
                self.d_done[n].d.next = true;
                self.d_herr[n].d.next = false;
                self.d_act[n].d.next = false;
                self.d_first[n].d.next = false;
                self.d_ntp[n].d.next = false;
            }
            for b in 0..NB {
                self.b_full[b].d.next = false;
                self.b_pend[b].d.next = false;
            }
        }
    }
}
