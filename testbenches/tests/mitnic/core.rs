//! The MIT NIC's core (`nic_core`, native and Verilated) in lock-step with the reference model:
//! seeded random transactions (every LOC, read and write, sends of every kind with random type
//! and CSP, NNEXT, CONTROL with random thresholds, ports, notes, RESET_NET_EXCS and now and then
//! RESET_NIC), arriving messages (into a full queue too), idle errors, exception pins and the
//! output port taking messages. Every transaction's answer (data, FAULT, WAIT held until a slot
//! frees, then executed once), STATUS and INST after every event, and every message leaving
//! the output queue (words, type, CSP, routing byte) are compared with the model.

use nicgen_hdl::mitnic::nic::NIC_RING_TABLE;
use nicgen_sim::harness::backend::{instances, Backend};
use nicgen_sim::harness::cycle::OneClock;
use nicgen_sim::harness::ports::index;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::mitnic::model::{Nic, Reply};
use nicgen_wire::mitnic::{Command, Loc, Msg, Send, CONTROL as C, QUEUE_DEPTH};

type OutMsg = ([u32; 5], u8, bool, u8);

struct Rtl {
    c: OneClock,
    p: std::collections::HashMap<&'static str, usize>,
    /// Messages the port took (`out_valid` and `out_ready` at an edge), oldest first.
    taken: std::collections::VecDeque<OutMsg>,
    /// `out_ready` between takes: the port ready in every cycle (set during a transaction
    /// into the empty queue: a send then leaves from its execution cycle).
    hold: bool,
    /// `eh_room` (the port could start a header) when the port is not busy with an early one.
    room: bool,
    /// An early header taken at the last edge: its type, CSP and routing byte; the message's
    /// words are due in this cycle.
    early: Option<(u8, bool, u8)>,
    pub earlies: usize,
    pub cuts: usize,
}

const PORTS: [&str; 35] = [
    "reset",
    "t_strobe",
    "t_da",
    "t_write",
    "t_wdata",
    "t_done",
    "t_fault",
    "t_wait",
    "t_rdata",
    "out_valid",
    "out_ready",
    "out_w0",
    "out_w1",
    "out_w2",
    "out_w3",
    "out_w4",
    "out_type",
    "out_csp",
    "out_route",
    "in_valid",
    "in_w0",
    "in_w1",
    "in_w2",
    "in_w3",
    "in_w4",
    "in_type",
    "idle_err",
    "exc_pins",
    "out_excs",
    "clock",
    "eh_room",
    "eh_valid",
    "eh_type",
    "eh_csp",
    "eh_route",
];

impl Rtl {
    fn new(backend: Backend) -> Rtl {
        let inst = instances("nic_core", backend, 1);
        let p = PORTS
            .iter()
            .map(|&n| (n, index(&inst.ports, n)))
            .collect::<std::collections::HashMap<_, _>>();
        let d = inst.duts.into_iter().next().unwrap();
        let mut r = Rtl {
            c: OneClock::new(d, p["clock"], 10_000),
            p,
            taken: Default::default(),
            hold: false,
            room: false,
            early: None,
            earlies: 0,
            cuts: 0,
        };
        r.set("reset", 1);
        r.cycle();
        r.set("reset", 0);
        r.cycle();
        r
    }
    fn set(&mut self, n: &str, v: u64) {
        let i = self.p[n];
        self.c.d.set(i, v as u128);
    }
    fn get(&mut self, n: &str) -> u64 {
        self.c.d.settle();
        self.c.d.get(self.p[n]) as u64
    }
    fn head(&mut self) -> OutMsg {
        (
            ["out_w0", "out_w1", "out_w2", "out_w3", "out_w4"].map(|n| self.get(n) as u32),
            self.get("out_type") as u8,
            self.get("out_csp") != 0,
            self.get("out_route") as u8,
        )
    }
    /// One clock cycle, the inputs set so far settled before the edge; records the message
    /// the port takes and plays the port's part in an early header (it takes the words in the
    /// cycle after, and starts nothing else then).
    fn cycle(&mut self) {
        let ready = self.early.is_some() || self.get("out_ready") != 0;
        self.set("out_ready", ready as u64);
        self.set("eh_room", (self.room && self.early.is_none()) as u64);
        if let Some(h) = self.early.take() {
            assert!(self.get("out_valid") != 0, "no words after an early header");
            let m = self.head();
            assert_eq!((m.1, m.2, m.3), h, "the early header vs the message's");
        }
        if self.get("out_valid") != 0 && ready {
            let m = self.head();
            if self.get("t_done") != 0 {
                self.cuts += 1;
            }
            self.taken.push_back(m);
        }
        if self.get("eh_valid") != 0 {
            self.earlies += 1;
            self.early = Some((
                self.get("eh_type") as u8,
                self.get("eh_csp") != 0,
                self.get("eh_route") as u8,
            ));
        }
        self.c.d.settle();
        self.c.cycle(&mut []);
        self.set("out_ready", self.hold as u64);
    }
    /// One transaction; `free` runs while it waits (it must free an output slot).
    fn transaction(
        &mut self,
        da: u16,
        write: bool,
        data: u32,
        mut free: impl FnMut(&mut Rtl),
    ) -> Reply {
        self.set("t_strobe", 1);
        self.set("t_da", da as u64);
        self.set("t_write", write as u64);
        self.set("t_wdata", data as u64);
        self.cycle();
        self.set("t_strobe", 0);
        for _ in 0..200 {
            if self.get("t_done") != 0 {
                let r = if self.get("t_fault") != 0 {
                    Reply::Fault
                } else {
                    Reply::Ok(self.get("t_rdata") as u32)
                };
                self.cycle();
                return r;
            }
            assert!(self.get("t_wait") != 0, "neither done nor WAIT");
            free(self);
        }
        panic!("transaction {da:#x} never ended");
    }
    /// The output port takes the head (if offered): its words, type, CSP, routing byte.
    fn pop(&mut self) -> Option<OutMsg> {
        let n = self.taken.len();
        self.set("out_ready", 1);
        self.cycle();
        assert!(self.taken.len() <= n + 1);
        if self.taken.len() > n {
            self.taken.pop_back()
        } else {
            None
        }
    }
    fn idle(&mut self, n: usize) {
        for _ in 0..n {
            self.cycle();
        }
    }
}

fn da(loc: Loc) -> u16 {
    Command::plain(loc).encode()
}

/// Every message the port took is the model's next.
fn departures(r: &mut Rtl, m: &mut Nic, at: usize) {
    while let Some(got) = r.taken.pop_front() {
        let want = m.launch().map(|o| (o.msg.words, o.msg.ty, o.csp, o.route));
        assert_eq!(Some(got), want, "event {at}: the message leaving");
    }
}

fn compare(r: &mut Rtl, m: &mut Nic, at: usize) {
    r.idle(3);
    departures(r, m, at);
    for loc in [
        Loc::Status,
        Loc::Inst,
        Loc::Control,
        Loc::CodeBase,
        Loc::I(0),
        Loc::I(1),
        Loc::I(4),
        Loc::O(0),
        Loc::O(3),
    ] {
        let want = m.transaction(da(loc), false, 0);
        let got = r.transaction(da(loc), false, 0, |_| panic!("WAIT on a read"));
        assert_eq!(got, want, "event {at}: {loc:?}");
    }
    assert_eq!(
        r.get("out_excs") as u32,
        C::OUT_EXCS.get(m.control()),
        "event {at}: OUT_EXCS"
    );
    departures(r, m, at);
    let offered = C::OP_ON.get(m.control()) != 0 && !m.oq.is_empty();
    assert_eq!(r.get("out_valid") != 0, offered, "event {at}: out_valid");
}

fn run(backend: Backend, rng: &mut Rng, events: usize) {
    let mut r = Rtl::new(backend);
    let mut m = Nic::new(NIC_RING_TABLE);
    let (mut waits, mut faults, mut pops, mut rooms, mut sends) = (0, 0, 0, 0, 0);
    for at in 0..events {
        let ready = rng.chance(0.5);
        r.room = rng.chance(0.5);
        let kind = rng.below(100);
        match kind {
            0..=59 => {
                let loc = Loc::from_u8(rng.below(16) as u8);
                let write = rng.chance(0.5);
                let mut data = rng.next_u64() as u32;
                if loc == Loc::Control && write {
                    let mut c = 0;
                    c = C::FW.set(c, rng.chance(0.5) as u32);
                    c = C::ITHRESH.set(c, rng.below(16) as u32);
                    c = C::OTHRESH.set(c, rng.below(16) as u32);
                    c = C::ROUTE.set(c, rng.chance(0.5) as u32);
                    c = C::OP_ON.set(c, rng.chance(0.6) as u32);
                    c = C::IP_ON.set(c, rng.chance(0.85) as u32);
                    c = C::NOTE_EXCS.set(c, rng.below(64) as u32);
                    c = C::RESET_NET_EXCS.set(c, rng.below(4) as u32);
                    c = C::OUT_EXCS.set(c, rng.below(16) as u32);
                    c = C::RESET_NIC.set(c, rng.chance(0.03) as u32);
                    data = c;
                }
                let mut send = [
                    Send::None,
                    Send::None,
                    Send::None,
                    Send::Msg,
                    Send::Reply,
                    Send::Forward,
                ][rng.below(6) as usize];
                let full = m.oq.len() == QUEUE_DEPTH;
                if full
                    && send != Send::None
                    && C::FW.get(m.control()) == 0
                    && C::OP_ON.get(m.control()) == 0
                {
                    // a WAIT that nothing would end (NIC-A41): not issued
                    send = Send::None;
                }
                let cmd = Command {
                    loc,
                    otype: rng.below(32) as u8,
                    nnext: rng.chance(0.2),
                    send,
                    csp: rng.chance(0.3),
                };
                let d = cmd.encode();
                // the port ready through the transaction only while the queue is empty: it
                // takes nothing but the message this one sends (the model's order)
                r.hold = ready && m.oq.is_empty();
                r.set("out_ready", r.hold as u64);
                let mut want = m.transaction(d, write, data);
                // the message the output port takes to end a WAIT
                let mut freed = None;
                let got = r.transaction(d, write, data, |r| {
                    if freed.is_none() {
                        r.idle(2);
                        freed = match r.taken.pop_front() {
                            None => r.pop(),
                            t => t,
                        };
                        assert!(freed.is_some(), "event {at}: WAIT with nothing offered");
                    } else {
                        r.cycle();
                    }
                });
                if want == Reply::Wait {
                    waits += 1;
                    let l = m.launch().expect("the model's head");
                    assert_eq!(
                        freed,
                        Some((l.msg.words, l.msg.ty, l.csp, l.route)),
                        "event {at}: the message that ended the WAIT"
                    );
                    want = m.transaction(d, write, data);
                } else {
                    assert!(
                        freed.is_none(),
                        "event {at}: the RTL waited, the model did not"
                    );
                }
                if want == Reply::Fault {
                    faults += 1;
                }
                if send != Send::None && want != Reply::Fault {
                    sends += 1;
                }
                assert_eq!(
                    got, want,
                    "event {at}: {cmd:?} write {write} data {data:#x}"
                );
                r.hold = false;
                r.set("out_ready", 0);
            }
            60..=79 => {
                let msg = Msg {
                    words: [0; 5].map(|_| rng.next_u64() as u32),
                    ty: rng.below(32) as u8,
                };
                if m.iq.len() == QUEUE_DEPTH && C::IP_ON.get(m.control()) != 0 {
                    rooms += 1;
                }
                m.arrive(msg);
                r.set("in_valid", 1);
                for (k, w) in msg.words.iter().enumerate() {
                    r.set(["in_w0", "in_w1", "in_w2", "in_w3", "in_w4"][k], *w as u64);
                }
                r.set("in_type", msg.ty as u64);
                r.cycle();
                r.set("in_valid", 0);
            }
            80..=91 => {
                departures(&mut r, &mut m, at);
                // one message, or (a third of the time) until the queue is empty
                let all = rng.chance(0.33);
                loop {
                    let got = r.pop();
                    let want = m.launch();
                    assert_eq!(
                        got,
                        want.map(|o| (o.msg.words, o.msg.ty, o.csp, o.route)),
                        "event {at}: the message leaving"
                    );
                    if got.is_none() {
                        break;
                    }
                    pops += 1;
                    if !all {
                        break;
                    }
                }
            }
            92..=94 => {
                m.idle_error();
                r.set("idle_err", 1);
                r.cycle();
                r.set("idle_err", 0);
            }
            _ => {
                let v = rng.below(16) as u8;
                m.exc_pins = v;
                r.set("exc_pins", v as u64);
            }
        }
        compare(&mut r, &mut m, at);
    }
    eprintln!(
        "  {events} events: {sends} sends, {pops} messages popped, {} cut through, {} early headers, {waits} WAITs, {faults} FAULTs, {rooms} room errors",
        r.cuts, r.earlies
    );
    assert!(
        waits > 0 && faults > 0 && rooms > 0 && pops > 50 && r.cuts > 20 && r.earlies > 10,
        "coverage"
    );
}

// verifies: NIC-R001 NIC-R003 NIC-R007 NIC-R008 NIC-R009 NIC-R010 NIC-R011 NIC-R012 NIC-R013
// verifies: NIC-R014 NIC-R015 NIC-R016 NIC-R017 NIC-R018 NIC-R022 NIC-R023
// verifies: NIC-R024 NIC-R025 NIC-R026 NIC-R029 NIC-R030 NIC-R031 NIC-R032 NIC-R033 NIC-R034
// verifies: NIC-R035 NIC-R036 NIC-R037 NIC-R038 NIC-R039 NIC-R040 NIC-R041 NIC-R044 NIC-R045
// verifies: NIC-R046 NIC-R047 NIC-R048 NIC-R049 NIC-R051 NIC-R052 NIC-R053 NIC-R054 NIC-R056
// verifies: NIC-R058 NIC-R060 NIC-R061 NIC-R062 NIC-R063 NIC-R064 NIC-R065 NIC-R066 NIC-R067
// verifies: NIC-R068 NIC-R070 NIC-R071 NIC-R073 NIC-R074 NIC-R078 NIC-R079 NIC-R080
// verifies: NIC-R081 NIC-R083 NIC-R084 NIC-R112 NIC-R115 NIC-R059
#[test]
fn nic_core_matches_the_model_native() {
    check("nic_core_native", 0x41C0, |rng| {
        run(Backend::Native, rng, 3000)
    });
}

#[test]
fn nic_core_matches_the_model_verilator() {
    if !verilator::require("nic_core in Verilator") {
        return;
    }
    check("nic_core_verilator", 0x41C1, |rng| {
        run(Backend::Verilator, rng, 6000)
    });
}
