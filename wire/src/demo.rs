//! The register map of the `reg_bank_demo` top: one register of each access kind, so that the
//! shared register bank is exercised, emitted and linted before any device uses it.

use crate::regs::{Access::*, Field, Reg, RegMap};

pub const CTRL: Reg = Reg {
    name: "CTRL",
    offset: 0x00,
    doc: "Read-write control with a non-zero default and a self-clearing command bit.",
    fields: &[
        Field {
            name: "ENABLE",
            lsb: 0,
            width: 1,
            access: RW,
            reset: 1,
            doc: "enable",
        },
        Field {
            name: "MODE",
            lsb: 4,
            width: 4,
            access: RW,
            reset: 0xA,
            doc: "mode select",
        },
        Field {
            name: "START",
            lsb: 8,
            width: 1,
            access: SC,
            reset: 0,
            doc: "start command (pulse)",
        },
        Field {
            name: "LIMIT",
            lsb: 16,
            width: 16,
            access: RW,
            reset: 0x0100,
            doc: "limit",
        },
    ],
};
pub const STATUS: Reg = Reg {
    name: "STATUS",
    offset: 0x04,
    doc: "Read-only status from the hardware.",
    fields: &[Field {
        name: "VALUE",
        lsb: 0,
        width: 32,
        access: RO,
        reset: 0,
        doc: "hardware value",
    }],
};
pub const EXC: Reg = Reg {
    name: "EXC",
    offset: 0x08,
    doc: "Exception bits: set by hardware events, cleared by writing 1.",
    fields: &[
        Field {
            name: "ERR",
            lsb: 0,
            width: 8,
            access: W1C,
            reset: 0,
            doc: "error events",
        },
        Field {
            name: "MASK",
            lsb: 8,
            width: 8,
            access: RW,
            reset: 0xFF,
            doc: "exception enable",
        },
    ],
};
pub const DOORBELL: Reg = Reg {
    name: "DOORBELL",
    offset: 0x0C,
    doc: "Write-only doorbell: the value is handed to the hardware for one cycle.",
    fields: &[Field {
        name: "VALUE",
        lsb: 0,
        width: 32,
        access: WO,
        reset: 0,
        doc: "doorbell value",
    }],
};

pub static DEMO_REGS: RegMap = RegMap {
    name: "reg_bank_demo",
    doc: "Demonstration register block of the shared register bank (common library).",
    addr_bits: 6,
    regs: &[CTRL, STATUS, EXC, DOORBELL],
};
