//! The register map of the `reg_bank_demo` top: one register of each access kind, so that the
//! shared register bank is exercised, emitted and linted before any device uses it.

crate::regmap! {
    pub static DEMO_REGS: "reg_bank_demo", addr_bits = 6, "Demonstration register block of the shared register bank (common library).";
    CTRL @ 0x000, "Read-write control with a non-zero default and a self-clearing command bit." {
        ENABLE [0, 1] RW = 1, "enable";
        MODE [4, 4] RW = 0xa, "mode select";
        START [8, 1] SC = 0, "start command (pulse)";
        LIMIT [16, 16] RW = 0x100, "limit";
    }
    STATUS @ 0x004, "Read-only status from the hardware." {
        VALUE [0, 32] RO = 0, "hardware value";
    }
    EXC @ 0x008, "Exception bits: set by hardware events, cleared by writing 1." {
        ERR [0, 8] W1C = 0, "error events";
        MASK [8, 8] RW = 0xff, "exception enable";
    }
    DOORBELL @ 0x00c, "Write-only doorbell: the value is handed to the hardware for one cycle." {
        VALUE [0, 32] WO = 0, "doorbell value";
    }
}
