//! The whole PPE (`ppe_node`): its host window against a model of A.2.3 (PPE-R001-R013,
//! R021, R027: every register with its read-back masks, the static, auto-increment and paged
//! windows onto XMT_RAM and RCV_RAM, the send-descriptor page, the unassigned offsets), and one
//! message sent to itself through the fabric port looped back: the payload read from host
//! memory by DMA arrives in the rslot's buffer, the reception and the transmission-completion
//! notifications are posted on their lists, the token reaches NQR and raises int_lo.

use super::dut::{host_words, walk_list, Dut};
use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::system::axi::{AxiLiteManager, AxiLitePorts};
use nicgen_sim::system::hostmem::{DmaRdMemory, DmaRdPorts, DmaWrMemory, DmaWrPorts, MemServer};
use nicgen_wire::ppe::host as hw;
use nicgen_wire::ppe::send_desc as sd;
use nicgen_wire::ppe::{address0, address1, control0, heads, note, reception_note, rslot};
use std::collections::VecDeque;

/// The host bus: a strobe, then the answer (bounded wait); the read word and whether the access
/// was answered as a bad one (`err`; SLVERR on an AXI4-Lite top).
fn try_access(d: &mut Dut, addr: u32, write: Option<u32>) -> (u32, bool) {
    if let Some(m) = d.axil.as_mut() {
        match write {
            Some(v) => m.write(addr as u64, v as u64, 0xF),
            None => m.read(addr as u64),
        }
        for _ in 0..5000 {
            let m = d.axil.as_mut().unwrap();
            if m.idle() {
                let (_, _, data, resp) = m.done.pop().unwrap();
                assert!(
                    resp == 0 || resp == 2,
                    "AXI4-Lite response {resp} at {addr:#x}"
                );
                return (data as u32, resp == 2);
            }
            d.cycle();
        }
        panic!("no AXI4-Lite answer at {addr:#x}");
    }
    d.set("bus_addr", addr as u64);
    d.set("bus_wdata", write.unwrap_or(0) as u64);
    d.set(
        if write.is_some() {
            "bus_write"
        } else {
            "bus_read"
        },
        1,
    );
    d.cycle();
    d.set("bus_write", 0);
    d.set("bus_read", 0);
    for _ in 0..50 {
        if d.get("bus_ready") != 0 {
            let r = (d.get("bus_rdata") as u32, d.get("bus_err") != 0);
            d.cycle();
            return r;
        }
        assert_eq!(d.get("bus_err"), 0, "err without ready at {addr:#x}");
        d.cycle();
    }
    panic!("no answer at {addr:#x}");
}

/// An access that must succeed: the read word.
fn access(d: &mut Dut, addr: u32, write: Option<u32>) -> u32 {
    let (v, err) = try_access(d, addr, write);
    assert!(!err, "err at {addr:#x}");
    v
}

/// An access that must be refused: answered `err` with 0 (and no effect, which the model's
/// later reads check).
fn refused(d: &mut Dut, addr: u32, write: Option<u32>) {
    assert_eq!(
        try_access(d, addr, write),
        (0, true),
        "a bad access at {addr:#x}"
    );
}

fn wr(d: &mut Dut, addr: u32, v: u32) {
    access(d, addr, Some(v));
}

fn rd(d: &mut Dut, addr: u32) -> u32 {
    access(d, addr, None)
}

/// The window's model: the registers and the two RAMs as the host sees them.
struct Win {
    pcsr0: u32,
    nlhr: u32,
    rlim: u32,
    pxr: u32,
    prr: u32,
    xmt: Vec<u32>,
    rcv: Vec<u32>,
}

impl Win {
    /// The XMT_RAM word a host read returns (a descriptor's status words are the PPE's: after
    /// reset, done and bytes_to_go 0).
    fn xmt_read(&self, w: usize) -> u32 {
        match (w < 64, w % 16) {
            (true, 4) => 0,
            (true, 6) => sd::DONE.mask() as u32,
            _ => self.xmt[w],
        }
    }
}

fn window(backend: Backend, rng: &mut Rng, ops: usize) {
    let mut d = Dut::new("ppe_node", backend);
    let mut m = Win {
        pcsr0: 0,
        nlhr: 0,
        rlim: 0,
        pxr: 0,
        prr: 0,
        xmt: vec![0; 8192],
        rcv: vec![0; 16384],
    };
    for _ in 0..4 {
        d.cycle();
    }
    // PCSR1 after reset: ready, idle, NBQR empty, four descriptors (PPE-R021, R027)
    let pcsr1 =
        (hw::READY.mask() | hw::IDLE.mask() | hw::NBQR_EMPTY.mask() | hw::SEND_DESC_CNT.set(0, 4))
            as u32;
    assert_eq!(rd(&mut d, hw::PCSR1), pcsr1, "PCSR1 after reset");
    for _ in 0..ops {
        let v = rng.next_u64() as u32;
        let write = rng.chance(0.5);
        match rng.below(12) {
            0 => {
                // PCSR0, reset and enable kept 0 (the engines stay idle)
                let v = v & !(hw::RESET.mask() | hw::ENABLE.mask()) as u32;
                if write {
                    wr(&mut d, hw::PCSR0, v);
                    m.pcsr0 = v & (hw::INCARNATION.mask() | hw::LOCAL_NODE_NUM.mask()) as u32;
                } else {
                    assert_eq!(rd(&mut d, hw::PCSR0), m.pcsr0, "PCSR0 read back");
                }
            }
            1 => {
                let (a, r): (u32, &mut u32) = match rng.below(4) {
                    0 => (hw::NLHR, &mut m.nlhr),
                    1 => (hw::RSLOT_LIMIT, &mut m.rlim),
                    2 => (hw::PXR_PTR, &mut m.pxr),
                    _ => (hw::PRR_PTR, &mut m.prr),
                };
                let mask = if a == hw::NLHR || a == hw::RSLOT_LIMIT {
                    0xFFFF
                } else {
                    0xFFFC
                };
                if write {
                    wr(&mut d, a, v);
                    *r = v & mask;
                } else {
                    assert_eq!(rd(&mut d, a), *r, "register {a:#x}");
                }
            }
            2 | 3 => {
                // XMT_RAM through PXR_MEM / PXR_MEM_INC (bit 15 ignored)
                let inc = rng.chance(0.5);
                let a = if inc { hw::PXR_MEM_INC } else { hw::PXR_MEM };
                let w = (m.pxr as usize >> 2) % 8192;
                xmt_access(&mut d, &mut m, a, w, write, v);
                if inc {
                    m.pxr = (m.pxr + 4) & 0xFFFC;
                }
            }
            4 => {
                // the XMT_RAM page
                let k = rng.below(64) as u32;
                let w = (((m.pxr as usize >> 8) & 0x7F) << 6) | k as usize;
                xmt_access(&mut d, &mut m, hw::XMT_PAGE + 4 * k, w, write, v);
            }
            5 => {
                // the send-descriptor page
                let k = rng.below(64) as u32;
                xmt_access(
                    &mut d,
                    &mut m,
                    hw::SEND_DESC_PAGE + 4 * k,
                    k as usize,
                    write,
                    v,
                );
            }
            6 | 7 => {
                let inc = rng.chance(0.5);
                let a = if inc { hw::PRR_MEM_INC } else { hw::PRR_MEM };
                let w = m.prr as usize >> 2;
                rcv_access(&mut d, &mut m, a, w, write, v);
                if inc {
                    m.prr = (m.prr + 4) & 0xFFFC;
                }
            }
            8 => {
                let k = rng.below(64) as u32;
                let w = ((m.prr as usize >> 8) << 6) | k as usize;
                rcv_access(&mut d, &mut m, hw::RCV_PAGE + 4 * k, w, write, v);
            }
            9 => {
                // the pointers moved somewhere: often into the rslots, sometimes near the top
                let p = match rng.below(3) {
                    0 => rng.below(0x1000) as u32,
                    1 => 0xFF00 + rng.below(0x100) as u32,
                    _ => rng.next_u64() as u32,
                };
                let a = if rng.chance(0.5) {
                    hw::PXR_PTR
                } else {
                    hw::PRR_PTR
                };
                wr(&mut d, a, p);
                if a == hw::PXR_PTR {
                    m.pxr = p & 0xFFFC;
                } else {
                    m.prr = p & 0xFFFC;
                }
            }
            10 => {
                // unassigned offsets read 0 and ignore writes, answered err (AMB-41 and the
                // register bus's rule); writes to NQR and AQR likewise; empty queues read 0;
                // NBQR reads 0; PCSR1's other bits ignore writes (PPE-R004, R040, R047, R022)
                let a = [0x010, 0x020, 0x03C, 0x04C, 0x07C, 0x08C, 0x0FC][rng.below(7) as usize];
                refused(&mut d, a, write.then_some(v));
                refused(&mut d, [hw::NQR, hw::AQR][rng.below(2) as usize], Some(v));
                for a in [hw::NQR, hw::AQR, hw::NBQR] {
                    assert_eq!(rd(&mut d, a), 0, "queue {a:#x} empty");
                }
                wr(&mut d, hw::PCSR1, v | 0x6000_0000);
                assert_eq!(rd(&mut d, hw::PCSR1), pcsr1, "PCSR1 after a write");
            }
            _ => {
                // a word address with the byte bits set reaches nothing: err, 0, no effect
                let k = rng.below(64) as u32;
                let a = WINDOW_PAGES[rng.below(4) as usize] + 4 * k + 1 + rng.below(3) as u32;
                refused(&mut d, a, write.then_some(v));
            }
        }
    }
}

/// Pages of the window, for unaligned accesses to each.
const WINDOW_PAGES: [u32; 4] = [0, hw::SEND_DESC_PAGE, hw::XMT_PAGE, hw::RCV_PAGE];

fn xmt_access(d: &mut Dut, m: &mut Win, a: u32, w: usize, write: bool, v: u32) {
    if write {
        // a control1 word is written with go = 0: a stop, which changes nothing here
        let v = if w < 64 && w % 16 == sd::CONTROL1 {
            v & !(sd::GO.mask() as u32)
        } else {
            v
        };
        wr(d, a, v);
        m.xmt[w] = v;
    } else {
        assert_eq!(
            rd(d, a),
            m.xmt_read(w),
            "XMT_RAM word {w:#x} through {a:#x}"
        );
    }
}

fn rcv_access(d: &mut Dut, m: &mut Win, a: u32, w: usize, write: bool, v: u32) {
    // 0xFF00 and up: the last received packet (none here: zeros), not writable
    let pkt = w >= 0xFF00 / 4;
    if write {
        wr(d, a, v);
        if !pkt {
            m.rcv[w] = v;
        }
    } else {
        let want = if pkt { 0 } else { m.rcv[w] };
        assert_eq!(rd(d, a), want, "RCV_RAM word {w:#x} through {a:#x}");
    }
}

/// One message from the node to itself, the fabric port looped back.
/// `top` is `ppe_node` (the strobe bus) or `ppe_node_axil`, whose manager holds RREADY low
/// most cycles: a read of NQR or AQR waiting on the R channel pops its entry once (PPE-R180;
/// the buses have no retried or aborted read, docs/spec-decisions.md).
fn loopback(backend: Backend, rng: &mut Rng, top: &str) {
    let mut d = Dut::new(top, backend);
    if top == "ppe_node_axil" {
        let mut m = AxiLiteManager::new(AxiLitePorts::bind(&d.ports, "s_axil_"), rng.next_u64());
        m.valid_rate = 0.7;
        m.ready_rate = 0.1;
        d.axil = Some(m);
    }
    let node = 0x2A5u32;
    let inc = 7u32;
    let size = 4 * (200 + rng.below(200)) as u32;
    // host memory: the source (read side), the buffer and notification objects (write side)
    let mut src = MemServer::new(0x4000_0000);
    let from = src.mem.alloc(size as usize, 64).unwrap();
    let data: Vec<u8> = (0..size).map(|_| rng.next_u64() as u8).collect();
    src.mem.write(from, &data).unwrap();
    let mut dst = MemServer::new(0x1000_0000);
    let buf = dst.mem.alloc(4096, 64).unwrap() as u32;
    let obj = |s: &mut MemServer| s.mem.alloc(32, 32).unwrap() as u32;
    let first_rx = obj(&mut dst);
    let first_tx = obj(&mut dst);
    let spare: Vec<u32> = (0..4).map(|_| obj(&mut dst)).collect();
    d.rd = Some(DmaRdMemory::new(
        DmaRdPorts::bind(&d.ports, "dma_"),
        src,
        rng.next_u64(),
    ));
    d.mem = Some(DmaWrMemory::new(
        DmaWrPorts::bind(&d.ports, "dma_"),
        dst,
        rng.next_u64(),
    ));
    for _ in 0..4 {
        d.cycle();
    }
    // registers, rslot 3, the heads table at 0x2000 (list 1 reception with enqueue, list 2
    // transmission completions), empty objects on NBQR
    let nlhr = 0x2000u32;
    wr(&mut d, hw::NLHR, nlhr);
    wr(&mut d, hw::RSLOT_LIMIT, 8);
    let rs_at = 3 * 64;
    let ctl = (rslot::NOTE_INDEX.set(0, 1)
        | rslot::VALID.set(0, 1)
        | rslot::NOTIFY.set(0, 1)
        | rslot::DO_ACKS.set(0, 1)) as u32;
    wr(&mut d, hw::PRR_PTR, rs_at);
    for v in [buf, 4096, ctl, 0, 0, 0, 0] {
        wr(&mut d, hw::PRR_MEM_INC, v);
    }
    wr(&mut d, hw::PRR_PTR, nlhr + 8);
    for v in [first_rx, (0x1234 << 1) | 1, first_tx, 0] {
        wr(&mut d, hw::PRR_MEM_INC, v);
    }
    for &p in &spare {
        wr(&mut d, hw::NBQR, p);
    }
    wr(
        &mut d,
        hw::PCSR0,
        (hw::ENABLE.mask() | hw::INCARNATION.set(0, inc as u64) | node as u64) as u32,
    );
    // descriptor 1: a DMA message to (node, slot 3), offset 0, use_msg_size, notify on list 2
    let b = hw::SEND_DESC_PAGE + 4 * 16;
    wr(&mut d, b + 4 * sd::MSG_ADDRESS as u32, from as u32);
    wr(
        &mut d,
        b + 4 * sd::ADDRESS0 as u32,
        address0::DST_NODE.set(0, node as u64) as u32,
    );
    wr(
        &mut d,
        b + 4 * sd::ADDRESS1 as u32,
        (address1::DST_SLOT.set(0, 3) | 2) as u32,
    );
    wr(
        &mut d,
        b + 4 * sd::CONTROL0 as u32,
        (control0::USE_MSG_SIZE.set(0, 1) | control0::INCARNATION.set(0, inc as u64)) as u32,
    );
    wr(
        &mut d,
        b + 4 * sd::CONTROL1 as u32,
        (sd::GO.mask() | sd::NOTIFY.mask() | sd::MSG_SIZE.set(0, size as u64)) as u32,
    );
    // the fabric: tx looped into rx through a queue, both sides stalling at random
    let mut fifo: VecDeque<(u32, bool, bool)> = VecDeque::new();
    let mut idle = 0;
    for cycle in 0.. {
        assert!(cycle < 100_000, "the message does not arrive");
        let tr = rng.chance(0.8);
        d.set("tx_ready", tr as u64);
        let took = tr && d.get("tx_valid") != 0;
        let word = (
            d.get("tx_data") as u32,
            d.get("tx_first") != 0,
            d.get("tx_last") != 0,
        );
        let offer = !fifo.is_empty() && rng.chance(0.8);
        if let Some(&(w, f, l)) = fifo.front() {
            d.set("rx_data", w as u64);
            d.set("rx_first", f as u64);
            d.set("rx_last", l as u64);
            d.set("rx_keep", 0xF);
        }
        d.set("rx_valid", offer as u64);
        let taken = offer && d.get("rx_ready") != 0;
        d.cycle();
        if took {
            fifo.push_back(word);
        }
        if taken {
            fifo.pop_front();
        }
        let quiet = fifo.is_empty() && d.get("tx_valid") == 0 && d.get("irq") != 0;
        idle = if quiet { idle + 1 } else { 0 };
        if idle > 200 {
            break;
        }
    }
    // the payload in the buffer, byte for byte
    let srv = &d.mem.as_ref().unwrap().srv;
    let mut got = vec![0u8; size as usize];
    srv.mem.read(buf as u64, &mut got).unwrap();
    assert_eq!(got, data, "the buffer");
    // the reception notification on list 1, the transmission completion on list 2
    let mut rs = [0u32; 16];
    rs[rslot::MSG_SIZE] = size;
    let a1 = (address1::DST_SLOT.set(0, 3) | address1::SRC_NODE.set(0, node as u64)) as u32;
    let c0 = control0::INCARNATION.set(0, inc as u64) as u32;
    let want_rx = reception_note(a1, c0, &rs);
    let n1 = walk_list(srv, 1, first_rx, &[want_rx]);
    let n2 = walk_list(srv, 2, first_tx, &[[0; note::WORDS]]);
    assert_ne!(n1[0], n2[0], "one empty object each");
    let _ = host_words(srv, buf as u64, 1);
    // the token on NQR, int_lo set, the descriptor done, the rslot's count 0
    let p1 = rd(&mut d, hw::PCSR1);
    assert_ne!(p1 & hw::INT_LO.mask() as u32, 0, "int_lo");
    assert_eq!(rd(&mut d, hw::NQR), 0x1234, "the token");
    assert_eq!(rd(&mut d, hw::NQR), 0, "one token");
    // do_acks: the rslot's index on AQR (popped at 0x018), int_hi
    assert_ne!(p1 & hw::INT_HI.mask() as u32, 0, "int_hi");
    assert_eq!(rd(&mut d, hw::AQR), 3, "the rslot on AQR");
    assert_eq!(rd(&mut d, hw::AQR), 0, "one AQR entry");
    wr(&mut d, hw::PCSR1, !(hw::INT_LO.mask() as u32));
    let p1 = rd(&mut d, hw::PCSR1);
    assert_eq!(p1 & hw::INT_LO.mask() as u32, 0, "int_lo cleared");
    assert_ne!(p1 & hw::INT_HI.mask() as u32, 0, "int_hi kept");
    wr(&mut d, hw::PCSR1, !(hw::INT_HI.mask() as u32));
    assert_eq!(d.get("irq"), 0, "irq after the clears");
    assert_eq!(
        rd(&mut d, b + 4 * sd::STATUS2 as u32),
        sd::DONE.mask() as u32,
        "descriptor 1 done"
    );
    wr(&mut d, hw::PRR_PTR, rs_at + 4 * rslot::BYTES_TO_GO as u32);
    assert_eq!(rd(&mut d, hw::PRR_MEM), 0, "bytes_to_go");
    assert_eq!(rd(&mut d, hw::PRR_MEM_INC), 0);
    assert_eq!(rd(&mut d, hw::PRR_MEM), size, "msg_size");
    let _ = heads::BYTES;
}

// verifies: PPE-R001 PPE-R002 PPE-R003 PPE-R004 PPE-R005 PPE-R006 PPE-R007 PPE-R008 PPE-R009
// verifies: PPE-R010 PPE-R011 PPE-R013 PPE-R021 PPE-R022 PPE-R027 PPE-R047
#[test]
fn host_window_matches_its_model_verilator() {
    if !verilator::require("ppe_node in Verilator") {
        return;
    }
    check("ppe_node_window_verilator", 0x9D01, |rng| {
        window(Backend::Verilator, rng, 6000)
    });
}

#[test]
fn host_window_matches_its_model_native() {
    check("ppe_node_window_native", 0x9D02, |rng| {
        window(Backend::Native, rng, 600)
    });
}

/// Every register of the host window's description (`nicgen_wire::ppe::host_regs`) reads its
/// documented reset value after reset: the RTL's decode and the description that generates
/// `docs/registers.md` and `include/ppe_host_regs.h` agree (a queue reads 0 when empty).
fn registers_read_their_documented_reset_values(backend: Backend) {
    let mut d = Dut::new("ppe_node", backend);
    for _ in 0..4 {
        d.cycle();
    }
    for r in nicgen_wire::ppe::host_regs::PPE_HOST_REGS.regs {
        assert_eq!(rd(&mut d, r.offset), r.reset(), "{} after reset", r.name);
    }
}

#[test]
fn registers_read_their_documented_reset_values_native() {
    registers_read_their_documented_reset_values(Backend::Native);
}

#[test]
fn registers_read_their_documented_reset_values_verilator() {
    if !verilator::require("ppe_node in Verilator") {
        return;
    }
    registers_read_their_documented_reset_values(Backend::Verilator);
}

// verifies: PPE-R065 PPE-R068 PPE-R014 PPE-R036 PPE-R023 PPE-R032 PPE-R033 PPE-R038 PPE-R179
// verifies: PPE-R180 PPE-R181 PPE-R184 PPE-R185 PPE-R037
#[test]
fn a_message_to_itself_arrives_with_both_notifications_verilator() {
    if !verilator::require("ppe_node in Verilator") {
        return;
    }
    check("ppe_node_loopback_verilator", 0x9D03, |rng| {
        loopback(Backend::Verilator, rng, "ppe_node")
    });
}

#[test]
fn a_message_to_itself_arrives_with_both_notifications_native() {
    check("ppe_node_loopback_native", 0x9D04, |rng| {
        loopback(Backend::Native, rng, "ppe_node")
    });
}

// verifies: PPE-R180
#[test]
fn a_message_to_itself_over_axi4_lite_pops_each_queue_entry_once_verilator() {
    if !verilator::require("ppe_node_axil in Verilator") {
        return;
    }
    check("ppe_node_axil_loopback_verilator", 0x9D05, |rng| {
        loopback(Backend::Verilator, rng, "ppe_node_axil")
    });
}

/// Enable, idle, ready and reset at the node (PPE-R015-R019, R024-R026, R165-R175).
fn enable_and_reset(backend: Backend, rng: &mut Rng) {
    let mut d = Dut::new("ppe_node", backend);
    let mut dst = MemServer::new(0x1000_0000);
    let first0 = dst.mem.alloc(32, 32).unwrap() as u32;
    let spare = dst.mem.alloc(32, 32).unwrap() as u32;
    let spare2 = dst.mem.alloc(32, 32).unwrap() as u32;
    let spare3 = dst.mem.alloc(32, 32).unwrap() as u32;
    d.mem = Some(DmaWrMemory::new(
        DmaWrPorts::bind(&d.ports, "dma_"),
        dst,
        rng.next_u64(),
    ));
    for _ in 0..3 {
        d.cycle();
    }
    // power-on: every window register 0 (R175), ready and idle
    for a in [
        hw::PCSR0,
        hw::NLHR,
        hw::RSLOT_LIMIT,
        hw::PXR_PTR,
        hw::PRR_PTR,
    ] {
        assert_eq!(rd(&mut d, a), 0, "{a:#x} after power-on");
    }
    let ready_idle = (hw::READY.mask() | hw::IDLE.mask()) as u32;
    assert_eq!(
        rd(&mut d, hw::PCSR1) & ready_idle,
        ready_idle,
        "ready and idle"
    );
    // list 0 (errors) at NLHR 0x3000, one empty object
    wr(&mut d, hw::NLHR, 0x3000);
    wr(&mut d, hw::PRR_PTR, 0x3000);
    wr(&mut d, hw::PRR_MEM_INC, first0);
    wr(&mut d, hw::PRR_MEM_INC, 0x77 << 1);
    wr(&mut d, hw::NBQR, spare);
    let node = 0x15u32;
    wr(&mut d, hw::PCSR0, node);
    // a DIO message on descriptor 2 while enable is 0: not picked (R017, R019)
    let b = hw::SEND_DESC_PAGE + 4 * 32;
    wr(&mut d, b + 4 * sd::MSG_ADDRESS as u32, 0x400);
    wr(
        &mut d,
        b + 4 * sd::CONTROL1 as u32,
        (sd::GO.mask() | sd::DIRECT_IO.mask() | sd::MSG_SIZE.set(0, 512)) as u32,
    );
    // a packet offered by the fabric (for another node: an error packet) is held off (R016)
    let pkt = nicgen_wire::ppe::Packet {
        address0: address0::DST_NODE.set(0, 0x99) as u32,
        address1: address1::DST_SLOT.set(0, 1) as u32,
        control0: 0,
        control1: 0,
        meta: None,
        payload: vec![1, 2, 3],
    }
    .frame();
    d.set("rx_keep", 0xF);
    d.set("rx_data", pkt[0] as u64);
    d.set("rx_first", 1);
    d.set("rx_last", 0);
    d.set("rx_valid", 1);
    d.set("tx_ready", 1);
    for _ in 0..100 {
        assert_eq!(d.get("rx_ready"), 0, "a packet taken while enable is 0");
        assert_eq!(d.get("tx_valid"), 0, "a packet sent while enable is 0");
        d.cycle();
    }
    d.set("rx_valid", 0);
    let s2 = rd(&mut d, b + 4 * sd::STATUS2 as u32);
    assert_eq!(s2, 0, "descriptor 2 waits: not busy, not done (R019)");
    assert_eq!(
        rd(&mut d, b + 4 * sd::STATUS1 as u32),
        512,
        "its progress unchanged"
    );
    // enable: the descriptor sends, and clearing enable mid-message lets the packet on the
    // port finish (R018) and no other start; then idle (R025, R026)
    wr(&mut d, hw::PCSR0, node | hw::ENABLE.mask() as u32);
    let mut words = 0;
    for _ in 0..200 {
        if d.get("tx_valid") != 0 {
            words += 1;
            if words == 10 {
                break;
            }
        }
        d.cycle();
    }
    assert_eq!(words, 10, "the message does not start");
    assert_eq!(
        rd(&mut d, hw::PCSR1) & hw::IDLE.mask() as u32,
        0,
        "idle while sending"
    );
    d.set("bus_addr", hw::PCSR0 as u64);
    d.set("bus_wdata", node as u64);
    d.set("bus_write", 1);
    let mut last = false;
    let mut frames = 0;
    for i in 0..400 {
        if i == 1 {
            d.set("bus_write", 0);
        }
        if d.get("tx_valid") != 0 && d.get("tx_last") != 0 {
            frames += 1;
            last = true;
        }
        d.cycle();
    }
    assert!(
        last && frames == 1,
        "{frames} packets finished after enable fell"
    );
    let s1 = rd(&mut d, b + 4 * sd::STATUS1 as u32);
    assert_eq!(s1, 512 - 128, "one packet's progress");
    assert_eq!(
        rd(&mut d, hw::PCSR1) & hw::IDLE.mask() as u32,
        hw::IDLE.mask() as u32,
        "idle"
    );
    // PCSR0.reset: ready 0 while set, the engines reset (NBQR emptied without an interrupt,
    // every descriptor done), the window's registers and the RAMs kept (R165-R173)
    wr(&mut d, hw::PCSR0, node | hw::RESET.mask() as u32);
    for _ in 0..5 {
        d.cycle();
    }
    let p1 = rd(&mut d, hw::PCSR1);
    assert_eq!(p1 & hw::READY.mask() as u32, 0, "ready while reset is set");
    wr(&mut d, hw::PCSR0, node);
    for _ in 0..3 {
        d.cycle();
    }
    let p1 = rd(&mut d, hw::PCSR1);
    assert_eq!(
        p1,
        (hw::READY.mask() | hw::IDLE.mask() | hw::NBQR_EMPTY.mask() | hw::SEND_DESC_CNT.set(0, 4))
            as u32,
        "PCSR1 after the reset"
    );
    assert_eq!(d.get("irq"), 0, "an interrupt from the reset");
    assert_eq!(
        rd(&mut d, b + 4 * sd::STATUS2 as u32),
        sd::DONE.mask() as u32,
        "done"
    );
    assert_eq!(
        rd(&mut d, b + 4 * sd::MSG_ADDRESS as u32),
        0x400 + 128,
        "msg_address kept"
    );
    assert_eq!(rd(&mut d, hw::NLHR), 0x3000, "NLHR kept");
    assert_eq!(rd(&mut d, hw::PRR_PTR), 0x3008, "PRR_Ptr kept");
    wr(&mut d, hw::PRR_PTR, 0x3000);
    assert_eq!(rd(&mut d, hw::PRR_MEM), first0, "the heads table kept");
    // enabled again, the held-off packet now arrives: its error notification on list 0
    wr(&mut d, hw::NBQR, spare);
    wr(&mut d, hw::PCSR0, node | hw::ENABLE.mask() as u32);
    feed(&mut d, &pkt);
    // nothing is sent in answer (PPE-R160)
    for _ in 0..200 {
        assert_eq!(
            d.get("tx_valid"),
            0,
            "a packet sent in answer to a received one"
        );
        d.cycle();
    }
    // a miscellaneous fabric packet (fab_bits 5): its notification on list 0 with the token
    // forced onto NQR (enqueue is 0 here) and int_lo, enable cleared, the packet kept readable
    // at 0xFF00 and 0xFF80, the next packet held off until enable is set (PPE-R015, R161-R163)
    wr(&mut d, hw::NBQR, spare2);
    let mut misc = pkt.clone();
    misc[0] |= address0::FAB_BITS.set(0, 5) as u32;
    misc[5] = 0xABCD_0123;
    feed(&mut d, &misc);
    for _ in 0..200 {
        d.cycle();
    }
    assert_eq!(
        rd(&mut d, hw::PCSR0) & hw::ENABLE.mask() as u32,
        0,
        "enable cleared"
    );
    assert_ne!(
        rd(&mut d, hw::PCSR1) & hw::INT_LO.mask() as u32,
        0,
        "int_lo"
    );
    assert_eq!(rd(&mut d, hw::NQR), 0x77, "the forced token");
    wr(&mut d, hw::PRR_PTR, 0xFF00);
    for (i, &w) in misc[..4].iter().enumerate() {
        assert_eq!(
            rd(&mut d, hw::RCV_PAGE + 4 * i as u32),
            w,
            "header word {i} at 0xFF00"
        );
    }
    assert_eq!(
        rd(&mut d, hw::RCV_PAGE + 0x80),
        misc[5],
        "payload word 0 at 0xFF80"
    );
    assert_eq!(rd(&mut d, hw::RCV_PAGE + 0x84), misc[6], "payload word 1");
    // held off until software sets enable again (PPE-R162)
    d.set("rx_data", pkt[0] as u64);
    d.set("rx_first", 1);
    d.set("rx_last", 0);
    d.set("rx_valid", 1);
    for _ in 0..50 {
        assert_eq!(
            d.get("rx_ready"),
            0,
            "a packet taken after a miscellaneous one"
        );
        d.cycle();
    }
    d.set("rx_valid", 0);
    assert_eq!(rd(&mut d, hw::RCV_PAGE), misc[0], "the buffer kept");
    wr(&mut d, hw::NBQR, spare3);
    wr(&mut d, hw::PCSR0, node | hw::ENABLE.mask() as u32);
    feed(&mut d, &pkt);
    for _ in 0..200 {
        d.cycle();
    }
    let srv = &d.mem.as_ref().unwrap().srv;
    let h: [u32; 4] = pkt[..4].try_into().unwrap();
    let want = nicgen_wire::ppe::error_note(nicgen_wire::ppe::error_status::BAD_DST_NODE, &h);
    let hm: [u32; 4] = misc[..4].try_into().unwrap();
    let want_misc = nicgen_wire::ppe::misc_note(&hm);
    walk_list(srv, 0, first0, &[want, want_misc, want]);
}

/// A frame on `rx`, each word held until taken (bounded).
fn feed(d: &mut Dut, frame: &[u32]) {
    for (i, &w) in frame.iter().enumerate() {
        d.set("rx_data", w as u64);
        d.set("rx_first", (i == 0) as u64);
        d.set("rx_last", (i == frame.len() - 1) as u64);
        d.set("rx_keep", 0xF);
        d.set("rx_valid", 1);
        let mut n = 0;
        while d.get("rx_ready") == 0 {
            n += 1;
            assert!(n < 100, "the packet is not taken");
            d.cycle();
        }
        d.cycle();
    }
    d.set("rx_valid", 0);
}

// verifies: PPE-R016 PPE-R017 PPE-R018 PPE-R019 PPE-R024 PPE-R025 PPE-R026 PPE-R165 PPE-R166
// verifies: PPE-R169 PPE-R171 PPE-R172 PPE-R175 PPE-R183 PPE-R187 PPE-R160 PPE-R015
// verifies: PPE-R161 PPE-R162 PPE-R163
#[test]
fn enable_holds_both_ports_and_reset_keeps_the_registers_verilator() {
    if !verilator::require("ppe_node in Verilator") {
        return;
    }
    check("ppe_node_enable_verilator", 0x9D05, |rng| {
        enable_and_reset(Backend::Verilator, rng)
    });
}

#[test]
fn enable_holds_both_ports_and_reset_keeps_the_registers_native() {
    check("ppe_node_enable_native", 0x9D06, |rng| {
        enable_and_reset(Backend::Native, rng)
    });
}
