// DMA write channel properties (nicgen_hdl::common::dma), written once and bound to every DMA
// write port of a top by a harness, on either side: MASTER = 1 asserts the master's rules and
// assumes memory's, MASTER = 0 (a top that is the memory side, such as an AXI adapter) the
// reverse. Memory's rules: each request answered once, in order, after the request's data,
// `rsp_valid` held with `err` until `rsp_ready`; its READYs free. The master's: `req_valid`
// and `dat_valid` held with their payload until READY; a request of 1-4096 beats at an address
// aligned to the beat; data only for a request taken (in its cycle or before); `last` on each
// request's final beat and only there. Up to four requests may be owed data at once (QD).
// CHECK_ALIGN = 0 where the address comes from software that AMB-52 holds to word alignment
// (the PPE's notification writer: a misaligned pointer is illegal stimulus there).
`default_nettype none
module dmawr_props #(parameter AW = 64, parameter BW = 13, parameter DW = 32,
        parameter CHECK_ALIGN = 1, parameter MASTER = 1) (
    input wire clock, input wire reset,
    input wire [AW-1:0] wr_req_addr, input wire [BW-1:0] wr_req_beats,
    input wire wr_req_valid, input wire wr_req_ready,
    input wire [DW-1:0] wr_dat_data, input wire wr_dat_last,
    input wire wr_dat_valid, input wire wr_dat_ready,
    input wire wr_rsp_err, input wire wr_rsp_valid, input wire wr_rsp_ready);

    localparam QD = 4;
    reg f_past = 1'b0;
    always @(posedge clock) f_past <= 1'b1;
    always @(*) if (!f_past) assume(reset);

    // what was offered and not taken at the last edge
    reg p_req = 1'b0, p_dat = 1'b0, p_rsp = 1'b0;
    reg p_err = 1'b0;
    reg [AW-1:0] p_addr = 0;
    reg [BW-1:0] p_beats = 0;
    reg [DW-1:0] p_data = 0;
    reg p_last = 1'b0;
    always @(posedge clock) begin
        p_req <= !reset && wr_req_valid && !wr_req_ready;
        p_dat <= !reset && wr_dat_valid && !wr_dat_ready;
        p_rsp <= !reset && wr_rsp_valid && !wr_rsp_ready;
        p_addr <= wr_req_addr; p_beats <= wr_req_beats;
        p_data <= wr_dat_data; p_last <= wr_dat_last; p_err <= wr_rsp_err;
    end

    // requests taken and owed data (lengths, oldest first), beats left of the oldest; requests
    // whose data is complete and owed a response
    reg [BW-1:0] q [0:QD-1];
    reg [2:0] qn = 0;
    reg [BW-1:0] left = 0;
    reg [3:0] owed_rsp = 0;
    wire req_t = wr_req_valid && wr_req_ready;
    wire dat_t = wr_dat_valid && wr_dat_ready;
    wire rsp_t = wr_rsp_valid && wr_rsp_ready;
    // the beats left of the burst a data beat now belongs to (a request taken in this cycle
    // counts when nothing older is owed)
    wire [BW-1:0] cur_left = (left != 0) ? left : (qn != 0) ? q[0] : req_t ? wr_req_beats : 0;
    wire dat_done = dat_t && cur_left == 1;
    integer i;
    always @(posedge clock) begin
        if (reset) begin
            qn <= 0; left <= 0; owed_rsp <= 0;
        end else begin
            // the queue: push the request taken, pop the one whose burst starts
            if (dat_t && left == 0 && qn != 0) begin
                for (i = 0; i < QD - 1; i = i + 1) q[i] <= q[i + 1];
                if (req_t) q[qn - 1] <= wr_req_beats;
                qn <= req_t ? qn : qn - 1;
            end else if (req_t && !(dat_t && left == 0 && qn == 0)) begin
                q[qn] <= wr_req_beats;
                qn <= qn + 1;
            end
            if (dat_t) left <= cur_left - 1;
            owed_rsp <= owed_rsp + dat_done - rsp_t;
        end
    end

    // a rule of the master, asserted on the master's side and assumed on memory's; and the
    // reverse for a rule of memory
    `define DMAWR_MASTER(x) begin if (MASTER) assert(x); else assume(x); end
    `define DMAWR_MEMORY(x) begin if (MASTER) assume(x); else assert(x); end

    // memory: a response only for a request whose data is complete, held until taken
    always @(*) if (MASTER && (!f_past || reset)) assume(!wr_rsp_valid);
    always @(*) if (f_past && !reset) begin
        if (owed_rsp == 0) `DMAWR_MEMORY(!wr_rsp_valid)
        if (p_rsp) `DMAWR_MEMORY(wr_rsp_valid && wr_rsp_err == p_err)
    end

    // the master
    always @(*) if (f_past && !reset) begin
        if (p_req) `DMAWR_MASTER(wr_req_valid && wr_req_addr == p_addr && wr_req_beats == p_beats)
        if (p_dat) `DMAWR_MASTER(wr_dat_valid && wr_dat_data == p_data && wr_dat_last == p_last)
        if (wr_req_valid) begin
            `DMAWR_MASTER(wr_req_beats >= 1 && wr_req_beats <= 4096)
            if (CHECK_ALIGN) `DMAWR_MASTER(wr_req_addr[$clog2(DW/8)-1:0] == 0)
        end
        if (wr_dat_valid) begin
            `DMAWR_MASTER(cur_left != 0)
            `DMAWR_MASTER(wr_dat_last == (cur_left == 1))
        end
        `DMAWR_MASTER(qn <= QD - 1 || !req_t)
    end
    // in reset the master offers nothing (MASTER = 0: its inputs are free otherwise)
    always @(*) if (!MASTER && (!f_past || reset)) assume(!wr_req_valid && !wr_dat_valid);
endmodule
