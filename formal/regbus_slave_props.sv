// Register bus slave properties (nicgen_hdl::common::regbank, "Bus protocol"), written once and
// bound to every register-bus slave port of a top by a harness: the master's side assumed (a
// strobe is `write` or `read` for one cycle, the next no earlier than the cycle of `ready`;
// reset in the first cycle), the slave's asserted: `ready` is a one-cycle answer to a strobe
// (never without one pending, one per strobe), `err` only with `ready`, and the answer comes
// within WAIT cycles of the strobe (1: the register bank answers in the next cycle, always).
`default_nettype none
module regbus_slave_props #(parameter AW = 12, parameter DW = 32, parameter WAIT = 1) (
    input wire clock, input wire reset,
    input wire [AW-1:0] addr, input wire [DW-1:0] wdata, input wire write, input wire read,
    input wire [DW-1:0] rdata, input wire ready, input wire err);

    reg f_past = 1'b0;
    always @(posedge clock) f_past <= 1'b1;
    always @(*) if (!f_past) assume(reset);

    // an access strobed and not yet answered, and the cycles it has waited
    reg pend = 1'b0;
    reg [7:0] waited = 0;
    wire strobe = write || read;
    always @(posedge clock) begin
        if (reset) begin
            pend <= 1'b0;
            waited <= 0;
        end else if (strobe) begin
            pend <= 1'b1;
            waited <= 1;
        end else if (ready) begin
            pend <= 1'b0;
            waited <= 0;
        end else if (pend && waited != 8'hFF) begin
            waited <= waited + 1;
        end
    end

    // the master: no strobe while an access waits, none during reset
    always @(*) begin
        if (pend && !ready) assume(!strobe);
        if (reset) assume(!strobe);
    end

    always @(*) if (f_past && !reset) begin
        // an answer only to a strobe, one each
        assert(!ready || pend);
        assert(!err || ready);
        // in time
        assert(!pend || waited <= WAIT);
    end
endmodule
