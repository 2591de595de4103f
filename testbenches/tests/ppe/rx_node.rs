//! The receive side whole (`ppe_rx_node`) against the reference model and the notification
//! builders: rslots with note lists, notify and do_acks set at random, the heads table set up
//! through the host port, NBQR kept supplied and NQR and AQR drained by the host as a driver
//! would, then the traffic of `rx.rs` (messages cut into packets in random order, interleaved,
//! acks and bad packets of every kind). Afterwards every list is walked in host memory through
//! its `next` pointers: each object is exactly the notification the model's outcome and the
//! builders give (error, ack, reception), in order; the tokens come off NQR in posting order for
//! the lists with enqueue set, the rslot indices off AQR in completion order, int_lo and int_hi
//! were raised, and host memory took no write outside the payload buffers and the objects.
//! Online (PPE-R150): a host pops AQR in every cycle the test leaves free, so each entry is read
//! as soon as it can be, and its message's notification must already be in host memory whole,
//! `next` included, at the edge it is read (`harness::order`).

use super::dut::{host_words, walk_list, Dut};
use super::rx::traffic;
use nicgen_driver::HostMem;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::order::Order;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_sim::ppe::model::{receive, Config, Outcome};
use nicgen_sim::system::hostmem::{DmaWrMemory, DmaWrPorts, MemServer};
use nicgen_wire::ppe::{
    ack_note, control1, error_note, error_status, heads, misc_note, note, reception_note, rslot,
    RSLOT_WORDS,
};

const SLOTS: usize = 64;
const LISTS: usize = 8;

/// One cycle of a host strobe on the queues' port (`q_pop_nqr`, ...): the popped value.
fn strobe(d: &mut Dut, port: &str, wdata: u32) -> u32 {
    d.set("q_wdata", wdata as u64);
    d.set(port, 1);
    d.cycle();
    d.set(port, 0);
    d.get("q_rdata") as u32
}

/// Pops `port`'s queue until it reads 0: the entries popped.
fn drain(d: &mut Dut, port: &str) -> Vec<u32> {
    let mut got = vec![];
    loop {
        let v = strobe(d, port, 0);
        if v == 0 {
            return got;
        }
        got.push(v);
    }
}

/// PPE-R150 online: every AQR entry the host has read (`pops`, from `checked` on) was readable
/// only after its message's reception notification (list n, object k of `aq_note`) was in host
/// memory whole, its `next` included. The object's time is the edge of the last write covering
/// it (`DmaWrMemory::written_by`), the pop's the edge it was read at.
fn aq_after_notes(
    r: &Dut,
    first: &[u32],
    aq_note: &[Option<(usize, usize)>],
    checked: &mut usize,
    order: &mut Order,
) {
    let mem = r.mem.as_ref().unwrap();
    let pops = r.aq_poll.as_ref().unwrap();
    for (i, &(at, slot)) in pops.iter().enumerate().skip(*checked) {
        let Some(&Some((n, k))) = aq_note.get(i) else {
            continue;
        };
        // object k of list n: the list walked through the `next` words written so far
        let mut obj = first[n] as u64;
        for _ in 0..k {
            obj = host_words(&mem.srv, obj + 4 * note::NEXT as u64, 1)[0] as u64;
            assert_ne!(
                obj, 0,
                "AQR entry {i} (rslot {slot}) read at edge {at}: list {n} ends before object {k}"
            );
        }
        let key = format!("list {n} object {k}");
        if let Some(t) = mem.written_by(obj, 4 * note::WORDS as u64) {
            order.saw(
                &key,
                t,
                format!("its notification at {obj:#x} written, next included"),
            );
        }
        order
            .before(&key, at, &format!("AQR entry {i} (rslot {slot}) read"))
            .unwrap_or_else(|e| panic!("PPE-R150: {e}"));
    }
    *checked = pops.len();
}

fn run(backend: Backend, rng: &mut Rng, messages: usize) {
    let mut r = Dut::new("ppe_rx_node", backend);
    let cfg = Config {
        local_node: 0x2A5,
        incarnation: 9,
        rslot_limit: 8,
    };
    r.set("local_node", cfg.local_node as u64);
    r.set("incarnation", cfg.incarnation as u64);
    r.set("rslot_limit", cfg.rslot_limit as u64);
    let table_at = 0x8000 + 8 * rng.below(256) as u32;
    r.set("nlhr", (table_at | rng.below(8) as u32) as u64);
    let mut srv = MemServer::new(0x1000_0000);
    srv.latency = (2, 16);
    // slots 0-6 valid, buffers of 256 .. 2 KB; lists 0-7; no do_acks on slot 0 (AMB-21)
    let mut table = vec![[0u32; RSLOT_WORDS]; SLOTS];
    let sizes: Vec<u32> = (0..8).map(|_| 256 * (1 + rng.below(8) as u32)).collect();
    for k in 0..8 {
        let s = &mut table[k];
        s[rslot::BUFFER_BASE_PHYS] = srv.mem.alloc(sizes[k] as usize, 64).unwrap() as u32;
        s[rslot::BUFFER_SIZE] = sizes[k];
        let mut c = rslot::NOTE_INDEX.set(0, rng.below(LISTS as u64));
        c = rslot::VALID.set(c, (k < 7) as u64);
        c = rslot::NOTIFY.set(c, rng.chance(0.7) as u64);
        c = rslot::DO_ACKS.set(c, (k > 0 && rng.chance(0.6)) as u64);
        s[rslot::CONTROL] = c as u32;
        s[rslot::ACK_NOTE] = rslot::ACK_NOTE_INDEX.set(0, rng.below(LISTS as u64)) as u32;
    }
    for (k, s) in table.iter().enumerate() {
        for (j, &v) in s.iter().enumerate() {
            super::rx::host(&mut r, k * RSLOT_WORDS + j, Some(v));
        }
    }
    // the heads table: each list's empty object, token and enqueue
    let obj = |srv: &mut MemServer| srv.mem.alloc(4 * note::WORDS, 32).unwrap() as u32;
    let mut first = [0u32; LISTS];
    let mut ctl = [0u32; LISTS];
    for n in 0..LISTS {
        first[n] = obj(&mut srv);
        ctl[n] = ((1 + rng.below(0x7FFF_FFFE) as u32) << 1) | rng.chance(0.7) as u32;
        let e = ((table_at + heads::BYTES * n as u32) / 4) as u64;
        for (j, v) in [first[n], ctl[n]].into_iter().enumerate() {
            r.set("g_addr", e + j as u64);
            r.set("g_wdata", v as u64);
            r.set("g_we", 1);
            r.wait("g_ready", 100, "a heads-table write");
            r.cycle();
            r.set("g_we", 0);
        }
    }
    let frames = traffic(rng, &cfg, &sizes, messages);

    let mut spare: Vec<u32> = (0..frames.len() + 8).map(|_| obj(&mut srv)).collect();
    let mut mem = DmaWrMemory::new(DmaWrPorts::bind(&r.ports, "dma_"), srv, rng.next_u64());
    mem.ready_rate = 0.7;
    r.mem = Some(mem);
    r.aq_poll = Some(vec![]);
    for _ in 0..4 {
        strobe(&mut r, "q_push_nbqr", spare.pop().unwrap());
    }

    // what the model and the builders say, and the run
    let mut posts: Vec<Vec<[u32; note::WORDS]>> = vec![vec![]; LISTS];
    let mut want_tokens: Vec<u32> = vec![];
    let mut want_aq: Vec<u32> = vec![];
    // per AQR entry, its reception notification (list, object) when notify is set
    let mut aq_note: Vec<Option<(usize, usize)>> = vec![];
    let (mut order, mut checked) = (Order::new(), 0);
    let mut tokens = vec![];
    let (mut saw_lo, mut saw_hi) = (false, false);
    for f in &frames {
        assert!(f.len() >= 4, "a frame shorter than its header words");
        let h: [u32; 4] = f[..4].try_into().unwrap();
        let slot = (h[1] >> 16) as usize;
        let rs_before = table.get(slot).copied().unwrap_or([0; RSLOT_WORDS]);
        let mut post = |list: u64, w: [u32; note::WORDS], force: bool| {
            posts[list as usize].push(w);
            if ctl[list as usize] & 1 != 0 || force {
                want_tokens.push(ctl[list as usize] >> 1);
            }
        };
        match receive(&cfg, &mut table, f) {
            // a miscellaneous packet's token goes onto NQR whatever enqueue says (AMB-18)
            Outcome::Error(error_status::MISC_PKT) => post(0, misc_note(&h), true),
            Outcome::Error(s) => post(0, error_note(s, &h), false),
            Outcome::Ack => {
                let meta = (control1::META_DATA_FLAG.get(h[3] as u64) != 0)
                    .then(|| f[5..9].try_into().unwrap());
                let list = rslot::ACK_NOTE_INDEX.get(rs_before[rslot::ACK_NOTE] as u64);
                post(list, ack_note(&h, meta), false);
            }
            Outcome::Data {
                completed: Some(rs),
                ..
            } => {
                let c = rs[rslot::CONTROL] as u64;
                let list = rslot::NOTE_INDEX.get(c);
                let notify = rslot::NOTIFY.get(c) != 0;
                if notify {
                    post(list, reception_note(h[1], h[2], &rs), false);
                }
                if rslot::DO_ACKS.get(c) != 0 {
                    want_aq.push(slot as u32);
                    let l = list as usize;
                    aq_note.push(notify.then(|| (l, posts[l].len() - 1)));
                }
            }
            Outcome::Data { .. } => {}
        }
        r.feed(f, rng);
        // the host: one more empty object per frame (each frame posts at most one), the
        // queues drained
        if r.get("nbqr_full") == 0 {
            strobe(&mut r, "q_push_nbqr", spare.pop().unwrap());
        }
        saw_lo |= r.get("int_lo") != 0;
        saw_hi |= r.get("int_hi") != 0;
        if rng.chance(0.3) {
            tokens.extend(drain(&mut r, "q_pop_nqr"));
            // AQR's entries are logged by the Dut (`aq_poll`) with the poll's
            drain(&mut r, "q_pop_aqr");
        }
        aq_after_notes(&r, &first, &aq_note, &mut checked, &mut order);
    }
    let mut idle = 0;
    for c in 0.. {
        assert!(c < 100_000, "the node does not go idle");
        idle = if r.get("busy") == 0 && r.mem.as_ref().unwrap().idle() {
            idle + 1
        } else {
            0
        };
        assert_eq!(r.get("note_err"), 0, "a notification write refused");
        r.cycle();
        if idle > 20 {
            break;
        }
    }
    saw_lo |= r.get("int_lo") != 0;
    saw_hi |= r.get("int_hi") != 0;
    tokens.extend(drain(&mut r, "q_pop_nqr"));
    drain(&mut r, "q_pop_aqr");
    aq_after_notes(&r, &first, &aq_note, &mut checked, &mut order);
    // the host's pops, its own and the eager poll's, in order
    let aq: Vec<u32> = r.aq_poll.as_ref().unwrap().iter().map(|p| p.1).collect();
    assert!(order.checks > 0, "no AQR entry with a notification read");

    // every list walked through its next pointers
    let mem = r.mem.as_mut().unwrap();
    let mut walked = 0;
    for n in 0..LISTS {
        walked += walk_list(&mem.srv, n, first[n], &posts[n]).len();
    }
    assert_eq!(tokens, want_tokens, "NQR tokens");
    assert_eq!(aq, want_aq, "AQR entries");
    assert!(saw_lo || want_tokens.is_empty(), "int_lo never raised");
    assert!(saw_hi || want_aq.is_empty(), "int_hi never raised");
    eprintln!(
        "  {} frames, {walked} notifications, {} tokens, {} AQR entries",
        frames.len(),
        tokens.len(),
        aq.len()
    );
    assert!(walked > messages / 2 && !aq.is_empty(), "coverage");
}

// verifies: PPE-R066, PPE-R067
// verifies: PPE-R054, PPE-R060, PPE-R148, PPE-R149, PPE-R150, PPE-R151, PPE-R155, PPE-R164, PPE-R048, PPE-R049
#[test]
fn receive_side_posts_what_the_model_says_verilator() {
    if !verilator::require("ppe_rx_node in Verilator") {
        return;
    }
    check("ppe_rx_node_verilator", 0x2D0E, |rng| {
        run(Backend::Verilator, rng, 300)
    });
}

#[test]
fn receive_side_posts_what_the_model_says_native() {
    check("ppe_rx_node_native", 0x2D0F, |rng| {
        run(Backend::Native, rng, 30)
    });
}
