//! The ULX3S board top in the loop without a board: its Verilator model behind a
//! pseudo-terminal, the driver's serial transport on the other side, exactly as over the
//! board's USB UART. The bridge's answer to every kind of bad frame, byte for byte; the RTL
//! UART against the bit-level models; the LPF against the top's ports.

use nicgen_driver::serial::{Serial, TtyPort};
use nicgen_driver::RegAccess;
use nicgen_sim::board::{over_pty, BoardSim};
use nicgen_wire::bridge::{self as wb, Status};
use std::time::Duration;

fn board_reg(r: &nicgen_wire::regs::Reg) -> u64 {
    (wb::window_base(wb::BOARD_WINDOW) + r.offset) as u64
}

fn frame(bytes: &[u8]) -> Vec<u8> {
    let mut f = bytes.to_vec();
    f.push(wb::checksum(bytes));
    f
}

#[test]
fn bridge_answers_every_bad_frame_and_keeps_working() {
    let baud = nicgen_hdl::board::ulx3s::BoardConfig::ulx3s().baud;
    let r = over_pty("bridge_answers_every_bad_frame", |path| {
        let tty = TtyPort::open(path, baud, Duration::from_secs(20)).expect("open the pty");
        let mut s = Serial::new(tty);
        let info = s.identify().unwrap();
        assert_eq!((info.clock_hz, info.baud_div), (75_000_000, 25));
        let rev_addr = nicgen_wire::tnw::TNW_REVISION.offset;
        let good = wb::request(wb::CMD_READ, rev_addr, 0);
        let mut bad_sum = good;
        bad_sum[9] = bad_sum[9].wrapping_add(1);
        let cases: Vec<(&str, Vec<u8>, Status)> = vec![
            ("bad checksum", bad_sum.to_vec(), Status::BadChecksum),
            ("truncated", good[..5].to_vec(), Status::Truncated),
            (
                "unknown command",
                frame(&[b'X', 0, 0, 0, 0, 0, 0, 0, 0]),
                Status::UnknownCommand,
            ),
            (
                "no window 2",
                wb::request(wb::CMD_READ, 0x2000, 0).to_vec(),
                Status::AddressOutOfRange,
            ),
            (
                "unaligned",
                wb::request(wb::CMD_WRITE, 0x1002, 0).to_vec(),
                Status::AddressOutOfRange,
            ),
            (
                "above 64 KiB",
                wb::request(wb::CMD_READ, 0x0001_0000, 0).to_vec(),
                Status::AddressOutOfRange,
            ),
            (
                "read-only register",
                wb::request(wb::CMD_WRITE, rev_addr, 1).to_vec(),
                Status::BusError,
            ),
            (
                "no register there",
                wb::request(wb::CMD_READ, 0x1FFC, 0).to_vec(),
                Status::BusError,
            ),
        ];
        let mut errors = 0;
        for (what, bytes, want) in &cases {
            assert_eq!(
                s.exchange_raw(bytes).unwrap(),
                (*want, 0),
                "{what}: status and zero data"
            );
            errors += 1;
            // the next good frame works
            assert_eq!(
                s.exchange_raw(&good).unwrap(),
                (Status::Ok, nicgen_wire::tnw::REVISION),
                "after {what}"
            );
        }
        // two bytes too many arrive while the response goes out: dropped, as documented
        let mut long = good.to_vec();
        long.extend([1, 2]);
        assert_eq!(
            s.exchange_raw(&long).unwrap(),
            (Status::Ok, nicgen_wire::tnw::REVISION)
        );
        assert_eq!(
            s.exchange_raw(&good).unwrap(),
            (Status::Ok, nicgen_wire::tnw::REVISION),
            "after the long frame"
        );
        // every error counted once; no framing errors on a clean line
        let e = s.read32(board_reg(&wb::BOARD_BRIDGE_ERRORS)).unwrap();
        assert_eq!(e, errors, "BOARD_BRIDGE_ERRORS {e:#x}");
        // a write, read back through the bridge
        s.write32(board_reg(&wb::BOARD_CABLE_FLIP), 0xBEEF).unwrap();
        assert_eq!(
            s.read32(board_reg(&wb::BOARD_CABLE_FLIP)).unwrap(),
            0xBEEF
        );
        (s.requests, s.error_responses)
    });
    let Some(((requests, errors), sim)) = r else {
        return;
    };
    eprintln!(
        "bridge over pty: {requests} requests, {errors} error responses, {} board cycles",
        sim.cycle
    );
    assert_eq!(errors, 8);
}

#[test]
fn bridge_drops_a_byte_with_a_bad_stop_bit() {
    let Some(mut b) = BoardSim::verilator() else {
        return;
    };
    let good = wb::request(wb::CMD_READ, board_reg(&wb::BOARD_ID) as u32, 0);
    // first byte with its stop bit low: dropped, so the frame is 9 bytes long, then truncated
    b.tx.break_stop = true;
    b.send(&good[..1]);
    b.run(20 * b.cfg.baud_div() as u64);
    b.send(&good[1..]);
    let mut s = Serial::new(b);
    assert_eq!(s.exchange_raw(&[]).unwrap(), (Status::Truncated, 0));
    assert_eq!(
        s.exchange_raw(&good).unwrap(),
        (Status::Ok, wb::BOARD_ID_VALUE)
    );
    let e = s.read32(board_reg(&wb::BOARD_BRIDGE_ERRORS)).unwrap();
    assert_eq!(e, 1 | (1 << 16), "one error response, one framing error: {e:#x}");
}
