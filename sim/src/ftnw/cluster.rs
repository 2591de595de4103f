//! Network processors (`ftnw_nwp`) cabled together and used through libftnw: a [`Cluster`] of
//! nodes, each on its own clocks (IOC, TNW, and each link's PHY receive clock, its peer's TNW
//! clock), each behind its own PCIe root-complex model and host memory, every cable a `Channel`
//! with its own latency and bit errors; and
//! [`NwpHost`], libftnw's machine (`PcieHost`) on one node of it. The single-node loop-back, the
//! two-node ring and the 2x2x2 torus are clusters; shared by the tests (`tests/ftnw/nwp.rs`) and
//! the bench (`ftnw_host_bench`).

use crate::ftnw::channel::{Channel, ChannelCfg};
use crate::ftnw::ioc_host::{NwpClocks, Pput};
use crate::harness::backend::Backend;
use crate::harness::clock::Edges;
use crate::harness::rng::Rng;
use crate::pcie::WcCpu;
use nicgen_driver::ftnw::libftnw::{Ftnw, PcieHost};
use nicgen_driver::ftnw::link::Link;
use nicgen_driver::{Error, HostMem, RegAccess, Result};
use std::cell::{RefCell, RefMut};
use std::rc::Rc;

/// One end of a cable: (node, link).
pub type Port = (usize, usize);

/// `ftnw_nwp` nodes, each on its own clocks, and one-way cables between their links.
pub struct Cluster {
    pub nodes: Vec<Pput>,
    cables: Vec<(Port, Port, Channel)>,
    pub rng: Rng,
}

impl Cluster {
    /// `n` nodes, IOC and TNW clocks at 4 ns, and the one-way `cables` (`from` link's words to
    /// `to` link's receiver).
    pub fn new(backend: Backend, n: usize, cables: &[(Port, Port, ChannelCfg)], seed: u64) -> Self {
        Self::clocked(backend, 4000, &vec![4000; n], cables, seed)
    }

    /// Nodes whose TNW clocks have the periods `tnw` (one per node, e.g. +-200 ppm apart) and
    /// whose IOC clocks have the period `ioc`; a link's PHY receive clock is its peer's TNW
    /// clock (the clock a PHY recovers), an uncabled link's the node's own.
    pub fn clocked(
        backend: Backend,
        ioc: u64,
        tnw: &[u64],
        cables: &[(Port, Port, ChannelCfg)],
        seed: u64,
    ) -> Self {
        let mut rng = Rng::new(seed);
        let mut clocks: Vec<NwpClocks> = tnw.iter().map(|&t| NwpClocks::same(ioc, t)).collect();
        for ((from, _), (to, l), _) in cables {
            clocks[*to].phy[*l] = tnw[*from];
        }
        let nodes = Pput::nwp_nodes(backend, &clocks, rng.next_u64());
        let cables = cables
            .iter()
            .map(|(a, b, cfg)| (*a, *b, Channel::new(cfg.clone(), rng.next_u64())))
            .collect();
        Self { nodes, cables, rng }
    }

    /// Nodes whose TNW clocks are `ppm` parts per million off their IOC clocks' 4 ns (periods
    /// in units of 0.1 ps, so 200 ppm is 8 units).
    pub fn with_ppm(
        backend: Backend,
        ppm: &[i64],
        cables: &[(Port, Port, ChannelCfg)],
        seed: u64,
    ) -> Self {
        const PERIOD: i64 = 40_000;
        let tnw: Vec<u64> = ppm
            .iter()
            .map(|&p| {
                assert_eq!(
                    PERIOD * p % 2_000_000,
                    0,
                    "{p} ppm is no even number of units"
                );
                (PERIOD + PERIOD * p / 1_000_000) as u64
            })
            .collect();
        Self::clocked(backend, PERIOD as u64, &tnw, cables, seed)
    }

    /// Full-duplex links: both directions of each `(a, b)` pair with `cfg(i)` for pair `i`.
    pub fn duplex(
        pairs: &[(Port, Port)],
        cfg: impl Fn(usize) -> ChannelCfg,
    ) -> Vec<(Port, Port, ChannelCfg)> {
        pairs
            .iter()
            .enumerate()
            .flat_map(|(i, &(a, b))| [(a, b, cfg(i)), (b, a, cfg(i))])
            .collect()
    }

    /// The full-duplex links of a 2x2x2 torus: node `n` = x + 2y + 4z; in each dimension d
    /// (links 2d = plus, 2d + 1 = minus) a node's plus link goes to its neighbour's minus link
    /// and its minus link to the neighbour's plus link (in a 2-wide dimension both lead to the
    /// same neighbour, FTNW-H168): 24 links.
    pub fn torus222() -> Vec<(Port, Port)> {
        let mut v = vec![];
        for n in 0..8usize {
            for d in 0..3 {
                let m = n ^ (1 << d);
                if n < m {
                    v.push(((n, 2 * d), (m, 2 * d + 1)));
                    v.push(((n, 2 * d + 1), (m, 2 * d)));
                }
            }
        }
        v
    }

    /// The next instant: every node with a clock edge then takes it; a cable moves a word on
    /// its sender's TNW edge, presented to the receiver after every edge of the instant (whose
    /// PHY receive clock, the sender's TNW clock, rises with it).
    pub fn event(&mut self) {
        let due: Vec<Edges> = self.nodes.iter().map(|d| d.upcoming()).collect();
        let t = due.iter().map(|e| e.time_ps).min().expect("a node");
        let words: Vec<_> = self
            .cables
            .iter()
            .map(|((n, l), _, _)| {
                (due[*n].time_ps == t && due[*n].rose(1)).then(|| self.nodes[*n].phy_out(*l))
            })
            .collect();
        for (d, e) in self.nodes.iter_mut().zip(&due) {
            if e.time_ps == t {
                d.event(&mut self.rng);
            }
        }
        for (w, (_, (n, l), ch)) in words.into_iter().zip(&mut self.cables) {
            if let Some(w) = w {
                let out = ch.step(w);
                self.nodes[*n].set_phy_in(*l, out);
            }
        }
    }

    /// IOC cycles run (node 0's).
    pub fn cycles(&self) -> u64 {
        self.nodes[0].cycles
    }

    /// Run `n` IOC cycles.
    pub fn run(&mut self, n: u64) {
        let end = self.cycles() + n;
        while self.cycles() < end {
            self.event();
        }
    }

    /// Run until every node's CPU writes are taken and no completion is under way, then `tail`
    /// cycles more.
    pub fn drain(&mut self, tail: u64) {
        let start = self.cycles();
        while !self.nodes.iter().all(|d| d.idle()) {
            self.event();
            assert!(self.cycles() - start < 2_000_000, "CQ stalled");
        }
        self.run(tail);
    }

    /// A libftnw on each node, initialised, and every cabled link pair brought up by the link
    /// driver (both ends offline, both reset, both online).
    pub fn libraries(self) -> Vec<Ftnw<NwpHost>> {
        let pairs: Vec<(Port, Port)> = self
            .cables
            .iter()
            .filter(|(a, b, _)| a < b)
            .map(|(a, b, _)| (*a, *b))
            .collect();
        let n = self.nodes.len();
        let c = Rc::new(RefCell::new(self));
        let mut libs: Vec<Ftnw<NwpHost>> = (0..n)
            .map(|k| Ftnw::new(NwpHost::new(c.clone(), k)).expect("ftnwInit"))
            .collect();
        let link = |p: Port| Link::new(p.1 as u32);
        for step in 0..3 {
            for &(a, b) in &pairs {
                for p in [a, b] {
                    let bus = libs[p.0].transport();
                    match step {
                        0 => link(p).set_offline(bus, true, true),
                        1 => link(p).reset(bus),
                        _ => link(p).set_offline(bus, false, false),
                    }
                    .expect("link bring-up");
                }
            }
        }
        libs
    }
}

/// libftnw's machine (`PcieHost`) on node `node` of a cluster: BAR2 through the node's root
/// complex CPU (a read runs the whole cluster until its completion; writes are posted, a 64-bit
/// write is one 8-byte write), the node's host memory, and the TX window through a CPU with
/// `wc_buffers` write-combining buffers (a store to a new line while all are in use evicts one
/// at random, partly written or not; a fence flushes the rest in random order and pieces).
/// Device time passes in reads and waits (IOC cycles), for every node at once.
pub struct NwpHost {
    pub c: Rc<RefCell<Cluster>>,
    pub node: usize,
    cpu: WcCpu,
    pub wc_buffers: usize,
}

impl NwpHost {
    pub fn new(c: Rc<RefCell<Cluster>>, node: usize) -> Self {
        let seed = c.borrow_mut().rng.next_u64();
        Self {
            c,
            node,
            cpu: WcCpu::new(seed),
            wc_buffers: 10,
        }
    }

    /// The node's PCIe model and top.
    pub fn d(&self) -> RefMut<'_, Pput> {
        RefMut::map(self.c.borrow_mut(), |c| &mut c.nodes[self.node])
    }

    /// The cluster.
    pub fn cluster(&self) -> RefMut<'_, Cluster> {
        self.c.borrow_mut()
    }
}

impl RegAccess for NwpHost {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        let off = addr as u32;
        let tag = self.d().start_reg_read(off);
        let mut c = self.c.borrow_mut();
        let start = c.cycles();
        loop {
            if let Some(r) = c.nodes[self.node].reg_read_result(tag, off) {
                return r.map_err(Error::Transport);
            }
            c.event();
            if c.cycles() - start >= 10_000 {
                return Err(Error::Transport(format!(
                    "register read at {off:#x} unanswered"
                )));
            }
        }
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        self.d().reg_write(addr as u32, &value.to_le_bytes());
        Ok(())
    }
    fn write64(&mut self, addr: u64, value: u64) -> Result<()> {
        self.d().reg_write(addr as u32, &value.to_le_bytes());
        Ok(())
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        self.c.borrow_mut().run(cycles);
        Ok(())
    }
}

impl HostMem for NwpHost {
    fn alloc(&mut self, len: usize, align: usize) -> Result<u64> {
        self.d().rc.mem.mem.alloc(len, align)
    }
    fn read(&self, addr: u64, buf: &mut [u8]) -> Result<()> {
        self.c.borrow().nodes[self.node].rc.mem.mem.read(addr, buf)
    }
    fn write(&mut self, addr: u64, data: &[u8]) -> Result<()> {
        self.d().rc.mem.mem.write(addr, data)
    }
}

impl PcieHost for NwpHost {
    fn tx_store(&mut self, off: u64, data: &[u8; 16]) -> Result<()> {
        let out = self.cpu.store_evicting(off, data, self.wc_buffers);
        let mut d = self.d();
        for (a, b) in out {
            d.write(a, &b);
        }
        Ok(())
    }
    fn tx_fence(&mut self) -> Result<()> {
        let out = self.cpu.flush();
        let mut d = self.d();
        for (a, b) in out {
            d.write(a, &b);
        }
        Ok(())
    }
}

/// libftnw initialised on one `ftnw_nwp` on the single-node loop-back (X+ cabled to X- and
/// back, `latency` words each way) with X+ and X- brought up: the programs' one node.
pub fn nwp_loop(backend: Backend, latency: usize, seed: u64) -> Ftnw<NwpHost> {
    let cable = ChannelCfg {
        latency,
        ..ChannelCfg::default()
    };
    let cables = Cluster::duplex(&[((0, 0), (0, 1))], |_| cable.clone());
    Cluster::new(backend, 1, &cables, seed)
        .libraries()
        .pop()
        .unwrap()
}
