// Local-memory interface properties (nicgen_hdl::common::mem), written once and bound to every
// memory port of a top by a harness, on either side: MASTER = 1 asserts the master's rules and
// assumes memory's, MASTER = 0 (a top that is the memory side, such as an AXI adapter) the
// reverse. The master's rules: `req_valid` held with its payload until `req_ready`; the
// address of a 64-bit word (bits 2:0 zero); no more than QD requests unanswered. Memory's:
// one response per request, in order, at least a cycle after it (`rsp_valid` for a cycle).
`default_nettype none
module mem_props #(parameter AW = 32, parameter DW = 64, parameter MASTER = 1) (
    input wire clock, input wire reset,
    input wire [AW-1:0] req_addr, input wire req_we, input wire [DW-1:0] req_wdata,
    input wire [DW/8-1:0] req_strb, input wire req_valid, input wire req_ready,
    input wire [DW-1:0] rsp_data, input wire rsp_valid);

    localparam QD = 8;
    reg f_past = 1'b0;
    always @(posedge clock) f_past <= 1'b1;
    always @(*) if (!f_past) assume(reset);

    reg p_req = 1'b0;
    reg [AW+DW+DW/8:0] p_pl = 0;
    wire [AW+DW+DW/8:0] pl = {req_addr, req_we, req_wdata, req_strb};
    // requests taken and not yet answered
    reg [4:0] owed = 0;
    wire req_t = req_valid && req_ready;
    always @(posedge clock) begin
        p_req <= !reset && req_valid && !req_ready;
        p_pl <= pl;
        owed <= reset ? 0 : owed + req_t - rsp_valid;
    end

    wire m_ok = (!p_req || (req_valid && pl == p_pl)) && (!req_valid || req_addr[2:0] == 0)
        && (owed < QD || !req_valid);
    wire s_ok = owed != 0 || !rsp_valid;
    always @(*) if (f_past && !reset) begin
        if (MASTER) begin assert(m_ok); assume(s_ok); end
        else begin assume(m_ok); assert(s_ok); end
    end
    always @(*) if (!f_past || reset) begin
        if (MASTER) assume(!rsp_valid); else assume(!req_valid);
    end
endmodule
