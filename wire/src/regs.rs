//! Register-map description: one table per register block, read by the RTL register bank,
//! the models, the host driver and the documentation generator.

/// How software sees a field.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Read-write storage.
    RW,
    /// Read-only: the value comes from the hardware; writes are ignored.
    RO,
    /// Set by a hardware event, cleared by writing 1; writing 0 leaves it alone.
    W1C,
    /// Write-only: the written value is handed to the hardware for one cycle; reads return 0.
    WO,
    /// Self-clearing command: writing 1 gives the hardware a one-cycle pulse; reads return 0.
    SC,
    /// Read-write, but the hardware owns the value (counters, values the hardware updates or
    /// refuses): reads return the hardware's value, a write hands the written value to the
    /// hardware for one cycle, which loads it. Documented as RW.
    RWH,
    /// Set by a hardware event, cleared by writing 0; writing 1 leaves it alone.
    W0C,
    /// Read-only, and a read takes the value (a queue's head is popped); writes are ignored.
    RPOP,
}

impl Access {
    pub const fn name(self) -> &'static str {
        match self {
            Access::RW => "RW",
            Access::RO => "RO",
            Access::W1C => "W1C",
            Access::WO => "WO",
            Access::SC => "SC",
            Access::RWH => "RW",
            Access::W0C => "W0C",
            Access::RPOP => "RO, pop",
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Field {
    /// The register that holds the field, and its byte offset in the block.
    pub reg: &'static str,
    pub reg_offset: u32,
    pub name: &'static str,
    pub lsb: u32,
    pub width: u32,
    pub access: Access,
    /// Value after reset, in field units (not shifted).
    pub reset: u32,
    pub doc: &'static str,
}

impl Field {
    pub const fn mask(&self) -> u32 {
        let m = if self.width >= 32 {
            u32::MAX
        } else {
            (1u32 << self.width) - 1
        };
        m << self.lsb
    }
    pub const fn get(&self, reg: u32) -> u32 {
        (reg & self.mask()) >> self.lsb
    }
    /// Place `v` in this field. Panics (in const context: fails to compile) when `v` does not fit.
    pub const fn set(&self, reg: u32, v: u32) -> u32 {
        assert!(
            (v << self.lsb) >> self.lsb == v && (v << self.lsb) & !self.mask() == 0,
            "value does not fit the field"
        );
        (reg & !self.mask()) | (v << self.lsb)
    }
}

/// Declares a register map once: the table (`RegMap`) that the RTL register file, the docs and
/// the C header are generated from, and typed constants for software. For each register `R`
/// it defines `pub mod R` (`R::OFFSET`, one `Field` constant per field, `R::FIELDS`, `R::REG`)
/// and `pub const R: Reg`, so `TX_CTRL::TX_RESET.mask()` and `TX_CTRL.offset` both read the
/// one description.
///
/// ```ignore
/// regmap! {
///     pub static MY_REGS: "my_block", addr_bits = 6, "What the block is.";
///     CTRL @ 0x00, "Control." {
///         ENABLE [0, 1] RW = 1, "enable";
///     }
/// }
/// ```
#[macro_export]
macro_rules! regmap {
    (
        $vis:vis static $map:ident : $mname:literal, addr_bits = $abits:expr, $mdoc:literal;
        $(
            $reg:ident @ $off:literal, $rdoc:literal {
                $( $f:ident [$lsb:literal, $w:literal] $acc:ident = $reset:expr, $fdoc:literal; )*
            }
        )*
    ) => {
        $(
            #[doc = $rdoc]
            #[allow(non_snake_case, unused_imports)]
            pub mod $reg {
                use super::*;
                use $crate::regs::{Access, Field, Reg};
                /// Byte offset of the register in its block.
                pub const OFFSET: u32 = $off;
                $(
                    #[doc = $fdoc]
                    pub const $f: Field = Field {
                        reg: stringify!($reg),
                        reg_offset: OFFSET,
                        name: stringify!($f),
                        lsb: $lsb,
                        width: $w,
                        access: Access::$acc,
                        reset: $reset,
                        doc: $fdoc,
                    };
                )*
                /// The register's fields, in declaration order.
                pub const FIELDS: &[Field] = &[$($f),*];
                /// The register's description.
                pub const REG: Reg = Reg {
                    name: stringify!($reg),
                    offset: OFFSET,
                    doc: $rdoc,
                    fields: FIELDS,
                };
            }
            #[doc = $rdoc]
            pub const $reg: $crate::regs::Reg = $reg::REG;
        )*
        #[doc = $mdoc]
        $vis static $map: $crate::regs::RegMap = $crate::regs::RegMap {
            name: $mname,
            doc: $mdoc,
            addr_bits: $abits,
            regs: &[$($reg::REG),*],
        };
    };
}

#[derive(Clone, Copy, Debug)]
pub struct Reg {
    pub name: &'static str,
    /// Byte offset in the block.
    pub offset: u32,
    pub doc: &'static str,
    pub fields: &'static [Field],
}

impl Reg {
    /// Bits of the given access kind.
    pub fn mask(&self, access: Access) -> u32 {
        self.fields
            .iter()
            .filter(|f| f.access == access)
            .fold(0, |m, f| m | f.mask())
    }
    /// The register's value after reset (read-only fields included, as documented).
    pub fn reset(&self) -> u32 {
        self.fields
            .iter()
            .fold(0, |v, f| v | ((f.reset << f.lsb) & f.mask()))
    }
    pub fn field(&self, name: &str) -> Option<&'static Field> {
        self.fields.iter().find(|f| f.name == name)
    }
}

#[derive(Clone, Copy, Debug)]
pub struct RegMap {
    pub name: &'static str,
    pub doc: &'static str,
    /// Address bits the block decodes (byte address).
    pub addr_bits: u32,
    pub regs: &'static [Reg],
}

impl RegMap {
    pub fn reg(&self, name: &str) -> Option<&'static Reg> {
        self.regs.iter().find(|r| r.name == name)
    }

    /// Checks the map's own consistency: word-aligned, in range, unique offsets and names,
    /// fields within 32 bits and not overlapping, reset values that fit. Returns every problem.
    pub fn validate(&self) -> Result<(), Vec<String>> {
        let mut errs = vec![];
        for (i, r) in self.regs.iter().enumerate() {
            if r.offset % 4 != 0 {
                errs.push(format!(
                    "{}.{}: offset {:#x} not word aligned",
                    self.name, r.name, r.offset
                ));
            }
            if (r.offset as u64) >= (1u64 << self.addr_bits) {
                errs.push(format!(
                    "{}.{}: offset {:#x} outside {} address bits",
                    self.name, r.name, r.offset, self.addr_bits
                ));
            }
            for q in &self.regs[..i] {
                if q.offset == r.offset {
                    errs.push(format!(
                        "{}: {} and {} share offset {:#x}",
                        self.name, q.name, r.name, r.offset
                    ));
                }
                if q.name == r.name {
                    errs.push(format!(
                        "{}: register name {} used twice",
                        self.name, r.name
                    ));
                }
            }
            let mut used = 0u32;
            for f in r.fields {
                if f.width == 0 || f.lsb + f.width > 32 {
                    errs.push(format!(
                        "{}.{}.{}: bits {}+{} outside 0..32",
                        self.name, r.name, f.name, f.lsb, f.width
                    ));
                    continue;
                }
                if used & f.mask() != 0 {
                    errs.push(format!(
                        "{}.{}.{}: overlaps another field",
                        self.name, r.name, f.name
                    ));
                }
                used |= f.mask();
                if f.width < 32 && f.reset >> f.width != 0 {
                    errs.push(format!(
                        "{}.{}.{}: reset {:#x} wider than {} bits",
                        self.name, r.name, f.name, f.reset, f.width
                    ));
                }
                if matches!(f.access, Access::WO | Access::SC) && f.reset != 0 {
                    errs.push(format!(
                        "{}.{}.{}: {} field must reset to 0",
                        self.name,
                        r.name,
                        f.name,
                        f.access.name()
                    ));
                }
            }
        }
        if errs.is_empty() {
            Ok(())
        } else {
            Err(errs)
        }
    }

    /// The C identifier prefix of the block's constants (`tnw_link` -> `TNW_LINK`).
    pub fn c_prefix(&self) -> String {
        self.name.to_ascii_uppercase()
    }

    /// Every constant of the C header as `(name, value)`, in header order: per register
    /// `_OFFSET` and `_RESET`, per field `_SHIFT`, `_WIDTH`, `_MASK` and `_RESET` (unshifted).
    /// The header and the test that compiles it both read this list.
    pub fn c_constants(&self) -> Vec<(String, u32)> {
        let p = self.c_prefix();
        let mut v = vec![(format!("{p}_ADDR_BITS"), self.addr_bits)];
        for r in self.regs {
            let rp = format!("{p}_{}", r.name);
            v.push((format!("{rp}_OFFSET"), r.offset));
            v.push((format!("{rp}_RESET"), r.reset()));
            for f in r.fields {
                let fp = format!("{rp}_{}", f.name);
                v.push((format!("{fp}_SHIFT"), f.lsb));
                v.push((format!("{fp}_WIDTH"), f.width));
                v.push((format!("{fp}_MASK"), f.mask()));
                v.push((format!("{fp}_RESET"), f.reset));
            }
        }
        v
    }

    /// The C header of the block (`make docs` writes `include/<name>_regs.h`): offsets, masks,
    /// shifts, widths and reset values as unsigned constants, one comment per register and field.
    pub fn to_c_header(&self) -> String {
        let p = self.c_prefix();
        let guard = format!("NICGEN_{p}_REGS_H");
        let mut s = format!(
            "/* {} register map. Generated by `make docs` from nicgen-wire; do not edit. */\n\
             /* {} */\n#ifndef {guard}\n#define {guard}\n\n",
            self.name,
            self.doc.replace("*/", "* /")
        );
        let consts = self.c_constants();
        let mut it = consts.iter();
        let line = |s: &mut String, (n, v): &(String, u32)| {
            *s += &format!("#define {n:<48} 0x{v:08X}u\n");
        };
        line(&mut s, it.next().unwrap());
        for r in self.regs {
            s += &format!("\n/* {}: {} */\n", r.name, r.doc.replace("*/", "* /"));
            line(&mut s, it.next().unwrap());
            line(&mut s, it.next().unwrap());
            for f in r.fields {
                s += &format!(
                    "/*   {} [{}:{}] {}: {} */\n",
                    f.name,
                    f.lsb + f.width - 1,
                    f.lsb,
                    f.access.name(),
                    f.doc.replace("*/", "* /")
                );
                for _ in 0..4 {
                    line(&mut s, it.next().unwrap());
                }
            }
        }
        s += &format!("\n#endif /* {guard} */\n");
        s
    }

    /// Markdown documentation of the block (used by `make docs`).
    pub fn to_markdown(&self) -> String {
        let mut s = format!("## {}\n\n{}\n\n| offset | register | bits | field | access | reset | description |\n|---|---|---|---|---|---|---|\n", self.name, self.doc);
        for r in self.regs {
            s += &format!(
                "| `{:#06x}` | **{}** | | | | `{:#010x}` | {} |\n",
                r.offset,
                r.name,
                r.reset(),
                r.doc
            );
            for f in r.fields {
                let bits = if f.width == 1 {
                    format!("{}", f.lsb)
                } else {
                    format!("{}:{}", f.lsb + f.width - 1, f.lsb)
                };
                s += &format!(
                    "| | | {} | {} | {} | `{:#x}` | {} |\n",
                    bits,
                    f.name,
                    f.access.name(),
                    f.reset,
                    f.doc
                );
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn every_map_is_consistent() {
        for m in crate::all_maps() {
            m.validate().unwrap_or_else(|e| panic!("{}", e.join("\n")));
        }
    }
    #[test]
    fn validate_reports_overlap_and_alignment() {
        static BAD: RegMap = RegMap {
            name: "bad",
            doc: "",
            addr_bits: 4,
            regs: &[
                Reg {
                    name: "A",
                    offset: 2,
                    doc: "",
                    fields: &[
                        Field {
                            reg: "A",
                            reg_offset: 2,
                            name: "x",
                            lsb: 0,
                            width: 4,
                            access: Access::RW,
                            reset: 0x1f,
                            doc: "",
                        },
                        Field {
                            reg: "A",
                            reg_offset: 2,
                            name: "y",
                            lsb: 3,
                            width: 2,
                            access: Access::SC,
                            reset: 1,
                            doc: "",
                        },
                    ],
                },
                Reg {
                    name: "A",
                    offset: 16,
                    doc: "",
                    fields: &[],
                },
            ],
        };
        let e = BAD.validate().unwrap_err();
        assert_eq!(e.len(), 6, "{e:?}");
        assert!(e.iter().any(|m| m == "bad.A.y: overlaps another field"));
    }
    #[test]
    fn field_get_set() {
        let f = Field {
            reg: "R",
            reg_offset: 0,
            name: "f",
            lsb: 4,
            width: 3,
            access: Access::RW,
            reset: 0,
            doc: "",
        };
        assert_eq!(f.mask(), 0x70);
        assert_eq!(f.set(0xffff_ffff, 2), 0xffff_ffaf);
        assert_eq!(f.get(0x50), 5);
    }
}
