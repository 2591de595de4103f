//! The MIT NIC's reference model at transaction level (CSG Memo 331 §2, §3.2.1; issue 15): the
//! registers, both 16-message queues, the commands of one P-bus transaction in the memo's
//! order (NLOAD/NSTORE, then the send, then NNEXT, NIC-R053), the WAIT/FAULT answer to a send
//! into a full output queue, the automatic load of i0-i4, STATUS and INST as the memo
//! computes them, and the network side (a packet arriving, a message leaving, the sticky
//! errors). Decisions are the checklist's (NIC-Axx), recorded in `docs/spec-decisions.md`.
//!
//! Time is not modelled beyond "one transaction": the RTL runs against this model in
//! lock-step at transaction boundaries.

use nicgen_wire::mitnic::{
    self as w, routing_byte, Command, Loc, Msg, Send, CONTROL as C, QUEUE_DEPTH, STATUS as S,
};
use std::collections::VecDeque;

/// A message in the output queue: the five words as sent (after any bypass), its type, CSP
/// and the routing byte, all taken when the send executed (NIC-R115, NIC-A15).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutMsg {
    pub msg: Msg,
    pub csp: bool,
    pub route: u8,
}

/// The answer to a transaction on the reply lines.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Done; a read's data (0 for a write).
    Ok(u32),
    /// A send into a full output queue with F/W = 0: nothing done yet; the same transaction
    /// completes (all its commands, once) when a slot frees (NIC-R073).
    Wait,
    /// A send into a full output queue with F/W = 1: nothing done (NIC-R071).
    Fault,
}

#[derive(Clone, Debug)]
pub struct Nic {
    pub o: [u32; 5],
    pub i: [u32; 5],
    /// CONTROL's stored fields (RESET_NET_EXCS and RESET_NIC read 0).
    control: u32,
    code_base: u32,
    valid: bool,
    itype: u8,
    /// EXCS[1:0]: room_error, idle_error (sticky).
    net_excs: u8,
    /// The four exception input pins (EXCS[5:2]).
    pub exc_pins: u8,
    pub iq: VecDeque<Msg>,
    pub oq: VecDeque<OutMsg>,
    /// The ring routing table (NIC-A13): node[2:0] -> routing byte.
    pub ring_table: [u8; 8],
}

impl Nic {
    pub fn new(ring_table: [u8; 8]) -> Self {
        Nic {
            o: [0; 5],
            i: [0; 5],
            control: 0,
            code_base: 0,
            valid: false,
            itype: 0,
            net_excs: 0,
            exc_pins: 0,
            iq: VecDeque::new(),
            oq: VecDeque::new(),
            ring_table,
        }
    }

    /// Power-on reset and RESET_NIC (NIC-A21): every register 0 (CONTROL too: both ports off),
    /// both queues empty; the pins keep their levels.
    pub fn reset(&mut self) {
        let (pins, table) = (self.exc_pins, self.ring_table);
        *self = Nic::new(table);
        self.exc_pins = pins;
    }

    pub fn control(&self) -> u32 {
        self.control
    }

    fn field(&self, f: nicgen_wire::regs::Field) -> u32 {
        f.get(self.control)
    }

    pub fn excs(&self) -> u8 {
        self.net_excs | (self.exc_pins & 0xF) << 2
    }

    pub fn iafull(&self) -> bool {
        self.iq.len() as u32 > self.field(C::ITHRESH)
    }

    pub fn oafull(&self) -> bool {
        self.oq.len() as u32 > self.field(C::OTHRESH)
    }

    pub fn status(&self) -> u32 {
        let mut s = 0;
        s = S::VALID.set(s, self.valid as u32);
        s = S::EXCS.set(s, self.excs() as u32);
        s = S::ITYPE.set(s, self.itype as u32);
        s = S::IAFULL.set(s, self.iafull() as u32);
        s = S::OAFULL.set(s, self.oafull() as u32);
        s = S::ILENGTH.set(s, self.iq.len() as u32);
        S::OLENGTH.set(s, self.oq.len() as u32)
    }

    /// INST (§2.8 with NIC-A17, A18): i1 for a valid type-0 message when neither queue is
    /// almost full and no noted exception is pending; else {CODE-BASE[31:15], oaFULL, iaFULL,
    /// T5, 8'h00} with T5 = 31 on a noted exception, else the type, else 30 (no message).
    pub fn inst(&self) -> u32 {
        let noted = self.excs() as u32 & self.field(C::NOTE_EXCS) != 0;
        if self.valid && self.itype == 0 && !self.iafull() && !self.oafull() && !noted {
            return self.i[1];
        }
        let t5 = if noted {
            w::TYPE_EXCEPTION
        } else if self.valid {
            self.itype
        } else {
            w::TYPE_NO_MSG
        };
        self.code_base
            | (self.oafull() as u32) << 14
            | (self.iafull() as u32) << 13
            | (t5 as u32) << w::INST_TYPE_LSB
    }

    /// The register at `loc` as a read returns it.
    pub fn read(&self, loc: Loc) -> u32 {
        match loc {
            Loc::O(n) => self.o[n],
            Loc::I(n) => self.i[n],
            Loc::Control => self.control,
            Loc::Status => self.status(),
            Loc::CodeBase => self.code_base,
            Loc::Inst => self.inst(),
            Loc::Reserved(_) => 0,
        }
    }

    /// One P-bus transaction at address bits `da` (a read, or a write of `data`).
    pub fn transaction(&mut self, da: u16, write: bool, data: u32) -> Reply {
        let c = Command::decode(da);
        if c.send != Send::None && self.oq.len() == QUEUE_DEPTH {
            return if self.field(C::FW) != 0 {
                Reply::Fault
            } else {
                Reply::Wait
            };
        }
        // a bypass send reads the incoming registers as they were (NIC-A11)
        let i_before = self.i;
        let mut rdata = 0;
        if write {
            match c.loc {
                Loc::O(n) => self.o[n] = data,
                Loc::I(n) => self.i[n] = data,
                Loc::Control => {
                    if C::RESET_NIC.get(data) != 0 {
                        // the fields written with it are discarded, and the transaction's
                        // other commands with them (NIC-A21)
                        self.reset();
                        return Reply::Ok(0);
                    }
                    self.net_excs &= !(C::RESET_NET_EXCS.get(data) as u8);
                    self.control = data & w::control_stored_mask();
                }
                Loc::CodeBase => self.code_base = data & w::CODE_BASE::BASE.mask(),
                Loc::Status | Loc::Inst | Loc::Reserved(_) => {}
            }
        } else {
            rdata = self.read(c.loc);
        }
        if c.send != Send::None {
            let mut words = self.o;
            match c.send {
                Send::Reply => {
                    words[0] = i_before[1];
                    words[1] = i_before[2];
                }
                Send::Forward => {
                    words[3] = i_before[3];
                    words[4] = i_before[4];
                }
                _ => {}
            }
            let route = routing_byte(words[0], self.field(C::ROUTE) != 0, &self.ring_table);
            self.oq.push_back(OutMsg {
                msg: Msg { words, ty: c.otype },
                csp: c.csp,
                route,
            });
        }
        if c.nnext {
            self.valid = false;
        }
        self.load();
        Reply::Ok(rdata)
    }

    /// VALID low and a message queued: it moves into i0-i4 (NIC-R054, R056).
    fn load(&mut self) {
        if !self.valid {
            if let Some(m) = self.iq.pop_front() {
                self.i = m.words;
                self.itype = m.ty;
                self.valid = true;
            }
        }
    }

    /// A packet arrives whole at the input port: queued (and loaded if VALID is low), ignored
    /// with IP_ON = 0 (NIC-A29), dropped with room_error when the queue is full (NIC-A32).
    pub fn arrive(&mut self, m: Msg) {
        if self.field(C::IP_ON) == 0 {
            return;
        }
        if self.iq.len() == QUEUE_DEPTH {
            self.net_excs |= 1;
            return;
        }
        self.iq.push_back(m);
        self.load();
    }

    /// An idle error on the input port (EXCS[1]).
    pub fn idle_error(&mut self) {
        if self.field(C::IP_ON) != 0 {
            self.net_excs |= 2;
        }
    }

    /// The output port takes the head message (when OP_ON), as its header leaves (NIC-A23).
    pub fn launch(&mut self) -> Option<OutMsg> {
        if self.field(C::OP_ON) == 0 {
            return None;
        }
        self.oq.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nicgen_wire::mitnic::INST as I;

    fn da(loc: Loc, otype: u8, nnext: bool, send: Send, csp: bool) -> u16 {
        Command {
            loc,
            otype,
            nnext,
            send,
            csp,
        }
        .encode()
    }

    fn on(n: &mut Nic, fw: bool) {
        let mut c = 0;
        c = C::FW.set(c, fw as u32);
        c = C::OP_ON.set(c, 1);
        c = C::IP_ON.set(c, 1);
        c = C::ITHRESH.set(c, 3);
        c = C::OTHRESH.set(c, 15);
        assert_eq!(
            n.transaction(da(Loc::Control, 0, false, Send::None, false), true, c),
            Reply::Ok(0)
        );
    }

    #[test]
    fn send_reply_forward_take_the_right_words() {
        let mut n = Nic::new([0; 8]);
        on(&mut n, false);
        for k in 0..5 {
            n.transaction(
                da(Loc::O(k), 0, false, Send::None, false),
                true,
                0x1000 + k as u32,
            );
        }
        n.arrive(Msg {
            words: [0xA0, 0xA1, 0xA2, 0xA3, 0xA4],
            ty: 4,
        });
        assert_eq!(n.status() & 1, 1, "auto-loaded");
        // a store to o4 with the send: the new value goes (NIC-R066)
        n.transaction(da(Loc::O(4), 9, false, Send::Msg, true), true, 0x4444);
        // REPLY: i1, i2 for o0, o1; a store to i1 in the same transaction is not used (NIC-A11)
        n.transaction(da(Loc::I(1), 10, false, Send::Reply, false), true, 0xDEAD);
        n.transaction(
            da(Loc::Reserved(0xE), 11, false, Send::Forward, false),
            false,
            0,
        );
        let q: Vec<OutMsg> = n.oq.iter().copied().collect();
        assert_eq!(q[0].msg.words, [0x1000, 0x1001, 0x1002, 0x1003, 0x4444]);
        assert_eq!((q[0].msg.ty, q[0].csp), (9, true));
        assert_eq!(q[1].msg.words, [0xA1, 0xA2, 0x1002, 0x1003, 0x4444]);
        assert_eq!(q[2].msg.words, [0x1000, 0x1001, 0x1002, 0xA3, 0xA4]);
        assert_eq!(n.o[4], 0x4444, "a send leaves o0-o4 alone");
    }

    #[test]
    fn nnext_reads_old_then_new_and_empties_valid() {
        let mut n = Nic::new([0; 8]);
        on(&mut n, false);
        n.arrive(Msg {
            words: [1, 2, 3, 4, 5],
            ty: 1,
        });
        n.arrive(Msg {
            words: [6, 7, 8, 9, 10],
            ty: 2,
        });
        assert_eq!(
            S::ILENGTH.get(n.status()),
            1,
            "the loaded message is not counted"
        );
        let r = n.transaction(da(Loc::I(0), 0, true, Send::None, false), false, 0);
        assert_eq!(r, Reply::Ok(1), "the old message with NNEXT");
        assert_eq!(n.read(Loc::I(0)), 6);
        assert_eq!(S::ITYPE.get(n.status()), 2);
        n.transaction(da(Loc::Reserved(0xF), 0, true, Send::None, false), false, 0);
        assert_eq!(S::VALID.get(n.status()), 0);
        assert_eq!(I::V.get(n.inst()) >> 8 & 0x1F, w::TYPE_NO_MSG as u32);
    }

    #[test]
    fn full_output_queue_waits_or_faults_and_does_nothing() {
        for fw in [false, true] {
            let mut n = Nic::new([0; 8]);
            on(&mut n, fw);
            // OP_ON off: nothing leaves
            n.transaction(
                da(Loc::Control, 0, false, Send::None, false),
                true,
                C::FW.set(0, fw as u32),
            );
            for _ in 0..QUEUE_DEPTH {
                assert_eq!(
                    n.transaction(da(Loc::Reserved(0xE), 1, false, Send::Msg, false), false, 0),
                    Reply::Ok(0)
                );
            }
            n.arrive(Msg {
                words: [0; 5],
                ty: 3,
            });
            let before = n.clone();
            let r = n.transaction(da(Loc::O(0), 1, true, Send::Msg, false), true, 77);
            assert_eq!(r, if fw { Reply::Fault } else { Reply::Wait });
            assert_eq!(n.o, before.o, "no store");
            assert_eq!(n.oq.len(), QUEUE_DEPTH);
            assert_eq!(S::OLENGTH.get(n.status()), 16);
        }
    }

    #[test]
    fn inst_dispatches_as_the_algorithm_says() {
        let mut n = Nic::new([0; 8]);
        on(&mut n, false);
        n.transaction(
            da(Loc::CodeBase, 0, false, Send::None, false),
            true,
            0xFFFF_FFFF,
        );
        assert_eq!(n.read(Loc::CodeBase), 0xFFFF_8000, "bits 14:0 hardwired 0");
        n.arrive(Msg {
            words: [0, 0x1234_5678, 0, 0, 0],
            ty: 0,
        });
        assert_eq!(n.inst(), 0x1234_5678, "type 0: i1");
        // a pin that is noted: type 31
        n.exc_pins = 0b0100;
        assert_eq!(n.inst(), 0x1234_5678, "not noted");
        let c = C::NOTE_EXCS.set(n.control(), 1 << 4);
        n.transaction(da(Loc::Control, 0, false, Send::None, false), true, c);
        assert_eq!(n.inst(), 0xFFFF_8000 | 31 << 8);
        // the room error: sticky, cleared by RESET_NET_EXCS
        n.exc_pins = 0;
        let c = C::NOTE_EXCS.set(n.control(), 1);
        n.transaction(da(Loc::Control, 0, false, Send::None, false), true, c);
        for _ in 0..=QUEUE_DEPTH {
            n.arrive(Msg {
                words: [0; 5],
                ty: 5,
            });
        }
        assert_eq!(n.excs() & 1, 1, "room_error");
        assert_eq!(
            n.inst(),
            0xFFFF_8000 | 1 << 13 | 31 << 8,
            "iaFULL and the exception"
        );
        n.transaction(
            da(Loc::Control, 0, false, Send::None, false),
            true,
            C::RESET_NET_EXCS.set(c, 1),
        );
        assert_eq!(n.excs() & 1, 0);
        assert_eq!(C::RESET_NET_EXCS.get(n.read(Loc::Control)), 0, "reads 0");
        assert_eq!(
            n.inst(),
            0xFFFF_8000 | 1 << 13,
            "iaFULL, type 0 constructed"
        );
        // RESET_NIC: everything 0, queues empty
        n.transaction(
            da(Loc::Control, 0, false, Send::None, false),
            true,
            C::RESET_NIC.set(0, 1),
        );
        assert_eq!((n.status(), n.control(), n.read(Loc::CodeBase)), (0, 0, 0));
    }
}
