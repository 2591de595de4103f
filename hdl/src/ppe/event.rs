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
            pub valid: Signal<Out, Bit>,
            pub take: Signal<In, Bit>,
            $($(#[$doc])* pub $f: Signal<Out, $t>,)*
        }

        /// The event, on the side that takes it (`PpeEvents`).
        #[derive(Clone, Debug, Default, LogicInterface, Ports)]
        #[join = "EventSource"]
        pub struct EventSink {
            pub valid: Signal<In, Bit>,
            pub take: Signal<Out, Bit>,
            $($(#[$doc])* pub $f: Signal<In, $t>,)*
        }
    };
}

event_record!(
    /// An error packet: the first failing check's error_status bit; nothing was written.
    status: Bits<16>,
    /// An ack packet that passed steps 1-6.
    ack: Bit,
    /// A data packet: the rslot was updated and its payload written.
    data: Bit,
    /// With `data`: host memory answered the payload write with an error.
    host_err: Bit,
    /// With `data`: the message completed.
    complete: Bit,
    w0: Bits<32>,
    w1: Bits<32>,
    w2: Bits<32>,
    w3: Bits<32>,
    m0: Bits<32>,
    m1: Bits<32>,
    m2: Bits<32>,
    m3: Bits<32>,
    rs_ctl: Bits<32>,
    rs_msg_size: Bits<32>,
    rs_msg_offset: Bits<32>,
    rs_ack_note: Bits<32>,
    rs_meta_ctl: Bits<32>,
    rs_meta0: Bits<32>,
    rs_meta1: Bits<32>,
    rs_meta2: Bits<32>,
    rs_meta3: Bits<32>,
);
