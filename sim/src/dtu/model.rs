//! The reference of the M3 DTU (spec §3, §4, Alg. 1-7) at transaction level: PEs with their
//! endpoints, header table, command registers and local memory, and a lossless in-order NoC
//! that delivers a message, a remote read or a remote write at once. A command runs to its end
//! in one call. The decisions of `docs/spec-decisions.md` (DTU-Axx) apply; each is named where
//! it acts. The RTL's tests compare COMMAND, ARG1 (FETCH's OFFSET), every endpoint and header
//! word and the memory image with this model after each command and each reception.

use nicgen_wire::dtu::{
    self as w, command, data, header as hd, mem_ep, recv_ep, send_ep, Ep, EpType, Error, Op, EP_T,
    NUM_EPS, NUM_HDRS,
};

/// One PE: its DTU's state and its local memory.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pe {
    pub own: u8,
    pub eps: Vec<Ep>,
    pub hds: Vec<[u64; 3]>,
    pub ext_cmd: u64,
    pub events: u64,
    pub command: u64,
    pub abort: u64,
    pub data: u64,
    pub arg1: u64,
    pub mem: Vec<u8>,
}

/// Why a received message was dropped (it is acknowledged all the same, DTU-R082).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Drop {
    /// The target endpoint is not a receive endpoint (or does not exist).
    NotReceive,
    /// 24 + length exceeds the slot (DTU-A12).
    TooLarge,
    /// No free slot.
    Full,
}

impl Pe {
    pub fn new(own: u8, mem_bytes: usize) -> Self {
        Self {
            own,
            eps: vec![[0; 3]; NUM_EPS],
            hds: vec![[0; 3]; NUM_HDRS],
            ext_cmd: 0,
            events: 0,
            command: 0,
            abort: 0,
            data: 0,
            arg1: 0,
            mem: vec![0; mem_bytes],
        }
    }

    /// An MMIO read (offset in the DTU's region); None for an unmapped or unaligned offset.
    pub fn mmio_read(&self, a: u64) -> Option<u64> {
        Some(match a {
            w::EXT_CMD => self.ext_cmd,
            w::EVENTS => self.events,
            w::COMMAND => self.command,
            w::ABORT => self.abort,
            w::DATA => self.data,
            w::ARG1 => self.arg1,
            _ => {
                let (table, i, j) = Self::decode(a)?;
                if table {
                    self.hds[i][j]
                } else {
                    self.eps[i][j]
                }
            }
        })
    }

    /// An MMIO write of a register other than COMMAND (the system runs COMMAND writes); false
    /// for an unmapped or unaligned offset (nothing written).
    pub fn mmio_write(&mut self, a: u64, v: u64) -> bool {
        match a {
            w::EXT_CMD => self.ext_cmd = v,
            w::EVENTS => self.events = v,
            w::COMMAND => self.command = v,
            w::ABORT => self.abort = v,
            w::DATA => self.data = v,
            w::ARG1 => self.arg1 = v,
            _ => match Self::decode(a) {
                Some((true, i, j)) => self.hds[i][j] = v,
                Some((false, i, j)) => self.eps[i][j] = v,
                None => return false,
            },
        }
        true
    }

    /// (header table?, entry, word) of an endpoint or header-table offset.
    fn decode(a: u64) -> Option<(bool, usize, usize)> {
        if a % 8 != 0 || !(w::EP_BASE..w::MMIO_END).contains(&a) {
            return None;
        }
        if a >= w::HD_BASE {
            let o = a - w::HD_BASE;
            Some((
                true,
                (o / w::EP_STRIDE) as usize,
                (o % w::EP_STRIDE / 8) as usize,
            ))
        } else {
            let o = a - w::EP_BASE;
            Some((
                false,
                (o / w::EP_STRIDE) as usize,
                (o % w::EP_STRIDE / 8) as usize,
            ))
        }
    }

    fn ep_type(&self, ep: usize) -> u64 {
        EP_T.get(self.eps[ep][2])
    }

    /// Slots of a receive endpoint: 2^slots, at most 32 (DTU-A14: a larger `slots` is used as
    /// 5, so no slot lies outside the 32-bit masks).
    pub fn nslots(ep: &Ep) -> u64 {
        1 << recv_ep::SLOTS.get(ep[2]).min(recv_ep::MAX_SLOTS_LOG2)
    }

    /// The slot index of message address `addr` in receive endpoint `ep`, or None when `addr`
    /// is below the buffer, not at a slot's start, or past the last slot (DTU-A15).
    fn slot_of(ep: &Ep, addr: u64) -> Option<u64> {
        let buf = recv_ep::BUFFER.get(ep[1]);
        let ss = recv_ep::SLOT_SIZE.get(ep[2]);
        let off = addr.checked_sub(buf)?;
        let idx = if ss >= 64 { 0 } else { off >> ss };
        let aligned = ss >= 64 && off == 0 || ss < 64 && off & ((1 << ss) - 1) == 0;
        (aligned && idx < Self::nslots(ep)).then_some(idx)
    }

    /// Local memory, bytes `[a, a + n)`; None if any lies outside.
    pub fn mem_read(&self, a: u64, n: u64) -> Option<Vec<u8>> {
        let end = a.checked_add(n)?;
        (end <= self.mem.len() as u64).then(|| self.mem[a as usize..end as usize].to_vec())
    }

    pub fn mem_write(&mut self, a: u64, b: &[u8]) -> bool {
        match a.checked_add(b.len() as u64) {
            Some(end) if end <= self.mem.len() as u64 => {
                self.mem[a as usize..end as usize].copy_from_slice(b);
                true
            }
            _ => false,
        }
    }

    /// Alg. 4: a message for endpoint `ep` arrives. Ok(slot) or the reason it was dropped; the
    /// message is acknowledged either way.
    pub fn receive(&mut self, ep: usize, h: [u64; 3], payload: &[u8]) -> Result<u64, Drop> {
        let r = self.store(ep, h, payload);
        // DTU-A11: the credit belongs to the original send endpoint, so it is returned on the
        // drop paths too; DTU-A08/A09/A10 guard the add
        if hd::FLAGS.get(h[2]) & hd::GRANT_CREDITS != 0 {
            self.grant(hd::REP.get(h[2]) as usize);
        }
        r
    }

    fn store(&mut self, ep: usize, h: [u64; 3], payload: &[u8]) -> Result<u64, Drop> {
        if ep >= NUM_EPS || self.ep_type(ep) != EpType::Receive as u64 {
            return Err(Drop::NotReceive);
        }
        let mut e = self.eps[ep];
        let ss = recv_ep::SLOT_SIZE.get(e[2]);
        let len = hd::BYTES + payload.len() as u64;
        // DTU-A12: the message must fit its slot (and a 16-bit transfer)
        if ss < 64 && len > 1 << ss || len > 0xFFFF {
            return Err(Drop::TooLarge);
        }
        let n = Self::nslots(&e);
        let occ = recv_ep::OCCUPIED.get(e[0]);
        let wpos = recv_ep::WPOS.get(e[2]);
        // DTU-A13: ascending from wpos, modulo the slot count
        let idx = (0..n)
            .map(|i| (wpos + i) % n)
            .find(|i| occ & (1 << i) == 0)
            .ok_or(Drop::Full)?;
        e[0] = recv_ep::OCCUPIED.set(e[0], occ | 1 << idx);
        e[2] = recv_ep::WPOS.set(e[2], (idx + 1) % n);
        let dest = recv_ep::BUFFER.get(e[1]).wrapping_add(idx << ss);
        let mut bytes: Vec<u8> = h.iter().flat_map(|x| x.to_le_bytes()).collect();
        bytes.extend_from_slice(payload);
        assert!(
            self.mem_write(dest, &bytes),
            "PE {}: slot {idx} of EP {ep} at {dest:#x} lies outside local memory",
            self.own
        );
        e[2] = recv_ep::MSGS.set(e[2], (recv_ep::MSGS.get(e[2]) + 1) & recv_ep::MSGS.max());
        e[0] = recv_ep::UNREAD.set(e[0], recv_ep::UNREAD.get(e[0]) | 1 << idx);
        self.eps[ep] = e;
        // DTU-A34: an entry past the table is not written
        let k = recv_ep::HEADER.get(e[2]) + idx;
        if k < NUM_HDRS as u64 {
            self.hds[k as usize] = h;
        }
        Ok(idx)
    }

    /// GRANT_CREDITS to send endpoint `rep`: only a send endpoint (DTU-A10), not when unlimited
    /// (DTU-A08), saturating at max_crd (DTU-A09).
    fn grant(&mut self, rep: usize) {
        if rep >= NUM_EPS || self.ep_type(rep) != EpType::Send as u64 {
            return;
        }
        let w1 = self.eps[rep][1];
        let cur = send_ep::CUR_CRD.get(w1);
        if cur == send_ep::UNLIMITED {
            return;
        }
        let add = send_ep::MAX_MSG_SIZE.get(self.eps[rep][2]);
        let max = send_ep::MAX_CRD.get(w1);
        self.eps[rep][1] = send_ep::CUR_CRD.set(w1, (cur + add).min(max.max(cur)));
    }
}

/// A message on the NoC.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Msg {
    pub src: usize,
    pub dst: usize,
    pub ep: usize,
    pub header: [u64; 3],
    pub payload: Vec<u8>,
    /// What the receiver did with it.
    pub stored: Result<u64, Drop>,
}

/// PEs on a lossless NoC (PE i has id i).
#[derive(Clone, Debug)]
pub struct System {
    pub pes: Vec<Pe>,
    /// Every message delivered, in order.
    pub msgs: Vec<Msg>,
}

fn err(e: Error) -> u64 {
    // DTU-A06: an error leaves only err in COMMAND, so op = 0 ends every command
    command::ERR.set(0, e as u64)
}

impl System {
    pub fn new(n: usize, mem_bytes: usize) -> Self {
        Self {
            pes: (0..n).map(|i| Pe::new(i as u8, mem_bytes)).collect(),
            msgs: vec![],
        }
    }

    /// The CU of PE `p` writes COMMAND: the command runs to its end. Returns COMMAND after it.
    pub fn command(&mut self, p: usize, cmd: u64) -> u64 {
        self.pes[p].command = cmd;
        let op = command::OP.get(cmd);
        if op == Op::Idle as u64 {
            return cmd;
        }
        let r = self.run(p, cmd);
        self.pes[p].command = match r {
            Ok(()) => 0,
            Err(e) => err(e),
        };
        self.pes[p].command
    }

    fn run(&mut self, p: usize, cmd: u64) -> Result<(), Error> {
        let epi = command::EP.get(cmd) as usize;
        let arg0 = command::ARG0.get(cmd);
        // DTU-A26: an unknown op ends with INV_ARGS, an endpoint past the table with INV_EP
        let op = Op::from_u64(command::OP.get(cmd)).ok_or(Error::InvArgs)?;
        if epi >= NUM_EPS {
            return Err(Error::InvEp);
        }
        let pe = &self.pes[p];
        let ep = pe.eps[epi];
        let t = EP_T.get(ep[2]);
        let size = data::SIZE.get(pe.data);
        let addr = data::ADDR.get(pe.data);
        let need = |ty: EpType| {
            if t == ty as u64 {
                Ok(())
            } else {
                Err(Error::InvEp)
            }
        };
        match op {
            Op::Idle => Ok(()),
            Op::Read | Op::Write => {
                need(EpType::Memory)?;
                let bit = if op == Op::Read {
                    mem_ep::READ
                } else {
                    mem_ep::WRITE
                };
                // DTU-A29: (rw & bit) == 0
                if mem_ep::RW.get(ep[0]) & bit == 0 {
                    return Err(Error::NoPerm);
                }
                // DTU-A01: the whole access inside the region, no wrap of the address
                let base = mem_ep::BASE.get(ep[1]);
                let end = arg0.checked_add(size);
                let remote = base.checked_add(arg0);
                match (end, remote.and_then(|r| r.checked_add(size))) {
                    (Some(e), Some(_)) if e <= mem_ep::SIZE.get(ep[2]) => {}
                    _ => return Err(Error::InvArgs),
                }
                let dst = mem_ep::PE.get(ep[0]) as usize;
                let remote = remote.unwrap();
                // DTU-A30: size 0 moves nothing
                if size > 0 {
                    if op == Op::Read {
                        let d = self.pes[dst]
                            .mem_read(remote, size)
                            .expect("remote read outside memory");
                        assert!(
                            self.pes[p].mem_write(addr, &d),
                            "local write outside memory"
                        );
                    } else {
                        let d = self.pes[p]
                            .mem_read(addr, size)
                            .expect("local read outside memory");
                        assert!(
                            self.pes[dst].mem_write(remote, &d),
                            "remote write outside memory"
                        );
                    }
                }
                Ok(())
            }
            Op::Send => {
                need(EpType::Send)?;
                let cur = send_ep::CUR_CRD.get(ep[1]);
                let max_msg = send_ep::MAX_MSG_SIZE.get(ep[2]);
                if cur != send_ep::UNLIMITED && cur < max_msg {
                    return Err(Error::NoCredits);
                }
                // DTU-A12/A36: the message (header included) must fit max_msg_size
                if hd::BYTES + size > max_msg {
                    return Err(Error::InvArgs);
                }
                if cur != send_ep::UNLIMITED {
                    self.pes[p].eps[epi][1] = send_ep::CUR_CRD.set(ep[1], cur - max_msg);
                }
                let pe = &self.pes[p];
                let h = [
                    send_ep::LABEL.get(ep[0]),
                    pe.arg1,
                    // DTU-A17: rep is arg0's low byte
                    w::header_word2(
                        size,
                        arg0 & 0xFF,
                        epi as u64,
                        pe.own as u64,
                        hd::REPLY_ENABLED,
                    ),
                ];
                let dst = send_ep::PE.get(ep[1]) as usize;
                let dep = send_ep::EP.get(ep[1]) as usize;
                self.deliver(p, dst, dep, h, addr, size);
                Ok(())
            }
            Op::Reply => {
                need(EpType::Receive)?;
                let idx = Pe::slot_of(&ep, arg0).ok_or(Error::InvArgs)?;
                let k = (recv_ep::HEADER.get(ep[2]) + idx) as usize;
                // DTU-A34: a header entry past the table cannot be replied to
                if k >= NUM_HDRS {
                    return Err(Error::InvArgs);
                }
                let mut h = self.pes[p].hds[k];
                if hd::FLAGS.get(h[2]) & hd::REPLY_ENABLED == 0 {
                    return Err(Error::InvArgs);
                }
                h[2] = hd::FLAGS.set(h[2], 0);
                self.pes[p].hds[k] = h;
                let own = self.pes[p].own as u64;
                let rh = [
                    h[1],
                    0,
                    w::header_word2(
                        size,
                        hd::SEP.get(h[2]),
                        epi as u64,
                        own,
                        hd::REPLY | hd::GRANT_CREDITS,
                    ),
                ];
                let dst = hd::SPE.get(h[2]) as usize;
                let dep = hd::REP.get(h[2]) as usize;
                self.deliver(p, dst, dep, rh, addr, size);
                Ok(())
            }
            Op::Fetch => {
                need(EpType::Receive)?;
                let pe = &mut self.pes[p];
                let mut e = ep;
                let n = Pe::nslots(&e);
                let unread = recv_ep::UNREAD.get(e[0]);
                let rpos = recv_ep::RPOS.get(e[2]);
                // DTU-A13 ascending from rpos modulo the slots; DTU-A20: msgs != 0 with no
                // unread slot acts as msgs = 0
                let found = (0..n)
                    .map(|i| (rpos + i) % n)
                    .find(|i| unread & (1 << i) != 0);
                match (recv_ep::MSGS.get(e[2]), found) {
                    (0, _) | (_, None) => pe.arg1 = 0,
                    (m, Some(idx)) => {
                        e[0] = recv_ep::UNREAD.set(e[0], unread & !(1 << idx));
                        e[2] = recv_ep::MSGS.set(e[2], m - 1);
                        e[2] = recv_ep::RPOS.set(e[2], (idx + 1) % n);
                        pe.eps[epi] = e;
                        let ss = recv_ep::SLOT_SIZE.get(e[2]);
                        // DTU-A03: OFFSET is returned in ARG1
                        pe.arg1 = recv_ep::BUFFER.get(e[1]).wrapping_add(if ss < 64 {
                            idx << ss
                        } else {
                            0
                        });
                    }
                }
                Ok(())
            }
            Op::AckMsg => {
                need(EpType::Receive)?;
                let idx = Pe::slot_of(&ep, arg0).ok_or(Error::InvArgs)?;
                let pe = &mut self.pes[p];
                let mut e = ep;
                e[0] = recv_ep::OCCUPIED.set(e[0], recv_ep::OCCUPIED.get(e[0]) & !(1 << idx));
                let unread = recv_ep::UNREAD.get(e[0]);
                if unread & (1 << idx) != 0 {
                    e[0] = recv_ep::UNREAD.set(e[0], unread & !(1 << idx));
                    e[2] = recv_ep::MSGS.set(
                        e[2],
                        recv_ep::MSGS.get(e[2]).wrapping_sub(1) & recv_ep::MSGS.max(),
                    );
                }
                pe.eps[epi] = e;
                let k = (recv_ep::HEADER.get(e[2]) + idx) as usize;
                if k < NUM_HDRS {
                    pe.hds[k][2] = hd::FLAGS.set(pe.hds[k][2], 0);
                }
                Ok(())
            }
        }
    }

    /// send_msg + the receiver's Alg. 4 + wait_for_ack.
    fn deliver(&mut self, src: usize, dst: usize, ep: usize, h: [u64; 3], addr: u64, size: u64) {
        let payload = self.pes[src]
            .mem_read(addr, size)
            .expect("payload outside local memory");
        let stored = self.pes[dst].receive(ep, h, &payload);
        self.msgs.push(Msg {
            src,
            dst,
            ep,
            header: h,
            payload,
            stored,
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nicgen_wire::dtu::{command_word, data_word, memory_ep, recv_ep as rep_, send_ep as sep_};

    fn sys() -> System {
        let mut s = System::new(3, 1 << 16);
        // PE1: receive EP 0, 4 slots of 64 B at 0x1000, headers from 0; PE0: send EP 1 to it
        // with 128 B of credit, messages of up to 64 B, reply EP 2 (4 slots at 0x2000, hd 4)
        s.pes[1].eps[0] = rep_(0x1000, 6, 2, 0);
        s.pes[0].eps[1] = sep_(0xAAAA, 1, 0, 128, 128, 64);
        s.pes[0].eps[2] = rep_(0x2000, 6, 2, 4);
        s
    }

    #[test]
    fn send_fetch_reply_returns_the_credit_and_ack_frees_the_slot() {
        let mut s = sys();
        s.pes[0].mem[0x100..0x108].copy_from_slice(b"payload!");
        s.pes[0].data = data_word(0x100, 8);
        s.pes[0].arg1 = 0x77;
        assert_eq!(s.command(0, command_word(Op::Send, 1, 2)), 0);
        assert_eq!(send_ep::CUR_CRD.get(s.pes[0].eps[1][1]), 64);
        assert_eq!(s.msgs[0].stored, Ok(0));
        assert_eq!(&s.pes[1].mem[0x1000 + 24..0x1000 + 32], b"payload!");
        assert_eq!(
            u64::from_le_bytes(s.pes[1].mem[0x1000..0x1008].try_into().unwrap()),
            0xAAAA
        );
        assert_eq!(s.command(1, command_word(Op::Fetch, 0, 0)), 0);
        assert_eq!(s.pes[1].arg1, 0x1000);
        assert_eq!(recv_ep::MSGS.get(s.pes[1].eps[0][2]), 0);
        s.pes[1].data = data_word(0, 0);
        assert_eq!(s.command(1, command_word(Op::Reply, 0, 0x1000)), 0);
        // the reply landed in PE0's EP 2 and gave EP 1 its credit back
        assert_eq!(s.msgs[1].dst, 0);
        assert_eq!(s.msgs[1].ep, 2);
        assert_eq!(s.msgs[1].header[0], 0x77);
        assert_eq!(send_ep::CUR_CRD.get(s.pes[0].eps[1][1]), 128);
        // a second reply is refused
        assert_eq!(
            s.command(1, command_word(Op::Reply, 0, 0x1000)),
            err(Error::InvArgs)
        );
        assert_eq!(s.command(1, command_word(Op::AckMsg, 0, 0x1000)), 0);
        assert_eq!(recv_ep::OCCUPIED.get(s.pes[1].eps[0][0]), 0);
    }

    #[test]
    fn credits_run_out_and_errors_change_nothing() {
        let mut s = sys();
        s.pes[0].data = data_word(0, 40);
        assert_eq!(s.command(0, command_word(Op::Send, 1, 0)), 0);
        assert_eq!(s.command(0, command_word(Op::Send, 1, 0)), 0);
        let before = s.pes.clone();
        assert_eq!(
            s.command(0, command_word(Op::Send, 1, 0)),
            err(Error::NoCredits)
        );
        s.pes[0].data = data_word(0, 41);
        s.pes[0].eps[1][1] = send_ep::CUR_CRD.set(s.pes[0].eps[1][1], send_ep::UNLIMITED);
        assert_eq!(
            s.command(0, command_word(Op::Send, 1, 0)),
            err(Error::InvArgs)
        );
        assert_eq!(
            s.command(0, command_word(Op::Send, 2, 0)),
            err(Error::InvEp)
        );
        assert_eq!(
            s.command(0, command_word(Op::Fetch, 1, 0)),
            err(Error::InvEp)
        );
        assert_eq!(s.command(0, 15), err(Error::InvArgs));
        assert_eq!(s.pes[1], before[1]);
    }

    #[test]
    fn a_full_buffer_drops_but_acknowledges() {
        let mut s = sys();
        s.pes[0].eps[1] = sep_(1, 1, 0, send_ep::UNLIMITED, 0, 64);
        s.pes[0].data = data_word(0, 8);
        for i in 0..5 {
            assert_eq!(s.command(0, command_word(Op::Send, 1, 0)), 0);
            assert_eq!(
                s.msgs[i].stored,
                if i < 4 { Ok(i as u64) } else { Err(Drop::Full) }
            );
        }
    }

    #[test]
    fn remote_memory_bounds_cover_the_whole_access() {
        let mut s = sys();
        s.pes[0].eps[3] = memory_ep(2, mem_ep::READ | mem_ep::WRITE, 0x4000, 0x100);
        s.pes[2].mem[0x40F8..0x4100].copy_from_slice(&[9; 8]);
        s.pes[0].data = data_word(0x10, 8);
        assert_eq!(s.command(0, command_word(Op::Read, 3, 0xF8)), 0);
        assert_eq!(&s.pes[0].mem[0x10..0x18], &[9; 8]);
        assert_eq!(
            s.command(0, command_word(Op::Read, 3, 0xF9)),
            err(Error::InvArgs)
        );
        s.pes[0].eps[3] = memory_ep(2, mem_ep::READ, 0x4000, 0x100);
        assert_eq!(
            s.command(0, command_word(Op::Write, 3, 0)),
            err(Error::NoPerm)
        );
    }
}
