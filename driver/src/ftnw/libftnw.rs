//! libftnw (FTNW thesis ch. 4, App. B): the host library of the FTNW network processor
//! (`ftnw_nwp`), written against the machine's PCIe view of the device ([`PcieHost`]) so the same
//! code runs on the native and the Verilator models and, for its register half, on any
//! [`RegAccess`] (a board's serial bridge).
//!
//! The thesis' C calls map one to one: `ftnwOpen`/`ftnwClose` are [`Ftnw::open`]/[`Ftnw::close`],
//! `ftnwInit`/`ftnwFinalize` [`Ftnw::init`]/[`Ftnw::finalize`], `ftnwPeekReg`/`ftnwPokeReg`/
//! `ftnwPokeReg64` [`Ftnw::peek`]/[`Ftnw::poke`]/[`Ftnw::poke64`], `ftnwSend` [`Ftnw::send`],
//! `ftnwNgetSend`/`ftnwNgetTest`/`ftnwNgetPoll` [`Ftnw::nget_send`]/[`Ftnw::nget_test`]/
//! [`Ftnw::nget_poll`], `ftnwCredit`/`ftnwTest`/`ftnwPoll` [`Ftnw::credit`]/[`Ftnw::test`]/
//! [`Ftnw::poll`]. The C return values become `Result`s (FTNW-H134): a test's 1 is `Ok(true)`,
//! its 0 `Ok(false)`, a negative value an `Err`; every argument is checked before the device is
//! touched (FTNW-H127).
//!
//! The seven host buffers (FTNW-H105): the TX window (BAR0/1) and the register window (BAR2)
//! are the transport's; [`Ftnw::init`] allocates the other five in host memory and programs
//! their addresses into the device (FTNW-H115): per (link, VC) a 256 KB receive buffer
//! (RX-BUFF, 2048 packets, any RAO fits, FTNW-H106) and a 64-byte notify block (NTF-BUFF, 16
//! slots), both below 4 GB (their base registers are 32 bits, FTNW-H107); NGET-BUFF (8 slots of
//! 4 KB), NGET-NTF-BUFF (8 slots of 4 bytes) and TFCNT-BUFF (the six NWP_CNT counters).

use crate::{poll_with, Error, HostMem, RegAccess, Result};
use nicgen_wire::ftnw::ioc::{
    DmaRequest, BAR2_BITS, DMA_BUF_LO, DMA_NTF_LO, DMA_REQS, DMA_REQ_LO, DMA_SLOT_BYTES,
    IOC_REGS_BASE, TFCNT_ADDR_LO, TFCNT_RST, TFCNT_STRIDE,
};
use nicgen_wire::ftnw::link::{TNW_WINDOW_BITS, VCS};
use nicgen_wire::ftnw::rxbuff::{self as rxb, POLLMAGIC, POLLMAGIC_ERR};
use nicgen_wire::ftnw::txwin::{tx_offset, LINKS, ROB_SLOTS};

/// Packets of one receive buffer (RX-BUFF of a (link, VC)): 256 KB, every RAO.
pub const RX_PACKETS: u32 = 2048;
/// Bytes of a packet.
pub const PACKET: usize = 128;
/// Notify slots per (link, VC) (the credit's 4-bit notify index, NTF-BUFF block of 64 bytes).
pub const RX_NOTIFY_SLOTS: u32 = 16;
/// Packets of one NGET sub-request (a 4 KB slot of NGET-BUFF, FTNW-H128).
pub const NGET_PACKETS: u32 = (DMA_SLOT_BYTES / PACKET as u64) as u32;
/// The library's default bound for a wait (the injection buffer to drain, a notification):
/// device cycles.
pub const DEFAULT_TIMEOUT_CYCLES: u64 = 2_000_000;
/// Device cycles between two looks at host memory while waiting (the library's and its
/// programs').
pub const POLL_CYCLES: u64 = 32;

/// The machine's view of an `ftnw_nwp` behind PCIe: BAR2 as registers (`RegAccess`; `write64`
/// must reach the device as one 8-byte write, the DMA request's rule, FTNW-H121), host memory
/// the device reads and writes (`HostMem`), and the write-combining TX window (BAR0/1).
pub trait PcieHost: RegAccess + HostMem {
    /// A 16-byte non-temporal store (MOVNTDQ) at TX-window offset `off` (16-byte aligned):
    /// it gathers in the CPU's write-combining buffers, which leave in any order and size.
    fn tx_store(&mut self, off: u64, data: &[u8; 16]) -> Result<()>;
    /// SFENCE: every store made so far has left the CPU, in whatever pieces.
    fn tx_fence(&mut self) -> Result<()>;
}

/// The host buffers of an initialised library (device addresses).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Buffers {
    /// RX-BUFF of (link l, VC c) at index `8 l + c`.
    pub rx: Vec<u64>,
    /// NTF-BUFF: the 64-byte block of (l, c) at `ntf + 64 (8 l + c)`.
    pub ntf: u64,
    /// NGET-BUFF: 8 slots of 4 KB.
    pub nget: u64,
    /// NGET-NTF-BUFF: 8 slots of 4 bytes.
    pub nget_ntf: u64,
    /// TFCNT-BUFF: link l's NWP_CNT at `tfcnt + 8 l`.
    pub tfcnt: u64,
}

/// libftnw on one device.
pub struct Ftnw<T> {
    t: T,
    bufs: Option<Buffers>,
    /// CPU_CNT per link: packets handed to the link's injection buffer (PPUT and NGET).
    cpu_cnt: [u32; LINKS],
    /// NGET notify slots whose request has not been seen complete.
    nget_busy: [bool; DMA_REQS],
    /// Bound for every wait, in device cycles.
    pub timeout_cycles: u64,
}

fn check(ok: bool, what: impl FnOnce() -> String) -> Result<()> {
    if ok {
        Ok(())
    } else {
        Err(Error::Invalid(what()))
    }
}

fn check_link_vc(lid: u32, vcid: u32) -> Result<()> {
    check((lid as usize) < LINKS, || {
        format!("link {lid} (0..{})", LINKS - 1)
    })?;
    check((vcid as usize) < VCS, || {
        format!("VC {vcid} (0..{})", VCS - 1)
    })
}

/// `msglen` packets from packet `off` inside `len` bytes and inside a buffer of `room` packets.
fn check_msg(what: &str, off: u32, msglen: u32, len: usize, room: u32) -> Result<()> {
    check(msglen != 0 && msglen <= RX_PACKETS, || {
        format!("{what}: {msglen} packets (1..={RX_PACKETS})")
    })?;
    let end = off as u64 + msglen as u64;
    check(end <= room as u64, || {
        format!("{what}: packets {off}..{end} past the buffer's {room}")
    })?;
    check(end * PACKET as u64 <= len as u64, || {
        format!(
            "{what}: packets {off}..{end} need {} bytes, the buffer has {len}",
            end * PACKET as u64
        )
    })
}

/// What a notify slot holds: `Some(true)` done, `Some(false)` armed, an error for the error
/// value or anything the device never writes.
fn notification(v: u32, at: u64) -> Result<bool> {
    match v {
        POLLMAGIC => Ok(true),
        0 => Ok(false),
        POLLMAGIC_ERR => Err(Error::Command {
            code: POLLMAGIC_ERR,
            name: "POLLMAGIC_ERR: the message was not delivered whole",
        }),
        v => Err(Error::Transport(format!(
            "notify slot at {at:#x} holds {v:#x}, neither armed (0) nor a notification"
        ))),
    }
}

impl<T: RegAccess> Ftnw<T> {
    /// `ftnwOpen`: the device's register half, no buffers (FTNW-H118).
    pub fn open(t: T) -> Self {
        Self {
            t,
            bufs: None,
            cpu_cnt: [0; LINKS],
            nget_busy: [false; DMA_REQS],
            timeout_cycles: DEFAULT_TIMEOUT_CYCLES,
        }
    }

    /// `ftnwClose`: the transport back.
    pub fn close(self) -> T {
        self.t
    }

    /// The transport (for the link driver, `ftnw::link`, on the same device).
    pub fn transport(&mut self) -> &mut T {
        &mut self.t
    }

    fn reg_addr(regaddr: u32, width: u32) -> Result<u64> {
        check(
            regaddr % width == 0 && (regaddr as u64) < 1 << BAR2_BITS,
            || {
                format!(
                    "register address {regaddr:#x}: {width}-byte aligned, below {:#x}",
                    1u32 << BAR2_BITS
                )
            },
        )?;
        Ok(regaddr as u64)
    }

    /// `ftnwPeekReg`: one 32-bit read at BAR2 + `regaddr` (FTNW-H120).
    pub fn peek(&mut self, regaddr: u32) -> Result<u32> {
        let a = Self::reg_addr(regaddr, 4)?;
        self.t.read32(a)
    }

    /// `ftnwPokeReg`: one 32-bit write at BAR2 + `regaddr` (FTNW-H120).
    pub fn poke(&mut self, regaddr: u32, regval: u32) -> Result<()> {
        let a = Self::reg_addr(regaddr, 4)?;
        self.t.write32(a, regval)
    }

    /// `ftnwPokeReg64`: one 64-bit write at BAR2 + `regaddr`, 8-byte aligned (FTNW-H121).
    pub fn poke64(&mut self, regaddr: u32, regval: u64) -> Result<()> {
        let a = Self::reg_addr(regaddr, 8)?;
        self.t.write64(a, regval)
    }

    fn link_reg(lid: u32, r: &nicgen_wire::regs::Reg) -> u32 {
        (lid << TNW_WINDOW_BITS) + r.offset
    }
}

impl<T: PcieHost> Ftnw<T> {
    /// `ftnwOpen` and `ftnwInit` in one.
    pub fn new(t: T) -> Result<Self> {
        let mut f = Self::open(t);
        f.init()?;
        Ok(f)
    }

    /// The buffers, once initialised.
    pub fn buffers(&self) -> Option<&Buffers> {
        self.bufs.as_ref()
    }

    fn bufs(&self) -> Result<&Buffers> {
        self.bufs
            .as_ref()
            .ok_or_else(|| Error::Invalid("libftnw is not initialised (ftnwInit)".into()))
    }

    /// `ftnwInit` (FTNW-H104, H105, H107, H115, H119): allocate the buffers, program their
    /// addresses into the device, reset the TFCNT counters. A second `init` before `finalize`
    /// fails: one owner at a time. Nothing is programmed unless every buffer could be had.
    pub fn init(&mut self) -> Result<()> {
        check(self.bufs.is_none(), || {
            "libftnw is initialised already (one owner at a time)".into()
        })?;
        let rx_bytes = RX_PACKETS as usize * PACKET;
        let below_4g = |a: u64, len: usize, what: &str| {
            check(a + len as u64 <= 1 << 32, || {
                format!("{what} at {a:#x} is not below 4 GB (a 32-bit base register)")
            })
        };
        let mut rx = Vec::with_capacity(LINKS * VCS);
        for _ in 0..LINKS * VCS {
            let a = self.t.alloc(rx_bytes, 4096)?;
            below_4g(a, rx_bytes, "RX-BUFF")?;
            rx.push(a);
        }
        let ntf_bytes = LINKS * VCS * 4 * RX_NOTIFY_SLOTS as usize;
        let ntf = self.t.alloc(ntf_bytes, 64)?;
        below_4g(ntf, ntf_bytes, "NTF-BUFF")?;
        let nget = self
            .t
            .alloc(DMA_REQS * DMA_SLOT_BYTES as usize, DMA_SLOT_BYTES as usize)?;
        let nget_ntf = self.t.alloc(4 * DMA_REQS, 32)?;
        let tfcnt = self.t.alloc(64, 64)?;
        let b = Buffers {
            rx,
            ntf,
            nget,
            nget_ntf,
            tfcnt,
        };
        for l in 0..LINKS as u32 {
            for c in 0..VCS as u32 {
                let i = (VCS as u32 * l + c) as usize;
                self.poke(Self::link_reg(l, &rxb::CRDBAR[c as usize]), b.rx[i] as u32)?;
                let n = ntf + 64 * i as u64;
                self.poke(Self::link_reg(l, &rxb::NTFBAR[c as usize]), n as u32)?;
            }
        }
        self.poke64(IOC_REGS_BASE + DMA_BUF_LO.offset, nget)?;
        self.poke64(IOC_REGS_BASE + DMA_NTF_LO.offset, nget_ntf)?;
        self.poke64(IOC_REGS_BASE + TFCNT_ADDR_LO.offset, tfcnt)?;
        self.poke(IOC_REGS_BASE + TFCNT_RST.offset, TFCNT_RST::RESET.mask())?;
        self.cpu_cnt = [0; LINKS];
        self.nget_busy = [false; DMA_REQS];
        self.bufs = Some(b);
        Ok(())
    }

    /// `ftnwFinalize`: the buffers are given up (another `init` may follow).
    pub fn finalize(&mut self) {
        self.bufs = None;
    }

    fn read_u32(&self, at: u64) -> Result<u32> {
        let mut b = [0u8; 4];
        self.t.read(at, &mut b)?;
        Ok(u32::from_le_bytes(b))
    }

    /// Link `lid`'s NWP_CNT as TFCNT-BUFF holds it.
    pub fn nwp_cnt(&self, lid: u32) -> Result<u32> {
        self.read_u32(self.bufs()?.tfcnt + TFCNT_STRIDE * lid as u64)
    }

    /// Link `lid`'s CPU_CNT: packets the library has handed to its injection buffer.
    pub fn cpu_cnt(&self, lid: u32) -> u32 {
        self.cpu_cnt[lid as usize]
    }

    /// `ftnwSend` (FTNW-H122-H127): `msglen` packets from packet `txoff` of `txbuf` on link
    /// `lid`, VC `vcid`, by PPUT, the k-th packet with RAO k. Parts of at most the re-order
    /// buffer's size: each waits for the link's injection buffer to be empty, is stored as
    /// 16-byte non-temporal stores and fenced (`send_step` until the whole message is out).
    pub fn send(
        &mut self,
        lid: u32,
        vcid: u32,
        txbuf: &[u8],
        txoff: u32,
        msglen: u32,
    ) -> Result<()> {
        let mut sent = 0;
        self.wait("the injection buffer to drain (CPU_CNT == NWP_CNT)", |f| {
            f.send_step(lid, vcid, txbuf, txoff, msglen, &mut sent)
        })
    }

    /// One step of `send` that never waits (for a program that sends on several links at
    /// once, as the thesis' one thread per link): if link `lid`'s injection buffer is empty,
    /// the next part of the message after the `*sent` packets already stored is stored and
    /// fenced. Whether the whole message has been stored.
    pub fn send_step(
        &mut self,
        lid: u32,
        vcid: u32,
        txbuf: &[u8],
        txoff: u32,
        msglen: u32,
        sent: &mut u32,
    ) -> Result<bool> {
        check_link_vc(lid, vcid)?;
        check_msg("send", txoff, msglen, txbuf.len(), u32::MAX)?;
        if *sent >= msglen {
            return Ok(true);
        }
        if self.nwp_cnt(lid)? != self.cpu_cnt[lid as usize] {
            return Ok(false);
        }
        let n = (msglen - *sent).min(ROB_SLOTS as u32);
        for k in *sent..*sent + n {
            let src = (txoff + k) as usize * PACKET;
            let dst = tx_offset(lid as u8, vcid as u8, k as u16);
            for (j, s) in txbuf[src..src + PACKET].chunks(16).enumerate() {
                self.t
                    .tx_store(dst + 16 * j as u64, s.try_into().expect("16 bytes"))?;
            }
        }
        self.t.tx_fence()?;
        self.cpu_cnt[lid as usize] = self.cpu_cnt[lid as usize].wrapping_add(n);
        *sent += n;
        Ok(*sent == msglen)
    }

    /// `ftnwNgetSend` (FTNW-H128-H130): `msglen` packets from packet `txoff` of `txbuf` on link
    /// `lid`, VC `vcid`, by NGET: copied into NGET-BUFF and issued as requests of at most 4 KB,
    /// the i-th with notify index and buffer slot `(nid + i) mod 8` and RAO `32 i`. A slot whose
    /// previous request is not complete is waited for. Returns the last notify index used:
    /// testing it covers the whole message (requests are notified in order, FTNW-H131).
    pub fn nget_send(
        &mut self,
        lid: u32,
        vcid: u32,
        txbuf: &[u8],
        txoff: u32,
        nid: u32,
        msglen: u32,
    ) -> Result<u32> {
        check_link_vc(lid, vcid)?;
        check((nid as usize) < DMA_REQS, || {
            format!("NGET notify index {nid} (0..{})", DMA_REQS - 1)
        })?;
        check_msg("NGET send", txoff, msglen, txbuf.len(), u32::MAX)?;
        let (nget, nget_ntf) = {
            let b = self.bufs()?;
            (b.nget, b.nget_ntf)
        };
        let mut n = nid;
        for (i, first) in (0..msglen).step_by(NGET_PACKETS as usize).enumerate() {
            n = (nid + i as u32) % DMA_REQS as u32;
            if self.nget_busy[n as usize] {
                // a failed request frees its slot too: its error was for its own test
                match self.nget_poll(n) {
                    Ok(()) | Err(Error::Command { .. }) => {}
                    Err(e) => return Err(e),
                }
            }
            let pk = (msglen - first).min(NGET_PACKETS);
            let src = (txoff + first) as usize * PACKET;
            self.t.write(nget_ntf + 4 * n as u64, &[0; 4])?;
            self.t.write(
                nget + DMA_SLOT_BYTES * n as u64,
                &txbuf[src..src + pk as usize * PACKET],
            )?;
            let r = DmaRequest {
                dwords: pk * PACKET as u32 / 4,
                link: lid,
                vc: vcid,
                rao: first,
                notidx: n,
                bufoff: n,
            };
            debug_assert!(r.valid());
            self.poke64(IOC_REGS_BASE + DMA_REQ_LO.offset, r.pack())?;
            self.nget_busy[n as usize] = true;
            self.cpu_cnt[lid as usize] = self.cpu_cnt[lid as usize].wrapping_add(pk);
        }
        Ok(n)
    }

    /// `ftnwNgetTest` (FTNW-H131): whether NGET notify slot `nid` is set; an error if its
    /// request failed (POLLMAGIC_ERR).
    pub fn nget_test(&mut self, nid: u32) -> Result<bool> {
        check((nid as usize) < DMA_REQS, || {
            format!("NGET notify index {nid} (0..{})", DMA_REQS - 1)
        })?;
        let at = self.bufs()?.nget_ntf + 4 * nid as u64;
        let r = notification(self.read_u32(at)?, at);
        if !matches!(r, Ok(false)) {
            self.nget_busy[nid as usize] = false;
        }
        r
    }

    /// `ftnwNgetPoll`: `nget_test` until it is set (within `timeout_cycles`).
    pub fn nget_poll(&mut self, nid: u32) -> Result<()> {
        self.wait("an NGET notification", |f| f.nget_test(nid))
    }

    fn wait(
        &mut self,
        what: &'static str,
        mut test: impl FnMut(&mut Self) -> Result<bool>,
    ) -> Result<()> {
        poll_with(
            self,
            self.timeout_cycles,
            POLL_CYCLES,
            what,
            |f, n| f.t.wait_cycles(n),
            |f| Ok(test(f)?.then_some(())),
        )
    }

    fn rx_check(&self, lid: u32, vcid: u32, rxoff: u32, msglen: u32, nid: u32) -> Result<()> {
        check_link_vc(lid, vcid)?;
        check(nid < RX_NOTIFY_SLOTS, || {
            format!("notify index {nid} (0..{})", RX_NOTIFY_SLOTS - 1)
        })?;
        check_msg("receive", rxoff, msglen, usize::MAX, RX_PACKETS)?;
        self.bufs().map(|_| ())
    }

    fn ntf_slot(&self, lid: u32, vcid: u32, nid: u32) -> Result<u64> {
        let i = VCS as u64 * lid as u64 + vcid as u64;
        Ok(self.bufs()?.ntf + 4 * (RX_NOTIFY_SLOTS as u64 * i + nid as u64))
    }

    /// `ftnwCredit` (FTNW-H132): re-arm notify slot (`lid`, `vcid`, `nid`) and grant `msglen`
    /// packets at packet `rxoff` of the (link, VC)'s receive buffer: one credit write.
    pub fn credit(&mut self, lid: u32, vcid: u32, rxoff: u32, msglen: u32, nid: u32) -> Result<()> {
        self.rx_check(lid, vcid, rxoff, msglen, nid)?;
        let at = self.ntf_slot(lid, vcid, nid)?;
        self.t.write(at, &[0; 4])?;
        self.poke(
            Self::link_reg(lid, &rxb::CRDFIFO[vcid as usize]),
            rxb::credit(rxoff, msglen, nid),
        )
    }

    /// `ftnwTest` (FTNW-H133, H134): if notify slot (`lid`, `vcid`, `nid`) is set, the
    /// message's `msglen` packets at `rxoff` copied into `rxbuf` and `true`; else `false` at
    /// once; an error if the device marked the message broken (POLLMAGIC_ERR).
    pub fn test(
        &mut self,
        lid: u32,
        vcid: u32,
        rxoff: u32,
        msglen: u32,
        rxbuf: &mut [u8],
        nid: u32,
    ) -> Result<bool> {
        self.rx_check(lid, vcid, rxoff, msglen, nid)?;
        check(rxbuf.len() >= msglen as usize * PACKET, || {
            format!("receive: {msglen} packets into {} bytes", rxbuf.len())
        })?;
        let at = self.ntf_slot(lid, vcid, nid)?;
        if !notification(self.read_u32(at)?, at)? {
            return Ok(false);
        }
        let src =
            self.bufs()?.rx[VCS * lid as usize + vcid as usize] + rxoff as u64 * PACKET as u64;
        self.t.read(src, &mut rxbuf[..msglen as usize * PACKET])?;
        Ok(true)
    }

    /// `ftnwPoll`: `test` until the message is there (within `timeout_cycles`).
    pub fn poll(
        &mut self,
        lid: u32,
        vcid: u32,
        rxoff: u32,
        msglen: u32,
        rxbuf: &mut [u8],
        nid: u32,
    ) -> Result<()> {
        self.wait("a receive notification", |f| {
            f.test(lid, vcid, rxoff, msglen, rxbuf, nid)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::VecMem;

    /// A device that logs its register writes and TX stores. A fence extracts every packet
    /// stored: NWP_CNT advances in TFCNT-BUFF as the device's TFCNT would write it.
    struct Mock {
        mem: VecMem,
        /// `(address, value, bytes)`.
        writes: Vec<(u64, u64, u8)>,
        stores: Vec<(u64, [u8; 16])>,
        fenced: usize,
        fences: usize,
        tfcnt: u64,
        nwp_cnt: [u32; LINKS],
    }

    impl Mock {
        fn new(base: u64) -> Self {
            Self {
                mem: VecMem::new(base),
                writes: vec![],
                stores: vec![],
                fenced: 0,
                fences: 0,
                tfcnt: 0,
                nwp_cnt: [0; LINKS],
            }
        }
        fn touched(&self) -> usize {
            self.writes.len() + self.stores.len()
        }
    }

    impl RegAccess for Mock {
        fn read32(&mut self, _: u64) -> Result<u32> {
            Ok(0)
        }
        fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
            self.writes.push((addr, value as u64, 4));
            Ok(())
        }
        fn write64(&mut self, addr: u64, value: u64) -> Result<()> {
            if addr == (IOC_REGS_BASE + TFCNT_ADDR_LO.offset) as u64 {
                self.tfcnt = value;
            }
            self.writes.push((addr, value, 8));
            Ok(())
        }
        fn wait_cycles(&mut self, _: u64) -> Result<()> {
            Ok(())
        }
    }

    impl HostMem for Mock {
        fn alloc(&mut self, len: usize, align: usize) -> Result<u64> {
            self.mem.alloc(len, align)
        }
        fn read(&self, addr: u64, buf: &mut [u8]) -> Result<()> {
            self.mem.read(addr, buf)
        }
        fn write(&mut self, addr: u64, data: &[u8]) -> Result<()> {
            self.mem.write(addr, data)
        }
    }

    impl PcieHost for Mock {
        fn tx_store(&mut self, off: u64, data: &[u8; 16]) -> Result<()> {
            self.stores.push((off, *data));
            Ok(())
        }
        fn tx_fence(&mut self) -> Result<()> {
            self.fences += 1;
            for &(off, _) in &self.stores[self.fenced..] {
                if off % PACKET as u64 == 0 {
                    let l = (off >> 21) as usize;
                    self.nwp_cnt[l] = self.nwp_cnt[l].wrapping_add(1);
                    let at = self.tfcnt + TFCNT_STRIDE * l as u64;
                    self.mem.write(at, &self.nwp_cnt[l].to_le_bytes())?;
                }
            }
            self.fenced = self.stores.len();
            Ok(())
        }
    }

    fn lib() -> Ftnw<Mock> {
        let mut f = Ftnw::new(Mock::new(0x1000_0000)).unwrap();
        f.transport().writes.clear();
        f
    }

    fn bytes(n: usize, seed: u8) -> Vec<u8> {
        (0..n).map(|i| (i as u8).wrapping_mul(31) ^ seed).collect()
    }

    // verifies: FTNW-H104, FTNW-H105, FTNW-H106, FTNW-H114, FTNW-H115, FTNW-H119
    #[test]
    fn init_allocates_the_buffers_and_programs_their_bases() {
        let mut f = Ftnw::open(Mock::new(0x1000_0000));
        f.init().unwrap();
        let b = f.buffers().unwrap().clone();
        assert_eq!(b.rx.len(), 48);
        for (i, &a) in b.rx.iter().enumerate() {
            assert_eq!(a % 4096, 0);
            if i > 0 {
                assert!(a >= b.rx[i - 1] + 0x4_0000, "RX-BUFFs overlap");
            }
        }
        let mut want = vec![];
        for l in 0..6u64 {
            for c in 0..8u64 {
                let i = (8 * l + c) as usize;
                want.push(((l << 12) + 0x300 + 16 * c, b.rx[i], 4));
                want.push(((l << 12) + 0x100 + 16 * c, b.ntf + 64 * i as u64, 4));
            }
        }
        want.push((0x1_0060, b.nget, 8));
        want.push((0x1_0070, b.nget_ntf, 8));
        want.push((0x1_0010, b.tfcnt, 8));
        want.push((0x1_0020, 0x3f, 4));
        assert_eq!(f.transport().writes, want);
        assert_eq!((b.nget % 4096, b.nget_ntf % 32, b.tfcnt % 64), (0, 0, 0));
        // one owner at a time; after finalize, init again
        assert!(matches!(f.init(), Err(Error::Invalid(_))));
        f.finalize();
        assert!(f.buffers().is_none());
        assert!(matches!(
            f.send(0, 0, &[0; 128], 0, 1),
            Err(Error::Invalid(_))
        ));
        f.init().unwrap();
        assert_ne!(f.buffers().unwrap().rx[0], b.rx[0]);
    }

    // verifies: FTNW-H107
    #[test]
    fn init_refuses_receive_buffers_above_4gb_and_programs_nothing() {
        let mut f = Ftnw::open(Mock::new(0xfff0_0000));
        assert!(matches!(f.init(), Err(Error::Invalid(m)) if m.contains("4 GB")));
        assert!(f.buffers().is_none());
        assert_eq!(f.transport().touched(), 0);
    }

    // verifies: FTNW-H120, FTNW-H121
    #[test]
    fn peek_and_poke_check_the_register_address() {
        let mut f = Ftnw::open(Mock::new(0));
        f.poke(0x1_00a0, 7).unwrap();
        f.poke64(0x1_0050, 0x1234_5678_9abc).unwrap();
        assert_eq!(f.peek(0x1fffc).unwrap(), 0);
        for bad in [0x2_0000, 0x1_0002] {
            assert!(matches!(f.poke(bad, 0), Err(Error::Invalid(_))));
            assert!(matches!(f.peek(bad), Err(Error::Invalid(_))));
        }
        assert!(matches!(f.poke64(0x1_0054, 0), Err(Error::Invalid(_))));
        assert_eq!(
            f.transport().writes,
            [(0x1_00a0, 7, 4), (0x1_0050, 0x1234_5678_9abc, 8)]
        );
    }

    // verifies: FTNW-H122, FTNW-H123, FTNW-H124, FTNW-H125, FTNW-H126
    #[test]
    fn send_stores_16_byte_pieces_in_parts_of_the_reorder_buffer() {
        let mut f = lib();
        let msg = bytes(128 * 103, 5);
        f.send(4, 6, &msg, 3, 100).unwrap();
        let m = f.transport();
        assert_eq!(m.fences, 2, "a part of 64 packets, a part of 36");
        assert_eq!(m.stores.len(), 800);
        for (i, (off, d)) in m.stores.iter().enumerate() {
            let (k, j) = (i / 8, i % 8);
            assert_eq!(*off, tx_offset(4, 6, k as u16) + 16 * j as u64);
            let src = 128 * (3 + k) + 16 * j;
            assert_eq!(&d[..], &msg[src..src + 16]);
        }
        assert_eq!(f.cpu_cnt(4), 100);
        assert_eq!(f.nwp_cnt(4).unwrap(), 100);
        assert!(f.transport().writes.is_empty(), "PPUT writes no register");
    }

    /// CPU_CNT and NWP_CNT run modulo 2^32: a send across the wrap still waits for the two to be
    /// equal between its parts and leaves them equal.
    // verifies: FTNW-H080
    #[test]
    fn send_across_the_counters_wrap() {
        let mut f = lib();
        let start = u32::MAX - 30;
        f.cpu_cnt[1] = start;
        let m = f.transport();
        m.nwp_cnt[1] = start;
        let at = m.tfcnt + TFCNT_STRIDE;
        m.mem.write(at, &start.to_le_bytes()).unwrap();
        let msg = bytes(128 * 100, 7);
        f.send(1, 2, &msg, 0, 100).unwrap();
        assert_eq!(
            f.transport().fences,
            2,
            "a part of 64 packets, a part of 36"
        );
        assert_eq!(f.cpu_cnt(1), 69, "past the wrap");
        assert_eq!(f.nwp_cnt(1).unwrap(), 69);
        assert_eq!(f.transport().stores.len(), 800);
    }

    // verifies: FTNW-H123
    #[test]
    fn send_waits_for_the_injection_buffer_and_times_out_if_it_never_drains() {
        let mut f = lib();
        f.timeout_cycles = 1000;
        f.send(0, 0, &[1; 128], 0, 1).unwrap();
        // the device has not extracted packets it was never sent: NWP_CNT stays behind
        f.cpu_cnt[0] += 1;
        let n = f.transport().stores.len();
        assert!(matches!(
            f.send(0, 0, &[1; 128], 0, 1),
            Err(Error::Timeout { .. })
        ));
        assert_eq!(f.transport().stores.len(), n, "nothing stored");
    }

    // verifies: FTNW-H128, FTNW-H129, FTNW-H130, FTNW-H131
    #[test]
    fn nget_send_splits_into_4kb_requests_with_wrapping_notify_indices() {
        let mut f = lib();
        let msg = bytes(128 * 72, 9);
        assert_eq!(f.nget_send(2, 5, &msg, 2, 6, 70).unwrap(), 0);
        let b = f.buffers().unwrap().clone();
        let reqs: Vec<(u64, u64, u8)> = f.transport().writes.clone();
        let want: Vec<(u64, u64, u8)> = [(6u32, 0u32, 32u32), (7, 32, 32), (0, 64, 6)]
            .iter()
            .map(|&(n, rao, pk)| {
                let r = DmaRequest {
                    dwords: 32 * pk,
                    link: 2,
                    vc: 5,
                    rao,
                    notidx: n,
                    bufoff: n,
                };
                (0x1_0050, r.pack(), 8)
            })
            .collect();
        assert_eq!(reqs, want);
        for (n, first, pk) in [(6u64, 0usize, 32usize), (7, 32, 32), (0, 64, 6)] {
            let mut got = vec![0u8; 128 * pk];
            f.transport().read(b.nget + 4096 * n, &mut got).unwrap();
            assert_eq!(got, msg[128 * (2 + first)..128 * (2 + first + pk)]);
        }
        assert_eq!(f.cpu_cnt(2), 70);
        assert!(!f.nget_test(0).unwrap());
        // slot 7 is in use: a send through it waits for its notification (here: forever)
        f.timeout_cycles = 100;
        let n = f.transport().writes.len();
        assert!(matches!(
            f.nget_send(2, 5, &msg, 0, 7, 1),
            Err(Error::Timeout { .. })
        ));
        assert_eq!(f.transport().writes.len(), n);
        // done (7) or failed (6): the slot is free; the failure is the test's answer
        let m = f.transport();
        m.write(b.nget_ntf + 28, &POLLMAGIC.to_le_bytes()).unwrap();
        m.write(b.nget_ntf + 24, &POLLMAGIC_ERR.to_le_bytes())
            .unwrap();
        assert!(
            matches!(f.nget_test(6), Err(Error::Command { code, .. }) if code == POLLMAGIC_ERR)
        );
        assert_eq!(f.nget_send(2, 5, &msg, 0, 6, 33).unwrap(), 7);
        let mut armed = [0xffu8; 8];
        f.transport().read(b.nget_ntf + 24, &mut armed).unwrap();
        assert_eq!(armed, [0; 8], "both slots re-armed");
    }

    // verifies: FTNW-H108, FTNW-H109, FTNW-H110, FTNW-H132, FTNW-H133, FTNW-H134
    #[test]
    fn credit_arms_the_slot_and_test_copies_the_message_once_notified() {
        let mut f = lib();
        let b = f.buffers().unwrap().clone();
        let slot = b.ntf + 4 * (16 * (8 * 3 + 2) + 9);
        f.transport().write(slot, &POLLMAGIC.to_le_bytes()).unwrap();
        f.credit(3, 2, 100, 5, 9).unwrap();
        assert_eq!(
            f.transport().writes,
            [((3 << 12) + 0x220, rxb::credit(100, 5, 9) as u64, 4)]
        );
        let mut rx = vec![0u8; 5 * 128];
        assert!(!f.test(3, 2, 100, 5, &mut rx, 9).unwrap(), "armed: not yet");
        let msg = bytes(5 * 128, 3);
        let m = f.transport();
        m.write(b.rx[8 * 3 + 2] + 100 * 128, &msg).unwrap();
        m.write(slot, &POLLMAGIC.to_le_bytes()).unwrap();
        assert!(f.test(3, 2, 100, 5, &mut rx, 9).unwrap());
        assert_eq!(rx, msg);
        f.poll(3, 2, 100, 5, &mut rx, 9).unwrap();
        f.transport()
            .write(slot, &POLLMAGIC_ERR.to_le_bytes())
            .unwrap();
        assert!(matches!(
            f.test(3, 2, 100, 5, &mut rx, 9),
            Err(Error::Command { .. })
        ));
        f.transport().write(slot, &7u32.to_le_bytes()).unwrap();
        assert!(matches!(
            f.poll(3, 2, 100, 5, &mut rx, 9),
            Err(Error::Transport(_))
        ));
    }

    // verifies: FTNW-H001, FTNW-H127
    #[test]
    fn every_bad_argument_is_refused_before_the_device_is_touched() {
        let mut f = lib();
        let msg = vec![0u8; 128 * 4];
        let mut rx = vec![0u8; 128 * 4];
        let n = f.transport().touched();
        let bad: Vec<(&str, Result<()>)> = vec![
            ("send link 6", f.send(6, 0, &msg, 0, 1)),
            ("send VC 8", f.send(0, 8, &msg, 0, 1)),
            ("send 0 packets", f.send(0, 0, &msg, 0, 0)),
            (
                "send 2049 packets",
                f.send(0, 0, &vec![0; 128 * 2049], 0, 2049),
            ),
            ("send past txbuf", f.send(0, 0, &msg, 1, 4)),
            ("nget link 7", f.nget_send(7, 0, &msg, 0, 0, 1).map(|_| ())),
            ("nget nid 8", f.nget_send(0, 0, &msg, 0, 8, 1).map(|_| ())),
            (
                "nget past txbuf",
                f.nget_send(0, 0, &msg, 0, 0, 5).map(|_| ()),
            ),
            ("nget_test nid 8", f.nget_test(8).map(|_| ())),
            ("credit nid 16", f.credit(0, 0, 0, 1, 16)),
            ("credit past RX-BUFF", f.credit(0, 0, 2000, 49, 0)),
            ("credit 0 packets", f.credit(0, 0, 0, 0, 0)),
            ("credit VC 8", f.credit(0, 8, 0, 1, 0)),
            (
                "test rxbuf short",
                f.test(0, 0, 0, 5, &mut rx, 0).map(|_| ()),
            ),
            ("test link 6", f.test(6, 0, 0, 1, &mut rx, 0).map(|_| ())),
        ];
        for (what, r) in bad {
            assert!(matches!(r, Err(Error::Invalid(_))), "{what}: {r:?}");
        }
        assert_eq!(f.transport().touched(), n);
        assert!(
            f.credit(0, 0, 2000, 48, 15).is_ok(),
            "the last packets of RX-BUFF"
        );
    }
}
