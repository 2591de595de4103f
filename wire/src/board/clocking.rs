//! The boards' clocking, as data: the ECP5 PLL's dividers and each board top's PLL and UART
//! rate. The board RTL (`nicgen_bsp::ulx3s`) builds from it; the board harness and the driver's
//! serial transport time the UART by it.

use super::bridge as wb;

/// EHXPLLL divider settings. f_out = f_in * clkfb_div / clki_div; f_vco = f_out * clkop_div.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PllParams {
    pub clki_div: u32,
    pub clkfb_div: u32,
    pub clkop_div: u32,
}

impl PllParams {
    pub fn out_hz(&self, in_hz: u32) -> f64 {
        in_hz as f64 * self.clkfb_div as f64 / self.clki_div as f64
    }
    pub fn vco_hz(&self, in_hz: u32) -> f64 {
        self.out_hz(in_hz) * self.clkop_div as f64
    }
    /// The ECP5 family data sheet's limits (VCO 400..800 MHz, PFD 3.125..400 MHz, dividers
    /// 1..128); every problem.
    pub fn check(&self, in_hz: u32) -> Result<(), String> {
        let mut e = vec![];
        let vco = self.vco_hz(in_hz) / 1e6;
        if !(400.0..=800.0).contains(&vco) {
            e.push(format!("VCO {vco} MHz outside 400..800"));
        }
        let pfd = in_hz as f64 / self.clki_div as f64 / 1e6;
        if !(3.125..=400.0).contains(&pfd) {
            e.push(format!("PFD {pfd} MHz outside 3.125..400"));
        }
        for (n, d) in [
            ("CLKI_DIV", self.clki_div),
            ("CLKFB_DIV", self.clkfb_div),
            ("CLKOP_DIV", self.clkop_div),
        ] {
            if !(1..=128).contains(&d) {
                e.push(format!("{n} = {d} outside 1..128"));
            }
        }
        if e.is_empty() {
            Ok(())
        } else {
            Err(e.join("; "))
        }
    }
}

/// Build-time choices of the board top.
#[derive(Clone, Copy, Debug)]
pub struct BoardConfig {
    pub osc_hz: u32,
    pub pll: PllParams,
    pub baud: u32,
}

impl BoardConfig {
    /// The ULX3S: 25 MHz to a 75 MHz link clock (`ecppll -i 25 -o 75`), 3 Mbaud, or the rate
    /// in `NICGEN_BAUD` when set (`make verilog BAUD=...`).
    pub fn ulx3s() -> Self {
        let baud = std::env::var("NICGEN_BAUD")
            .ok()
            .map(|b| {
                b.parse()
                    .unwrap_or_else(|_| panic!("NICGEN_BAUD={b}: not a baud rate"))
            })
            .unwrap_or(wb::DEFAULT_BAUD);
        Self {
            osc_hz: 25_000_000,
            pll: PllParams {
                clki_div: 1,
                clkfb_div: 3,
                clkop_div: 8,
            },
            baud,
        }
    }
    /// A device board: the `ulx3s` choices with its own PLL.
    fn device(clki_div: u32, clkfb_div: u32, clkop_div: u32) -> Self {
        Self {
            pll: PllParams {
                clki_div,
                clkfb_div,
                clkop_div,
            },
            ..Self::ulx3s()
        }
    }
    /// The DTU board (`ulx3s_dtu`): 25 MHz x 11 / 7 = 39.29 MHz (PFD 3.57 MHz, VCO 629 MHz),
    /// 15% under the 46.7 MHz it routes at; 3 Mbaud is 13 cycles a bit (0.7% slow).
    pub fn ulx3s_dtu() -> Self {
        Self::device(7, 11, 16)
    }
    /// The PPE board (`ulx3s_ppe`): 25 MHz x 13 / 6 = 54.17 MHz (PFD 4.17 MHz, VCO 596 MHz),
    /// 15% under the 64.6 MHz it routes at; 3 Mbaud is 18 cycles a bit.
    pub fn ulx3s_ppe() -> Self {
        Self::device(6, 13, 11)
    }
    /// The MIT NIC board (`ulx3s_mitnic`): 25 MHz x 8 / 3 = 66.67 MHz (PFD 8.33 MHz, VCO 600
    /// MHz), 15% under the 78.5 MHz it routes at; 3 Mbaud is 22 cycles a bit (1% fast).
    pub fn ulx3s_mitnic() -> Self {
        Self::device(3, 8, 9)
    }
    /// The configuration of a board top by name.
    pub fn of_board(top: &str) -> Option<Self> {
        match top {
            "ulx3s" => Some(Self::ulx3s()),
            "ulx3s_dtu" => Some(Self::ulx3s_dtu()),
            "ulx3s_ppe" => Some(Self::ulx3s_ppe()),
            "ulx3s_mitnic" => Some(Self::ulx3s_mitnic()),
            _ => None,
        }
    }
    pub fn clock_hz(&self) -> u32 {
        self.pll.out_hz(self.osc_hz).round() as u32
    }
    /// Link-clock cycles per bit; panics when the rate is off by more than 2%.
    pub fn baud_div(&self) -> u16 {
        let exact = self.clock_hz() as f64 / self.baud as f64;
        let div = exact.round();
        assert!(
            (4.0..65536.0).contains(&div) && (div - exact).abs() / exact < 0.02,
            "{} baud from a {} Hz clock: divisor {exact:.2} is not within 2% of an integer in 4..65536",
            self.baud,
            self.clock_hz()
        );
        div as u16
    }
    /// Cycles of silence that truncate a request.
    pub fn truncate_cycles(&self) -> u32 {
        wb::TRUNCATE_BIT_TIMES * self.baud_div() as u32
    }
}
