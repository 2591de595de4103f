//! The DTU driver (`nicgen_driver::dtu`) on DTUs, native and Verilated (`nicgen_sim::dtu::transport`):
//! endpoints configured by the driver, a message sent, fetched, replied to and acknowledged,
//! credits used up and returned, remote read and write, every error code of the DTU as the
//! driver's `Error::Command`, and every argument the DTU cannot represent refused before any
//! access.

use nicgen_driver::dtu::Dtu;
use nicgen_driver::{Error, RegAccess};
use nicgen_sim::dtu::net::DtuNet;
use nicgen_sim::dtu::transport::PeBus;
use nicgen_sim::harness::backend::Backend;
use nicgen_sim::harness::verilator;
use nicgen_wire::dtu::{send_ep, Error as DtuError};

fn code(e: DtuError) -> Error {
    Error::Command {
        code: e as u32,
        name: nicgen_driver::dtu::error_name(e),
    }
}

#[test]
fn dtu_driver_runs_every_command_and_reports_every_error_native() {
    driver_suite(Backend::Native);
}

#[test]
fn dtu_driver_runs_every_command_and_reports_every_error_verilator() {
    if !verilator::require("dtu driver in Verilator") {
        return;
    }
    driver_suite(Backend::Verilator);
}

/// The same driver code on either backend.
fn driver_suite(backend: Backend) {
    let mut net = DtuNet::new(backend, 2, 1 << 14, 9);
    net.stress();
    let payload: Vec<u8> = (0..100u32).map(|i| (i * 7 + 3) as u8).collect();
    net.mem[0].bytes[0x101..0x101 + 100].copy_from_slice(&payload);
    let region: Vec<u8> = (0..0x400u32).map(|i| (i * 13 + 1) as u8).collect();
    net.mem[1].bytes[0x3000..0x3400].copy_from_slice(&region);
    {
        let mut b0 = PeBus {
            net: &mut net,
            pe: 0,
        };
        let mut d = Dtu::new(&mut b0);
        d.config_send(1, 0x1AB, 1, 0, Some(256), 256, 128).unwrap();
        d.config_receive(2, 0x2000, 7, 2, 4).unwrap();
        d.config_memory(3, 1, 0x3000, 0x400, true, false).unwrap();
        d.config_memory(4, 1, 0x3000, 0x400, false, true).unwrap();
        // every argument the DTU cannot represent is refused before any access
        let c = d.t.net.cycles;
        assert!(matches!(
            d.config_receive(5, 0x2001, 7, 2, 0),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(
            d.config_receive(5, 0x2000, 7, 6, 0),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(
            d.config_receive(5, 0x2000, 7, 2, 30),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(
            d.config_receive(5, 0, 7, 2, 0),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(
            d.config_send(5, 0, 1, 0, Some(300), 256, 128),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(
            d.config_send(5, 0, 1, 0, Some(0xFFFF), 0xFFFF, 128),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(
            d.config_send(5, 0, 1, 0, None, 0, 20),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(d.send(16, 0, 8, 2, 0), Err(Error::Invalid(_))));
        assert!(matches!(
            d.send(1, 1 << 48, 8, 2, 0),
            Err(Error::Invalid(_))
        ));
        assert!(matches!(d.read(3, 1 << 48, 0, 8), Err(Error::Invalid(_))));
        assert_eq!(d.t.net.cycles, c, "nothing reached the DTU");
        assert!(matches!(d.t.read32(0x10), Err(Error::Invalid(_))));
    }
    {
        let mut b1 = PeBus {
            net: &mut net,
            pe: 1,
        };
        let mut d = Dtu::new(&mut b1);
        d.config_receive(0, 0x1000, 7, 2, 0).unwrap();
        assert_eq!(d.fetch(0).unwrap(), None, "nothing received yet");
    }
    // two messages of 100 bytes: the credits (256, 128 per message) allow two, not three
    {
        let mut b0 = PeBus {
            net: &mut net,
            pe: 0,
        };
        let mut d = Dtu::new(&mut b0);
        d.send(1, 0x101, 100, 2, 0x77).unwrap();
        d.send(1, 0x101, 100, 2, 0x78).unwrap();
        assert_eq!(
            d.send(1, 0x101, 100, 2, 0x79),
            Err(code(DtuError::NoCredits))
        );
        assert_eq!(
            d.send(1, 0x101, 105, 2, 0x79),
            Err(code(DtuError::NoCredits))
        );
        assert_eq!(d.send(2, 0x101, 8, 2, 0), Err(code(DtuError::InvEp)));
        assert_eq!(d.read(4, 0, 0x800, 8), Err(code(DtuError::NoPerm)));
        assert_eq!(d.read(3, 0x3FC, 0x800, 8), Err(code(DtuError::InvArgs)));
    }
    net.quiesce();
    {
        let mut b1 = PeBus {
            net: &mut net,
            pe: 1,
        };
        let mut d = Dtu::new(&mut b1);
        let m = d.fetch(0).unwrap().expect("a message");
        assert_eq!(m, 0x1000);
        let h = d.header(0).unwrap();
        assert_eq!(h[0], 0x1AB, "the send EP's label");
        assert_eq!(h[1], 0x77, "the reply label");
        d.reply(0, m, 0x200, 16).unwrap();
        assert_eq!(
            d.reply(0, m, 0x200, 16),
            Err(code(DtuError::InvArgs)),
            "a second reply"
        );
        d.ack(0, m).unwrap();
    }
    net.quiesce();
    assert_eq!(
        &net.mem[1].bytes[0x1000 + 24..0x1000 + 124],
        &payload[..],
        "the payload in the slot"
    );
    {
        let mut b0 = PeBus {
            net: &mut net,
            pe: 0,
        };
        let mut d = Dtu::new(&mut b0);
        // the reply returned one message's credit
        assert_eq!(send_ep::CUR_CRD.get(d.ep(1).unwrap()[1]), 128);
        let r = d.fetch(2).unwrap().expect("the reply");
        assert_eq!(
            d.header(4).unwrap()[0],
            0x77,
            "the reply carries the reply label"
        );
        d.ack(2, r).unwrap();
        d.read(3, 0x10, 0x800, 64).unwrap();
        d.write(4, 0x20, 0x101, 100).unwrap();
    }
    net.quiesce();
    assert_eq!(net.mem[0].bytes[0x800..0x840], region[0x10..0x50], "READ");
    assert_eq!(
        &net.mem[1].bytes[0x3020..0x3020 + 100],
        &payload[..],
        "WRITE"
    );
    assert_eq!(
        net.mem[1].bytes[0x3000..0x3020],
        region[..0x20],
        "nothing before the WRITE"
    );
    assert_eq!(
        net.mem[1].bytes[0x3084..0x3400],
        region[0x84..],
        "nothing after it"
    );
}
