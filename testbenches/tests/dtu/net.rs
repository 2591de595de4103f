//! DTUs on a network (`nicgen_sim::dtu::net`: local memories and a two-class NoC model with
//! random stalls and delays) against the reference model: every command of the spec across
//! PEs, directed (the checklist's scenario 1 and READ/WRITE bounds) and seeded random, each
//! compared after it with the model (COMMAND, every endpoint and header word, every byte of
//! every local memory); and two PEs sending to each other and to themselves at once through a
//! network that holds one request per destination (DTU-R083: no deadlock).

use nicgen_sim::dtu::model::{Drop, System};
use nicgen_sim::dtu::net::DtuNet;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::dtu::{
    self as w, command, command_word, data_word, header as hd, mem_ep, recv_ep, send_ep, Error, Op,
    EP_T, NUM_EPS,
};

const MEM: usize = 1 << 14;

/// The DTUs and the model, configured and commanded together.
struct Both {
    net: DtuNet,
    m: System,
}

impl Both {
    fn new(backend: Backend, n: usize, seed: u64) -> Self {
        Self {
            net: DtuNet::new(backend, n, MEM, seed),
            m: System::new(n, MEM),
        }
    }

    /// `dtu_axi4` tops: each DTU reaches its local memory through its AXI4 manager port.
    fn axi4(backend: Backend, n: usize, seed: u64) -> Self {
        Self {
            net: DtuNet::new_axi4(backend, n, MEM, seed),
            m: System::new(n, MEM),
        }
    }

    /// The `dtu_system` top: four PEs on the RTL 2x2 meshes.
    fn system(backend: Backend, seed: u64) -> Self {
        Self {
            net: DtuNet::system(backend, MEM, seed),
            m: System::new(4, MEM),
        }
    }

    fn set_ep(&mut self, pe: usize, ep: usize, words: [u64; 3]) {
        for (j, x) in words.into_iter().enumerate() {
            self.net.write(pe, w::ep_addr(ep, j), x);
            assert!(self.m.pes[pe].mmio_write(w::ep_addr(ep, j), x));
        }
    }

    /// The CU writes its local memory directly (its own path, DTU-R001).
    fn poke(&mut self, pe: usize, addr: usize, bytes: &[u8]) {
        self.net.mem[pe].bytes[addr..addr + bytes.len()].copy_from_slice(bytes);
        self.m.pes[pe].mem[addr..addr + bytes.len()].copy_from_slice(bytes);
    }

    fn args(&mut self, pe: usize, data: u64, arg1: u64) {
        self.net.write(pe, w::DATA, data);
        self.net.write(pe, w::ARG1, arg1);
        self.m.pes[pe].data = data;
        self.m.pes[pe].arg1 = arg1;
    }

    /// A command on both; the DTU's network quiet afterwards; COMMAND compared. Returns it.
    /// At the read that sees the command complete, every PE's memory already holds what the
    /// model's whole command wrote (a WRITE's remote bytes, a READ's local ones, a message and
    /// its header before the sender sees its ack: DTU-A27, R054, R081), before anything settles.
    fn command(&mut self, pe: usize, cmd: u64) -> u64 {
        let want = self.m.command(pe, cmd);
        let (got, _) = self.net.command(pe, cmd);
        self.net
            .compare_mem(&self.m, &format!("PE {pe}: at the completion of {cmd:#x}"));
        self.net.quiesce();
        assert_eq!(got, want, "PE {pe}: COMMAND after {cmd:#x}");
        got
    }

    fn compare(&mut self, what: &str) {
        self.net.compare(&self.m, what);
    }
}

fn scenario(backend: Backend, rng: &mut Rng) {
    let mut b = Both::new(backend, 3, rng.next_u64());
    b.net.stress();
    b.net.acks_after_writes = true;
    // responses late enough that an ACK sent before the last write is done leaves first
    for m in b.net.mem.iter_mut() {
        m.latency = (1, 40);
    }
    // PE1: receive EP 0 (4 slots of 64 B at 0x1000, headers from 0); PE0: send EP 1 to it
    // (128 B of credit, messages up to 64 B), reply EP 2 (4 slots at 0x2000, headers from 4),
    // memory EP 3 on PE2 (0x3000, 256 B, read and write)
    b.set_ep(1, 0, w::recv_ep(0x1000, 6, 2, 0));
    b.set_ep(0, 1, w::send_ep(0xAAAA_5555_0000_0001, 1, 0, 128, 128, 64));
    b.set_ep(0, 2, w::recv_ep(0x2000, 6, 2, 4));
    b.set_ep(
        0,
        3,
        w::memory_ep(2, mem_ep::READ | mem_ep::WRITE, 0x3000, 0x100),
    );
    let payload: Vec<u8> = (0..40).map(|_| rng.next_u64() as u8).collect();
    b.poke(0, 0x103, &payload);
    b.args(0, data_word(0x103, 40), 0x77);
    assert_eq!(b.command(0, command_word(Op::Send, 1, 2)), 0);
    b.compare("after SEND");
    assert_eq!(send_ep::CUR_CRD.get(b.m.pes[0].eps[1][1]), 64);
    assert_eq!(b.m.msgs[0].stored, Ok(0));
    assert_eq!(b.command(1, command_word(Op::Fetch, 0, 0)), 0);
    assert_eq!(b.m.pes[1].arg1, 0x1000);
    b.compare("after FETCH");
    let reply: Vec<u8> = (0..13).map(|_| rng.next_u64() as u8).collect();
    b.poke(1, 0x801, &reply);
    b.args(1, data_word(0x801, 13), 0);
    assert_eq!(b.command(1, command_word(Op::Reply, 0, 0x1000)), 0);
    b.compare("after REPLY");
    assert_eq!(
        send_ep::CUR_CRD.get(b.m.pes[0].eps[1][1]),
        128,
        "the credit came back"
    );
    // a second reply is refused; acknowledge on both sides
    assert_eq!(
        b.command(1, command_word(Op::Reply, 0, 0x1000)),
        command::ERR.set(0, Error::InvArgs as u64)
    );
    assert_eq!(b.command(1, command_word(Op::AckMsg, 0, 0x1000)), 0);
    assert_eq!(b.command(0, command_word(Op::Fetch, 2, 0)), 0);
    assert_eq!(b.m.pes[0].arg1, 0x2000);
    assert_eq!(b.command(0, command_word(Op::AckMsg, 2, 0x2000)), 0);
    b.compare("after ACK_MSG");
    // READ / WRITE through the memory EP: inside, exactly at the end, one byte over
    let remote: Vec<u8> = (0..0x100).map(|_| rng.next_u64() as u8).collect();
    b.poke(2, 0x3000, &remote);
    b.args(0, data_word(0x405, 0x45), 0);
    assert_eq!(b.command(0, command_word(Op::Read, 3, 0x13)), 0);
    b.args(0, data_word(0x500, 8), 0);
    assert_eq!(b.command(0, command_word(Op::Read, 3, 0xF8)), 0);
    assert_eq!(
        b.command(0, command_word(Op::Read, 3, 0xF9)),
        command::ERR.set(0, Error::InvArgs as u64)
    );
    b.args(0, data_word(0x101, 0x77), 0);
    assert_eq!(b.command(0, command_word(Op::Write, 3, 0x21)), 0);
    b.args(0, data_word(0x101, 0), 0);
    assert_eq!(
        b.command(0, command_word(Op::Write, 3, 0x100)),
        0,
        "size 0 at the end"
    );
    b.compare("after READ and WRITE");
}

// verifies: DTU-R043 DTU-R045 DTU-R046 DTU-R047 DTU-R048 DTU-R052 DTU-R053 DTU-R054 DTU-R055
// verifies: DTU-R056 DTU-R057 DTU-R058 DTU-R059 DTU-R060 DTU-R061 DTU-R064 DTU-R066 DTU-R067
// verifies: DTU-R068 DTU-R069 DTU-R070 DTU-R072 DTU-R074 DTU-R076 DTU-R077 DTU-R078 DTU-R079
// verifies: DTU-R080 DTU-R081 DTU-R086 DTU-R087 DTU-R088 DTU-R089 DTU-R090 DTU-R091 DTU-R092
// verifies: DTU-R093 DTU-R094 DTU-R106 DTU-R107 DTU-R108 DTU-R017 DTU-R018 DTU-R019 DTU-R020
// verifies: DTU-R021 DTU-R022 DTU-R023 DTU-R024 DTU-R025 DTU-R026 DTU-R035 DTU-R036
#[test]
fn dtu_send_fetch_reply_ack_read_write_across_pes_native() {
    check("dtu_scenario_native", 0xD80, |rng| {
        scenario(Backend::Native, rng)
    });
}

#[test]
fn dtu_send_fetch_reply_ack_read_write_across_pes_verilator() {
    if !verilator::require("dtu scenario in Verilator") {
        return;
    }
    check("dtu_scenario_verilator", 0xD81, |rng| {
        scenario(Backend::Verilator, rng)
    });
}

/// Receive endpoints 0-3 (buffers at 0x2000 + 0x800 e, up to 8 slots of up to 256 B, headers
/// from 8 e, sometimes near the table's end), send endpoints 4-9 (to a random PE's receive
/// endpoint, credits bounded or UNLIMITED, max_msg_size 24-300), memory endpoints 10-12 (a
/// region in the low 8 KB of a random PE, mostly read-write), 13-15 random words of no valid
/// type.
fn configure(b: &mut Both, pe: usize, ep: usize, rng: &mut Rng) {
    let n = b.net.len() as u64;
    let words = match ep {
        0..=3 => {
            let slots = rng.below(4);
            let ss = 5 + rng.below(4);
            let header = if rng.chance(0.15) {
                28 + rng.below(4)
            } else {
                8 * ep as u64
            };
            w::recv_ep(0x2000 + 0x800 * ep as u64, ss, slots, header)
        }
        4..=9 => {
            let max_msg = 24 + rng.below(280);
            let crd = if rng.chance(0.3) {
                send_ep::UNLIMITED
            } else {
                rng.below(4) * max_msg + rng.below(max_msg)
            };
            let max_crd = if crd == send_ep::UNLIMITED {
                0
            } else {
                crd + rng.below(3) * max_msg
            };
            w::send_ep(
                rng.next_u64(),
                rng.below(n),
                rng.below(4),
                crd,
                max_crd.min(0xFFFF),
                max_msg,
            )
        }
        10..=12 => {
            let base = rng.below(0x1000);
            let size = rng.below(0x2000 - base);
            let rw = if rng.chance(0.7) {
                mem_ep::READ | mem_ep::WRITE
            } else {
                rng.below(4)
            };
            w::memory_ep(rng.below(n), rw, base, size)
        }
        // random words of no valid type (INVALID or 4-7, DTU-R015)
        _ => {
            let t = [0, 4, 5, 6, 7][rng.below(5) as usize];
            [rng.next_u64(), rng.next_u64(), EP_T.set(rng.next_u64(), t)]
        }
    };
    b.set_ep(pe, ep, words);
}

/// A message address on receive endpoint `ep` of `pe`: mostly an occupied slot.
fn slot_addr(b: &Both, pe: usize, ep: usize, rng: &mut Rng) -> u64 {
    let e = b.m.pes[pe].eps[ep];
    let buf = recv_ep::BUFFER.get(e[1]);
    let ss = recv_ep::SLOT_SIZE.get(e[2]).min(40);
    let occ = recv_ep::OCCUPIED.get(e[0]);
    let idx = if occ != 0 && rng.chance(0.8) {
        let set: Vec<u64> = (0..32).filter(|i| occ & (1 << i) != 0).collect();
        set[rng.below(set.len() as u64) as usize]
    } else {
        rng.below(9)
    };
    let a = buf.wrapping_add(idx << ss);
    (if rng.chance(0.05) { a + 8 } else { a }) & command::ARG0.max()
}

/// DTU-R110 on the (compared) state: in every receive endpoint unread is within occupied, msgs
/// counts unread, wpos and rpos are slot indices; no bounded send endpoint holds more than its
/// max_crd.
fn invariants(m: &System, at: usize) {
    for (k, pe) in m.pes.iter().enumerate() {
        for (i, e) in pe.eps.iter().enumerate() {
            match EP_T.get(e[2]) {
                2 => {
                    let (occ, unread) = (recv_ep::OCCUPIED.get(e[0]), recv_ep::UNREAD.get(e[0]));
                    let n = 1 << recv_ep::SLOTS.get(e[2]).min(5);
                    assert_eq!(
                        unread & !occ,
                        0,
                        "{at}: PE {k} EP {i}: unread outside occupied"
                    );
                    assert_eq!(
                        recv_ep::MSGS.get(e[2]),
                        unread.count_ones() as u64,
                        "{at}: PE {k} EP {i}: msgs"
                    );
                    assert!(
                        recv_ep::WPOS.get(e[2]) < n && recv_ep::RPOS.get(e[2]) < n,
                        "{at}: PE {k} EP {i}: positions"
                    );
                }
                1 => {
                    let cur = send_ep::CUR_CRD.get(e[1]);
                    assert!(
                        cur == send_ep::UNLIMITED || cur <= send_ep::MAX_CRD.get(e[1]),
                        "{at}: PE {k} EP {i}: credits above max_crd"
                    );
                }
                _ => {}
            }
        }
    }
}

/// Random commands per run: `DTU_COMMANDS` (`make soak` runs 100 000), else 1500.
fn commands() -> usize {
    std::env::var("DTU_COMMANDS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(1500)
}

/// Which PEs the random commands run on.
#[derive(Clone, Copy, PartialEq)]
enum Pes {
    /// Three `dtu` tops on the NoC model.
    Dtu,
    /// Three `dtu_axi4` tops (local memory on AXI4) on the NoC model.
    Axi4,
    /// The `dtu_system` top (four PEs on its RTL meshes).
    System,
}

fn random_commands(backend: Backend, rng: &mut Rng, n: usize, pes: Pes) {
    let mut b = match pes {
        Pes::System => Both::system(backend, rng.next_u64()),
        Pes::Axi4 => Both::axi4(backend, 3, rng.next_u64()),
        Pes::Dtu => Both::new(backend, 3, rng.next_u64()),
    };
    b.net.stress();
    let pes = b.net.len();
    for pe in 0..pes {
        for ep in 0..NUM_EPS {
            configure(&mut b, pe, ep, rng);
        }
        let fill: Vec<u8> = (0..0x2000).map(|_| rng.next_u64() as u8).collect();
        b.poke(pe, 0, &fill);
    }
    // per op: ended without error, per error code
    let mut ok = [0usize; 7];
    let mut errs = [0usize; 5];
    let mut stored = [0usize; 4];
    let memcheck_from: Option<usize> = std::env::var("DTU_MEMCHECK_FROM")
        .ok()
        .and_then(|v| v.parse().ok());
    let compare_from: Option<usize> = std::env::var("DTU_COMPARE_FROM")
        .ok()
        .and_then(|v| v.parse().ok());
    for i in 0..n {
        let pe = rng.below(pes as u64) as usize;
        if rng.chance(0.05) {
            configure(&mut b, pe, rng.below(NUM_EPS as u64) as usize, rng);
            continue;
        }
        let (op, ep, arg0) = match rng.below(12) {
            0..=3 => (Op::Send, 4 + rng.below(6), rng.below(NUM_EPS as u64)),
            4 => (Op::Send, rng.below(NUM_EPS as u64), rng.below(256)),
            5 | 6 => (Op::Fetch, rng.below(5), 0),
            7 => {
                let ep = rng.below(4) as usize;
                (Op::Reply, ep as u64, slot_addr(&b, pe, ep, rng))
            }
            8 => {
                let ep = rng.below(4) as usize;
                (Op::AckMsg, ep as u64, slot_addr(&b, pe, ep, rng))
            }
            9 | 10 => {
                // mostly inside the region: arg0 below its size
                let ep = 10 + rng.below(4);
                let size = mem_ep::SIZE
                    .get(b.m.pes[pe].eps[ep as usize][2])
                    .min(0x2000);
                let op = if rng.chance(0.5) { Op::Read } else { Op::Write };
                (op, ep, rng.below(size + 2))
            }
            _ => (
                Op::ALL[rng.below(7) as usize],
                rng.below(256),
                rng.below(1 << 48),
            ),
        };
        let size = match op {
            Op::Read | Op::Write => rng.below(0x100).min(
                mem_ep::SIZE
                    .get(b.m.pes[pe].eps[(ep as usize) % NUM_EPS][2])
                    .saturating_sub(arg0)
                    + rng.below(3),
            ),
            _ => rng.below(280),
        };
        let addr = rng.below(0x2000 - size);
        // a READ or WRITE through a memory EP of its own PE whose two ranges overlap has no
        // defined result (as memcpy; spec-decisions): not issued
        let e = b.m.pes[pe].eps[(ep as usize) % NUM_EPS];
        if matches!(op, Op::Read | Op::Write)
            && EP_T.get(e[2]) == 3
            && mem_ep::PE.get(e[0]) == pe as u64
        {
            let remote = mem_ep::BASE.get(e[1]).wrapping_add(arg0);
            if addr < remote.saturating_add(size) && remote < addr + size {
                continue;
            }
        }
        b.args(pe, data_word(addr, size), rng.next_u64());
        let msgs = b.m.msgs.len();
        let got = b.command(pe, command_word(op, ep, arg0));
        let e = command::ERR.get(got) as usize;
        errs[e] += 1;
        if e == 0 {
            ok[op as usize] += 1;
        }
        for m in &b.m.msgs[msgs..] {
            stored[match m.stored {
                Ok(_) => 0,
                Err(Drop::NotReceive) => 1,
                Err(Drop::TooLarge) => 2,
                Err(Drop::Full) => 3,
            }] += 1;
        }
        // DTU_MEMCHECK_FROM: from that command on, compare the memories after every command
        // without running the simulation (the timing stays that of the plain run)
        if memcheck_from.is_some_and(|f| i >= f) {
            eprintln!("  command {i}: PE {pe} {op:?} ep {ep} arg0 {arg0:#x} DATA {addr:#x}+{size} -> {got:#x}");
            for k in 0..pes {
                if let Some(d) = (0..MEM).find(|&x| b.net.mem[k].bytes[x] != b.m.pes[k].mem[x]) {
                    panic!("after command {i}: PE {k} memory differs first at {d:#x}");
                }
            }
        }
        // DTU_COMPARE_FROM: compare after every command from that one on (narrows a failure)
        if i % 40 == 39 || compare_from.is_some_and(|f| i >= f) {
            if compare_from.is_some_and(|f| i >= f) {
                eprintln!("  command {i}: PE {pe} {op:?} ep {ep} arg0 {arg0:#x} DATA {addr:#x}+{size} -> {got:#x}");
            }
            b.compare(&format!("after command {i}"));
            invariants(&b.m, i);
        }
    }
    b.compare("at the end");
    // and the DTUs still work: a fresh pair of endpoints carries a message
    b.set_ep(1, 0, w::recv_ep(0x2000, 8, 0, 0));
    b.set_ep(0, 4, w::send_ep(5, 1, 0, send_ep::UNLIMITED, 0, 256));
    b.args(0, data_word(0x40, 100), 9);
    assert_eq!(b.command(0, command_word(Op::Send, 4, 0)), 0);
    assert_eq!(b.command(1, command_word(Op::Fetch, 0, 0)), 0);
    assert_eq!(b.m.pes[1].arg1, 0x2000);
    b.compare("after the final message");
    eprintln!(
        "  {n} commands: ok per op {ok:?}, per error {errs:?}, messages stored/dropped {stored:?}"
    );
    for op in [
        Op::Send,
        Op::Reply,
        Op::Read,
        Op::Write,
        Op::Fetch,
        Op::AckMsg,
    ] {
        assert!(ok[op as usize] > 0, "no {op:?} succeeded: {ok:?}");
    }
    for &e in Error::ALL {
        assert!(
            errs[e as usize] > 0,
            "no command ended with {e:?}: {errs:?}"
        );
    }
    for (k, s) in stored.iter().enumerate() {
        assert!(*s > 0, "no message took reception path {k}: {stored:?}");
    }
}

// verifies: DTU-R041 DTU-R044 DTU-R049 DTU-R050 DTU-R051 DTU-R062 DTU-R063 DTU-R065 DTU-R071
// verifies: DTU-R073 DTU-R075 DTU-R082 DTU-R085 DTU-R110
#[test]
fn dtu_random_commands_across_pes_match_the_model_verilator() {
    if !verilator::require("dtu random commands in Verilator") {
        return;
    }
    let n = commands();
    check("dtu_random_verilator", 0xD82, |rng| {
        random_commands(Backend::Verilator, rng, n, Pes::Dtu)
    });
}

/// The same with each DTU's local memory behind its AXI4 manager port (`dtu_axi4`: the DTU
/// interposed before the memory, `MemToAxi4`, an AXI4 subordinate model with random READYs that
/// reorders pending reads and writes), every word and byte compared with the model.
// verifies: DTU-R002
#[test]
fn dtu_random_commands_with_local_memory_on_axi4_match_the_model_verilator() {
    if !verilator::require("dtu_axi4 random commands in Verilator") {
        return;
    }
    check("dtu_axi4_random_verilator", 0xD86, |rng| {
        random_commands(Backend::Verilator, rng, commands(), Pes::Axi4)
    });
}

/// The same on `dtu_system`: four DTUs on the RTL NoC (a 2x2 mesh per class), every word and
/// byte compared with the model.
// verifies: DTU-R106
#[test]
fn dtu_system_random_commands_on_the_rtl_noc_match_the_model_verilator() {
    if !verilator::require("dtu_system random commands in Verilator") {
        return;
    }
    check("dtu_system_random_verilator", 0xD84, |rng| {
        random_commands(Backend::Verilator, rng, 1500, Pes::System)
    });
}

/// PE 0 and PE 1 send large messages to each other at once, and PE 0 to itself, through a
/// network that holds one request packet per destination.
fn crossing_sends(backend: Backend, rng: &mut Rng) {
    let mut b = Both::new(backend, 2, rng.next_u64());
    b.net.noc_rate = 0.5;
    b.net.delay = (1, 8);
    b.net.req_capacity = 1;
    for pe in 0..2 {
        b.set_ep(pe, 0, w::recv_ep(0x2000, 9, 3, 0));
        b.set_ep(pe, 1, w::recv_ep(0x3000, 9, 2, 8));
        b.set_ep(
            pe,
            4,
            w::send_ep(pe as u64, 1 - pe as u64, 0, send_ep::UNLIMITED, 0, 512),
        );
        b.set_ep(
            pe,
            5,
            w::send_ep(0x50 + pe as u64, pe as u64, 1, send_ep::UNLIMITED, 0, 512),
        );
        let fill: Vec<u8> = (0..0x1000).map(|_| rng.next_u64() as u8).collect();
        b.poke(pe, 0, &fill);
    }
    for round in 0..6 {
        let size = [480, 300, 1, 0, 200, 488][round];
        for pe in 0..2 {
            b.args(pe, data_word(rng.below(0x800), size), round as u64);
        }
        // both start before either completes; then PE 0 also sends to itself
        let c0 = command_word(Op::Send, 4, 0);
        let c1 = command_word(Op::Send, 4, 1);
        b.net.start(0, c0);
        b.net.start(1, c1);
        assert_eq!(b.net.wait(0), 0, "round {round}: PE 0");
        assert_eq!(b.net.wait(1), 0, "round {round}: PE 1");
        assert_eq!(b.m.command(0, c0), 0);
        assert_eq!(b.m.command(1, c1), 0);
        assert_eq!(
            b.command(0, command_word(Op::Send, 5, 0)),
            0,
            "round {round}: to itself"
        );
        b.net.quiesce();
        b.compare(&format!("round {round}"));
        // free the slots for the next round
        for pe in 0..2 {
            for (ep, buf, ss) in [(0, 0x2000, 9), (1, 0x3000, 9)] {
                let occ = recv_ep::OCCUPIED.get(b.m.pes[pe].eps[ep][0]);
                for idx in (0..8).filter(|i| occ & (1 << i) != 0) {
                    b.command(pe, command_word(Op::AckMsg, ep as u64, buf + (idx << ss)));
                }
            }
        }
    }
    b.compare("at the end");
    assert!(
        b.m.msgs.iter().all(|m| m.stored.is_ok()),
        "every message stored"
    );
    assert!(hd::BYTES > 0);
}

// verifies: DTU-R083
#[test]
fn dtu_pes_sending_to_each_other_and_themselves_do_not_deadlock_verilator() {
    if !verilator::require("dtu crossing sends in Verilator") {
        return;
    }
    check("dtu_crossing_verilator", 0xD83, |rng| {
        crossing_sends(Backend::Verilator, rng)
    });
}

/// DTU-R084 exercised: an endpoint's state changed from three sides at once. PE 0 sends on
/// send endpoint 1 (four messages of credit) to PE 1, which fetches and replies at once, so a
/// reply's GRANT_CREDITS (PE 0's reception) lands while PE 0's command unit runs the next SEND
/// on the same endpoint, and PE 0's CU writes the endpoint's label word over MMIO all the
/// while. A read-modify-write that is not atomic loses an update: the credits would not come
/// back to their maximum, or the label would not be the last one written. Every message PE 1
/// takes carries a label PE 0 wrote; its payload is checked; both ends acknowledge every slot.
fn three_sides_on_one_endpoint(backend: Backend, rng: &mut Rng) {
    let mut net = DtuNet::new(backend, 2, MEM, rng.next_u64());
    net.noc_rate = 0.7;
    net.delay = (1, 12);
    const MAX_CRD: u64 = 4 * 64;
    let set = |net: &mut DtuNet, pe: usize, ep: usize, words: [u64; 3]| {
        for (j, x) in words.into_iter().enumerate() {
            net.write(pe, w::ep_addr(ep, j), x);
        }
    };
    set(&mut net, 0, 1, w::send_ep(1, 1, 0, MAX_CRD, MAX_CRD, 64));
    set(&mut net, 0, 2, w::recv_ep(0x2000, 6, 3, 0));
    set(&mut net, 1, 0, w::recv_ep(0x1000, 6, 3, 0));
    let mut labels = vec![1u64];
    let mut sent: Vec<Vec<u8>> = vec![];
    let mut pending_reply: Option<u64> = None;
    let (mut sends, mut refused) = (0, 0);
    for round in 0..60 {
        // PE 1 replies to the message it fetched last round; PE 0 sends the next one meanwhile
        let replying = pending_reply.take();
        if let Some(slot) = replying {
            net.write(1, w::DATA, data_word(0x800, 8));
            net.start(1, command_word(Op::Reply, 0, slot));
        }
        let payload: Vec<u8> = (0..16).map(|_| rng.next_u64() as u8).collect();
        let at = 0x100 + 0x40 * (round % 8) as usize;
        net.mem[0].bytes[at..at + 16].copy_from_slice(&payload);
        net.write(0, w::DATA, data_word(at as u64, 16));
        net.write(0, w::ARG1, round as u64);
        net.start(0, command_word(Op::Send, 1, 2));
        // the CU rewrites the label while the command unit and the reception work on the EP
        for _ in 0..1 + rng.below(3) {
            let l = rng.next_u64() | 1;
            net.write(0, w::ep_addr(1, 0), l);
            labels.push(l);
        }
        let r0 = net.wait(0);
        match command::ERR.get(r0) {
            0 => {
                sends += 1;
                sent.push(payload);
            }
            e if e == Error::NoCredits as u64 => refused += 1,
            e => panic!("round {round}: SEND ended with error {e}"),
        }
        if let Some(slot) = replying {
            assert_eq!(net.wait(1), 0, "round {round}: REPLY at PE 1");
            net.command(1, command_word(Op::AckMsg, 0, slot));
        }
        net.quiesce();
        // PE 0 takes the replies that came; PE 1 takes the next message, to reply next round
        loop {
            let r = net.command(0, command_word(Op::Fetch, 2, 0)).0;
            assert_eq!(command::ERR.get(r), 0, "round {round}: FETCH of a reply");
            let slot = net.read(0, w::ARG1);
            if slot == 0 {
                break;
            }
            net.command(0, command_word(Op::AckMsg, 2, slot));
        }
        let r = net.command(1, command_word(Op::Fetch, 0, 0)).0;
        assert_eq!(command::ERR.get(r), 0, "round {round}: FETCH at PE 1");
        let slot = net.read(1, w::ARG1);
        if slot != 0 {
            let label = u64::from_le_bytes(
                net.mem[1].bytes[slot as usize..slot as usize + 8]
                    .try_into()
                    .unwrap(),
            );
            assert!(
                labels.contains(&label),
                "round {round}: a message with label {label:#x}, never written"
            );
            let at = slot as usize + hd::BYTES as usize;
            let want = sent.remove(0);
            assert_eq!(
                &net.mem[1].bytes[at..at + 16],
                &want[..],
                "round {round}: payload"
            );
            pending_reply = Some(slot);
        }
    }
    if let Some(slot) = pending_reply.take() {
        net.write(1, w::DATA, data_word(0x800, 8));
        assert_eq!(net.command(1, command_word(Op::Reply, 0, slot)).0, 0);
    }
    net.quiesce();
    let ep = net.ep(0, 1);
    assert_eq!(
        send_ep::CUR_CRD.get(ep[1]),
        MAX_CRD,
        "credits after {sends} sends and as many replies ({refused} refused for credit)"
    );
    assert_eq!(ep[0], *labels.last().unwrap(), "the last label written");
    assert!(
        sends > 40 && refused < 20,
        "{sends} sends, {refused} refused"
    );
}

// verifies: DTU-R084
#[test]
fn dtu_credits_and_label_written_from_three_sides_lose_nothing_native() {
    check("dtu_three_sides_native", 0xD7A1, |rng| {
        three_sides_on_one_endpoint(Backend::Native, rng)
    });
}

#[test]
fn dtu_credits_and_label_written_from_three_sides_lose_nothing_verilator() {
    if !verilator::require("dtu in Verilator") {
        return;
    }
    check("dtu_three_sides_verilator", 0xD7A2, |rng| {
        three_sides_on_one_endpoint(Backend::Verilator, rng)
    });
}
