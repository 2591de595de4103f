//! The PPE board top (`ulx3s_ppe`: two PPEs cabled to each other, each with 4 KiB of host
//! memory in block RAM, the UART bridge as both hosts) in the loop without a board: its
//! Verilator model behind a pseudo-terminal, the PPE driver (`nicgen_driver::ppe`) over the
//! serial transport on the other side, exactly as over the board's USB UART. The driver suite
//! the simulated nodes run (`nicgen_testbenches::ppe_suite`) runs here unchanged: each PPE's
//! window is its bridge window, its host memory the next windows (host address b at byte b).

use nicgen_driver::ppe::Host;
use nicgen_driver::transport::serial::{Serial, TtyPort};
use nicgen_driver::transport::{read_bytes, write_bytes};
use nicgen_driver::{Error, HostMem, RegAccess, Result};
use nicgen_sim::board::over_pty_top;
use nicgen_sim::harness::rng::Rng;
use nicgen_testbenches::ppe_suite::{suite, PpeNodes};
use nicgen_wire::board::bridge as wb;
use std::cell::RefCell;
use std::time::Duration;

/// Host memory below this is left unused (address 0 would be a null object).
const FIRST: u32 = 64;

struct Board {
    s: RefCell<Serial<TtyPort>>,
    /// Per PPE, the next free byte of its host memory.
    next: [u32; 2],
}

/// One PPE's host: its window and its memory, over the bridge.
struct Node<'a> {
    s: &'a RefCell<Serial<TtyPort>>,
    k: u32,
    next: &'a mut u32,
}

impl Node<'_> {
    fn mem(&self, addr: u64, len: usize) -> Result<u64> {
        if addr + len as u64 > wb::PPE_BOARD_MEM_BYTES as u64 {
            return Err(Error::Invalid(format!(
                "{len} bytes at host address {addr:#x}: past the board's 4 KiB"
            )));
        }
        Ok(wb::window_base(2 + self.k) as u64 + addr)
    }
}

impl RegAccess for Node<'_> {
    fn read32(&mut self, addr: u64) -> Result<u32> {
        self.s
            .borrow_mut()
            .read32(wb::window_base(self.k) as u64 + addr)
    }
    fn write32(&mut self, addr: u64, value: u32) -> Result<()> {
        self.s
            .borrow_mut()
            .write32(wb::window_base(self.k) as u64 + addr, value)
    }
    fn wait_cycles(&mut self, cycles: u64) -> Result<()> {
        self.s.borrow_mut().wait_cycles(cycles)
    }
}

impl HostMem for Node<'_> {
    fn alloc(&mut self, len: usize, align: usize) -> Result<u64> {
        let a = align as u32;
        let at = (*self.next + a - 1) / a * a;
        self.mem(at as u64, len)?;
        *self.next = at + len as u32;
        Ok(at as u64)
    }
    fn read(&self, addr: u64, buf: &mut [u8]) -> Result<()> {
        let at = self.mem(addr, buf.len())?;
        buf.copy_from_slice(&read_bytes(&mut *self.s.borrow_mut(), at, buf.len())?);
        Ok(())
    }
    fn write(&mut self, addr: u64, data: &[u8]) -> Result<()> {
        let at = self.mem(addr, data.len())?;
        write_bytes(&mut *self.s.borrow_mut(), at, data)
    }
}

impl PpeNodes for Board {
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut dyn Host) -> R) -> R {
        let mut n = Node {
            s: &self.s,
            k: k as u32,
            next: &mut self.next[k],
        };
        f(&mut n)
    }
    fn source(&mut self, k: usize, data: &[u8]) -> u32 {
        self.on(k, |h| {
            let at = h.alloc(data.len(), 64).unwrap();
            h.write(at, data).unwrap();
            at as u32
        })
    }
}

#[test]
fn ppe_board_runs_the_driver_suite_over_serial() {
    nicgen_testbenches::register_boards();
    let baud = nicgen_bsp::ulx3s::BoardConfig::ulx3s_ppe().baud;
    let r = over_pty_top("ulx3s_ppe", "ppe_board_driver_over_serial", |path| {
        let tty = TtyPort::open(path, baud, Duration::from_secs(30)).expect("open the pty");
        let mut s = Serial::new(tty);
        let info = s.identify().unwrap();
        assert_eq!(info.clock_hz, wb::PPE_BOARD_CLOCK_HZ);
        // the host memories: what the PC writes it reads back, past the end is refused
        s.write32(wb::window_base(2) as u64 + 0xFFC, 0xDEAD_BEEF)
            .unwrap();
        s.write32(wb::window_base(3) as u64 + 0xFFC, 0x0123_4567)
            .unwrap();
        assert_eq!(
            s.read32(wb::window_base(2) as u64 + 0xFFC).unwrap(),
            0xDEAD_BEEF
        );
        assert_eq!(
            s.read32(wb::window_base(3) as u64 + 0xFFC).unwrap(),
            0x0123_4567
        );
        let mut b = Board {
            s: RefCell::new(s),
            next: [FIRST; 2],
        };
        suite(&mut b, &mut Rng::new(0x99E_B0A2D));
    });
    if r.is_none() {
        eprintln!("ppe_board_runs_the_driver_suite_over_serial: skipped (no verilator)");
    }
}
