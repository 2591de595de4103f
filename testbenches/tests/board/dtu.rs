//! The DTU board top (`ulx3s_dtu`: two PEs, block-RAM local memories, on-chip NoC) in the loop
//! without a board: its Verilator model behind a pseudo-terminal, the DTU driver
//! (`nicgen_driver::dtu`) over the serial transport on the other side, exactly as over the
//! board's USB UART. The PC is both PEs' cores: it fills and checks the local memories through
//! their bridge windows and runs every command, with the error codes, across the NoC.

use nicgen_driver::dtu::Dtu;
use nicgen_driver::transport::serial::{Serial, TtyPort};
use nicgen_driver::transport::{read_bytes, write_bytes, Window};
use nicgen_driver::{Error, RegAccess};
use nicgen_sim::board::over_pty_top;
use nicgen_wire::board::bridge::{self as wb, Status};
use nicgen_wire::dtu::{self as w, send_ep, Error as DtuError};
use std::time::Duration;

fn code(e: DtuError) -> Error {
    Error::Command {
        code: e as u32,
        name: nicgen_driver::dtu::error_name(e),
    }
}

const PE_MMIO: [u64; 2] = [wb::window_base(0) as u64, wb::window_base(1) as u64];
const PE_MEM: [u64; 2] = [wb::window_base(2) as u64, wb::window_base(3) as u64];

#[test]
fn dtu_board_runs_the_driver_over_serial() {
    nicgen_testbenches::register_boards();
    let baud = nicgen_bsp::ulx3s::BoardConfig::ulx3s_dtu().baud;
    let r = over_pty_top("ulx3s_dtu", "dtu_board_driver_over_serial", |path| {
        let tty = TtyPort::open(path, baud, Duration::from_secs(30)).expect("open the pty");
        let mut s = Serial::new(tty);
        let info = s.identify().unwrap();
        assert_eq!((info.clock_hz, info.baud_div), (wb::DTU_BOARD_CLOCK_HZ, 13));

        // the bridge's windows: the 64-bit registers in word pairs, the memories in words
        {
            let mut p0 = Window {
                t: &mut s,
                base: PE_MMIO[0],
            };
            p0.write64(w::DATA, 0x1122_3344_5566_7788).unwrap();
            assert_eq!(p0.read64(w::DATA).unwrap(), 0x1122_3344_5566_7788);
            assert_eq!(
                p0.read32(w::DATA + 4).unwrap(),
                0x1122_3344,
                "the latched half"
            );
            // past the DTU's map (MMIO_END) and past its 11 address bits
            assert!(matches!(p0.read64(w::MMIO_END), Err(Error::Bus { .. })));
            assert!(matches!(p0.read32(0x800), Err(Error::Bus { .. })));
        }
        let payload: Vec<u8> = (0..100u32).map(|i| (i * 7 + 3) as u8).collect();
        let region: Vec<u8> = (0..0x100u32).map(|i| (i * 13 + 1) as u8).collect();
        {
            let mut m0 = Window {
                t: &mut s,
                base: PE_MEM[0],
            };
            write_bytes(&mut m0, 0x101, &payload).unwrap();
            assert_eq!(read_bytes(&mut m0, 0x101, 100).unwrap(), payload);
        }
        {
            let mut m1 = Window {
                t: &mut s,
                base: PE_MEM[1],
            };
            write_bytes(&mut m1, 0xA00, &region).unwrap();
        }
        // an unaligned bridge address is refused by the bridge itself
        assert_eq!(
            s.exchange_raw(&wb::request(wb::CMD_READ, PE_MEM[0] as u32 + 2, 0))
                .unwrap(),
            (Status::AddressOutOfRange, 0)
        );

        // PE 0: a send EP to PE 1's receive EP 0 (credits for one 128-byte message), its own
        // receive EP 2 for replies, memory EPs on PE 1's region (read-only, write-only)
        {
            let mut p0 = Window {
                t: &mut s,
                base: PE_MMIO[0],
            };
            let mut d = Dtu::new(&mut p0);
            d.config_send(1, 0x1AB, 1, 0, Some(128), 128, 128).unwrap();
            d.config_receive(2, 0x800, 7, 1, 4).unwrap();
            d.config_memory(3, 1, 0xA00, 0x100, true, false).unwrap();
            d.config_memory(4, 1, 0xA00, 0x100, false, true).unwrap();
        }
        {
            let mut p1 = Window {
                t: &mut s,
                base: PE_MMIO[1],
            };
            let mut d = Dtu::new(&mut p1);
            d.config_receive(0, 0x400, 7, 2, 0).unwrap();
            assert_eq!(d.fetch(0).unwrap(), None, "nothing received yet");
        }
        {
            let mut p0 = Window {
                t: &mut s,
                base: PE_MMIO[0],
            };
            let mut d = Dtu::new(&mut p0);
            d.send(1, 0x101, 100, 2, 0x77).unwrap();
            assert_eq!(
                d.send(1, 0x101, 100, 2, 0x78),
                Err(code(DtuError::NoCredits))
            );
            assert_eq!(d.send(2, 0x101, 8, 2, 0), Err(code(DtuError::InvEp)));
            assert_eq!(d.read(4, 0, 0xC00, 8), Err(code(DtuError::NoPerm)));
            assert_eq!(d.read(3, 0xFC, 0xC00, 8), Err(code(DtuError::InvArgs)));
        }
        {
            let mut p1 = Window {
                t: &mut s,
                base: PE_MMIO[1],
            };
            let mut d = Dtu::new(&mut p1);
            let m = d.fetch(0).unwrap().expect("a message");
            assert_eq!(m, 0x400, "the first slot");
            let h = d.header(0).unwrap();
            assert_eq!(h[0], 0x1AB, "the send EP's label");
            assert_eq!(h[1], 0x77, "the reply label");
            d.reply(0, m, 0x418, 16).unwrap();
            assert_eq!(
                d.reply(0, m, 0x418, 16),
                Err(code(DtuError::InvArgs)),
                "a second reply"
            );
            d.ack(0, m).unwrap();
        }
        {
            let mut m1 = Window {
                t: &mut s,
                base: PE_MEM[1],
            };
            assert_eq!(
                read_bytes(&mut m1, 0x400 + 24, 100).unwrap(),
                payload,
                "the payload in PE 1's slot, after the 24-byte header"
            );
        }
        {
            let mut p0 = Window {
                t: &mut s,
                base: PE_MMIO[0],
            };
            let mut d = Dtu::new(&mut p0);
            assert_eq!(
                send_ep::CUR_CRD.get(d.ep(1).unwrap()[1]),
                128,
                "the reply returned the credits"
            );
            let r = d.fetch(2).unwrap().expect("the reply");
            assert_eq!(d.header(4).unwrap()[0], 0x77, "the reply label");
            d.ack(2, r).unwrap();
            d.read(3, 0x10, 0xC00, 64).unwrap();
            d.write(4, 0x20, 0x101, 100).unwrap();
        }
        let mut m0 = Window {
            t: &mut s,
            base: PE_MEM[0],
        };
        assert_eq!(
            read_bytes(&mut m0, 0xC00, 64).unwrap(),
            region[0x10..0x50],
            "READ"
        );
        let mut m1 = Window {
            t: &mut s,
            base: PE_MEM[1],
        };
        let after = read_bytes(&mut m1, 0xA00, 0x100).unwrap();
        assert_eq!(after[0x20..0x20 + 100], payload[..], "WRITE");
        assert_eq!(after[..0x20], region[..0x20], "nothing before the WRITE");
        assert_eq!(after[0x84..], region[0x84..], "nothing after it");
    });
    if let Some((_, sim)) = r {
        eprintln!(
            "  dtu board: {} cycles, {} host bytes",
            sim.cycle,
            sim.log.len()
        );
    }
}
