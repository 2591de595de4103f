//! A crossbar of packet streams (`common::packet`): `N` (2 to 8) inputs, `N` outputs, each
//! packet to the output its route table gives for its `meta` (whole packets, wormhole: an output
//! is held from a packet's head to its last beat). The table maps the destinations 0 to 7 to an
//! output or to none: `default()` is the crossbar (destination o to output o), `with_routes`
//! any other map, such as a mesh router's (`common::packet_mesh`). One grant per cycle over the
//! inputs whose head waits for a free output, round-robin after the input granted last, so no
//! input starves. A packet whose `meta` has no route is taken and dropped (so a bad destination
//! never blocks an input). In order per (input, output). Latency: a cycle from a head's arrival
//! to its grant, then none (the beats pass combinationally): put register slices on both sides.

use crate::common::packet::{PacketSink, PacketSource};
use crate::common::prim::k;
use rust_hdl::prelude::*;

#[derive(LogicBlock)]
pub struct PacketXbar<const N: usize, const D: usize, const K: usize, const M: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    pub inp: [PacketSink<D, K, M>; N],
    pub out: [PacketSource<D, K, M>; N],
    /// Per output: held by a packet, from which input.
    busy: [DFF<Bit>; N],
    own: [DFF<Bits<3>>; N],
    /// Per input: its packet holds an output (which), or is being dropped.
    granted: [DFF<Bit>; N],
    gdst: [DFF<Bits<3>>; N],
    drop: [DFF<Bit>; N],
    /// The input granted last.
    rr: DFF<Bits<3>>,
    cand: Signal<Local, Bits<8>>,
    bad: Signal<Local, Bits<8>>,
    above: Signal<Local, Bits<8>>,
    pk_lo: Signal<Local, Bit>,
    pk_hi: Signal<Local, Bit>,
    sel_lo: Signal<Local, Bits<3>>,
    sel_hi: Signal<Local, Bits<3>>,
    pick: Signal<Local, Bits<3>>,
    pick_dst: Signal<Local, Bits<3>>,
    c_i: [Constant<Bits<3>>; N],
    /// The route table: destination j goes to output `c_port[j]` when `c_ok[j]`.
    c_dst: [Constant<Bits<M>>; 8],
    c_port: [Constant<Bits<3>>; 8],
    c_ok: [Constant<Bit>; 8],
    c_bit: [Constant<Bits<8>>; N],
    c_above: [Constant<Bits<8>>; N],
    c_zero8: Constant<Bits<8>>,
    c_last: Constant<Bits<3>>,
}

impl<const N: usize, const D: usize, const K: usize, const M: usize> Default
    for PacketXbar<N, D, K, M>
{
    /// The crossbar: destination o to output o, destinations N and up to none.
    fn default() -> Self {
        Self::with_routes(std::array::from_fn(|j| (j < N).then_some(j)))
    }
}

impl<const N: usize, const D: usize, const K: usize, const M: usize> PacketXbar<N, D, K, M> {
    /// `routes[j]`: the output of a packet whose `meta` is j, or `None` (the packet is taken and
    /// dropped). A `meta` of 8 or more has no route.
    pub fn with_routes(routes: [Option<usize>; 8]) -> Self {
        assert!((2..=8).contains(&N), "PacketXbar: N={N} out of 2..=8");
        for (j, r) in routes.iter().enumerate() {
            assert!(
                r.map_or(true, |o| o < N),
                "PacketXbar: destination {j} routed to output {r:?} of {N}"
            );
        }
        assert!(M >= 3, "PacketXbar: meta of {M} bits cannot name 8 outputs");
        Self {
            clock: Default::default(),
            reset: Default::default(),
            inp: std::array::from_fn(|_| Default::default()),
            out: std::array::from_fn(|_| Default::default()),
            busy: std::array::from_fn(|_| Default::default()),
            own: std::array::from_fn(|_| Default::default()),
            granted: std::array::from_fn(|_| Default::default()),
            gdst: std::array::from_fn(|_| Default::default()),
            drop: std::array::from_fn(|_| Default::default()),
            rr: Default::default(),
            cand: Default::default(),
            bad: Default::default(),
            above: Default::default(),
            pk_lo: Default::default(),
            pk_hi: Default::default(),
            sel_lo: Default::default(),
            sel_hi: Default::default(),
            pick: Default::default(),
            pick_dst: Default::default(),
            c_i: std::array::from_fn(|i| k(i as u64)),
            c_dst: std::array::from_fn(|j| k(j as u64)),
            c_port: std::array::from_fn(|j| k(routes[j].unwrap_or(0) as u64)),
            c_ok: std::array::from_fn(|j| Constant::new(routes[j].is_some())),
            c_bit: std::array::from_fn(|i| k(1 << i)),
            c_above: std::array::from_fn(|i| k((0xFF << (i + 1)) & 0xFF)),
            c_zero8: k(0),
            c_last: k(N as u64 - 1),
        }
    }
}

impl<const N: usize, const D: usize, const K: usize, const M: usize> Logic
    for PacketXbar<N, D, K, M>
{
    #[hdl_gen]
    fn update(&mut self) {
        dff_setup!(self, clock, rr);
        for o in 0..N {
            self.busy[o].clock.next = self.clock.val();
            self.busy[o].d.next = self.busy[o].q.val();
            self.own[o].clock.next = self.clock.val();
            self.own[o].d.next = self.own[o].q.val();
            self.granted[o].clock.next = self.clock.val();
            self.granted[o].d.next = self.granted[o].q.val();
            self.gdst[o].clock.next = self.clock.val();
            self.gdst[o].d.next = self.gdst[o].q.val();
            self.drop[o].clock.next = self.clock.val();
            self.drop[o].d.next = self.drop[o].q.val();
        }
        // ---- heads waiting: for a free output (candidates), for none (to drop) ----
        self.cand.next = self.c_zero8.val();
        self.bad.next = self.c_zero8.val();
        for i in 0..N {
            if self.inp[i].valid.val()
                && self.inp[i].first.val()
                && !self.granted[i].q.val()
                && !self.drop[i].q.val()
            {
                self.bad.next = self.bad.val() | self.c_bit[i].val();
                for j in 0..8 {
                    if self.c_ok[j].val() && (self.inp[i].meta.val() == self.c_dst[j].val()) {
                        self.bad.next = self.bad.val() & !self.c_bit[i].val();
                        for o in 0..N {
                            if (self.c_port[j].val() == self.c_i[o].val()) && !self.busy[o].q.val()
                            {
                                self.cand.next = self.cand.val() | self.c_bit[i].val();
                            }
                        }
                    }
                }
            }
        }
        // ---- one grant per cycle, round-robin after the input granted last ----
        self.above.next = self.c_zero8.val();
        for i in 0..N {
            if self.rr.q.val() == self.c_i[i].val() {
                self.above.next = self.c_above[i].val();
            }
        }
        self.pk_lo.next = false;
        self.pk_hi.next = false;
        self.sel_lo.next = self.c_i[0].val();
        self.sel_hi.next = self.c_i[0].val();
        for i in 0..N {
            if (self.cand.val() & self.c_bit[i].val()) != self.c_zero8.val() {
                if !self.pk_lo.val() {
                    self.pk_lo.next = true;
                    self.sel_lo.next = self.c_i[i].val();
                }
                if ((self.above.val() & self.c_bit[i].val()) != self.c_zero8.val())
                    && !self.pk_hi.val()
                {
                    self.pk_hi.next = true;
                    self.sel_hi.next = self.c_i[i].val();
                }
            }
        }
        self.pick.next = self.sel_lo.val();
        if self.pk_hi.val() {
            self.pick.next = self.sel_hi.val();
        }
        self.pick_dst.next = self.c_i[0].val();
        for i in 0..N {
            if self.pick.val() == self.c_i[i].val() {
                for j in 0..8 {
                    if self.inp[i].meta.val() == self.c_dst[j].val() {
                        self.pick_dst.next = self.c_port[j].val();
                    }
                }
            }
        }
        if self.pk_lo.val() {
            self.rr.d.next = self.pick.val();
            for i in 0..N {
                if self.pick.val() == self.c_i[i].val() {
                    self.granted[i].d.next = true;
                    self.gdst[i].d.next = self.pick_dst.val();
                }
            }
            for o in 0..N {
                if self.pick_dst.val() == self.c_i[o].val() {
                    self.busy[o].d.next = true;
                    self.own[o].d.next = self.pick.val();
                }
            }
        }
        for i in 0..N {
            if (self.bad.val() & self.c_bit[i].val()) != self.c_zero8.val() {
                self.drop[i].d.next = true;
            }
        }

        // ---- beats: each held output shows its input's beat ----
        for o in 0..N {
            self.out[o].data.next = self.inp[0].data.val();
            self.out[o].keep.next = self.inp[0].keep.val();
            self.out[o].meta.next = self.inp[0].meta.val();
            self.out[o].first.next = self.inp[0].first.val();
            self.out[o].last.next = self.inp[0].last.val();
            self.out[o].valid.next = false;
            for i in 0..N {
                if self.own[o].q.val() == self.c_i[i].val() {
                    self.out[o].data.next = self.inp[i].data.val();
                    self.out[o].keep.next = self.inp[i].keep.val();
                    self.out[o].meta.next = self.inp[i].meta.val();
                    self.out[o].first.next = self.inp[i].first.val();
                    self.out[o].last.next = self.inp[i].last.val();
                    self.out[o].valid.next = self.busy[o].q.val() && self.inp[i].valid.val();
                }
            }
            // the packet's last beat frees the output and its input
            if self.busy[o].q.val()
                && self.out[o].valid.val()
                && self.out[o].ready.val()
                && self.out[o].last.val()
            {
                self.busy[o].d.next = false;
                for i in 0..N {
                    if self.own[o].q.val() == self.c_i[i].val() {
                        self.granted[i].d.next = false;
                    }
                }
            }
        }
        for i in 0..N {
            self.inp[i].ready.next = self.drop[i].q.val();
            for o in 0..N {
                if self.granted[i].q.val() && (self.gdst[i].q.val() == self.c_i[o].val()) {
                    self.inp[i].ready.next = self.out[o].ready.val();
                }
            }
            if self.drop[i].q.val() && self.inp[i].valid.val() && self.inp[i].last.val() {
                self.drop[i].d.next = false;
            }
        }

        if self.reset.val() {
            self.rr.d.next = self.c_last.val();
            for o in 0..N {
                self.busy[o].d.next = false;
                self.granted[o].d.next = false;
                self.drop[o].d.next = false;
            }
        }
    }
}
