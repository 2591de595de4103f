//! The packet crossbar (`common::packet_xbar`) with 4 ports and the 2x2 mesh of XY routers
//! (`common::packet_mesh`), under one test: every input sends random packets (1-12 beats, random
//! gaps, payload held while stalled) to random outputs, some to an output that does not exist;
//! outputs stall at random. Checked: the packet rules on every output (`PacketMonitor`), every
//! packet arrives whole at the output its meta names, in order per (input, output), none lost
//! or duplicated; packets to no output are taken and dropped; every input finishes (no
//! starvation, and in the mesh no deadlock with all four nodes sending across both dimensions).

use nicgen_hdl::common::packet::{PacketSink, PacketSource};
use nicgen_hdl::common::packet_mesh::{xy_routes, PacketMesh2x2, PORT_LOCAL, PORT_X, PORT_Y};
use nicgen_hdl::common::packet_xbar::PacketXbar;
use nicgen_sim::harness::bench::Bench;
use nicgen_sim::harness::monitor::{Beat, PacketMonitor};
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use rust_hdl::prelude::*;
use std::collections::VecDeque;

const N: usize = 4;

/// A network of four packet ports, as the test drives it.
trait Net4: Block {
    fn clock(&mut self) -> &mut Signal<In, Clock>;
    fn reset(&mut self) -> &mut Signal<In, Bit>;
    fn inp(&mut self) -> &mut [PacketSink<64, 8, 8>; N];
    fn out(&mut self) -> &mut [PacketSource<64, 8, 8>; N];
}

macro_rules! net4 {
    ($t:ty) => {
        impl Net4 for $t {
            fn clock(&mut self) -> &mut Signal<In, Clock> {
                &mut self.clock
            }
            fn reset(&mut self) -> &mut Signal<In, Bit> {
                &mut self.reset
            }
            fn inp(&mut self) -> &mut [PacketSink<64, 8, 8>; N] {
                &mut self.inp
            }
            fn out(&mut self) -> &mut [PacketSource<64, 8, 8>; N] {
                &mut self.out
            }
        }
    };
}
net4!(PacketXbar<N, 64, 8, 8>);
net4!(PacketMesh2x2<64, 8, 8>);

#[test]
fn packet_xbar_delivers_whole_packets_in_order_and_drops_bad_destinations() {
    check("packet_xbar", 0xB4, |rng| {
        run(PacketXbar::<N, 64, 8, 8>::default(), rng)
    });
}

#[test]
fn packet_mesh_delivers_whole_packets_in_order_and_drops_bad_destinations() {
    check("packet_mesh", 0xB5, |rng| {
        run(PacketMesh2x2::<64, 8, 8>::default(), rng)
    });
}

#[test]
fn xy_routes_go_x_first_then_y() {
    // node 0 (0,0): to 1 (1,0) and 3 (1,1) along X first, to 2 (0,1) along Y
    assert_eq!(
        xy_routes(0)[..5],
        [
            Some(PORT_LOCAL),
            Some(PORT_X),
            Some(PORT_Y),
            Some(PORT_X),
            None
        ]
    );
    assert_eq!(
        xy_routes(3)[..4],
        [Some(PORT_X), Some(PORT_Y), Some(PORT_X), Some(PORT_LOCAL)]
    );
    assert!(xy_routes(2)[4..].iter().all(|r| r.is_none()));
}

fn run<U: Net4>(uut: U, rng: &mut Rng) {
    {
        let mut b = Bench::new(uut, |u: &mut U, c| u.clock().next = Clock { clk: c });
        b.uut.reset().next = true;
        b.tick();
        b.uut.reset().next = false;
        // per input: packets to send (dest, beats); per (input, output) the packets expected
        let per_input = 80;
        let mut todo: Vec<VecDeque<(u64, Vec<u64>)>> = vec![VecDeque::new(); N];
        let mut want: Vec<Vec<VecDeque<Vec<u64>>>> = vec![vec![VecDeque::new(); N]; N];
        let mut dropped_want = 0;
        for (i, t) in todo.iter_mut().enumerate() {
            for p in 0..per_input {
                let dest = if rng.chance(0.05) {
                    N as u64 + rng.below(4)
                } else {
                    rng.below(N as u64)
                };
                let len = 1 + rng.below(12);
                let beats: Vec<u64> = (0..len)
                    .map(|k| ((i as u64) << 48) | ((p as u64) << 16) | k)
                    .collect();
                if dest < N as u64 {
                    want[i][dest as usize].push_back(beats.clone());
                } else {
                    dropped_want += 1;
                }
                t.push_back((dest, beats));
            }
        }
        let mut at = [0usize; N];
        let mut offer = [false; N];
        let mut mon: Vec<PacketMonitor> = (0..N).map(|_| PacketMonitor::new(8)).collect();
        let mut cur: Vec<Vec<u64>> = vec![vec![]; N];
        let mut got = 0;
        let mut sent_bad = 0;
        for cycle in 0..200_000u64 {
            for i in 0..N {
                let u = &mut b.uut;
                if let Some((dest, beats)) = todo[i].front() {
                    if !offer[i] {
                        offer[i] = rng.chance(0.6);
                    }
                    u.inp()[i].data.next = beats[at[i]].into();
                    u.inp()[i].keep.next = 0xFFu64.into();
                    u.inp()[i].meta.next = (*dest).into();
                    u.inp()[i].first.next = at[i] == 0;
                    u.inp()[i].last.next = at[i] + 1 == beats.len();
                } else {
                    offer[i] = false;
                }
                u.inp()[i].valid.next = offer[i];
                u.out()[i].ready.next = rng.chance(0.7);
            }
            b.settle();
            for o in 0..N {
                let u = &mut b.uut;
                let beat = Beat {
                    valid: u.out()[o].valid.val(),
                    ready: u.out()[o].ready.val(),
                    data: u.out()[o].data.val().to_u64() as u128,
                    keep: u.out()[o].keep.val().to_u64() as u128,
                    meta: u.out()[o].meta.val().to_u64() as u128,
                    first: u.out()[o].first.val(),
                    last: u.out()[o].last.val(),
                };
                mon[o]
                    .edge(beat)
                    .unwrap_or_else(|e| panic!("cycle {cycle} output {o}: {e}"));
                if beat.valid && beat.ready {
                    assert_eq!(
                        beat.meta, o as u128,
                        "output {o} carries a packet for {}",
                        beat.meta
                    );
                    cur[o].push(beat.data as u64);
                    if beat.last {
                        let src = (cur[o][0] >> 48) as usize;
                        let exp = want[src][o]
                            .pop_front()
                            .unwrap_or_else(|| panic!("output {o}: unexpected packet from {src}"));
                        assert_eq!(cur[o], exp, "output {o}: packet from input {src}");
                        cur[o].clear();
                        got += 1;
                    }
                }
            }
            let took: Vec<bool> = (0..N)
                .map(|i| offer[i] && b.uut.inp()[i].ready.val())
                .collect();
            b.tick();
            for i in 0..N {
                if took[i] {
                    offer[i] = false;
                    at[i] += 1;
                    let (dest, beats) = todo[i].front().unwrap();
                    if at[i] == beats.len() {
                        if *dest >= N as u64 {
                            sent_bad += 1;
                        }
                        todo[i].pop_front();
                        at[i] = 0;
                    }
                }
            }
            if todo.iter().all(|t| t.is_empty()) && cur.iter().all(|c| c.is_empty()) {
                break;
            }
        }
        assert!(
            todo.iter().all(|t| t.is_empty()),
            "inputs left with packets: starvation or a wedge"
        );
        eprintln!("  {got} packets delivered, {dropped_want} dropped");
        assert_eq!(got + dropped_want, N * per_input);
        assert_eq!(sent_bad, dropped_want);
        assert!(
            want.iter().flatten().all(|q| q.is_empty()),
            "packets not delivered"
        );
    }
}
