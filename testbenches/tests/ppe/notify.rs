//! The notification writer (`ppe_notify`, §4) against the contract of PPE-R054-R064: postings
//! on six lists in random order, with RCV_RAM answering at random, NBQR running dry for
//! stretches (the writer waits, AMB-20), NQR refusing at random and host memory stalling and
//! answering late. Afterwards every list is walked from its first object through the `next`
//! pointers: each object holds exactly its posting's words (word 3 written 0 in the burst,
//! then the next object's address), in posting order, and the entry's head word is the last
//! empty object; the token words are never written, no other RCV_RAM word either; the tokens
//! come in posting order for exactly the lists with enqueue set, each after its entry's head
//! was written; every `next` write is issued after its object's burst was answered (AMB-32)
//! and, checked as it lands, links its list's tail to that list's next object (PPE-R060);
//! host memory refuses any write outside the objects (strict).

use super::dut::{walk_list, Dut};
use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::system::hostmem::{DmaWrMemory, DmaWrPorts, MemServer};
use nicgen_wire::ppe::{heads, note};
use std::collections::VecDeque;

const LISTS: usize = 6;

fn run(backend: Backend, rng: &mut Rng, posts: usize) {
    let mut d = Dut::new("ppe_notify", backend);
    // the heads table somewhere in RCV_RAM, NLHR's low bits set to show they are ignored
    let table = 8 * (64 + rng.below(512)) as u32;
    let nlhr = table | rng.below(8) as u32;
    d.set("nlhr", nlhr as u64);
    let mut srv = MemServer::new(0x2000_0000);
    srv.latency = (2, 12);
    let obj = |srv: &mut MemServer| srv.mem.alloc(4 * note::WORDS, 32).unwrap() as u32;
    let mut ram = vec![0u32; 1 << 14];
    for (i, w) in ram.iter_mut().enumerate() {
        *w = (i as u32).wrapping_mul(0x9E37_79B9);
    }
    let entry = |n: usize| ((table as usize + heads::BYTES as usize * n) & 0xFFFF) / 4;
    let mut first = [0u32; LISTS];
    let mut ctl = [0u32; LISTS];
    for n in 0..LISTS {
        first[n] = obj(&mut srv);
        ctl[n] = ((1 + rng.below(0x7FFF_FFFE) as u32) << 1) | (n % 3 != 0) as u32;
        ram[entry(n) + heads::HEAD] = first[n];
        ram[entry(n) + heads::CONTROL] = ctl[n];
    }
    let ram0 = ram.clone();
    // the postings, and the empty objects software will hand out
    let mut todo: VecDeque<(usize, [u32; note::WORDS])> = (0..posts)
        .map(|_| {
            let mut w = [0u32; note::WORDS];
            for (j, x) in w.iter_mut().enumerate() {
                if j != note::NEXT {
                    *x = rng.next_u64() as u32;
                }
            }
            (rng.below(LISTS as u64) as usize, w)
        })
        .collect();
    let mut spare: VecDeque<u32> = (0..posts).map(|_| obj(&mut srv)).collect();
    let mut mem = DmaWrMemory::new(DmaWrPorts::bind(&d.ports, "dma_"), srv, rng.next_u64());
    mem.ready_rate = 0.7;
    d.mem = Some(mem);

    let mut posted: Vec<Vec<[u32; note::WORDS]>> = vec![vec![]; LISTS];
    let mut taken: Vec<Vec<u32>> = vec![vec![]; LISTS];
    let mut want_tokens: Vec<u32> = vec![];
    let mut tokens: Vec<u32> = vec![];
    let mut nbqr: VecDeque<u32> = VecDeque::new();
    let mut dry = 0u32;
    let mut rd: Option<u32> = None;
    let (mut req_cycles, mut rsp_cycles, mut beats) = (vec![], vec![], vec![]);
    // the posting under way: its list and empty object
    let mut cur: Option<(usize, Option<u32>)> = None;
    let mut cycle = 0u64;
    let mut idle = 0;
    // each list's last linked object, the `next` writes seen per list, the log entries read
    let mut tail = first;
    let mut nexts_seen = [0usize; LISTS];
    let mut linked = 0;
    while !(todo.is_empty() && idle > 50) {
        cycle += 1;
        assert!(
            cycle < 400 * posts as u64 + 10_000,
            "the writer does not finish"
        );
        // a posting offered while one is left, sometimes not at once
        let offer = !todo.is_empty() && rng.chance(0.6);
        if let Some(&(n, w)) = todo.front() {
            d.set("req_list", n as u64);
            for (j, name) in ["req_w0", "req_w1", "req_w2"].iter().enumerate() {
                d.set(name, w[j] as u64);
            }
            for (j, name) in ["req_m0", "req_m1", "req_m2", "req_m3"].iter().enumerate() {
                d.set(name, w[note::METADATA + j] as u64);
            }
        }
        d.set("req_valid", offer as u64);
        // RCV_RAM: a taken read's word in the next cycle, else noise
        d.set(
            "ram_rdata",
            rd.take().unwrap_or(rng.next_u64() as u32) as u64,
        );
        let ram_ready = rng.chance(0.7);
        d.set("ram_ready", ram_ready as u64);
        // NBQR: software refills it now and then; dry stretches
        if rng.chance(0.05) {
            for _ in 0..rng.below(4) {
                if let Some(p) = spare.pop_front() {
                    nbqr.push_back(p);
                }
            }
        }
        if dry == 0 && rng.chance(0.01) {
            dry = rng.below(200) as u32;
        }
        dry = dry.saturating_sub(1);
        let nb_valid = dry == 0 && !nbqr.is_empty();
        d.set("nb_valid", nb_valid as u64);
        d.set("nb_data", nbqr.front().copied().unwrap_or(0) as u64);
        let nq_ready = rng.chance(0.6);
        d.set("nq_ready", nq_ready as u64);

        // ---- the edge's handshakes ----
        if offer && d.get("req_ready") != 0 {
            assert!(
                cur.map_or(true, |c| c.1.is_some()),
                "a posting taken before the last one took its object"
            );
            let (n, w) = todo.pop_front().unwrap();
            posted[n].push(w);
            if ctl[n] & 1 != 0 {
                want_tokens.push(ctl[n] >> 1);
            }
            cur = Some((n, None));
        }
        if d.get("ram_valid") != 0 && ram_ready {
            let a = d.get("ram_addr") as usize;
            let (n, p) = cur.expect("an RCV_RAM access with no posting");
            if d.get("ram_we") != 0 {
                let v = d.get("ram_wdata") as u32;
                assert_eq!(
                    a,
                    entry(n) + heads::HEAD,
                    "a write outside the entry's head word"
                );
                assert_eq!(Some(v), p, "the head word is not the object taken");
                ram[a] = v;
            } else {
                assert!(
                    a == entry(n) + heads::HEAD || a == entry(n) + heads::CONTROL,
                    "a read outside list {n}'s entry: word {a:#x}"
                );
                rd = Some(ram[a]);
            }
        }
        if d.get("nb_take") != 0 {
            assert!(nb_valid, "NBQR taken while empty");
            let p = nbqr.pop_front().unwrap();
            let (n, q) = cur.as_mut().expect("NBQR taken with no posting");
            assert!(q.is_none(), "two objects taken for one posting");
            *q = Some(p);
            taken[*n].push(p);
        }
        if d.get("nq_valid") != 0 && nq_ready {
            let (n, p) = cur.expect("a token with no posting");
            assert_eq!(Some(ram[entry(n)]), p, "the token before the entry's head");
            tokens.push(d.get("nq_data") as u32);
        }
        if d.get("dma_wr_req_valid") != 0 && d.get("dma_wr_req_ready") != 0 {
            req_cycles.push(cycle);
            beats.push(d.get("dma_wr_req_beats"));
        }
        if d.get("dma_wr_rsp_valid") != 0 && d.get("dma_wr_rsp_ready") != 0 {
            rsp_cycles.push(cycle);
        }
        assert_eq!(d.get("err"), 0, "a host write answered with an error");
        d.cycle();
        idle = if d.get("busy") == 0 { idle + 1 } else { 0 };
        // PPE-R060 online: each `next` write, as it lands, links the tail object of its list
        // to the next object taken for that list, in posting order
        let log = &d.mem.as_ref().unwrap().log;
        while linked < log.len() {
            let w = &log[linked];
            linked += 1;
            if w.words.len() != 1 {
                continue;
            }
            let n = (0..LISTS)
                .find(|&n| w.addr == tail[n] as u64 + 4 * note::NEXT as u64)
                .unwrap_or_else(|| {
                    panic!(
                        "cycle {cycle}: a `next` write at {:#x}, the tail of no list",
                        w.addr
                    )
                });
            let k = nexts_seen[n];
            assert_eq!(
                Some(&w.words[0]),
                taken[n].get(k),
                "cycle {cycle}: list {n}'s object {k} linked out of order"
            );
            nexts_seen[n] += 1;
            tail[n] = w.words[0];
        }
    }

    // every list walked from its first object
    let mem = d.mem.as_mut().unwrap();
    for n in 0..LISTS {
        let nexts = walk_list(&mem.srv, n, first[n], &posted[n]);
        assert_eq!(nexts, taken[n], "list {n}: the objects taken");
        let at = nexts.last().copied().unwrap_or(first[n]);
        assert_eq!(
            ram[entry(n)],
            at,
            "list {n}: the head word is not the empty tail"
        );
        assert_eq!(
            ram[entry(n) + 1],
            ctl[n],
            "list {n}: the token word was written"
        );
    }
    for (i, (&a, &b)) in ram.iter().zip(&ram0).enumerate() {
        if a != b {
            assert!(
                (0..LISTS).any(|n| i == entry(n)),
                "RCV_RAM word {i:#x} written"
            );
        }
    }
    assert_eq!(tokens, want_tokens, "the NQR tokens");
    // each object: its 8-word burst, then `next` alone after the burst's answer
    assert_eq!(beats.len(), 2 * posts);
    for k in 0..posts {
        assert_eq!(
            (beats[2 * k], beats[2 * k + 1]),
            (8, 1),
            "posting {k}: the writes"
        );
        assert!(
            req_cycles[2 * k + 1] > rsp_cycles[2 * k],
            "posting {k}: next issued before the object was visible"
        );
    }
    let log = &mem.log;
    for k in 0..posts {
        assert_eq!(log[2 * k + 1].addr, log[2 * k].addr + 4 * note::NEXT as u64);
        assert_eq!(
            log[2 * k].words[note::NEXT],
            0,
            "posting {k}: next in the burst"
        );
    }
}

// verifies: PPE-R054, PPE-R055, PPE-R056, PPE-R057, PPE-R058, PPE-R059, PPE-R060, PPE-R061, PPE-R062, PPE-R064, PPE-R046, PPE-R030, PPE-R031, PPE-R034
#[test]
fn notification_writer_posts_every_object_in_order_next_last_verilator() {
    if !verilator::require("ppe_notify in Verilator") {
        return;
    }
    check("ppe_notify_verilator", 0x40F1, |rng| {
        run(Backend::Verilator, rng, 600)
    });
}

#[test]
fn notification_writer_posts_every_object_in_order_next_last_native() {
    check("ppe_notify_native", 0x40F2, |rng| {
        run(Backend::Native, rng, 80)
    });
}
