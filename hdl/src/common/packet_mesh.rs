//! A 2x2 mesh of packet routers (issue 16, item 6): node n at column `n & 1`, row `n >> 1`,
//! each node a router (`PacketXbar` with three ports: 0 the node's own, 1 the X link, 2 the Y
//! link) whose route table is dimension-order XY routing (`xy_routes`): a packet first crosses
//! to its destination's column, then to its row, then leaves on the local port. XY routing
//! never turns from Y back to X, so the channels have no cyclic dependency and wormhole
//! switching cannot deadlock (Dally and Seitz); a destination of 4 or more has no route and is
//! dropped by the first router. Every router-to-router link passes a register slice
//! (`PacketSlice`), so a hop costs the router's grant cycle plus the slice's cycle and no
//! combinational path crosses a link; the local ports are the routers' own (put slices in
//! front, as the DTU does).
//!
//! `inp[n]` / `out[n]`: node n's injection and ejection ports; `meta` is the destination node.

use crate::common::packet::{PacketSink, PacketSource};
use crate::common::packet_xbar::PacketXbar;
use crate::common::skid::PacketSlice;
use crate::BlockDefault;
use rust_hdl::prelude::*;

/// Nodes of the mesh.
pub const MESH_NODES: usize = 4;
/// Router ports: the node's own, the X link, the Y link.
pub const PORT_LOCAL: usize = 0;
pub const PORT_X: usize = 1;
pub const PORT_Y: usize = 2;

/// The XY route table of node `n` of the 2x2 mesh: destination d to the X link while its
/// column differs, then to the Y link while its row differs, then to the local port.
pub fn xy_routes(n: usize) -> [Option<usize>; 8] {
    std::array::from_fn(|d| {
        (d < MESH_NODES).then(|| {
            if (d ^ n) & 1 != 0 {
                PORT_X
            } else if (d ^ n) & 2 != 0 {
                PORT_Y
            } else {
                PORT_LOCAL
            }
        })
    })
}

#[derive(LogicBlock, BlockDefault)]
pub struct PacketMesh2x2<const D: usize, const K: usize, const M: usize> {
    pub clock: Signal<In, Clock>,
    pub reset: Signal<In, Bit>,
    #[init(std::array::from_fn(|_| Default::default()))]
    pub inp: [PacketSink<D, K, M>; MESH_NODES],
    #[init(std::array::from_fn(|_| Default::default()))]
    pub out: [PacketSource<D, K, M>; MESH_NODES],
    /// The routers of nodes 0 to 3 (named, not an array: rust-hdl 0.46 names an element of a
    /// port array of an array element wrongly in Verilog).
    #[init(PacketXbar::with_routes(xy_routes(0)))]
    r0: PacketXbar<3, D, K, M>,
    #[init(PacketXbar::with_routes(xy_routes(1)))]
    r1: PacketXbar<3, D, K, M>,
    #[init(PacketXbar::with_routes(xy_routes(2)))]
    r2: PacketXbar<3, D, K, M>,
    #[init(PacketXbar::with_routes(xy_routes(3)))]
    r3: PacketXbar<3, D, K, M>,
    /// The X and Y links out of each node's router.
    #[init(std::array::from_fn(|_| Default::default()))]
    xl: [PacketSlice<D, K, M>; MESH_NODES],
    #[init(std::array::from_fn(|_| Default::default()))]
    yl: [PacketSlice<D, K, M>; MESH_NODES],
}

impl<const D: usize, const K: usize, const M: usize> Logic for PacketMesh2x2<D, K, M> {
    #[hdl_gen]
    fn update(&mut self) {
        clock!(self, clock, r0, r1, r2, r3);
        self.r0.reset.next = self.reset.val();
        self.r1.reset.next = self.reset.val();
        self.r2.reset.next = self.reset.val();
        self.r3.reset.next = self.reset.val();
        for n in 0..MESH_NODES {
            self.xl[n].clock.next = self.clock.val();
            self.xl[n].reset.next = self.reset.val();
            self.yl[n].clock.next = self.clock.val();
            self.yl[n].reset.next = self.reset.val();
        }
        // node 0
        PacketSink::<D, K, M>::link(&mut self.inp[0], &mut self.r0.inp[0]);
        PacketSource::<D, K, M>::link(&mut self.out[0], &mut self.r0.out[0]);
        PacketSource::<D, K, M>::join(&mut self.r0.out[1], &mut self.xl[0].inp);
        PacketSource::<D, K, M>::join(&mut self.r0.out[2], &mut self.yl[0].inp);
        PacketSource::<D, K, M>::join(&mut self.xl[1].out, &mut self.r0.inp[1]);
        PacketSource::<D, K, M>::join(&mut self.yl[2].out, &mut self.r0.inp[2]);
        // node 1
        PacketSink::<D, K, M>::link(&mut self.inp[1], &mut self.r1.inp[0]);
        PacketSource::<D, K, M>::link(&mut self.out[1], &mut self.r1.out[0]);
        PacketSource::<D, K, M>::join(&mut self.r1.out[1], &mut self.xl[1].inp);
        PacketSource::<D, K, M>::join(&mut self.r1.out[2], &mut self.yl[1].inp);
        PacketSource::<D, K, M>::join(&mut self.xl[0].out, &mut self.r1.inp[1]);
        PacketSource::<D, K, M>::join(&mut self.yl[3].out, &mut self.r1.inp[2]);
        // node 2
        PacketSink::<D, K, M>::link(&mut self.inp[2], &mut self.r2.inp[0]);
        PacketSource::<D, K, M>::link(&mut self.out[2], &mut self.r2.out[0]);
        PacketSource::<D, K, M>::join(&mut self.r2.out[1], &mut self.xl[2].inp);
        PacketSource::<D, K, M>::join(&mut self.r2.out[2], &mut self.yl[2].inp);
        PacketSource::<D, K, M>::join(&mut self.xl[3].out, &mut self.r2.inp[1]);
        PacketSource::<D, K, M>::join(&mut self.yl[0].out, &mut self.r2.inp[2]);
        // node 3
        PacketSink::<D, K, M>::link(&mut self.inp[3], &mut self.r3.inp[0]);
        PacketSource::<D, K, M>::link(&mut self.out[3], &mut self.r3.out[0]);
        PacketSource::<D, K, M>::join(&mut self.r3.out[1], &mut self.xl[3].inp);
        PacketSource::<D, K, M>::join(&mut self.r3.out[2], &mut self.yl[3].inp);
        PacketSource::<D, K, M>::join(&mut self.xl[2].out, &mut self.r3.inp[1]);
        PacketSource::<D, K, M>::join(&mut self.yl[1].out, &mut self.r3.inp[2]);
    }
}
