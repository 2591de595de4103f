//! One PPE top on one clock, its ports by name; a frame fed to its `rx` port with random gaps.

use nicgen_driver::HostMem;
use nicgen_hdl::PortInfo;
use nicgen_sim::harness::backend::{instances, Backend};
use nicgen_sim::harness::cycle::CycleModel;
use nicgen_sim::harness::cycle::OneClock;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::system::axi::AxiLiteManager;
use nicgen_sim::system::hostmem::{DmaRdMemory, DmaWrMemory, MemServer};
use nicgen_wire::ppe::note;
use std::collections::BTreeMap;

pub struct Dut {
    c: OneClock,
    ix: BTreeMap<String, usize>,
    pub ports: Vec<PortInfo>,
    /// Host memory on the top's DMA write port, if it has one (run on every cycle).
    pub mem: Option<DmaWrMemory>,
    /// Host memory on the top's DMA read channels, if it has them (run on every cycle).
    pub rd: Option<DmaRdMemory>,
    /// The host's AXI4-Lite manager on an `s_axil` top (run on every cycle).
    pub axil: Option<AxiLiteManager>,
    /// A host that pops AQR (`q_pop_aqr`) in every cycle the test leaves the queue strobes low,
    /// so an entry is read as soon as it can be: each AQR pop that returned an entry, the
    /// test's own strobes included, with the write memory's edge count after it
    /// (`DmaWrMemory::now`).
    pub aq_poll: Option<Vec<(u64, u32)>>,
    /// The queue strobes as the test set them.
    q_held: BTreeMap<String, bool>,
}

impl Dut {
    /// Top `top`, reset for a cycle.
    pub fn new(top: &str, backend: Backend) -> Dut {
        let inst = instances(top, backend, 1);
        let ix: BTreeMap<String, usize> = inst
            .ports
            .iter()
            .enumerate()
            .map(|(i, p)| (p.name.clone(), i))
            .collect();
        let c = OneClock::new(inst.duts.into_iter().next().unwrap(), ix["clock"], 10_000);
        let mut d = Dut {
            c,
            ix,
            ports: inst.ports,
            mem: None,
            rd: None,
            axil: None,
            aq_poll: None,
            q_held: BTreeMap::new(),
        };
        d.set("reset", 1);
        d.cycle();
        d.set("reset", 0);
        // the receive side's frames go on to the engine (the node's enable, for these tops)
        if d.ix.contains_key("promote") {
            d.set("promote", 1);
        }
        d
    }
    pub fn set(&mut self, n: &str, v: u64) {
        let i = *self.ix.get(n).unwrap_or_else(|| panic!("no port {n}"));
        if n.starts_with("q_pop") || n.starts_with("q_push") {
            self.q_held.insert(n.to_string(), v != 0);
        }
        self.c.d.set(i, v as u128);
    }
    pub fn get(&mut self, n: &str) -> u64 {
        let i = *self.ix.get(n).unwrap_or_else(|| panic!("no port {n}"));
        self.c.d.settle();
        self.c.d.get(i) as u64
    }
    /// One clock cycle, the inputs set so far settled before the edge.
    pub fn cycle(&mut self) {
        let poll = self.aq_poll.is_some() && !self.q_held.values().any(|&h| h);
        let test_pop = self.aq_poll.is_some() && self.q_held.get("q_pop_aqr") == Some(&true);
        if poll {
            self.set("q_pop_aqr", 1);
        }
        self.edge();
        if poll {
            self.set("q_pop_aqr", 0);
        }
        if poll || test_pop {
            // the popped entry (0: the queue was empty)
            let v = self.get("q_rdata") as u32;
            let now = self.mem.as_ref().map_or(0, |m| m.now());
            if v != 0 {
                self.aq_poll.as_mut().unwrap().push((now, v));
            }
        }
    }

    fn edge(&mut self) {
        self.c.d.settle();
        let mut models: Vec<&mut dyn CycleModel> = vec![];
        if let Some(m) = self.mem.as_mut() {
            models.push(m);
        }
        if let Some(m) = self.rd.as_mut() {
            models.push(m);
        }
        if let Some(m) = self.axil.as_mut() {
            models.push(m);
        }
        self.c.cycle(&mut models);
    }
    /// The frame's words on `rx` (`first` .. `last`), each held until taken, with idle cycles
    /// before a word a fifth of the time; `rx_valid` low after it.
    pub fn feed(&mut self, frame: &[u32], rng: &mut Rng) {
        self.set("rx_keep", 0xF);
        for (i, &word) in frame.iter().enumerate() {
            while rng.chance(0.2) {
                self.set("rx_valid", 0);
                self.cycle();
            }
            self.set("rx_data", word as u64);
            self.set("rx_first", (i == 0) as u64);
            self.set("rx_last", (i == frame.len() - 1) as u64);
            self.set("rx_valid", 1);
            for waited in 0.. {
                assert!(waited < 100_000, "rx_ready stays low");
                let ready = self.get("rx_ready") != 0;
                self.cycle();
                if ready {
                    break;
                }
            }
        }
        self.set("rx_valid", 0);
    }
    /// Cycles until `port` is high (at most `limit`).
    pub fn wait(&mut self, port: &str, limit: usize, what: &str) {
        let mut n = 0;
        while self.get(port) == 0 {
            n += 1;
            assert!(n <= limit, "{what}: no {port} after {limit} cycles");
            self.cycle();
        }
    }
}

/// The first `n` payload words at `p_addr` / `p_data`.
pub fn read_payload(d: &mut Dut, n: usize) -> Vec<u32> {
    (0..n)
        .map(|i| {
            d.set("p_addr", i as u64);
            d.cycle();
            d.get("p_data") as u32
        })
        .collect()
}

/// The words of host memory at `at`.
pub fn host_words(srv: &MemServer, at: u64, n: usize) -> Vec<u32> {
    let mut b = vec![0u8; 4 * n];
    srv.mem.read(at, &mut b).unwrap();
    b.chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect()
}

/// Walks notification list `n` in host memory from `first` through the `next` pointers: object
/// k must hold `want[k]` with a non-zero `next`. The `next` pointers in order (the last is the
/// list's empty tail, whose `next` must still be 0).
pub fn walk_list(srv: &MemServer, n: usize, first: u32, want: &[[u32; note::WORDS]]) -> Vec<u32> {
    let mut at = first;
    let mut nexts = vec![];
    for (k, w) in want.iter().enumerate() {
        let got = host_words(srv, at as u64, note::WORDS);
        let next = got[note::NEXT];
        assert_ne!(next, 0, "list {n} object {k}: not posted");
        let mut w = *w;
        w[note::NEXT] = next;
        assert_eq!(got, w, "list {n} object {k} at {at:#x}");
        nexts.push(next);
        at = next;
    }
    assert_eq!(
        host_words(srv, at as u64 + 4 * note::NEXT as u64, 1)[0],
        0,
        "list {n}: a post too many"
    );
    nexts
}
