// Formal harness of `sync_fifo_small` (common::sync_fifo::SyncFifo at 4 x 8, the generator's
// code of `sync_fifo` at a size a solver covers: 24 steps wrap it six times): occupancy is the
// pushes less the pops since reset; `sink_ready` exactly while there is room (no overflow);
// `source_valid` only while an item is in (no underflow); the source keeps an offered item,
// unchanged, until it is taken (the packet-stream rule 1); and the items leave in the order
// they came, each once: one symbolic item (its push number and word chosen by the solver) is
// tracked from its push to its pop, every other item pushed being 0 (data independence: a FIFO
// that loses, repeats or reorders an item moves the marked one, or a 0, to a wrong pop).
`default_nettype none
module sync_fifo_formal(input wire clock, input wire reset, input wire [7:0] sink_data,
                        input wire sink_valid, input wire source_ready);
    wire sink_ready, source_valid, almost_full, almost_empty;
    wire [7:0] source_data;
    wire [2:0] occupancy;
    sync_fifo_small dut(.clock(clock), .reset(reset), .sink_data(sink_data),
                  .sink_valid(sink_valid), .sink_ready(sink_ready),
                  .source_data(source_data), .source_valid(source_valid),
                  .source_ready(source_ready), .occupancy(occupancy),
                  .almost_full(almost_full), .almost_empty(almost_empty));

    reg f_past = 1'b0;
    always @(posedge clock) f_past <= 1'b1;
    always @(*) if (!f_past) assume(reset);

    wire push = sink_valid && sink_ready;
    wire pop = source_valid && source_ready;
    reg [10:0] f_count = 11'd0;
    reg [10:0] f_pushed = 11'd0;
    reg [10:0] f_popped = 11'd0;
    always @(posedge clock)
        if (reset) begin
            f_count <= 11'd0;
            f_pushed <= 11'd0;
            f_popped <= 11'd0;
        end else begin
            f_count <= f_count + push - pop;
            f_pushed <= f_pushed + push;
            f_popped <= f_popped + pop;
        end

    always @(*) if (!reset) begin
        assert(f_count <= 11'd4);
        assert(occupancy == f_count[2:0]);
        assert(sink_ready == (f_count != 11'd4));
        assert(!source_valid || f_count != 11'd0);
    end

    // rule 1 on the source
    reg f_stall = 1'b0;
    reg [7:0] f_stall_data = 8'h0;
    always @(posedge clock) begin
        f_stall <= !reset && source_valid && !source_ready;
        f_stall_data <= source_data;
    end
    always @(*) if (f_stall && !reset) assert(source_valid && source_data == f_stall_data);

    // one tracked item
    (* anyconst *) reg [10:0] f_idx;
    (* anyconst *) reg [7:0] f_word;
    always @(*) assume(f_word != 8'h0);
    always @(*) if (!reset) assume(sink_data == ((f_pushed == f_idx) ? f_word : 8'h0));
    reg f_have = 1'b0;
    reg [7:0] f_data = 8'h0;
    always @(posedge clock)
        if (reset) f_have <= 1'b0;
        else if (push && f_pushed == f_idx) begin
            f_have <= 1'b1;
            f_data <= sink_data;
        end
    always @(*) if (!reset && pop)
        if (f_popped == f_idx) assert(f_have && source_data == f_data);
        else assert(source_data == 8'h0);
endmodule
