// AXI4 manager properties (AMBA AXI IHI 0022, A3.1-A3.4), written once and bound to every
// `m_axi_*` port of a top by a harness. The subordinate's side is assumed: READYs free; a B
// only for a burst whose address and last data beat were taken, in AW order, with that AW's
// ID; R beats only for a read taken, in AR order, with its ID and RLAST on its final beat;
// BVALID and RVALID held with their payload until READY. (In-order answers are one legal
// subordinate; the manager's rules do not depend on the order.) Up to QD bursts of each kind
// are outstanding: the subordinate holds READY low beyond that.
// The manager's side is asserted: AWVALID, WVALID, ARVALID low in the cycle after a reset
// (A3.1.2) and held with their payload until READY (A3.2.1); INCR bursts of full-width beats
// at an address aligned to the beat (CHECK_ALIGN = 0: a top whose addresses come from a block
// cut out; AXI allows an unaligned start, A3.4.3), never crossing 4 KB (A3.4.1); W bursts in AW order, AW
// before or after its data (A3.3.1), WLAST on each burst's final beat and only there.
`default_nettype none
module axi4_master_props #(parameter AW = 64, parameter DW = 64, parameter IW = 4,
        parameter CHECK_ALIGN = 1) (
    input wire clock, input wire reset,
    input wire [IW-1:0] awid, input wire [AW-1:0] awaddr, input wire [7:0] awlen,
    input wire [2:0] awsize, input wire [1:0] awburst, input wire awlock,
    input wire [3:0] awcache, input wire [2:0] awprot, input wire [3:0] awqos,
    input wire awvalid, input wire awready,
    input wire [DW-1:0] wdata, input wire [DW/8-1:0] wstrb, input wire wlast,
    input wire wvalid, input wire wready,
    input wire [IW-1:0] bid, input wire [1:0] bresp, input wire bvalid, input wire bready,
    input wire [IW-1:0] arid, input wire [AW-1:0] araddr, input wire [7:0] arlen,
    input wire [2:0] arsize, input wire [1:0] arburst, input wire arlock,
    input wire [3:0] arcache, input wire [2:0] arprot, input wire [3:0] arqos,
    input wire arvalid, input wire arready,
    input wire [IW-1:0] rid, input wire [DW-1:0] rdata, input wire [1:0] rresp,
    input wire rlast, input wire rvalid, input wire rready);

    localparam QD = 4;
    localparam SIZE = $clog2(DW / 8);
    reg f_past = 1'b0;
    always @(posedge clock) f_past <= 1'b1;
    always @(*) if (!f_past) assume(reset);

    wire aw_t = awvalid && awready, w_t = wvalid && wready, b_t = bvalid && bready;
    wire ar_t = arvalid && arready, r_t = rvalid && rready;
    wire [AW+8+3+2+1+4+3+4+IW-1:0] aw_pl =
        {awid, awaddr, awlen, awsize, awburst, awlock, awcache, awprot, awqos};
    wire [AW+8+3+2+1+4+3+4+IW-1:0] ar_pl =
        {arid, araddr, arlen, arsize, arburst, arlock, arcache, arprot, arqos};

    // what was offered and not taken at the last edge
    reg p_reset = 1'b1;
    reg p_aw = 1'b0, p_w = 1'b0, p_ar = 1'b0, p_b = 1'b0, p_r = 1'b0;
    reg [AW+8+3+2+1+4+3+4+IW-1:0] p_aw_pl = 0, p_ar_pl = 0;
    reg [DW+DW/8:0] p_w_pl = 0;
    reg [IW+1:0] p_b_pl = 0;
    reg [IW+DW+2:0] p_r_pl = 0;
    always @(posedge clock) begin
        p_reset <= reset;
        p_aw <= !reset && awvalid && !awready;
        p_w <= !reset && wvalid && !wready;
        p_ar <= !reset && arvalid && !arready;
        p_b <= !reset && bvalid && !bready;
        p_r <= !reset && rvalid && !rready;
        p_aw_pl <= aw_pl; p_ar_pl <= ar_pl;
        p_w_pl <= {wdata, wstrb, wlast};
        p_b_pl <= {bid, bresp};
        p_r_pl <= {rid, rdata, rresp, rlast};
    end

    // Write bursts pair AW and W in order, either may come first. Queues (oldest first):
    // AW taken whose W burst is not complete (ID, length); W bursts complete before their AW
    // (length); bursts whose AW and data are both taken, owed a B (ID). `wsent`: beats of the
    // W burst under way.
    reg [IW-1:0] wq_id [0:QD-1];
    reg [7:0] wq_len [0:QD-1];
    reg [2:0] wqn = 0;
    reg [7:0] wa_len [0:QD-1];
    reg [2:0] wan = 0;
    reg [IW-1:0] bq [0:QD-1];
    reg [2:0] bqn = 0;
    reg [8:0] wsent = 0;
    wire w_end = w_t && wlast;
    // the length of the burst a W beat now belongs to is known: its AW was taken before, or
    // is taken now and no completed W burst waits for it
    wire w_known = wqn != 0 || (aw_t && wan == 0);
    wire [7:0] w_len = (wqn != 0) ? wq_len[0] : awlen;
    wire wq_pop = wqn != 0 && w_end;
    wire wq_push = aw_t && (wqn != 0 || (wan == 0 && !w_end));
    wire wa_pop = aw_t && wqn == 0 && wan != 0;
    wire wa_push = w_end && wqn == 0 && !(aw_t && wan == 0);
    wire b_push = wq_pop || (aw_t && wqn == 0 && (wan != 0 || w_end));
    wire [IW-1:0] b_push_id = wq_pop ? wq_id[0] : awid;
    // read bursts taken (ID and length, oldest first), beats of the oldest answered
    reg [IW-1:0] rq_id [0:QD-1];
    reg [7:0] rq_len [0:QD-1];
    reg [2:0] rqn = 0;
    reg [8:0] rgot = 0;
    wire r_end = r_t && rgot == rq_len[0];
    integer i;
    always @(posedge clock) begin
        if (reset) begin
            wqn <= 0; wan <= 0; bqn <= 0; wsent <= 0; rqn <= 0; rgot <= 0;
        end else begin
            // each queue: shift on a pop, then write the push at the new tail
            if (wq_pop) for (i = 0; i < QD - 1; i = i + 1) begin
                wq_id[i] <= wq_id[i + 1]; wq_len[i] <= wq_len[i + 1];
            end
            if (wq_push) begin wq_id[wqn - wq_pop] <= awid; wq_len[wqn - wq_pop] <= awlen; end
            wqn <= wqn + wq_push - wq_pop;
            if (wa_pop) for (i = 0; i < QD - 1; i = i + 1) wa_len[i] <= wa_len[i + 1];
            if (wa_push) wa_len[wan - wa_pop] <= wsent[7:0];
            wan <= wan + wa_push - wa_pop;
            if (b_t) for (i = 0; i < QD - 1; i = i + 1) bq[i] <= bq[i + 1];
            if (b_push) bq[bqn - b_t] <= b_push_id;
            bqn <= bqn + b_push - b_t;
            if (w_t) wsent <= w_end ? 0 : wsent + 1;
            if (r_end) for (i = 0; i < QD - 1; i = i + 1) begin
                rq_id[i] <= rq_id[i + 1]; rq_len[i] <= rq_len[i + 1];
            end
            if (ar_t) begin rq_id[rqn - r_end] <= arid; rq_len[rqn - r_end] <= arlen; end
            rqn <= rqn + ar_t - r_end;
            if (r_t) rgot <= r_end ? 0 : rgot + 1;
        end
    end

    // the subordinate
    always @(*) begin
        if (!f_past || reset) assume(!bvalid && !rvalid);
        if (wqn + bqn >= QD - 1) assume(!awready);
        if (wan + bqn >= QD - 1) assume(!wready);
        if (rqn >= QD - 1) assume(!arready);
        if (bqn == 0) assume(!bvalid);
        if (bvalid && bqn != 0) assume(bid == bq[0] && bresp != 2'b01);
        if (rqn == 0) assume(!rvalid);
        if (rvalid && rqn != 0) assume(rid == rq_id[0] && rlast == (rgot == rq_len[0])
                                      && rresp != 2'b01);
        if (f_past && p_b) assume(bvalid && {bid, bresp} == p_b_pl);
        if (f_past && p_r) assume(rvalid && {rid, rdata, rresp, rlast} == p_r_pl);
    end

    // the manager
    always @(*) if (f_past && !reset) begin
        if (p_reset) assert(!awvalid && !wvalid && !arvalid);
        if (p_aw) assert(awvalid && aw_pl == p_aw_pl);
        if (p_w) assert(wvalid && {wdata, wstrb, wlast} == p_w_pl);
        if (p_ar) assert(arvalid && ar_pl == p_ar_pl);
        if (awvalid) begin
            assert(awburst == 2'b01 && awsize == SIZE);
            if (CHECK_ALIGN) assert(awaddr[SIZE-1:0] == 0);
            assert({1'b0, awaddr[11:SIZE], {SIZE{1'b0}}} + (({5'b0, awlen} + 13'd1) << SIZE)
                   <= 13'd4096);
        end
        if (arvalid) begin
            assert(arburst == 2'b01 && arsize == SIZE);
            if (CHECK_ALIGN) assert(araddr[SIZE-1:0] == 0);
            assert({1'b0, araddr[11:SIZE], {SIZE{1'b0}}} + (({5'b0, arlen} + 13'd1) << SIZE)
                   <= 13'd4096);
        end
        // WLAST on the final beat of a burst whose length is known; a burst sent ahead of its
        // AW never beyond 256 beats, and the AW then carries the length its W burst had
        if (wvalid && w_known) assert(wlast == (wsent == w_len));
        if (wvalid && !w_known && wsent == 255) assert(wlast);
        if (aw_t && wqn == 0 && wan != 0) assert(awlen == wa_len[0]);
        if (aw_t && wqn == 0 && wan == 0) assert(wsent <= awlen);
    end
endmodule
