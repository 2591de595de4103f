//! POC (`ftnw::ioc::poc`): the node's receive writes (`host_*`, the node's host port in the TNW
//! clock domain: 128-byte packets and 4-byte notifications) go out on RQ as memory writes, in
//! their order, each answered, while NGET's reads and notifications and TFCNT's counter writes
//! share RQ; nothing while bus mastering is off. The root-complex model checks every request
//! (framing, length, byte enables, max payload, 4 KB, bus mastering) and writes host memory; the
//! test checks the order of the writes on RQ and every byte. Writes POC cannot carry are
//! answered with `err`, flagged and never sent. With the TNW clock slower and faster than the
//! IOC's, native and Verilator.

use nicgen_driver::HostMem;
use nicgen_sim::ftnw::ioc_host::Dma;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::ftnw::ioc::DmaRequest;
use std::collections::HashMap;

/// Receive writes into a 64 KB buffer: packets at 128-byte offsets, notifications at 4-byte
/// ones in its last 4 KB.
fn random_writes(rng: &mut Rng, base: u64, n: usize) -> Vec<(u64, Vec<u32>)> {
    (0..n)
        .map(|_| {
            if rng.chance(0.8) {
                let at = base + 128 * rng.below(480);
                (at, (0..32).map(|_| rng.next_u64() as u32).collect())
            } else {
                let at = base + 0xf000 + 4 * rng.below(1024);
                (at, vec![rng.next_u64() as u32])
            }
        })
        .collect()
}

fn rounds(rng: &mut Rng, backend: Backend, tnw_period: u64, n: usize) {
    let mut x = Dma::new(rng, backend, tnw_period);
    let rx = x.d.rc.mem.mem.alloc(0x10000, 4096).unwrap();
    let mut mem: HashMap<u64, u32> = HashMap::new();
    for r in 0..n {
        let k = 40 + rng.below(40) as usize;
        let writes = random_writes(rng, rx, k);
        for (a, w) in &writes {
            for (i, v) in w.iter().enumerate() {
                mem.insert(a + 4 * i as u64, *v);
            }
        }
        x.d.rq_writes.clear();
        x.clear_rq_log();
        x.d.host_rsp.clear();
        x.d.host_q.extend(writes.iter().cloned());
        // NGET beside them
        let q = DmaRequest {
            dwords: 256,
            link: r as u32 % 6,
            vc: 0,
            rao: 0,
            notidx: 0,
            bufoff: 1,
        };
        x.request(rng, &q);
        // bus mastering off for a while: the writes wait
        if rng.chance(0.5) {
            x.d.set_bus_master(false);
            for _ in 0..300 {
                x.d.event(rng);
            }
            x.d.set_bus_master(true);
        }
        let what = format!("round {r}");
        x.await_notifications(rng, 1, &what);
        x.d.deliver(rng, 8, &what);
        x.d.got.iter_mut().for_each(|g| g.clear());
        let start = x.d.cycles;
        while x.d.host_rsp.len() < writes.len() {
            x.d.event(rng);
            assert!(x.d.cycles - start < 100_000, "{what}: answers missing");
        }
        x.d.drain(rng, 200);
        assert_eq!(x.d.host_rsp, vec![false; writes.len()], "{what}: answers");
        let sent: Vec<(u64, usize)> =
            x.d.rq_writes
                .iter()
                .filter(|(a, _)| (rx..rx + 0x10000).contains(a))
                .copied()
                .collect();
        let issued: Vec<(u64, usize)> = writes.iter().map(|(a, w)| (*a, w.len())).collect();
        assert_eq!(sent, issued, "{what}: the writes on RQ, in order");
        let mut b = vec![0u8; 0x10000];
        x.d.rc.mem.mem.read(rx, &mut b).unwrap();
        for (&a, &v) in &mem {
            let o = (a - rx) as usize;
            let got = u32::from_le_bytes(b[o..o + 4].try_into().unwrap());
            assert_eq!(got, v, "{what}: host memory at {a:#x}");
        }
        assert_eq!(x.d.host_exc, 0, "{what}: no write refused");
    }
}

// verifies: FTNW-H075 FTNW-H076 FTNW-H077 FTNW-H081 FTNW-H160 FTNW-H162
#[test]
fn poc_sends_receive_writes_in_order_beside_nget() {
    check("ioc_poc", 0x1C0, |rng| {
        rounds(rng, Backend::Native, 4000, 4);
        rounds(rng, Backend::Native, 6_002, 3); // TNW slower
        rounds(rng, Backend::Native, 2_602, 3); // TNW faster
    });
}

// verifies: FTNW-H075 FTNW-H076 FTNW-H077 FTNW-H081 FTNW-H160 FTNW-H162
#[test]
fn poc_sends_receive_writes_in_order_beside_nget_verilator() {
    if !verilator::require("poc_sends_receive_writes_in_order_beside_nget_verilator") {
        return;
    }
    check("ioc_poc_verilator", 0x1C1, |rng| {
        rounds(rng, Backend::Verilator, 4000, 10);
        rounds(rng, Backend::Verilator, 10_002, 6);
        rounds(rng, Backend::Verilator, 1_602, 6);
    });
}

fn bad_writes(rng: &mut Rng, backend: Backend) {
    let mut x = Dma::new(rng, backend, 4000);
    let rx = x.d.rc.mem.mem.alloc(0x10000, 4096).unwrap();
    let good = |at: u64| (at, vec![0x1234_5678u32; 32]);
    let writes = vec![
        good(rx),
        (rx + 128, vec![7; 33]),         // more than 32 Dwords
        (rx + 0x1000 - 64, vec![7; 32]), // across 4 KB
        (1u64 << 48, vec![7; 1]),        // above 2^48
        good(rx + 256),
    ];
    x.d.host_q.extend(writes);
    x.d.drain(rng, 500);
    assert_eq!(
        x.d.host_rsp,
        vec![false, true, true, true, false],
        "answers"
    );
    assert_eq!(x.d.host_exc, 3, "exc_host_write");
    assert_eq!(
        x.d.rq_writes,
        vec![(rx, 32), (rx + 256, 32)],
        "only the good writes sent"
    );
}

// verifies: FTNW-H160
#[test]
fn poc_refuses_writes_it_cannot_carry() {
    check("ioc_poc_bad", 0x1C2, |rng| bad_writes(rng, Backend::Native));
}

// verifies: FTNW-H160
#[test]
fn poc_refuses_writes_it_cannot_carry_verilator() {
    if !verilator::require("poc_refuses_writes_it_cannot_carry_verilator") {
        return;
    }
    check("ioc_poc_bad_verilator", 0x1C3, |rng| {
        bad_writes(rng, Backend::Verilator)
    });
}
