// Formal harness of `rr_arbiter` (common::arbiter::RrArbiter, 8 requesters): the grant is one
// of the requests, at most one, `valid` is "some request"; and the round robin's bound: a
// requester that holds its request waits for at most 7 grants to others. Requesters keep a
// request up until it is granted and acknowledged (the arbiter's contract).
`default_nettype none
module rr_arbiter_formal(input wire clock, input wire reset, input wire [7:0] req,
                         input wire ack);
    wire [7:0] grant;
    wire valid;
    rr_arbiter dut(.clock(clock), .reset(reset), .req(req), .ack(ack), .grant(grant),
                   .valid(valid));

    reg f_past = 1'b0;
    always @(posedge clock) f_past <= 1'b1;
    always @(*) if (!f_past) assume(reset);

    // a request stays until it is served
    wire [7:0] served = (ack && valid) ? grant : 8'h0;
    reg [7:0] f_req_q = 8'h0;
    reg [7:0] f_served_q = 8'h0;
    always @(posedge clock) begin
        f_req_q <= req;
        f_served_q <= served;
    end
    always @(*) if (f_past && !reset) assume((req & (f_req_q & ~f_served_q)) == (f_req_q & ~f_served_q));

    always @(*) begin
        assert(valid == |req);
        assert((grant & ~req) == 8'h0);
        assert((grant & (grant - 8'h1)) == 8'h0);
        assert(!valid || grant != 8'h0);
    end

    // grants to others while requester i waits
    reg [3:0] f_wait [0:7];
    integer i;
    initial for (i = 0; i < 8; i = i + 1) f_wait[i] = 4'h0;
    always @(posedge clock) begin
        for (i = 0; i < 8; i = i + 1) begin
            if (reset || !req[i] || served[i])
                f_wait[i] <= 4'h0;
            else if (served != 8'h0)
                f_wait[i] <= f_wait[i] + 4'h1;
        end
    end
    always @(*) for (i = 0; i < 8; i = i + 1) assert(f_wait[i] <= 4'd7);

    // the arbiter's state as a model: the served requester and those below it (0 after reset);
    // its grant is the first request at or after the model's position, cyclically. The arbiter's
    // own mask (`dut.mask$q`, connected to `f_dut_mask` by the script after flattening) is the
    // model's: the induction needs the hidden state tied down
    (* keep *) wire [7:0] f_dut_mask;
    reg [7:0] f_mask = 8'h0;
    always @(posedge clock)
        if (reset) f_mask <= 8'h0;
        else if (served != 8'h0) f_mask <= (served - 8'h1) | served;
    wire [7:0] f_above = req & ~f_mask;
    wire [7:0] f_grant = (f_above != 8'h0) ? (f_above & (~f_above + 8'h1)) : (req & (~req + 8'h1));
    wire [3:0] f_p = f_mask[7] ? 4'd8 : f_mask[6] ? 4'd7 : f_mask[5] ? 4'd6 : f_mask[4] ? 4'd5 :
                     f_mask[3] ? 4'd4 : f_mask[2] ? 4'd3 : f_mask[1] ? 4'd2 : f_mask[0] ? 4'd1 : 4'd0;
    always @(*) begin
        if (!reset) assert(grant == f_grant);
        assert(f_dut_mask == f_mask);
        assert((f_mask & (f_mask + 8'h1)) == 8'h0);
        // a waiting requester's grants to others so far, plus the requesters between the last
        // served and it, are at most 7
        for (i = 0; i < 8; i = i + 1)
            if (req[i] && !reset) assert(f_wait[i] + ((i[3:0] - f_p) & 4'h7) <= 4'd7);
    end
endmodule
