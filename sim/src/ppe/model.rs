//! The PPE's reception of one packet as UUCS-95-013 §6.1 gives it, with the checklist's
//! decisions (AMB-01, 11-14, 29-31, 36, 37, 46): the checks in order, the first failure
//! reported; the ack dispatch; the payload's host address; the rslot's new bytes_to_go,
//! msg_size, msg_offset and stored metadata; the completion. `decide` is the decision alone
//! (what `nicgen_hdl::ppe::rx_check::PpeRxCheck` computes), `receive` a frame from the link
//! applied to an rslot table.

use nicgen_wire::ppe::{
    address0, address1, control0, control1, error_status as es, rslot, Received, DATA_TYPE,
    META_WORDS, RSLOT_WORDS,
};

/// PCSR0's local_node_num and incarnation, and RSLOT_LIMIT.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    pub local_node: u16,
    pub incarnation: u8,
    pub rslot_limit: u16,
}

/// The header fields the checks read, and the receiver's own findings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Fields {
    pub dst_node: u16,
    pub dst_slot: u16,
    pub use_msg_size: bool,
    pub use_msg_offset: bool,
    pub ack_pkt: bool,
    pub incarnation: u8,
    pub remote_offset: u32,
    pub msg_size: u32,
    pub hdr_ok: bool,
    pub body_ok: bool,
    /// Payload words (from the framing, AMB-11).
    pub pkt_words: u32,
}

impl Fields {
    pub fn of(r: &Received) -> Fields {
        let g = |f: nicgen_wire::dtu::Field64, w: u32| f.get(w as u64);
        let (a0, a1, c0, c1) = (r.header[0], r.header[1], r.header[2], r.header[3]);
        Fields {
            dst_node: g(address0::DST_NODE, a0) as u16,
            dst_slot: g(address1::DST_SLOT, a1) as u16,
            use_msg_size: g(control0::USE_MSG_SIZE, c0) != 0,
            use_msg_offset: g(control0::USE_MSG_OFFSET, c0) != 0,
            ack_pkt: g(control0::ACK_PKT, c0) != 0,
            incarnation: g(control0::INCARNATION, c0) as u8,
            remote_offset: g(control0::REMOTE_OFFSET, c0) as u32,
            msg_size: g(control1::MSG_SIZE, c1) as u32,
            hdr_ok: r.hdr_ok(),
            body_ok: r.body_ok(),
            pkt_words: r.payload.len() as u32,
        }
    }
}

/// The decision for one packet (the fields of `PpeRxCheck`'s outputs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Decision {
    /// The error_status bit of the first failing check, 0 if none.
    pub status: u32,
    pub ack: bool,
    pub data: bool,
    pub host_addr: u32,
    pub new_btg: u32,
    pub set_msg_size: bool,
    pub new_msg_size: u32,
    pub set_msg_offset: bool,
    pub new_msg_offset: u32,
    pub complete: bool,
}

/// Steps 1-9 and 11-13 for a packet with `f` and the rslot words `rs` (as read for dst_slot;
/// not looked at when step 3 fails).
pub fn decide(cfg: &Config, f: &Fields, rs: &[u32; RSLOT_WORDS]) -> Decision {
    let valid = rslot::VALID.get(rs[rslot::CONTROL] as u64) != 0;
    let size = rs[rslot::BUFFER_SIZE];
    let bytes = 4 * f.pkt_words;
    // the checks in `error_status::ORDER` (AMB-29); an ack packet stops after the sixth
    // (step 7: the offset and size checks are the data packet's)
    let fails = |bit: u32| match bit {
        es::BAD_HDR_CHKSUM => !f.hdr_ok,
        es::BAD_BODY_CHKSUM => !f.body_ok,
        es::BAD_DST_NODE => f.dst_node != cfg.local_node,
        es::RSLOT_RANGE => f.dst_slot >= cfg.rslot_limit,
        es::INVALID_RSLOT => !valid,
        es::BAD_INCARNATION => f.incarnation != cfg.incarnation,
        es::BAD_OFFSET => f.remote_offset > size,
        // u64: remote_offset + pkt_size without overflow (step 9)
        es::BAD_SIZE => f.remote_offset as u64 + bytes as u64 > size as u64,
        _ => unreachable!("{bit:#x} is no check"),
    };
    let (before_ack, after_ack) = es::ORDER.split_at(6);
    let first = |checks: &[u32]| checks.iter().copied().find(|&b| fails(b)).unwrap_or(0);
    let mut status = first(before_ack);
    let ack = status == 0 && f.ack_pkt;
    if status == 0 && !ack {
        status = first(after_ack);
    }
    let data = status == 0 && !ack;
    let btg = rs[rslot::BYTES_TO_GO];
    let grow = if f.use_msg_size { f.msg_size } else { 0 };
    let new_btg = btg.wrapping_add(grow).wrapping_sub(bytes);
    Decision {
        status,
        ack,
        data,
        host_addr: rs[rslot::BUFFER_BASE_PHYS].wrapping_add(f.remote_offset),
        new_btg,
        set_msg_size: data && f.use_msg_size,
        new_msg_size: f.msg_size,
        set_msg_offset: data && f.use_msg_offset,
        new_msg_offset: f.remote_offset,
        complete: data && new_btg == 0 && (f.use_msg_size || btg != 0),
    }
}

/// What a received frame did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// An error packet (error notification on list 0; nothing else).
    Error(u32),
    /// An ack packet (its notification on the rslot's ack_note_index).
    Ack,
    /// A data packet: its payload written at `host_addr`; the message completed, with the
    /// rslot's words at that moment (msg_size, msg_offset and metadata for the notification).
    Data {
        host_addr: u32,
        payload: Vec<u32>,
        completed: Option<[u32; RSLOT_WORDS]>,
    },
}

/// A frame from the link into the rslot table `rslots` (index = dst_slot): the decision applied
/// (steps 10-13 and the metadata of AMB-14: stored by a data packet that carries it, cleared
/// at completion). A frame too short for its header, metadata and trailer or too long for 32
/// payload words is an error packet with bad_hdr_chksum (its header cannot be trusted).
pub fn receive(cfg: &Config, rslots: &mut [[u32; RSLOT_WORDS]], frame: &[u32]) -> Outcome {
    // a miscellaneous fabric packet, whatever else it holds (AMB-18)
    if address0::FAB_BITS.get(frame[0] as u64) != DATA_TYPE {
        return Outcome::Error(es::MISC_PKT);
    }
    let Some(r) = Received::split(frame) else {
        return Outcome::Error(es::BAD_HDR_CHKSUM);
    };
    let f = Fields::of(&r);
    let k = f.dst_slot as usize;
    let rs = if f.dst_slot < cfg.rslot_limit && k < rslots.len() {
        rslots[k]
    } else {
        [0; RSLOT_WORDS]
    };
    let d = decide(cfg, &f, &rs);
    if d.status != 0 {
        return Outcome::Error(d.status);
    }
    if d.ack {
        return Outcome::Ack;
    }
    let s = &mut rslots[k];
    s[rslot::BYTES_TO_GO] = d.new_btg;
    if d.set_msg_size {
        s[rslot::MSG_SIZE] = d.new_msg_size;
    }
    if d.set_msg_offset {
        s[rslot::MSG_OFFSET] = d.new_msg_offset;
    }
    let meta = control1::META_DATA_FLAG.get(r.header[3] as u64) != 0;
    if meta {
        s[rslot::META_CTL] = (r.header[3] as u64
            & (control1::META_DATA_FLAG.mask() | control1::META_LEN.mask()))
            as u32;
        s[rslot::METADATA..rslot::METADATA + META_WORDS].copy_from_slice(&r.header[4..8]);
    }
    let completed = d.complete.then(|| {
        let snapshot = *s;
        s[rslot::META_CTL] = 0;
        snapshot
    });
    Outcome::Data {
        host_addr: d.host_addr,
        payload: r.payload,
        completed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nicgen_wire::ppe::Packet;

    const CFG: Config = Config {
        local_node: 5,
        incarnation: 3,
        rslot_limit: 4,
    };

    fn table() -> Vec<[u32; RSLOT_WORDS]> {
        let mut t = vec![[0u32; RSLOT_WORDS]; 4];
        for (k, s) in t.iter_mut().enumerate() {
            s[rslot::BUFFER_BASE_PHYS] = 0x10_0000 * (k as u32 + 1);
            s[rslot::BUFFER_SIZE] = 1024;
            s[rslot::CONTROL] = rslot::VALID.set(0, 1) as u32;
        }
        t
    }

    /// A packet of a `size`-byte message to slot 1: `words` payload words at `off`.
    fn pkt(off: u32, words: usize, first: Option<u32>, meta: bool) -> Packet {
        let mut c0 = control0::INCARNATION.set(0, 3);
        c0 = control0::REMOTE_OFFSET.set(c0, off as u64);
        if first.is_some() {
            c0 = control0::USE_MSG_SIZE.set(c0, 1);
            c0 = control0::USE_MSG_OFFSET.set(c0, 1);
        }
        Packet {
            address0: address0::DST_NODE.set(0, 5) as u32,
            address1: address1::DST_SLOT.set(0, 1) as u32,
            control0: c0 as u32,
            control1: control1::MSG_SIZE.set(0, first.unwrap_or(0) as u64) as u32,
            meta: meta.then_some([9, 8, 7, 6]),
            payload: (0..words as u32).map(|i| off + i).collect(),
        }
    }

    #[test]
    fn a_message_completes_once_whatever_the_packet_order() {
        // 300 bytes: 128 + 128 + 44; the first packet (use_msg_size, metadata) in every position
        let parts = [(0, 32), (128, 32), (256, 11)];
        for order in [[0, 1, 2], [2, 1, 0], [1, 2, 0], [2, 0, 1]] {
            let mut t = table();
            let mut done = vec![];
            for (n, &i) in order.iter().enumerate() {
                let (off, words) = parts[i];
                let first = (i == 0).then_some(300);
                let o = receive(&CFG, &mut t, &pkt(off, words, first, i == 0).frame());
                let Outcome::Data {
                    host_addr,
                    payload,
                    completed,
                } = o
                else {
                    panic!("{o:?}")
                };
                assert_eq!(host_addr, 0x20_0000 + off);
                assert_eq!(payload.len(), words);
                if let Some(s) = completed {
                    done.push(n);
                    assert_eq!(s[rslot::MSG_SIZE], 300);
                    assert_eq!(s[rslot::MSG_OFFSET], 0);
                    assert_eq!(&s[rslot::METADATA..rslot::METADATA + 4], &[9, 8, 7, 6]);
                }
            }
            assert_eq!(done, vec![2], "order {order:?}");
            assert_eq!(t[1][rslot::BYTES_TO_GO], 0);
            assert_eq!(t[1][rslot::META_CTL], 0, "metadata cleared at completion");
        }
    }

    #[test]
    fn a_header_only_packet_completes_only_what_it_starts() {
        let mut t = table();
        // AMB-37: a header-only packet without use_msg_size on an idle rslot completes nothing
        let o = receive(&CFG, &mut t, &pkt(0, 0, None, false).frame());
        assert!(
            matches!(
                o,
                Outcome::Data {
                    completed: None,
                    ..
                }
            ),
            "{o:?}"
        );
        // a zero-length message does
        let o = receive(&CFG, &mut t, &pkt(0, 0, Some(0), false).frame());
        assert!(
            matches!(
                o,
                Outcome::Data {
                    completed: Some(_),
                    ..
                }
            ),
            "{o:?}"
        );
    }

    #[test]
    fn the_first_failing_check_is_reported_and_nothing_changes() {
        let mut t = table();
        let before = t.clone();
        let mut fr = pkt(1020, 2, Some(8), false).frame();
        assert_eq!(receive(&CFG, &mut t, &fr), Outcome::Error(es::BAD_SIZE));
        fr[2] ^= 1 << 24; // incarnation, and the header checksum no longer matches
        assert_eq!(
            receive(&CFG, &mut t, &fr),
            Outcome::Error(es::BAD_HDR_CHKSUM)
        );
        let last = fr.len() - 1;
        fr[last] ^= 1 << 16;
        assert_eq!(
            receive(&CFG, &mut t, &fr),
            Outcome::Error(es::BAD_HDR_CHKSUM)
        );
        assert_eq!(
            receive(&CFG, &mut t, &fr[..4]),
            Outcome::Error(es::BAD_HDR_CHKSUM)
        );
        assert_eq!(t, before);
    }
}
