//! The Utah PPE (issue 14): the reference model of reception (`model`: the checks and the rslot
//! update of UUCS-95-013 §6.1 for one packet), of the queues (`queues`) and of the send side
//! (`tx`); nodes on a model fabric (`net`) and the driver's transport to one of them
//! (`transport`).

pub mod model;
pub mod net;
pub mod queues;
pub mod transport;
pub mod tx;
