//! The MIT Network Interface Chip (CSG Memo 331; `nicgen_wire::mitnic` holds every format): the
//! core (`core`: registers, queues, the commands of a P-bus transaction). The P-bus slave, the
//! PaRC ports and the networks are built around it.

pub mod core;
