//! The MIT NIC's driver: what an 88100 program does with its NIC (CSG Memo 331 §2.3-§2.8), over
//! any transport that turns a register access into one P-bus transaction: `read32(addr)` /
//! `write32(addr, v)` with `addr = da << 2` (`nicgen_wire::mitnic::Command::address`, the
//! commands in the address bits), a FAULT reply coming back as `Error::Bus`. The same code runs
//! on the P-bus model of the simulation, on Verilator and over the board's UART bridge.
//!
//! Every argument is checked before anything reaches the NIC: a type past 5 bits or one of the
//! reserved dispatch types 30 and 31 (NIC-A34: the NIC does not check, the driver does), a
//! threshold past 4 bits, an OUT_EXCS value past 4 bits. A send refused with FAULT (F/W = 1,
//! output queue full) is `Error::Command` with code `DR_FAULT`: nothing of that transaction
//! happened (NIC-R071), so the caller may try again. A send under F/W = 0 into a full queue
//! holds the processor in WAIT until the queue drains (NIC-A41): `send_if_room` checks oLENGTH
//! first (the memo's software rule, NIC-R076).

use crate::wire::mitnic::{
    self as w, Command, Loc, Msg, Send, CONTROL as C, QUEUE_DEPTH, STATUS as S,
};
use crate::{Error, RegAccess, Result};

/// CONTROL's settings (§2.2.2).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// FAULT (true) or WAIT (false) on a send into a full output queue.
    pub fault: bool,
    pub ithresh: u8,
    pub othresh: u8,
    /// Ring routing (true) or butterfly (false).
    pub ring: bool,
    pub op_on: bool,
    pub ip_on: bool,
    /// Per STATUS.EXCS bit: dispatch to the exception handler.
    pub note_excs: u8,
    pub out_excs: u8,
}

/// STATUS, decoded.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Status {
    pub valid: bool,
    /// [0] room_error, [1] idle_error, [5:2] the exception input pins.
    pub excs: u8,
    pub itype: u8,
    pub iafull: bool,
    pub oafull: bool,
    pub ilength: usize,
    pub olength: usize,
}

impl Status {
    pub fn decode(v: u32) -> Status {
        Status {
            valid: S::VALID.get(v) != 0,
            excs: S::EXCS.get(v) as u8,
            itype: S::ITYPE.get(v) as u8,
            iafull: S::IAFULL.get(v) != 0,
            oafull: S::OAFULL.get(v) != 0,
            ilength: S::ILENGTH.get(v) as usize,
            olength: S::OLENGTH.get(v) as usize,
        }
    }
}

/// Where INST sends the processor (§2.8).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dispatch {
    /// A type-0 message: its handler address (i1).
    Handler(u32),
    /// CODE-BASE's table entry of type `ty` (1-29, 30 = no message, 31 = exception), with the
    /// almost-full flags the address carries.
    Table {
        addr: u32,
        ty: u8,
        oafull: bool,
        iafull: bool,
    },
}

/// A NIC seen from its processor.
pub struct Nic<'a, T: RegAccess + ?Sized> {
    pub t: &'a mut T,
    /// Polls of STATUS before `recv_wait` gives up.
    pub polls: u64,
}

fn invalid(m: String) -> Error {
    Error::Invalid(m)
}

/// A message type the driver lets software send: 0-29 (30 and 31 are the dispatch's own).
pub fn check_type(ty: u8) -> Result<()> {
    if ty >= w::TYPE_NO_MSG {
        return Err(invalid(format!(
            "message type {ty} (0-29; 30 and 31 are reserved for dispatch, NIC-A34)"
        )));
    }
    Ok(())
}

/// The side-effect-free location a bare command (NNEXT, a send) is issued on (NIC-A08).
pub const SPARE: Loc = Loc::Reserved(0xE);

impl<'a, T: RegAccess + ?Sized> Nic<'a, T> {
    pub fn new(t: &'a mut T) -> Self {
        Self { t, polls: 100_000 }
    }

    fn load(&mut self, c: Command) -> Result<u32> {
        self.t.read32(c.address() as u64)
    }

    fn store(&mut self, c: Command, v: u32) -> Result<()> {
        match self.t.write32(c.address() as u64, v) {
            Err(Error::Bus { .. }) if c.send != Send::None => Err(Error::Command {
                code: w::DR_FAULT as u32,
                name: "FAULT (output queue full, F/W = 1)",
            }),
            r => r,
        }
    }

    /// RESET_NIC: every register 0, both queues empty, both ports off (NIC-A21).
    pub fn reset(&mut self) -> Result<()> {
        self.store(Command::plain(Loc::Control), C::RESET_NIC.set(0, 1))
    }

    pub fn configure(&mut self, c: &Config) -> Result<()> {
        if c.ithresh > 15 || c.othresh > 15 {
            return Err(invalid(format!(
                "thresholds {} / {} (4 bits)",
                c.ithresh, c.othresh
            )));
        }
        if c.note_excs > 63 || c.out_excs > 15 {
            return Err(invalid(format!(
                "NOTE_EXCS {:#x} (6 bits) / OUT_EXCS {:#x} (4 bits)",
                c.note_excs, c.out_excs
            )));
        }
        let mut v = C::FW.set(0, c.fault as u32);
        v = C::ITHRESH.set(v, c.ithresh as u32);
        v = C::OTHRESH.set(v, c.othresh as u32);
        v = C::ROUTE.set(v, c.ring as u32);
        v = C::OP_ON.set(v, c.op_on as u32);
        v = C::IP_ON.set(v, c.ip_on as u32);
        v = C::NOTE_EXCS.set(v, c.note_excs as u32);
        v = C::OUT_EXCS.set(v, c.out_excs as u32);
        self.store(Command::plain(Loc::Control), v)
    }

    pub fn config(&mut self) -> Result<Config> {
        let v = self.load(Command::plain(Loc::Control))?;
        Ok(Config {
            fault: C::FW.get(v) != 0,
            ithresh: C::ITHRESH.get(v) as u8,
            othresh: C::OTHRESH.get(v) as u8,
            ring: C::ROUTE.get(v) != 0,
            op_on: C::OP_ON.get(v) != 0,
            ip_on: C::IP_ON.get(v) != 0,
            note_excs: C::NOTE_EXCS.get(v) as u8,
            out_excs: C::OUT_EXCS.get(v) as u8,
        })
    }

    pub fn status(&mut self) -> Result<Status> {
        Ok(Status::decode(self.load(Command::plain(Loc::Status))?))
    }

    /// Clear the sticky network errors of `mask` (bit 0 room_error, bit 1 idle_error).
    pub fn clear_net_excs(&mut self, mask: u8) -> Result<()> {
        if mask > 3 {
            return Err(invalid(format!("network error mask {mask:#b} (2 bits)")));
        }
        let c = self.load(Command::plain(Loc::Control))?;
        self.store(
            Command::plain(Loc::Control),
            C::RESET_NET_EXCS.set(c, mask as u32),
        )
    }

    pub fn set_code_base(&mut self, base: u32) -> Result<()> {
        if base & 0x7FFF != 0 {
            return Err(invalid(format!(
                "CODE-BASE {base:#x} (bits 14:0 are 0, NIC-A06)"
            )));
        }
        self.store(Command::plain(Loc::CodeBase), base)
    }

    /// Compose a message in o0-o4 and send it with `ty` in one go: four stores and the fifth
    /// carrying the send (the memo's idiom: a store and a send in one transaction).
    pub fn send(&mut self, words: &[u32; 5], ty: u8, csp: bool) -> Result<()> {
        check_type(ty)?;
        for (n, &v) in words.iter().enumerate().take(4) {
            self.store(Command::plain(Loc::O(n)), v)?;
        }
        self.store(Command::store_and_send(Loc::O(4), ty, csp), words[4])
    }

    /// `send` only when the output queue has room (no WAIT possible: only this processor
    /// fills its queue); `Ok(false)` when it is full.
    pub fn send_if_room(&mut self, words: &[u32; 5], ty: u8, csp: bool) -> Result<bool> {
        if self.status()?.olength >= QUEUE_DEPTH {
            return Ok(false);
        }
        self.send(words, ty, csp).map(|_| true)
    }

    /// REPLY (i1, i2 of the current message as o0, o1) or FORWARD (i3, i4 as o3, o4) of the
    /// message in i0-i4, with `o` stored first into the o-registers the bypass does not
    /// replace (`None` keeps them), and NNEXT in the same transaction when `next`.
    pub fn bypass(
        &mut self,
        kind: Send,
        o: [Option<u32>; 3],
        ty: u8,
        csp: bool,
        next: bool,
    ) -> Result<()> {
        check_type(ty)?;
        let locs = match kind {
            Send::Reply => [2, 3, 4],
            Send::Forward => [0, 1, 2],
            _ => return Err(invalid(format!("{kind:?} is not REPLY or FORWARD"))),
        };
        for (n, v) in locs.iter().zip(o) {
            if let Some(v) = v {
                self.store(Command::plain(Loc::O(*n)), v)?;
            }
        }
        let c = Command {
            loc: SPARE,
            otype: ty,
            nnext: next,
            send: kind,
            csp,
        };
        self.store(c, 0)
    }

    /// The message in i0-i4, if any, and NNEXT (on the last word's read).
    pub fn recv(&mut self) -> Result<Option<Msg>> {
        let st = self.status()?;
        if !st.valid {
            return Ok(None);
        }
        let mut words = [0; 5];
        for (n, v) in words.iter_mut().enumerate() {
            let mut c = Command::plain(Loc::I(n));
            c.nnext = n == 4;
            *v = self.load(c)?;
        }
        Ok(Some(Msg {
            words,
            ty: st.itype,
        }))
    }

    /// `recv`, polling until a message is there (at most `polls` times).
    pub fn recv_wait(&mut self) -> Result<Msg> {
        for _ in 0..self.polls {
            if let Some(m) = self.recv()? {
                return Ok(m);
            }
        }
        Err(Error::Timeout {
            what: "a message (STATUS.VALID)",
            cycles: self.polls,
        })
    }

    /// Drop the message in i0-i4 (NNEXT alone).
    pub fn next(&mut self) -> Result<()> {
        let mut c = Command::plain(SPARE);
        c.nnext = true;
        self.store(c, 0)
    }

    /// INST: the address the two-instruction dispatch jumps to (§2.8).
    pub fn inst(&mut self) -> Result<u32> {
        self.load(Command::plain(Loc::Inst))
    }
}

/// What an INST value means, given the CODE-BASE software set: an address in the handler table
/// (CODE-BASE[31:15], oaFULL, iaFULL, type, 8'h00) or a type-0 message's handler (i1). A
/// type-0 handler placed inside the table's 32 KB is indistinguishable, as in the memo: keep
/// type-0 handlers outside it.
pub fn decode_inst(v: u32, code_base: u32) -> Dispatch {
    if v & !0x7FFF == code_base & !0x7FFF && v & 0xFF == 0 {
        Dispatch::Table {
            addr: v,
            ty: (v >> w::INST_TYPE_LSB) as u8 & 0x1F,
            oafull: v >> 14 & 1 != 0,
            iafull: v >> 13 & 1 != 0,
        }
    } else {
        Dispatch::Handler(v)
    }
}

/// The da of a P-bus transaction at NIC address `addr` (da << 2): word aligned, inside the
/// NIC's 64 KB window (A[15:2]); else `Error::Invalid`. Every transport to a NIC checks with it.
pub fn da_of(addr: u64) -> Result<u16> {
    if addr & 3 != 0 || addr >= 1 << 16 {
        return Err(invalid(format!(
            "P-bus address {addr:#x}: A[15:2] only (the NIC's 64 KB window, word aligned)"
        )));
    }
    Ok((addr >> 2) as u16)
}

/// A NIC behind a bridge of 4 KiB windows (the ULX3S board, `nicgen_wire::board::bridge::
/// MITNIC_BOARD_WINDOWS`): a NIC address (da << 2, 16 bits) goes out as its A[11:0] in the
/// NIC's window at `base`, after da[13:10] (SEND, CSP) is written to the window at `hi_base`
/// when it differs from the last value written there (`hi`, kept by the caller per NIC).
pub struct SplitAddress<'a, T: RegAccess + ?Sized> {
    pub t: &'a mut T,
    pub base: u64,
    pub hi_base: u64,
    pub hi: &'a mut Option<u32>,
}

impl<T: RegAccess + ?Sized> SplitAddress<'_, T> {
    fn at(&mut self, addr: u64) -> Result<u64> {
        let hi = (da_of(addr)? >> 10) as u32;
        if *self.hi != Some(hi) {
            self.t.write32(self.hi_base, hi)?;
            *self.hi = Some(hi);
        }
        Ok(self.base + (addr & 0xFFF))
    }
}

impl<T: RegAccess + ?Sized> RegAccess for SplitAddress<'_, T> {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        let a = self.at(addr)?;
        self.t.read32(a)
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        let a = self.at(addr)?;
        self.t.write32(a, value)
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        self.t.wait_cycles(cycles)
    }
}
