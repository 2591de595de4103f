//! The Utah PPE (issue 14): the reference model of reception (`model`: the checks and the rslot
//! update of UUCS-95-013 §6.1 for one packet).

pub mod model;
pub mod queues;
pub mod tx;
