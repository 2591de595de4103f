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
        }
    }
}

#[derive(Clone, Copy, Debug)]
pub struct Field {
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

/// All register maps of the project, for docs and consistency tests.
pub fn all_maps() -> Vec<&'static RegMap> {
    vec![
        &crate::demo::DEMO_REGS,
        &crate::tnw::TNW_LINK_REGS,
        &crate::bridge::BOARD_REGS,
    ]
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn every_map_is_consistent() {
        for m in all_maps() {
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
                            name: "x",
                            lsb: 0,
                            width: 4,
                            access: Access::RW,
                            reset: 0x1f,
                            doc: "",
                        },
                        Field {
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
