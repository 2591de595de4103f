//! The M3 DTU's driver: what a compute unit does with its DTU (spec §3, §4), over any transport
//! with 64-bit register access (`RegAccess::read64` / `write64` at the DTU's MMIO offsets).
//! Every argument is checked against what the DTU can represent and the software rules of the
//! project's decisions (`docs/spec-decisions.md`) before anything is written; a command the DTU
//! ends with an error code comes back as `Error::Command` with the code's name; a command that
//! does not end within `timeout` cycles is `Error::Timeout`. Endpoints are written in the order
//! of DTU-A38 (word 2 with T = INVALID, then words 0 and 1, then word 2), so a reception never
//! sees a half-written endpoint as valid.

use crate::wire::dtu::{
    self as w, command, recv_ep, send_ep, Ep, EpType, Op, EP_T, NUM_EPS, NUM_HDRS,
};
use crate::{poll_until, Error, RegAccess, Result};

/// Largest local address (DTU-A16: 48 bits).
pub const ADDR_MAX: u64 = (1 << 48) - 1;

/// A DTU seen from its compute unit.
pub struct Dtu<'a, T: RegAccess> {
    pub t: &'a mut T,
    /// Cycles a command may take before `Error::Timeout`.
    pub timeout: u64,
    /// Cycles between two polls of COMMAND.
    pub poll: u64,
}

fn invalid(m: String) -> Error {
    Error::Invalid(m)
}

fn check_ep(ep: usize) -> Result<()> {
    if ep >= NUM_EPS {
        return Err(invalid(format!("endpoint {ep} (the DTU has {NUM_EPS})")));
    }
    Ok(())
}

fn check_local(addr: u64, size: u64) -> Result<()> {
    if size > 0xFFFF {
        return Err(invalid(format!(
            "size {size} (at most 65535 bytes, DATA.size)"
        )));
    }
    if addr > ADDR_MAX || addr + size > ADDR_MAX + 1 {
        return Err(invalid(format!(
            "local range {addr:#x} + {size} past 48 bits"
        )));
    }
    Ok(())
}

impl<'a, T: RegAccess> Dtu<'a, T> {
    pub fn new(t: &'a mut T) -> Self {
        Self {
            t,
            timeout: 1_000_000,
            poll: 1,
        }
    }

    /// Writes an endpoint in DTU-A38's order.
    pub fn set_ep(&mut self, ep: usize, words: Ep) -> Result<()> {
        check_ep(ep)?;
        self.t.write64(
            w::ep_addr(ep, 2),
            EP_T.set(words[2], EpType::Invalid as u64),
        )?;
        self.t.write64(w::ep_addr(ep, 0), words[0])?;
        self.t.write64(w::ep_addr(ep, 1), words[1])?;
        self.t.write64(w::ep_addr(ep, 2), words[2])
    }

    pub fn ep(&mut self, ep: usize) -> Result<Ep> {
        check_ep(ep)?;
        Ok([
            self.t.read64(w::ep_addr(ep, 0))?,
            self.t.read64(w::ep_addr(ep, 1))?,
            self.t.read64(w::ep_addr(ep, 2))?,
        ])
    }

    /// Header-table entry `k` (the header of a received message).
    pub fn header(&mut self, k: usize) -> Result<[u64; 3]> {
        if k >= NUM_HDRS {
            return Err(invalid(format!(
                "header entry {k} (the table has {NUM_HDRS})"
            )));
        }
        Ok([
            self.t.read64(w::hd_addr(k, 0))?,
            self.t.read64(w::hd_addr(k, 1))?,
            self.t.read64(w::hd_addr(k, 2))?,
        ])
    }

    pub fn invalidate(&mut self, ep: usize) -> Result<()> {
        self.set_ep(ep, [0, 0, 0])
    }

    /// A memory endpoint: `size` bytes at `base` on PE `pe`, readable and/or writable.
    pub fn config_memory(
        &mut self,
        ep: usize,
        pe: u8,
        base: u64,
        size: u64,
        read: bool,
        write: bool,
    ) -> Result<()> {
        if size > w::mem_ep::SIZE.max() {
            return Err(invalid(format!("region size {size:#x} past 61 bits")));
        }
        let rw = (read as u64) * w::mem_ep::READ | (write as u64) * w::mem_ep::WRITE;
        self.set_ep(ep, w::memory_ep(pe as u64, rw, base, size))
    }

    /// A send endpoint to receive endpoint `dst_ep` of PE `pe`: `credits` bytes (None:
    /// unlimited) of at most `max_credits`, messages (header included) of at most `max_msg`.
    pub fn config_send(
        &mut self,
        ep: usize,
        label: u64,
        pe: u8,
        dst_ep: u8,
        credits: Option<u16>,
        max_credits: u16,
        max_msg: u16,
    ) -> Result<()> {
        if (max_msg as u64) < w::header::BYTES {
            return Err(invalid(format!(
                "max_msg_size {max_msg} below the 24-byte header"
            )));
        }
        let crd = match credits {
            None => send_ep::UNLIMITED,
            Some(c) if c as u64 == send_ep::UNLIMITED => {
                return Err(invalid("credits 0xffff encode UNLIMITED (DTU-A07)".into()))
            }
            Some(c) if c > max_credits => {
                return Err(invalid(format!("credits {c} above max_crd {max_credits}")))
            }
            Some(c) => c as u64,
        };
        self.set_ep(
            ep,
            w::send_ep(
                label,
                pe as u64,
                dst_ep as u64,
                crd,
                max_credits as u64,
                max_msg as u64,
            ),
        )
    }

    /// A receive endpoint: 2^`slots_log2` slots (at most 32) of 2^`slot_log2` bytes at `buffer`
    /// (aligned to a slot, not 0: DTU-A19; the buffer inside 48 bits: DTU-A16), headers from
    /// table entry `header` (all its slots inside the table: DTU-A34).
    pub fn config_receive(
        &mut self,
        ep: usize,
        buffer: u64,
        slot_log2: u32,
        slots_log2: u32,
        header: usize,
    ) -> Result<()> {
        if slots_log2 as u64 > recv_ep::MAX_SLOTS_LOG2 {
            return Err(invalid(format!(
                "2^{slots_log2} slots (at most 32, DTU-A14)"
            )));
        }
        if !(5..=16).contains(&slot_log2) {
            return Err(invalid(format!("slot size 2^{slot_log2} (32 B to 64 KB)")));
        }
        if buffer == 0 || buffer % (1 << slot_log2) != 0 {
            return Err(invalid(format!(
                "buffer {buffer:#x}: not 0 and aligned to a slot"
            )));
        }
        if buffer + ((1u64 << slot_log2) << slots_log2) > ADDR_MAX + 1 {
            return Err(invalid(format!("buffer {buffer:#x} runs past 48 bits")));
        }
        if header + (1 << slots_log2) > NUM_HDRS {
            return Err(invalid(format!(
                "header entries {header}.. past the table of {NUM_HDRS}"
            )));
        }
        self.set_ep(
            ep,
            w::recv_ep(buffer, slot_log2 as u64, slots_log2 as u64, header as u64),
        )
    }

    /// Starts `op` and waits for its end; the DTU's error code as `Error::Command`.
    fn run(
        &mut self,
        op: Op,
        ep: usize,
        arg0: u64,
        data: Option<(u64, u64)>,
        arg1: Option<u64>,
    ) -> Result<()> {
        check_ep(ep)?;
        if arg0 > command::ARG0.max() {
            return Err(invalid(format!("arg0 {arg0:#x} past 48 bits")));
        }
        if let Some((addr, size)) = data {
            check_local(addr, size)?;
            self.t.write64(w::DATA, w::data_word(addr, size))?;
        }
        if let Some(a) = arg1 {
            self.t.write64(w::ARG1, a)?;
        }
        self.t
            .write64(w::COMMAND, w::command_word(op, ep as u64, arg0))?;
        let c = poll_until(
            self.t,
            self.timeout,
            self.poll,
            "the DTU command to end",
            |t| {
                let c = t.read64(w::COMMAND)?;
                Ok((command::OP.get(c) == 0).then_some(c))
            },
        )?;
        match command::ERR.get(c) {
            0 => Ok(()),
            code => Err(Error::Command {
                code: code as u32,
                name: w::Error::from_u64(code).map_or("unknown", error_name),
            }),
        }
    }

    /// SEND (Alg. 3): `size` bytes at `addr` on send endpoint `ep`; replies go to receive
    /// endpoint `reply_ep` with `reply_label`.
    pub fn send(
        &mut self,
        ep: usize,
        addr: u64,
        size: u64,
        reply_ep: u8,
        reply_label: u64,
    ) -> Result<()> {
        self.run(
            Op::Send,
            ep,
            reply_ep as u64,
            Some((addr, size)),
            Some(reply_label),
        )
    }

    /// REPLY (Alg. 5) to the message at `msg` (FETCH's answer) of receive endpoint `ep`.
    pub fn reply(&mut self, ep: usize, msg: u64, addr: u64, size: u64) -> Result<()> {
        self.run(Op::Reply, ep, msg, Some((addr, size)), None)
    }

    /// FETCH (Alg. 6): the address of the next unread message of receive endpoint `ep`, if any.
    pub fn fetch(&mut self, ep: usize) -> Result<Option<u64>> {
        self.run(Op::Fetch, ep, 0, None, None)?;
        let off = self.t.read64(w::ARG1)?;
        Ok((off != 0).then_some(off))
    }

    /// ACK_MSG (Alg. 7): frees the slot of the message at `msg`.
    pub fn ack(&mut self, ep: usize, msg: u64) -> Result<()> {
        self.run(Op::AckMsg, ep, msg, None, None)
    }

    /// READ (Alg. 1): `size` bytes at `offset` of memory endpoint `ep`'s region into `addr`.
    pub fn read(&mut self, ep: usize, offset: u64, addr: u64, size: u64) -> Result<()> {
        self.run(Op::Read, ep, offset, Some((addr, size)), None)
    }

    /// WRITE (Alg. 2): `size` bytes at `addr` to `offset` of memory endpoint `ep`'s region.
    pub fn write(&mut self, ep: usize, offset: u64, addr: u64, size: u64) -> Result<()> {
        self.run(Op::Write, ep, offset, Some((addr, size)), None)
    }
}

/// The name of a DTU error code (DTU-A05).
pub fn error_name(e: w::Error) -> &'static str {
    match e {
        w::Error::None => "none",
        w::Error::InvEp => "INV_EP",
        w::Error::NoPerm => "NO_PERM",
        w::Error::InvArgs => "INV_ARGS",
        w::Error::NoCredits => "NO_CREDITS",
    }
}
