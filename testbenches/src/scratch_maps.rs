// Two scratch register maps that differ only in where one field sits (CTRL.GO at bit 3 or at
// bit 9). Included by `build.rs` (which generates their register files) and by the crate (the
// software constants), so `tests/regfile.rs` can show that the register file, the driver
// constants, the docs and the C header all follow a field that moves.

pub mod a {
    nicgen_wire::regmap! {
        pub static MAP: "scratch_a", addr_bits = 4, "Scratch map A: GO at bit 3.";
        CTRL @ 0x0, "Control." {
            GO [3, 1] RW = 0, "go";
            MODE [4, 4] RW = 5, "mode";
        }
        STAT @ 0x4, "Status." {
            LEVEL [0, 8] RO = 0, "level";
        }
    }
}

pub mod b {
    nicgen_wire::regmap! {
        pub static MAP: "scratch_b", addr_bits = 4, "Scratch map B: GO moved to bit 9.";
        CTRL @ 0x0, "Control." {
            GO [9, 1] RW = 0, "go";
            MODE [4, 4] RW = 5, "mode";
        }
        STAT @ 0x4, "Status." {
            LEVEL [0, 8] RO = 0, "level";
        }
    }
}
