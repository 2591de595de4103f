// AXI4-Lite slave properties (AMBA AXI IHI 0022, A3.2, B1), written once and bound to every
// AXI4-Lite slave top by a harness: the master's side assumed (AW, W, AR held, payload
// unchanged, until READY; reset in the first cycle), the slave's asserted: BVALID and RVALID
// held with their payload until READY; a B only for a write whose address and data were both
// taken, an R only for a read taken, so one response per request; no EXOKAY (AXI4-Lite has no
// exclusive access); no response in the cycle after a reset.
`default_nettype none
module axil_slave_props #(parameter AW = 32, parameter DW = 32) (
    input wire clock, input wire reset,
    input wire [AW-1:0] awaddr, input wire [2:0] awprot, input wire awvalid, input wire awready,
    input wire [DW-1:0] wdata, input wire [DW/8-1:0] wstrb, input wire wvalid, input wire wready,
    input wire [1:0] bresp, input wire bvalid, input wire bready,
    input wire [AW-1:0] araddr, input wire [2:0] arprot, input wire arvalid, input wire arready,
    input wire [DW-1:0] rdata, input wire [1:0] rresp, input wire rvalid, input wire rready);

    reg f_past = 1'b0;
    always @(posedge clock) f_past <= 1'b1;
    always @(*) if (!f_past) assume(reset);

    // what was offered and not taken at the last edge
    reg p_reset = 1'b1;
    reg p_aw = 1'b0, p_w = 1'b0, p_ar = 1'b0, p_b = 1'b0, p_r = 1'b0;
    reg [AW-1:0] p_awaddr = 0, p_araddr = 0;
    reg [2:0] p_awprot = 0, p_arprot = 0;
    reg [DW-1:0] p_wdata = 0, p_rdata = 0;
    reg [DW/8-1:0] p_wstrb = 0;
    reg [1:0] p_bresp = 0, p_rresp = 0;
    always @(posedge clock) begin
        p_reset <= reset;
        p_aw <= awvalid && !awready;
        p_w <= wvalid && !wready;
        p_ar <= arvalid && !arready;
        p_b <= bvalid && !bready;
        p_r <= rvalid && !rready;
        p_awaddr <= awaddr; p_awprot <= awprot;
        p_wdata <= wdata; p_wstrb <= wstrb;
        p_araddr <= araddr; p_arprot <= arprot;
        p_bresp <= bresp;
        p_rdata <= rdata; p_rresp <= rresp;
    end
    always @(*) if (f_past && !p_reset && !reset) begin
        if (p_aw) assume(awvalid && awaddr == p_awaddr && awprot == p_awprot);
        if (p_w) assume(wvalid && wdata == p_wdata && wstrb == p_wstrb);
        if (p_ar) assume(arvalid && araddr == p_araddr && arprot == p_arprot);
        if (p_b) assert(bvalid && bresp == p_bresp);
        if (p_r) assert(rvalid && rdata == p_rdata && rresp == p_rresp);
    end
    always @(*) if (f_past && p_reset) assert(!bvalid && !rvalid);

    // requests taken and answered since reset
    reg [3:0] n_aw = 0, n_w = 0, n_b = 0, n_ar = 0, n_r = 0;
    always @(posedge clock)
        if (reset) {n_aw, n_w, n_b, n_ar, n_r} <= 0;
        else begin
            n_aw <= n_aw + (awvalid && awready);
            n_w <= n_w + (wvalid && wready);
            n_b <= n_b + (bvalid && bready);
            n_ar <= n_ar + (arvalid && arready);
            n_r <= n_r + (rvalid && rready);
        end
    always @(*) if (f_past && !reset) begin
        if (bvalid) assert(n_aw > n_b && n_w > n_b);
        if (rvalid) assert(n_ar > n_r);
        if (bvalid) assert(bresp != 2'b01);
        if (rvalid) assert(rresp != 2'b01);
    end
endmodule
