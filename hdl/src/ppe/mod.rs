//! The Utah PPE (UUCS-95-013; `nicgen_wire::ppe` holds every format): the link receiver
//! (`rx_link`), the reception decision (`rx_check`: validation steps 1-9 of §6.1 and the rslot
//! update of steps 11-13 for one packet), the receive path through the host write (`rx`), the
//! queues and interrupt bits (`queues`), the notification writer (`notify`), what a received
//! packet's event leads to (`events`), the receive side whole (`rx_node`), the send side
//! (`tx`: descriptors, scheduler, DMA and DIO payloads, packetizer) and the whole device behind
//! its host window (`node`), miscellaneous fabric packets included (PPE-R161-R163).

pub mod axil;
pub mod event;
pub mod events;
pub mod node;
pub mod notify;
pub mod queues;
pub mod rx;
pub mod rx_check;
pub mod rx_link;
pub mod rx_node;
pub mod tops;
pub mod tx;
