//! Deterministic randomness: xoshiro256** seeded by SplitMix64. The seed comes from
//! `NICGEN_SEED` when set, else from the test's own default, and is printed on failure.

#[derive(Clone, Debug)]
pub struct Rng {
    s: [u64; 4],
    pub seed: u64,
}

fn splitmix(x: &mut u64) -> u64 {
    *x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *x;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Rng {
    pub fn new(seed: u64) -> Self {
        let mut x = seed;
        Self {
            s: [
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
                splitmix(&mut x),
            ],
            seed,
        }
    }
    /// `NICGEN_SEED` (decimal or 0x-hex) if set, else `default`.
    pub fn seed_from_env(default: u64) -> u64 {
        match std::env::var("NICGEN_SEED") {
            Ok(s) => {
                let s = s.trim();
                let r = if let Some(h) = s.strip_prefix("0x") {
                    u64::from_str_radix(h, 16)
                } else {
                    s.parse()
                };
                r.unwrap_or_else(|_| panic!("NICGEN_SEED={s} is not a number"))
            }
            Err(_) => default,
        }
    }
    pub fn next_u64(&mut self) -> u64 {
        let r = self.s[1].wrapping_mul(5).rotate_left(7).wrapping_mul(9);
        let t = self.s[1] << 17;
        self.s[2] ^= self.s[0];
        self.s[3] ^= self.s[1];
        self.s[1] ^= self.s[2];
        self.s[0] ^= self.s[3];
        self.s[2] ^= t;
        self.s[3] = self.s[3].rotate_left(45);
        r
    }
    pub fn next_u128(&mut self) -> u128 {
        ((self.next_u64() as u128) << 64) | self.next_u64() as u128
    }
    /// Uniform in `0..n` (n > 0).
    pub fn below(&mut self, n: u64) -> u64 {
        assert!(n > 0);
        ((self.next_u64() as u128 * n as u128) >> 64) as u64
    }
    /// True with probability `p`.
    pub fn chance(&mut self, p: f64) -> bool {
        ((self.next_u64() >> 11) as f64 / (1u64 << 53) as f64) < p
    }
    /// `bits` random bits.
    pub fn bits(&mut self, bits: usize) -> u128 {
        if bits == 0 {
            0
        } else {
            self.next_u128() & width_mask(bits)
        }
    }
}

/// The low `width` bits set (all 128 for `width >= 128`).
pub fn width_mask(width: usize) -> u128 {
    if width >= 128 {
        u128::MAX
    } else {
        (1u128 << width) - 1
    }
}

#[test]
fn reproducible_and_spread() {
    let mut a = Rng::new(7);
    let mut b = Rng::new(7);
    for _ in 0..100 {
        assert_eq!(a.next_u64(), b.next_u64());
    }
    let mut hist = [0u32; 8];
    for _ in 0..8000 {
        hist[a.below(8) as usize] += 1;
    }
    assert!(hist.iter().all(|&h| (800..1200).contains(&h)), "{hist:?}");
}
