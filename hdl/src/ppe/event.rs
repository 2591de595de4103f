//! A received packet's event, from `PpeRx` to `PpeEvents`: `valid` until `take`, every field
//! held meanwhile (UUCS-95-013 §6.1 step 7). The fields are the packet's outcome (`status`,
//! `ack`, `data`, `complete`, `host_err`; `PpeRx`'s module doc), its header words `w0`-`w3` and
//! metadata words `m0`-`m3` as received, and its rslot's words (`rs_*`, `nicgen_wire::ppe::rslot`).
//! Declared once per side, as rust-hdl joins them: `PpeRx` has the source, `PpeEvents` the sink.

use crate::top::Ports;
use rust_hdl::prelude::*;

/// Declares the source and the sink of the event record from one field list.
macro_rules! event_record {
    ($($(#[$doc:meta])* $f:ident: $t:ty),* $(,)?) => {
        /// The event, on the side that offers it (`PpeRx`).
        #[derive(Clone, Debug, Default, LogicInterface, Ports)]
        #[join = "EventSink"]
        pub struct EventSource {
            /// A packet's event is offered (until `take`)
            pub valid: Signal<Out, Bit>,
            /// Take the event (and release the frame's payload buffer)
            pub take: Signal<In, Bit>,
            $($(#[$doc])* pub $f: Signal<Out, $t>,)*
        }

        /// The event, on the side that takes it (`PpeEvents`).
        #[derive(Clone, Debug, Default, LogicInterface, Ports)]
        #[join = "EventSource"]
        pub struct EventSink {
            /// A packet's event is offered (until `take`)
            pub valid: Signal<In, Bit>,
            /// The event's steps are done: take it
            pub take: Signal<Out, Bit>,
            $($(#[$doc])* pub $f: Signal<In, $t>,)*
        }
    };
}

event_record!(
    /// An error packet: the first failing check's error_status bit
    /// (`nicgen_wire::ppe::error_status`); nothing was written
    status: Bits<16>,
    /// An ack packet that passed steps 1-6
    ack: Bit,
    /// A data packet: the rslot was updated and its payload written (the write answered before
    /// the event is offered)
    data: Bit,
    /// With `data`: host memory answered the payload write with an error
    host_err: Bit,
    /// With `data`: the message completed
    complete: Bit,
    /// Header word address0 as received (for the notifications)
    w0: Bits<32>,
    /// Header word address1 as received
    w1: Bits<32>,
    /// Header word control0 as received
    w2: Bits<32>,
    /// Header word control1 as received
    w3: Bits<32>,
    /// Metadata word 0 as received (an ack notification's, when flagged)
    m0: Bits<32>,
    /// Metadata word 1 as received
    m1: Bits<32>,
    /// Metadata word 2 as received
    m2: Bits<32>,
    /// Metadata word 3 as received
    m3: Bits<32>,
    /// Rslot word 2, control, as the packet left it (the completion notification's fields come
    /// from the `rs_*` words)
    rs_ctl: Bits<32>,
    /// Rslot word 4, msg_size, as the packet left it
    rs_msg_size: Bits<32>,
    /// Rslot word 5, msg_offset, as the packet left it
    rs_msg_offset: Bits<32>,
    /// Rslot word 6, ack_note, as the packet left it
    rs_ack_note: Bits<32>,
    /// Rslot word 7, meta_ctl, as the packet left it (the stored one is cleared at completion)
    rs_meta_ctl: Bits<32>,
    /// Rslot word 8, metadata 0, as the packet left it
    rs_meta0: Bits<32>,
    /// Rslot word 9, metadata 1
    rs_meta1: Bits<32>,
    /// Rslot word 10, metadata 2
    rs_meta2: Bits<32>,
    /// Rslot word 11, metadata 3
    rs_meta3: Bits<32>,
);
