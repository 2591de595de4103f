//! Clause-45 MDIO PHY (slave) model: samples MDIO at every MDC rising edge, checks every bit of
//! every frame (32-bit preamble, ST = 00, OP, PRTAD, DEVAD, TA = 10 on writes), keeps an
//! address register and a register file per DEVAD, answers READ frames (driving TA = Z0 and
//! 16 data bits, changing its output after the rising edge), and logs every frame.

use nicgen_wire::ftnw::link::{MDIO_OP_ADDRESS, MDIO_OP_READ, MDIO_OP_WRITE};
use std::collections::HashMap;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Frame {
    pub op: u8,
    pub prtad: u8,
    pub devad: u8,
    /// Address or data as seen on the wire (for READ: the data the PHY sent).
    pub data: u16,
}

pub struct MdioPhy {
    pub prtad: u8,
    pub regs: HashMap<(u8, u16), u16>,
    addr: HashMap<u8, u16>,
    last_mdc: bool,
    ones: u32,
    /// Bits of the current frame after the preamble.
    bits: Vec<bool>,
    in_frame: bool,
    drive: Option<bool>,
    out_bits: Vec<bool>,
    pub frames: Vec<Frame>,
    pub errors: Vec<String>,
}

impl MdioPhy {
    pub fn new(prtad: u8) -> Self {
        Self {
            prtad,
            regs: HashMap::new(),
            addr: HashMap::new(),
            last_mdc: false,
            ones: 0,
            bits: vec![],
            in_frame: false,
            drive: None,
            out_bits: vec![],
            frames: vec![],
            errors: vec![],
        }
    }

    /// The value the PHY drives (None: released).
    pub fn drive(&self) -> Option<bool> {
        self.drive
    }

    /// Call after every settle with the master's pins; returns the level on the shared line.
    pub fn step(&mut self, mdc: bool, master_o: bool, master_oe: bool) -> bool {
        let line = match (master_oe, self.drive) {
            (true, Some(_)) => {
                self.errors
                    .push("bus contention: master and PHY both drive MDIO".into());
                master_o
            }
            (true, None) => master_o,
            (false, Some(v)) => v,
            (false, None) => true, // pull-up
        };
        if mdc && !self.last_mdc {
            self.rising(line, master_oe);
        }
        self.last_mdc = mdc;
        line
    }

    fn field(bits: &[bool]) -> u32 {
        bits.iter().fold(0, |v, &b| (v << 1) | b as u32)
    }

    fn rising(&mut self, line: bool, master_oe: bool) {
        if !self.in_frame {
            if line && master_oe {
                self.ones += 1;
            } else if !line && master_oe {
                if self.ones >= 32 {
                    self.in_frame = true;
                    self.bits = vec![false];
                } else if self.ones > 0 {
                    self.errors
                        .push(format!("preamble of {} ones, 32 required", self.ones));
                }
                self.ones = 0;
            }
            return;
        }
        self.bits.push(line);
        let n = self.bits.len();
        if n == 2 && self.bits[1] {
            self.errors.push("ST is not 00".into());
        }
        if n == 14 {
            // ST(2) OP(2) PRTAD(5) DEVAD(5) seen: prepare a read answer
            let op = Self::field(&self.bits[2..4]) as u8;
            let devad = Self::field(&self.bits[9..14]) as u8;
            if op == MDIO_OP_READ {
                let a = *self.addr.get(&devad).unwrap_or(&0);
                let v = *self.regs.get(&(devad, a)).unwrap_or(&0);
                // first TA bit: released; second TA bit 0; then 16 data bits
                self.out_bits = std::iter::once(false)
                    .chain((0..16).rev().map(|i| (v >> i) & 1 != 0))
                    .collect();
            }
        }
        if n == 15 && !self.out_bits.is_empty() {
            if master_oe {
                self.errors
                    .push("master drives the first TA bit of a READ".into());
            }
        }
        if n >= 15 && !self.out_bits.is_empty() {
            // after this rising edge, drive the next bit
            self.drive = Some(self.out_bits.remove(0));
        } else if n >= 15 && n < 32 && Self::field(&self.bits[2..4]) as u8 == MDIO_OP_READ {
            self.drive = None;
        }
        if n == 16 {
            let op = Self::field(&self.bits[2..4]) as u8;
            if op != MDIO_OP_READ && (!self.bits[14] || self.bits[15]) {
                self.errors.push(format!(
                    "TA of a write/address frame is {}{}, 10 required",
                    self.bits[14] as u8, self.bits[15] as u8
                ));
            }
            if op == MDIO_OP_READ && self.bits[15] {
                self.errors.push("second TA bit of a READ not 0".into());
            }
        }
        if n == 32 {
            let op = Self::field(&self.bits[2..4]) as u8;
            let prtad = Self::field(&self.bits[4..9]) as u8;
            let devad = Self::field(&self.bits[9..14]) as u8;
            let data = Self::field(&self.bits[16..32]) as u16;
            if prtad == self.prtad {
                match op {
                    MDIO_OP_ADDRESS => {
                        self.addr.insert(devad, data);
                    }
                    MDIO_OP_WRITE => {
                        let a = *self.addr.get(&devad).unwrap_or(&0);
                        self.regs.insert((devad, a), data);
                    }
                    MDIO_OP_READ => {}
                    _ => self.errors.push(format!("unsupported OP {op:02b}")),
                }
            }
            self.frames.push(Frame {
                op,
                prtad,
                devad,
                data,
            });
            self.in_frame = false;
            self.drive = None;
            self.out_bits.clear();
            self.ones = 0;
        }
    }
}
