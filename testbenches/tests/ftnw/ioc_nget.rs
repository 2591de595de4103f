//! NGET through the IOC (`ftnw::ioc::nget`): the root-complex model's CPU writes DMA requests
//! (`nicgen_wire::ftnw::ioc::DmaRequest`, one 8- or 16-byte write of the DMA Request register);
//! the IOC reads the packets from the model's host memory on RQ, takes the completions on RC
//! (split at the read completion boundary, grown up to the max payload, reordered across tags,
//! at random latencies) and hands every packet to its link whole and once, with every byte, then
//! writes each request's notification, in request order, after its data. The model checks every
//! request on RQ (max read request, 4 KB, tags, bus mastering). Rounds draw the host's
//! configuration (max read request 128 B to 4 KB, read completion boundary 64 or 128 B, max
//! payload 128 to 512 B) and requests of every length, link, VC, RAO and buffer slot, some into
//! the same re-order-buffer slots (they wait for the slots: H143). Then the bad input: bad
//! requests, split request writes and a full request FIFO, each dropped and flagged; and
//! completions that fail (UR, CA, poisoned, lost, with a stray tag, one Dword too long): the
//! read's partial packets are dropped, its notification carries POLLMAGIC_ERR, DMA_EXC says
//! why, and the next request into the same slots is delivered. On the native model and on the
//! emitted Verilog (Verilator). The requirements each test verifies are above it.

use nicgen_sim::ftnw::ioc_host::{meta, Dma, Exc};
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::pcie::{CplFault, PcieConfig};
use nicgen_wire::ftnw::ioc::{
    DmaRequest, DMA_CTRL, DMA_EXC, DMA_REQS, DMA_REQ_HI, DMA_REQ_LO, IOC_REGS_BASE,
};
use nicgen_wire::ftnw::rxbuff::{POLLMAGIC, POLLMAGIC_ERR};
use nicgen_wire::ftnw::txwin::{tx_offset, LINKS};
use std::collections::{HashMap, VecDeque};

/// A random host configuration.
fn random_config(rng: &mut Rng) -> PcieConfig {
    PcieConfig {
        max_read_request: 128 << rng.below(6),
        max_payload: 128 << rng.below(3),
        rcb: [64, 128][rng.below(2) as usize],
        latency: 20 + rng.below(200),
        jitter: rng.below(80),
        ..PcieConfig::default()
    }
}

/// Up to 8 requests of random length, link, VC, RAO, notify index and buffer slot.
fn random_requests(rng: &mut Rng) -> Vec<DmaRequest> {
    let n = 1 + rng.below(DMA_REQS as u64) as usize;
    (0..n)
        .map(|i| {
            let packets = 1 + rng.below(32) as u32;
            DmaRequest {
                dwords: 32 * packets,
                link: rng.below(LINKS as u64) as u32,
                vc: rng.below(8) as u32,
                rao: rng.below((2049 - packets) as u64) as u32,
                notidx: i as u32,
                bufoff: rng.below(8) as u32,
            }
        })
        .collect()
}

fn rounds(rng: &mut Rng, backend: Backend, tnw_period: u64, n: usize) {
    let mut x = Dma::new(rng, backend, tnw_period);
    for r in 0..n {
        let cfg = random_config(rng);
        x.d.set_config(cfg);
        x.d.p_ready = [0.9, 0.3][rng.below(2) as usize];
        x.clear_rq_log();
        let reqs = random_requests(rng);
        // per link and packet identity: the payloads in request order (two requests into one
        // slot are served one after the other)
        let mut want: HashMap<(usize, u16), VecDeque<Vec<u32>>> = HashMap::new();
        let mut total = 0;
        for q in &reqs {
            for (m, w) in x.packets(q) {
                want.entry((q.link as usize, m)).or_default().push_back(w);
                total += 1;
            }
            x.request(rng, q);
        }
        let what = format!("round {r} ({cfg:?}, {reqs:?})");
        x.await_notifications(rng, reqs.len(), &what);
        let expect: Vec<(u32, u32)> = reqs.iter().map(|q| (q.notidx, POLLMAGIC)).collect();
        assert_eq!(
            x.notifications(),
            expect,
            "{what}: notifications in request order"
        );
        // the notification follows the data into the re-order buffers: the packets may still
        // be on their way out
        x.d.deliver(rng, total, &what);
        let got: usize = x.d.got.iter().map(|g| g.len()).sum();
        assert_eq!(got, total, "{what}: packets delivered");
        for l in 0..LINKS {
            for (m, words) in x.d.got[l].drain(..) {
                let q = want.get_mut(&(l, m)).and_then(|q| q.pop_front());
                assert_eq!(
                    Some(words),
                    q,
                    "{what}: link {l}, packet rao {} vc {}",
                    m >> 3,
                    m & 7
                );
            }
        }
        assert_eq!(x.d.seen, Exc::default(), "{what}: no exception");
        assert_eq!(x.d.rc.outstanding_reads(), 0, "{what}: reads left");
    }
}

// verifies: FTNW-H066 FTNW-H067 FTNW-H068 FTNW-H069 FTNW-H070 FTNW-H071 FTNW-H072 FTNW-H095
// verifies: FTNW-H097 FTNW-H099 FTNW-H100 FTNW-H101 FTNW-H140 FTNW-H141 FTNW-H143 FTNW-H144
// verifies: FTNW-H074 FTNW-H161 FTNW-H162
// verifies: FTNW-H041 FTNW-H050 FTNW-H061
#[test]
fn nget_reads_every_request_into_its_link_whole_and_notifies_in_order() {
    check("ioc_nget", 0x1B0, |rng| {
        rounds(rng, Backend::Native, 4000, 5);
        rounds(rng, Backend::Native, 6_002, 3); // TNW slower
        rounds(rng, Backend::Native, 2_602, 3); // TNW faster
    });
}

// verifies: FTNW-H066 FTNW-H067 FTNW-H068 FTNW-H069 FTNW-H070 FTNW-H071 FTNW-H072 FTNW-H095
// verifies: FTNW-H097 FTNW-H099 FTNW-H100 FTNW-H101 FTNW-H140 FTNW-H141 FTNW-H143 FTNW-H144
// verifies: FTNW-H074 FTNW-H161 FTNW-H162
// verifies: FTNW-H041 FTNW-H050 FTNW-H061
#[test]
fn nget_reads_every_request_into_its_link_whole_and_notifies_in_order_verilator() {
    if !verilator::require(
        "nget_reads_every_request_into_its_link_whole_and_notifies_in_order_verilator",
    ) {
        return;
    }
    check("ioc_nget_verilator", 0x1B1, |rng| {
        rounds(rng, Backend::Verilator, 4000, 16);
        rounds(rng, Backend::Verilator, 10_002, 8);
        rounds(rng, Backend::Verilator, 1_602, 8);
    });
}

fn bad_requests(rng: &mut Rng, backend: Backend) {
    let mut x = Dma::new(rng, backend, 4000);
    let good = DmaRequest {
        dwords: 64,
        link: 2,
        vc: 3,
        rao: 100,
        notidx: 0,
        bufoff: 1,
    };
    let lo = IOC_REGS_BASE + DMA_REQ_LO.offset;
    let hi = IOC_REGS_BASE + DMA_REQ_HI.offset;
    // each bad request: dropped, REQ_BAD, nothing read
    let bad = [
        DmaRequest { dwords: 0, ..good },
        DmaRequest { dwords: 48, ..good },
        DmaRequest {
            dwords: 1056,
            ..good
        },
        DmaRequest { link: 6, ..good },
        DmaRequest { link: 7, ..good },
        DmaRequest { rao: 2047, ..good },
    ];
    for q in bad {
        assert!(!q.valid());
        x.request(rng, &q);
        x.d.drain(rng, 300);
        assert_eq!(x.dma_exc(rng), DMA_EXC::REQ_BAD.mask(), "{q:?}");
        x.d.reg_write(IOC_REGS_BASE + DMA_EXC.offset, &u32::MAX.to_le_bytes());
    }
    // a request written as two 4-byte writes, or half of it: dropped, REQ_SPLIT
    let v = good.pack();
    let halves: [&[(u32, u32)]; 3] = [
        &[(lo, v as u32), (hi, (v >> 32) as u32)],
        &[(lo, v as u32)],
        &[(hi, (v >> 32) as u32)],
    ];
    for writes in halves {
        for &(at, w) in writes {
            x.d.reg_write(at, &w.to_le_bytes());
        }
        x.d.drain(rng, 300);
        assert_eq!(x.dma_exc(rng), DMA_EXC::REQ_SPLIT.mask(), "{writes:x?}");
        x.d.reg_write(IOC_REGS_BASE + DMA_EXC.offset, &u32::MAX.to_le_bytes());
    }
    assert_eq!(x.d.rc.rq_reads, 0, "a dropped request read host memory");
    assert!(x.notifications().is_empty());
    assert!(x.d.got.iter().all(|g| g.is_empty()));
    // bus mastering off: nothing leaves; two requests are taken for issue (one read waits for
    // RQ, the next request behind it) and 8 wait in the FIFO, the eleventh overruns it
    x.d.set_bus_master(false);
    let reqs: Vec<DmaRequest> = (0..11)
        .map(|i| DmaRequest {
            rao: 2 * i,
            notidx: i % 8,
            ..good
        })
        .collect();
    for q in &reqs {
        x.request(rng, q);
    }
    x.d.drain(rng, 500);
    assert_eq!(x.d.rc.rq_reads, 0, "a read while bus mastering is off");
    assert_eq!(x.dma_exc(rng), DMA_EXC::REQ_OVERRUN.mask());
    x.d.set_bus_master(true);
    x.await_notifications(rng, 10, "after bus mastering");
    let expect: Vec<(u32, u32)> = reqs[..10].iter().map(|q| (q.notidx, POLLMAGIC)).collect();
    assert_eq!(x.notifications(), expect);
    let mut want = vec![];
    for q in &reqs[..10] {
        want.extend(x.packets(q));
    }
    let mut got: Vec<(u16, Vec<u32>)> = x.d.got[2].drain(..).collect();
    got.sort();
    want.sort();
    assert_eq!(got, want, "the ten requests' packets");
}

// verifies: FTNW-H096 FTNW-H098 FTNW-H142 FTNW-H162 FTNW-H166
#[test]
fn nget_bad_requests_are_dropped_and_flagged() {
    check("ioc_nget_bad", 0x1B2, |rng| {
        bad_requests(rng, Backend::Native)
    });
}

// verifies: FTNW-H096 FTNW-H098 FTNW-H142 FTNW-H162 FTNW-H166
#[test]
fn nget_bad_requests_are_dropped_and_flagged_verilator() {
    if !verilator::require("nget_bad_requests_are_dropped_and_flagged_verilator") {
        return;
    }
    check("ioc_nget_bad_verilator", 0x1B3, |rng| {
        bad_requests(rng, Backend::Verilator)
    });
}

fn failed_completions(rng: &mut Rng, backend: Backend) {
    let mut x = Dma::new(rng, backend, 4000);
    // one read per request (1 KB each), a short timeout: 2 to 3 ticks of 512 cycles
    x.d.set_config(PcieConfig {
        max_read_request: 1024,
        ..PcieConfig::default()
    });
    x.d.reg_write(IOC_REGS_BASE + DMA_CTRL.offset, &9u32.to_le_bytes());
    let faults = [
        (CplFault::Ur, DMA_EXC::CPL_ERROR),
        (CplFault::Ca, DMA_EXC::CPL_ERROR),
        (CplFault::Poisoned, DMA_EXC::CPL_ERROR),
        (CplFault::Drop, DMA_EXC::CPL_TIMEOUT),
        (CplFault::WrongTag, DMA_EXC::CPL_TAG),
        (CplFault::ExtraDword, DMA_EXC::CPL_ERROR),
    ];
    for (k, (f, bit)) in faults.into_iter().enumerate() {
        x.clear_rq_log();
        x.d.rc.fault_next_read(f);
        // the failing request, then one into the same slots of the same link, and one on another
        let bad = DmaRequest {
            dwords: 256,
            link: 1,
            vc: 1,
            rao: 64 * k as u32,
            notidx: 0,
            bufoff: 0,
        };
        let next = DmaRequest {
            vc: 2,
            notidx: 1,
            bufoff: 1,
            ..bad
        };
        let other = DmaRequest {
            link: 4,
            notidx: 2,
            bufoff: 2,
            ..bad
        };
        for q in [&bad, &next, &other] {
            x.request(rng, q);
        }
        let what = format!("{f:?}");
        x.await_notifications(rng, 3, &what);
        x.d.drain(rng, 3000);
        assert_eq!(
            x.notifications(),
            vec![(0, POLLMAGIC_ERR), (1, POLLMAGIC), (2, POLLMAGIC)],
            "{what}: notifications"
        );
        let exc = x.dma_exc(rng);
        assert_ne!(
            exc & bit.mask(),
            0,
            "{what}: DMA_EXC {exc:#x} has {}",
            bit.name
        );
        let allowed = bit.mask()
            | DMA_EXC::CPL_TAG.mask()
            | DMA_EXC::CPL_ERROR.mask()
            | DMA_EXC::CPL_TIMEOUT.mask();
        assert_eq!(exc & !allowed, 0, "{what}: DMA_EXC {exc:#x}");
        x.d.reg_write(IOC_REGS_BASE + DMA_EXC.offset, &u32::MAX.to_le_bytes());
        // the failed request's packets that arrived are whole and right; the others all arrive
        let bad_pk: HashMap<u16, Vec<u32>> = x.packets(&bad).into_iter().collect();
        let mut next_pk = x.packets(&next);
        let mut got1: Vec<(u16, Vec<u32>)> = x.d.got[1].drain(..).collect();
        got1.retain(|(m, w)| {
            if m & 7 == 1 {
                assert_eq!(
                    Some(w),
                    bad_pk.get(m),
                    "{what}: a packet of the failed read"
                );
                false
            } else {
                true
            }
        });
        got1.sort();
        next_pk.sort();
        assert_eq!(got1, next_pk, "{what}: the request after the failure");
        let mut got4: Vec<(u16, Vec<u32>)> = x.d.got[4].drain(..).collect();
        let mut other_pk = x.packets(&other);
        got4.sort();
        other_pk.sort();
        assert_eq!(got4, other_pk, "{what}: the request on another link");
        assert_eq!(
            x.d.seen.overrun + x.d.seen.header,
            0,
            "{what}: a re-order buffer refused"
        );
    }
}

/// Eight reads (one per request, five links) answered with Unsupported Request, the completions
/// bunched on RC (jitter, gaps) while the TX window streams 48 packets into link 5, so failures
/// come back to back while the re-order buffers' write port is busy: every request notifies
/// POLLMAGIC_ERR once, every PPUT packet arrives whole, and the same slots then serve a request
/// again (no failure lost, no reservation left behind).
fn back_to_back_failures(rng: &mut Rng, backend: Backend, rounds: usize) {
    let mut x = Dma::new(rng, backend, 4000);
    for r in 0..rounds {
        x.d.set_config(PcieConfig {
            max_read_request: 1024,
            jitter: 60,
            ..PcieConfig::default()
        });
        x.d.rc_src.p_gap = 0.6;
        x.d.src.p_gap = 0.0;
        x.clear_rq_log();
        let reqs: Vec<DmaRequest> = (0..DMA_REQS as u32)
            .map(|k| DmaRequest {
                dwords: 256,
                link: k % 5,
                vc: 3,
                rao: 8 * k,
                notidx: k,
                bufoff: k,
            })
            .collect();
        for q in &reqs {
            x.d.rc.fault_next_read(CplFault::Ur);
            x.request(rng, q);
        }
        let mut want5 = vec![];
        for p in 0..48u16 {
            let words: Vec<u32> = (0..32).map(|_| rng.next_u64() as u32).collect();
            let bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
            x.d.write(tx_offset(5, 6, 100 + p), &bytes);
            want5.push((meta(6, 100 + p), words));
        }
        let what = format!("round {r}: back-to-back failures");
        x.await_notifications(rng, reqs.len(), &what);
        let expect: Vec<(u32, u32)> = (0..reqs.len() as u32).map(|k| (k, POLLMAGIC_ERR)).collect();
        assert_eq!(x.notifications(), expect, "{what}: notifications");
        x.d.deliver(rng, want5.len(), &what);
        let got5: Vec<(u16, Vec<u32>)> = x.d.got[5].drain(..).collect();
        assert_eq!(got5, want5, "{what}: the TX window's packets");
        assert!(
            x.d.got.iter().all(|g| g.is_empty()),
            "{what}: a failed read's packet"
        );
        x.d.reg_write(IOC_REGS_BASE + DMA_EXC.offset, &u32::MAX.to_le_bytes());
        // the same slots again, answered
        x.d.rc_src.p_gap = 0.1;
        x.clear_rq_log();
        let mut total = 0;
        for q in &reqs {
            total += x.packets(q).len();
            x.request(rng, q);
        }
        x.await_notifications(rng, reqs.len(), &format!("{what}, then the same slots"));
        let expect: Vec<(u32, u32)> = (0..reqs.len() as u32).map(|k| (k, POLLMAGIC)).collect();
        assert_eq!(x.notifications(), expect, "{what}: the same slots again");
        x.d.deliver(rng, total, &what);
        for g in x.d.got.iter_mut() {
            g.clear();
        }
        assert_eq!(x.d.seen.overrun + x.d.seen.header, 0, "{what}: a refusal");
    }
}

// verifies: FTNW-H073 FTNW-H166
#[test]
fn nget_failed_completions_drop_their_packets_and_notify_an_error() {
    check("ioc_nget_faults", 0x1B4, |rng| {
        failed_completions(rng, Backend::Native);
        back_to_back_failures(rng, Backend::Native, 3);
    });
}

// verifies: FTNW-H073 FTNW-H166
#[test]
fn nget_failed_completions_drop_their_packets_and_notify_an_error_verilator() {
    if !verilator::require(
        "nget_failed_completions_drop_their_packets_and_notify_an_error_verilator",
    ) {
        return;
    }
    check("ioc_nget_faults_verilator", 0x1B5, |rng| {
        failed_completions(rng, Backend::Verilator);
        back_to_back_failures(rng, Backend::Verilator, 10);
    });
}
