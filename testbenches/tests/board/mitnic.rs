//! The MIT NIC board top (`ulx3s_mitnic`: two NICs on a ring of two routers, the UART bridge as
//! their P-bus master) in the loop without a board: its Verilator model behind a
//! pseudo-terminal, the MIT NIC driver (`nicgen_driver::mitnic`) over the serial transport on
//! the other side, exactly as over the board's USB UART. The driver suite the simulated NICs run
//! (`nicgen_testbenches::mitnic_suite`) runs here unchanged; each NIC is reached through
//! `SplitAddress` (da[9:0] in the NIC's window, da[13:10] in its register window).

use nicgen_driver::mitnic::{Nic, SplitAddress};
use nicgen_driver::transport::serial::{Serial, TtyPort};
use nicgen_driver::RegAccess;
use nicgen_sim::board::over_pty_top;
use nicgen_sim::harness::rng::Rng;
use nicgen_testbenches::mitnic_suite::{suite, Nics};
use nicgen_wire::board::bridge as wb;
use std::time::Duration;

struct Board {
    s: Serial<TtyPort>,
    hi: [Option<u32>; 2],
}

impl Nics for Board {
    fn on<R>(&mut self, k: usize, f: impl FnOnce(&mut Nic<'_, dyn RegAccess + '_>) -> R) -> R {
        let mut t = SplitAddress {
            t: &mut self.s,
            base: wb::window_base(k as u32) as u64,
            hi_base: wb::window_base(2 + k as u32) as u64,
            hi: &mut self.hi[k],
        };
        let mut n: Nic<'_, dyn RegAccess> = Nic::new(&mut t);
        f(&mut n)
    }
}

#[test]
fn mitnic_board_runs_the_driver_suite_over_serial() {
    nicgen_testbenches::register_boards();
    let baud = nicgen_bsp::ulx3s::BoardConfig::ulx3s_mitnic().baud;
    let r = over_pty_top("ulx3s_mitnic", "mitnic_board_driver_over_serial", |path| {
        let tty = TtyPort::open(path, baud, Duration::from_secs(30)).expect("open the pty");
        let mut s = Serial::new(tty);
        let info = s.identify().unwrap();
        assert_eq!(info.clock_hz, wb::MITNIC_BOARD_CLOCK_HZ);
        // the da[13:10] register reads back
        s.write32(wb::window_base(3) as u64, 0xA).unwrap();
        assert_eq!(s.read32(wb::window_base(3) as u64 + 0x40).unwrap(), 0xA);
        let mut b = Board { s, hi: [None; 2] };
        suite(&mut b, &mut Rng::new(0x3A1C_0B0A));
    });
    if r.is_none() {
        eprintln!("mitnic_board_runs_the_driver_suite_over_serial: skipped (no verilator)");
    }
}
