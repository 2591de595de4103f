use super::*;
use nicgen_driver::HostMem;

fn rc_of(b: &[Beat]) -> (RcDesc, Transfer) {
    let t = from_beats(Iface::Rc, b).unwrap();
    check_length(Iface::Rc, &t).unwrap();
    assert!(t.parity_ok);
    (RcDesc::unpack(&t.dwords).unwrap(), t)
}

fn read_req(addr: u64, bytes: usize, tag: u8) -> Vec<Beat> {
    let n = bytes / 4;
    let d = RqDesc {
        at: 0,
        addr,
        dwords: n as u16,
        req_type: ReqType::MemRead,
        poisoned: false,
        requester_id: 0x0100,
        tag,
        completer_id: 0,
        requester_id_enable: false,
        tc: 0,
        attr: 0,
        force_ecrc: false,
    };
    let side = Side {
        first_be: 0xf,
        last_be: if n == 1 { 0 } else { 0xf },
        ..Default::default()
    };
    to_beats(Iface::Rq, &d.pack().unwrap(), &[], side, &[])
}

fn write_req(addr: u64, words: &[u32], first_be: u8, last_be: u8) -> Vec<Beat> {
    let d = RqDesc {
        at: 0,
        addr,
        dwords: words.len() as u16,
        req_type: ReqType::MemWrite,
        poisoned: false,
        requester_id: 0x0100,
        tag: 0,
        completer_id: 0,
        requester_id_enable: false,
        tc: 0,
        attr: 0,
        force_ecrc: false,
    };
    let side = Side {
        first_be,
        last_be,
        ..Default::default()
    };
    to_beats(Iface::Rq, &d.pack().unwrap(), words, side, &[])
}

/// A root complex over 16 KB of host memory filled with a pattern; the buffer's address.
fn rc_with_memory(cfg: PcieConfig, seed: u64) -> (RootComplex, u64) {
    let mut m = MemServer::new(0x1_0000_0000);
    let a = m.mem.alloc(16384, 4096).unwrap();
    let pat: Vec<u8> = (0..16384u32).map(|i| (i * 7 + 3) as u8).collect();
    m.mem.write(a, &pat).unwrap();
    (RootComplex::new(cfg, m, seed), a)
}

/// Run until every completion has left; the RC transfers in order.
fn drain(rc: &mut RootComplex) -> Vec<Vec<Beat>> {
    let mut out = vec![];
    for _ in 0..100_000 {
        rc.tick();
        while let Some(b) = rc.take_rc() {
            out.push(b);
        }
        if rc.idle() {
            break;
        }
    }
    assert!(rc.idle());
    out
}

#[test]
fn reads_complete_in_pieces_at_the_rcb_within_max_payload() {
    for seed in 1..=20 {
        let cfg = PcieConfig::default();
        let (mut rc, a) = rc_with_memory(cfg, seed);
        let start = a + 0x1030;
        rc.rq(&read_req(start, 512, 5));
        let cpls = drain(&mut rc);
        assert!(rc.violations.is_empty(), "seed {seed}: {:?}", rc.violations);
        assert!(
            cpls.len() >= 2,
            "seed {seed}: 512 bytes need two max payloads"
        );
        let mut at = 0usize;
        for (k, b) in cpls.iter().enumerate() {
            let (d, t) = rc_of(b);
            let last = k + 1 == cpls.len();
            assert_eq!(d.tag, 5);
            assert_eq!(d.requester_id, 0x0100);
            assert_eq!(
                d.lower_addr as u64,
                (start + at as u64) & 0xfff,
                "seed {seed}"
            );
            assert_eq!(d.byte_count as usize, 512 - at);
            assert_eq!(d.request_completed, last);
            assert_eq!(d.status, status::SC);
            assert!(d.dwords as usize * 4 <= cfg.max_payload);
            let end = start + at as u64 + d.dwords as u64 * 4;
            assert!(
                last || end % cfg.rcb as u64 == 0,
                "seed {seed}: piece ends inside an RCB"
            );
            for (i, w) in t.dwords[3..].iter().enumerate() {
                let o = 0x1030 + at + i * 4;
                let want =
                    u32::from_le_bytes(std::array::from_fn(|j| ((o + j) as u32 * 7 + 3) as u8));
                assert_eq!(*w, want, "seed {seed}: Dword at offset {o:#x}");
            }
            at += d.dwords as usize * 4;
        }
        assert_eq!(at, 512);
        assert_eq!(rc.outstanding_reads(), 0);
    }
}

/// A zero-length read (one Dword, no byte enabled) gets one completion of one Dword with byte
/// count 1, as the PCIe base specification asks of a completer.
#[test]
fn a_zero_length_read_completes_with_one_dword_and_byte_count_1() {
    let (mut rc, a) = rc_with_memory(PcieConfig::default(), 3);
    let mut req = read_req(a + 0x44, 4, 9);
    req[0].user &= !0xff; // first and last byte enables 0
    rc.rq(&req);
    let cpls = drain(&mut rc);
    assert!(rc.violations.is_empty(), "{:?}", rc.violations);
    assert_eq!(cpls.len(), 1);
    let (d, t) = rc_of(&cpls[0]);
    assert_eq!((d.tag, d.dwords, d.byte_count), (9, 1, 1));
    assert_eq!(d.lower_addr as u64, (a + 0x44) & 0xfff);
    assert!(d.request_completed);
    assert_eq!(d.status, status::SC);
    assert_eq!(t.dwords.len(), 4);
}

#[test]
fn completions_of_tags_interleave_but_each_tag_keeps_address_order() {
    let (mut rc, a) = rc_with_memory(PcieConfig::default(), 7);
    for tag in 0..8u8 {
        rc.rq(&read_req(a + tag as u64 * 512, 512, tag));
        rc.tick();
    }
    let cpls = drain(&mut rc);
    let mut next = [0usize; 8];
    let mut order = vec![];
    for b in &cpls {
        let (d, _) = rc_of(b);
        let t = d.tag as usize;
        assert_eq!(
            d.lower_addr as usize,
            (a as usize + t * 512 + next[t]) & 0xfff
        );
        next[t] += d.dwords as usize * 4;
        order.push(t);
    }
    assert_eq!(next, [512; 8]);
    let firsts: Vec<usize> = {
        let mut seen = vec![];
        for t in &order {
            if !seen.contains(t) {
                seen.push(*t);
            }
        }
        seen
    };
    assert_ne!(firsts, (0..8).collect::<Vec<_>>(), "jitter reorders tags");
    assert!(
        order.windows(2).any(|w| w[0] != w[1]) && order.len() > 8,
        "pieces of tags interleave"
    );
}

#[test]
fn device_writes_land_with_their_byte_enables_and_nothing_else() {
    let (mut rc, a) = rc_with_memory(PcieConfig::default(), 1);
    let before: Vec<u8> = {
        let mut b = vec![0; 16];
        rc.mem.mem.read(a + 0x100, &mut b).unwrap();
        b
    };
    // bytes 1..3 of Dword 0, all of Dword 1, byte 0 of Dword 2
    rc.rq(&write_req(
        a + 0x100,
        &[0x11223344, 0x55667788, 0x99aabbcc],
        0xe,
        0x1,
    ));
    assert!(rc.violations.is_empty(), "{:?}", rc.violations);
    let mut after = vec![0; 16];
    rc.mem.mem.read(a + 0x100, &mut after).unwrap();
    let mut want = before.clone();
    want[1] = 0x33;
    want[2] = 0x22;
    want[3] = 0x11;
    want[4..8].copy_from_slice(&[0x88, 0x77, 0x66, 0x55]);
    want[8] = 0xcc;
    assert_eq!(after, want);
    assert_eq!(rc.rq_writes, 1);
    // a Qword-aligned two-Dword write may leave holes: bytes 0 and 2, then 5
    rc.rq(&write_req(a + 0x200, &[0x44332211, 0x88776655], 0x5, 0x2));
    assert!(rc.violations.is_empty(), "{:?}", rc.violations);
    let mut b = vec![0; 8];
    rc.mem.mem.read(a + 0x200, &mut b).unwrap();
    let p = |o: u32| (o * 7 + 3) as u8;
    assert_eq!(
        b,
        [
            0x11,
            p(0x201),
            0x33,
            p(0x203),
            p(0x204),
            0x66,
            p(0x206),
            p(0x207)
        ]
    );
}

#[test]
fn every_broken_rq_rule_is_named() {
    let cases: Vec<(&str, Box<dyn Fn(&mut RootComplex, u64)>)> = vec![
        (
            "exceeds max payload",
            Box::new(|rc, a| rc.rq(&write_req(a, &[0; 65], 0xf, 0xf))),
        ),
        (
            "crosses a 4 KB boundary",
            Box::new(|rc, a| rc.rq(&write_req(a + 0xff8, &[0; 4], 0xf, 0xf))),
        ),
        (
            "exceeds max read request",
            Box::new(|rc, a| rc.rq(&read_req(a, 1024, 1))),
        ),
        (
            "crosses a 4 KB boundary",
            Box::new(|rc, a| rc.rq(&read_req(a + 0xf00, 512, 1))),
        ),
        (
            "reused while outstanding",
            Box::new(|rc, a| {
                rc.rq(&read_req(a, 64, 3));
                rc.rq(&read_req(a + 64, 64, 3));
            }),
        ),
        (
            "byte enables",
            Box::new(|rc, a| rc.rq(&write_req(a, &[0], 0xf, 0xf))),
        ),
        (
            "byte enables",
            Box::new(|rc, a| rc.rq(&write_req(a, &[0, 0], 0x0, 0xf))),
        ),
        (
            "bus mastering is disabled",
            Box::new(|rc, a| {
                rc.cfg.bus_master = false;
                rc.rq(&read_req(a, 64, 1));
            }),
        ),
        (
            "RQ length",
            Box::new(|rc, a| {
                let mut b = write_req(a, &[1, 2, 3, 4, 5], 0xf, 0xf);
                b.pop();
                b.last_mut().unwrap().last = true;
                rc.rq(&b);
            }),
        ),
        (
            "RQ framing",
            Box::new(|rc, a| {
                let mut b = write_req(a, &[1, 2, 3, 4], 0xf, 0xf);
                b[0].last = true;
                rc.rq(&b);
            }),
        ),
        (
            "RQ parity",
            Box::new(|rc, a| {
                let mut b = write_req(a, &[1, 2, 3, 4], 0xf, 0xf);
                b[1].data ^= 1 << 40;
                rc.rq(&b);
            }),
        ),
    ];
    for (i, (want, f)) in cases.iter().enumerate() {
        let (mut rc, a) = rc_with_memory(PcieConfig::default(), 1);
        f(&mut rc, a);
        assert_eq!(rc.violations.len(), 1, "case {i}: {:?}", rc.violations);
        assert!(
            rc.violations[0].contains(want),
            "case {i}: {:?} lacks {want:?}",
            rc.violations
        );
    }
}

#[test]
fn read_faults_reach_rc_as_the_hard_ip_reports_them() {
    let run = |f: CplFault| {
        let (mut rc, a) = rc_with_memory(PcieConfig::default(), 3);
        rc.fault_next_read(f);
        rc.rq(&read_req(a, 256, 9));
        let cpls: Vec<(RcDesc, Transfer)> = {
            let mut v = vec![];
            for _ in 0..1000 {
                rc.tick();
                while let Some(b) = rc.rc_out.pop_front() {
                    v.push(rc_of(&b));
                }
            }
            v
        };
        cpls
    };
    for (f, st) in [(CplFault::Ur, status::UR), (CplFault::Ca, status::CA)] {
        let c = run(f);
        assert_eq!(c.len(), 1);
        assert_eq!(
            (c[0].0.status, c[0].0.dwords, c[0].0.error_code),
            (st, 0, rc_error::BAD_STATUS)
        );
        assert!(c[0].0.request_completed);
    }
    assert!(run(CplFault::Drop).is_empty());
    let c = run(CplFault::Poisoned);
    assert!(c
        .iter()
        .all(|(d, _)| d.poisoned && d.error_code == rc_error::POISONED));
    let c = run(CplFault::WrongTag);
    assert_eq!(c[0].0.tag, 10);
    assert!(c[1..].iter().all(|(d, _)| d.tag == 9));
    let c = run(CplFault::ExtraDword);
    let (d, t) = c.last().unwrap();
    assert_eq!(t.dwords.len() - 3, d.dwords as usize);
    assert!(
        d.dwords as usize * 4 > d.byte_count as usize + 3,
        "one Dword past the byte count"
    );
}

#[test]
fn a_read_outside_host_buffers_completes_with_ur() {
    let mut m = MemServer::new(0x1000);
    m.strict = false;
    let a = m.mem.alloc(64, 64).unwrap();
    let mut rc = RootComplex::new(PcieConfig::default(), m, 1);
    rc.rq(&read_req(a + 64, 64, 2));
    let c = drain(&mut rc);
    assert_eq!(c.len(), 1);
    assert_eq!(rc_of(&c[0]).0.status, status::UR);
    assert_eq!(rc.mem.violations.len(), 1);
}

#[test]
fn cpu_reads_go_out_on_cq_and_come_back_through_cc() {
    let (mut rc, _) = rc_with_memory(PcieConfig::default(), 1);
    let tag = rc.cpu_read(2, 20, 0x1_0010, 8);
    let cq = rc.cq_out.pop_front().unwrap();
    let t = from_beats(Iface::Cq, &cq).unwrap();
    check_length(Iface::Cq, &t).unwrap();
    let d = CqDesc::unpack(&t.dwords).unwrap();
    assert_eq!(
        (
            d.req_type,
            d.addr,
            d.dwords,
            d.bar_id,
            d.bar_aperture,
            d.tag
        ),
        (ReqType::MemRead, 0x1_0010, 2, 2, 20, tag)
    );
    assert_eq!((t.side.first_be, t.side.last_be), (0xf, 0xf));
    let cc = |lower: u8, bc: u16, words: &[u32], tag: u8, st: u8| {
        let c = CcDesc {
            lower_addr: lower,
            at: 0,
            byte_count: bc,
            locked: false,
            dwords: words.len() as u16,
            status: st,
            poisoned: false,
            requester_id: 0,
            tag,
            completer_id: 0x0100,
            completer_id_enable: false,
            tc: super::cpu_tc(tag),
            attr: super::cpu_attr(tag),
            force_ecrc: false,
        };
        to_beats(Iface::Cc, &c.pack().unwrap(), words, Side::default(), &[])
    };
    // answered in two completions of one Dword each
    rc.cc(&cc(0x10, 8, &[0x0403_0201], tag, status::SC));
    assert!(rc.read_results.is_empty());
    rc.cc(&cc(0x14, 4, &[0x0807_0605], tag, status::SC));
    assert_eq!(
        rc.read_results.pop_front(),
        Some((tag, ReadResult::Data(vec![1, 2, 3, 4, 5, 6, 7, 8])))
    );
    assert!(rc.violations.is_empty());
    // a 2-byte read at offset 2 of a Dword
    let t2 = rc.cpu_read(2, 20, 0x1_0022, 2);
    let q = from_beats(Iface::Cq, &rc.cq_out.pop_front().unwrap()).unwrap();
    assert_eq!((q.side.first_be, q.side.last_be), (0xc, 0));
    rc.cc(&cc(0x22, 2, &[0xbbaa_0000], t2, status::SC));
    assert_eq!(
        rc.read_results.pop_front(),
        Some((t2, ReadResult::Data(vec![0xaa, 0xbb])))
    );
    // the request's traffic class and attributes, copied (FTNW-H042); else a violation
    let qd = CqDesc::unpack(&q.dwords).unwrap();
    assert_eq!((qd.tc, qd.attr), (super::cpu_tc(t2), super::cpu_attr(t2)));
    let t3 = rc.cpu_read(2, 20, 0x1_0024, 4);
    let mut beats = cc(0x24, 4, &[7], t3, status::SC);
    beats[0].data ^= 1 << 89;
    rc.cc(&beats);
    assert_eq!(rc.violations.len(), 1, "{:?}", rc.violations);
    assert!(
        rc.violations[0].contains("traffic class"),
        "{:?}",
        rc.violations
    );
    rc.violations.clear();
    // UR
    let t3 = rc.cpu_read(2, 20, 0x1_0000, 4);
    rc.cc(&cc(0, 4, &[], t3, status::UR));
    assert_eq!(
        rc.read_results.pop_front(),
        Some((t3, ReadResult::Status(status::UR)))
    );
    // wrong lower address, unknown tag
    let t4 = rc.cpu_read(2, 20, 0x1_0040, 4);
    rc.cc(&cc(0x44, 4, &[0], t4, status::SC));
    rc.cc(&cc(0x40, 4, &[0], 0xee, status::SC));
    assert_eq!(rc.violations.len(), 2, "{:?}", rc.violations);
    assert!(rc.violations[0].contains("lower address"));
    assert!(rc.violations[1].contains("answers no CPU read"));
}

#[test]
fn write_combining_flushes_every_byte_once_in_lines_and_pieces() {
    for seed in 1..=30u64 {
        let mut cpu = WcCpu::new(seed);
        let mut rng = Rng::new(seed);
        let mut want = vec![None; 1024];
        for _ in 0..200 {
            let len = 1 + rng.below(16) as usize;
            let at = rng.below((1024 - len) as u64) as usize;
            let data: Vec<u8> = (0..len).map(|_| rng.below(256) as u8).collect();
            cpu.store(0x4000 + at as u64, &data);
            for (i, b) in data.iter().enumerate() {
                want[at + i] = Some(*b);
            }
        }
        let writes = cpu.flush();
        let mut got = vec![None; 1024];
        for (a, d) in &writes {
            let o = (a - 0x4000) as usize;
            assert_eq!(
                o / 64,
                (o + d.len() - 1) / 64,
                "seed {seed}: a write crosses its line"
            );
            assert!(d.len() <= 64);
            for (i, b) in d.iter().enumerate() {
                assert!(
                    got[o + i].is_none(),
                    "seed {seed}: byte {} written twice",
                    o + i
                );
                got[o + i] = Some(*b);
            }
        }
        assert_eq!(got, want, "seed {seed}");
        assert!(cpu.flush().is_empty());
    }
    // pieces happen, and lines go out of address order
    let mut cpu = WcCpu::new(5);
    cpu.p4 = 0.5;
    cpu.store(0x0, &[1; 256]);
    let w = cpu.flush();
    assert!(w.iter().any(|(_, d)| d.len() == 4));
    assert!(w.windows(2).any(|p| p[1].0 < p[0].0));
}

#[test]
fn cpu_writes_become_cq_writes_with_byte_enables() {
    let (mut rc, _) = rc_with_memory(PcieConfig::default(), 1);
    rc.cpu_write(0, 24, 0x123, &[0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6]);
    let t = from_beats(Iface::Cq, &rc.cq_out.pop_front().unwrap()).unwrap();
    check_length(Iface::Cq, &t).unwrap();
    let d = CqDesc::unpack(&t.dwords).unwrap();
    assert_eq!(
        (d.req_type, d.addr, d.dwords, d.bar_id),
        (ReqType::MemWrite, 0x120, 3, 0)
    );
    assert_eq!((t.side.first_be, t.side.last_be), (0x8, 0x1));
    assert_eq!(t.byte_en, [0x8, 0xf, 0x1]);
    assert_eq!(&t.dwords[4..], &[0xa100_0000, 0xa5a4_a3a2, 0x0000_00a6]);
    assert_eq!(byte_span(3, 0x8, 0x1), Some((3, 9)));
}

#[test]
fn beats_cross_the_stream_models_whole_with_gaps_and_stalls() {
    let (mut rc, a) = rc_with_memory(PcieConfig::default(), 2);
    for tag in 0..4 {
        rc.rq(&read_req(a + tag as u64 * 256, 256, tag));
    }
    let mut want = vec![];
    for _ in 0..2000 {
        rc.tick();
        while let Some(b) = rc.rc_out.pop_front() {
            want.push(b);
        }
    }
    let mut q: VecDeque<Vec<Beat>> = want.iter().cloned().collect();
    let (mut src, mut sink) = (BeatSource::new(0.3), BeatSink::new(0.3));
    let mut rng = Rng::new(9);
    let mut got = vec![];
    for _ in 0..10_000 {
        let b = src.offer(&mut q, &mut rng);
        if let Some(b) = b {
            if sink.ready(&mut rng) {
                src.taken();
                if let Some(t) = sink.take(b) {
                    got.push(t);
                }
            }
        }
    }
    assert_eq!(got, want);
}

#[test]
fn byte_spans_follow_the_enable_rules() {
    assert_eq!(byte_span(1, 0xf, 0), Some((0, 4)));
    assert_eq!(byte_span(1, 0x6, 0), Some((1, 3)));
    assert_eq!(byte_span(1, 0x0, 0), Some((0, 0)));
    assert_eq!(byte_span(1, 0xf, 0xf), None);
    assert_eq!(byte_span(2, 0xc, 0x3), Some((2, 6)));
    assert_eq!(byte_span(4, 0xf, 0x0), None);
    assert_eq!(byte_span(3, 0x6, 0xf), None);
    assert_eq!(byte_span(3, 0xf, 0x2), None);
    assert_eq!(byte_span_at(2, 0x5, 0xa, true), Some((0, 8)));
    assert_eq!(byte_span_at(2, 0x5, 0xa, false), None);
    assert_eq!(dword_run(0x2, &[1, 2]), (vec![0x0201_0000], 0xc, 0));
}
