//! The event actions (`ppe_events`, §6.1 step 7, §6.2, §8) against the notification builders of
//! `nicgen_wire::ppe`: random events (error packets with each status bit, ack packets with and
//! without metadata, data packets completing or not, with notify and do_acks in every
//! combination, payload writes refused), the writer and AQR taking their requests at random.
//! Every event gives exactly the postings and AQR push the builders describe, in the order of
//! PPE-R150 (host-error notification, reception notification, AQR push), and is taken in the
//! cycle after its last step, never before. The writer stays busy for a random while after it
//! takes a posting; the AQR push is checked at every cycle never to be offered before then.

use super::dut::Dut;
use nicgen_hdl::ppe::events::HOST_ERR;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::rng::Rng;
use nicgen_sim::harness::testing::check;
use nicgen_sim::harness::verilator;
use nicgen_wire::ppe::{
    ack_note, control1, error_note, error_status, note, reception_note, rslot, META_WORDS,
    RSLOT_WORDS,
};

#[derive(Debug, PartialEq)]
enum Act {
    Post(u64, [u32; note::WORDS]),
    Aq(u64),
}

fn run(backend: Backend, rng: &mut Rng, events: usize) {
    let mut d = Dut::new("ppe_events", backend);
    for e in 0..events {
        let h: [u32; 4] = std::array::from_fn(|_| rng.next_u64() as u32);
        let m: [u32; META_WORDS] = std::array::from_fn(|_| rng.next_u64() as u32);
        let mut rs = [0u32; RSLOT_WORDS];
        for w in rs.iter_mut() {
            *w = rng.next_u64() as u32;
        }
        let kind = rng.below(4);
        let status = if kind == 0 {
            error_status::ORDER[rng.below(error_status::ORDER.len() as u64) as usize]
        } else {
            0
        };
        let ack = kind == 1;
        let data = kind >= 2;
        let complete = data && rng.chance(0.6);
        let host_err = data && rng.chance(0.2);
        // what the builders say the event leads to
        let mut want = vec![];
        if status != 0 {
            want.push(Act::Post(0, error_note(status, &h)));
        } else if ack {
            let flagged = control1::META_DATA_FLAG.get(h[3] as u64) != 0;
            let list = rslot::ACK_NOTE_INDEX.get(rs[rslot::ACK_NOTE] as u64);
            want.push(Act::Post(list, ack_note(&h, flagged.then_some(m))));
        } else {
            if host_err {
                want.push(Act::Post(0, error_note(HOST_ERR, &h)));
            }
            let ctl = rs[rslot::CONTROL] as u64;
            if complete && rslot::NOTIFY.get(ctl) != 0 {
                let list = rslot::NOTE_INDEX.get(ctl);
                want.push(Act::Post(list, reception_note(h[1], h[2], &rs)));
            }
            if complete && rslot::DO_ACKS.get(ctl) != 0 {
                want.push(Act::Aq((h[1] >> 16) as u64));
            }
        }
        // the event, held until taken
        d.set("ev_valid", 1);
        d.set("ev_status", status as u64);
        d.set("ev_ack", ack as u64);
        d.set("ev_data", data as u64);
        d.set("ev_complete", complete as u64);
        d.set("ev_host_err", host_err as u64);
        for (i, w) in h.iter().enumerate() {
            d.set(&format!("ev_w{i}"), *w as u64);
        }
        for (i, w) in m.iter().enumerate() {
            d.set(&format!("ev_m{i}"), *w as u64);
        }
        d.set("ev_rs_ctl", rs[rslot::CONTROL] as u64);
        d.set("ev_rs_msg_size", rs[rslot::MSG_SIZE] as u64);
        d.set("ev_rs_msg_offset", rs[rslot::MSG_OFFSET] as u64);
        d.set("ev_rs_ack_note", rs[rslot::ACK_NOTE] as u64);
        d.set("ev_rs_meta_ctl", rs[rslot::META_CTL] as u64);
        for i in 0..META_WORDS {
            d.set(&format!("ev_rs_meta{i}"), rs[rslot::METADATA + i] as u64);
        }
        let mut got = vec![];
        // the writer: busy for a few cycles after it takes a posting (its burst, `next`, the
        // head and the token), and takes nothing meanwhile
        let mut busy = 0;
        for cycle in 0.. {
            assert!(cycle < 400, "event {e} is not taken");
            let n_ready = busy == 0 && rng.chance(0.5);
            let aq_ready = rng.chance(0.5);
            d.set("n_busy", (busy > 0) as u64);
            d.set("n_ready", n_ready as u64);
            d.set("aq_ready", aq_ready as u64);
            let take = d.get("ev_take") != 0;
            if take {
                assert_eq!(
                    got.len(),
                    want.len(),
                    "event {e}: taken before its last step"
                );
            }
            assert!(
                !(d.get("n_valid") != 0 && d.get("aq_valid") != 0),
                "event {e}: a posting and the AQR push offered together"
            );
            if d.get("n_valid") != 0 && n_ready {
                let mut w = [0u32; note::WORDS];
                for (i, name) in ["n_w0", "n_w1", "n_w2"].iter().enumerate() {
                    w[i] = d.get(name) as u32;
                }
                for i in 0..META_WORDS {
                    w[note::METADATA + i] = d.get(&format!("n_m{i}")) as u32;
                }
                got.push(Act::Post(d.get("n_list"), w));
            }
            if d.get("aq_valid") != 0 {
                // PPE-R150 online: the push only once the notification is written
                assert!(
                    busy == 0,
                    "event {e} cycle {cycle}: the AQR push offered while the writer still \
                     writes the event's notification (posted {:?})",
                    got.last()
                );
                if aq_ready {
                    got.push(Act::Aq(d.get("aq_data")));
                }
            }
            let posted = d.get("n_valid") != 0 && n_ready;
            d.cycle();
            if busy > 0 {
                busy -= 1;
            }
            if posted {
                busy = 1 + rng.below(8);
            }
            if take {
                break;
            }
        }
        assert_eq!(got, want, "event {e}: kind {kind}, status {status:#x}");
        d.set("ev_valid", 0);
        for _ in 0..rng.below(3) {
            d.cycle();
        }
    }
}

// verifies: PPE-R148, PPE-R149, PPE-R150, PPE-R151, PPE-R153, PPE-R154, PPE-R155, PPE-R156, PPE-R158
#[test]
fn event_actions_match_the_notification_builders_verilator() {
    if !verilator::require("ppe_events in Verilator") {
        return;
    }
    check("ppe_events_verilator", 0xE7E1, |rng| {
        run(Backend::Verilator, rng, 20_000)
    });
}

#[test]
fn event_actions_match_the_notification_builders_native() {
    check("ppe_events_native", 0xE7E2, |rng| {
        run(Backend::Native, rng, 1000)
    });
}
