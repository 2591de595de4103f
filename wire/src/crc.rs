//! CRC algorithm parameters, in the Rocksoft / crc-catalogue notation.

/// A CRC algorithm. `poly` and `init` are written MSB-first (unreflected), as in the catalogue.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CrcSpec {
    pub name: &'static str,
    pub width: u32,
    pub poly: u64,
    pub init: u64,
    pub refin: bool,
    pub refout: bool,
    pub xorout: u64,
    /// CRC of the ASCII bytes "123456789", the catalogue's check value.
    pub check: u64,
}

/// CRC-32 of IEEE 802.3 (catalogue name CRC-32/ISO-HDLC). Used by the TNW link trailer.
pub const CRC32_IEEE: CrcSpec = CrcSpec {
    name: "CRC-32/ISO-HDLC",
    width: 32,
    poly: 0x04C1_1DB7,
    init: 0xFFFF_FFFF,
    refin: true,
    refout: true,
    xorout: 0xFFFF_FFFF,
    check: 0xCBF4_3926,
};

/// CRC-16 CCITT as the PPE uses it (catalogue CRC-16/IBM-3740, often called CCITT-FALSE).
/// See docs/spec-decisions.md (PPE 4.4, 8).
pub const CRC16_CCITT: CrcSpec = CrcSpec {
    name: "CRC-16/IBM-3740",
    width: 16,
    poly: 0x1021,
    init: 0xFFFF,
    refin: false,
    refout: false,
    xorout: 0x0000,
    check: 0x29B1,
};

impl CrcSpec {
    pub const fn mask(&self) -> u64 {
        if self.width == 64 {
            u64::MAX
        } else {
            (1u64 << self.width) - 1
        }
    }

    /// Bit-serial reference over a byte string (the textbook algorithm, no tables).
    pub fn compute(&self, bytes: &[u8]) -> u64 {
        let mut s = self.register_init();
        for &b in bytes {
            for i in 0..8 {
                let bit = if self.refin {
                    (b >> i) & 1
                } else {
                    (b >> (7 - i)) & 1
                };
                s = self.step_bit(s, bit as u64);
            }
        }
        self.finish(s)
    }

    /// The register's value before the first bit: `init`, reflected for a reflected CRC.
    pub fn register_init(&self) -> u64 {
        if self.refin {
            reflect(self.init, self.width)
        } else {
            self.init
        }
    }

    /// Advance the CRC register by one message bit (in transmission order).
    pub fn step_bit(&self, s: u64, bit: u64) -> u64 {
        if self.refin {
            let fb = (s ^ bit) & 1;
            let s = s >> 1;
            if fb != 0 {
                s ^ reflect(self.poly, self.width)
            } else {
                s
            }
        } else {
            let fb = ((s >> (self.width - 1)) ^ bit) & 1;
            let s = (s << 1) & self.mask();
            if fb != 0 {
                s ^ self.poly
            } else {
                s
            }
        }
    }

    /// The register after the last bit turned into the transmitted CRC value.
    pub fn finish(&self, s: u64) -> u64 {
        let s = if self.refin != self.refout {
            reflect(s, self.width)
        } else {
            s
        };
        (s ^ self.xorout) & self.mask()
    }

    /// Feed one bus word of `data_bits` bits. The word's bytes go in transmission order:
    /// little-endian (bits 7:0 first, LSB first) for a reflected CRC, big-endian (bits
    /// `data_bits-1 : data_bits-8` first, MSB first) otherwise. That is simply the word
    /// LSB-first or MSB-first, which is what the parallel hardware implements.
    pub fn step_word(&self, mut s: u64, word: u64, data_bits: u32) -> u64 {
        for i in 0..data_bits {
            let bit = if self.refin {
                (word >> i) & 1
            } else {
                (word >> (data_bits - 1 - i)) & 1
            };
            s = self.step_bit(s, bit);
        }
        s
    }

    /// The byte order `step_word` implies, for checking against byte-oriented references.
    pub fn word_bytes(&self, word: u64, data_bits: u32) -> Vec<u8> {
        let n = (data_bits / 8) as usize;
        let le: Vec<u8> = (0..n).map(|i| (word >> (8 * i)) as u8).collect();
        if self.refin {
            le
        } else {
            le.into_iter().rev().collect()
        }
    }
}

pub fn reflect(x: u64, width: u32) -> u64 {
    let mut r = 0;
    for i in 0..width {
        if (x >> i) & 1 != 0 {
            r |= 1 << (width - 1 - i);
        }
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;
    #[test]
    fn catalogue_check_values() {
        for spec in [CRC32_IEEE, CRC16_CCITT] {
            assert_eq!(spec.compute(b"123456789"), spec.check, "{}", spec.name);
        }
    }
    #[test]
    fn word_steps_equal_byte_steps() {
        for spec in [CRC32_IEEE, CRC16_CCITT] {
            let w = 0xDEAD_BEEF_u64;
            let a = spec.finish(spec.step_word(spec.register_init(), w, 32));
            assert_eq!(a, spec.compute(&spec.word_bytes(w, 32)));
        }
    }
}
