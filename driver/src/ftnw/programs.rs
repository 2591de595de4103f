//! The thesis' libftnw programs (§4.4: ping, ping-pong; §5.3's bandwidth runs) written against
//! [`Ftnw`], for machines where one thread drives every end in turn: the ends are indices into a
//! slice of libraries (one for the single-node loop-back, one per node of a cluster whose
//! transports share one simulation). Every call blocks only on the device, never on another
//! program's step, so the order below is the one the thesis' separate programs reach.

use super::libftnw::{Ftnw, PcieHost, PACKET, POLL_CYCLES, RX_NOTIFY_SLOTS, RX_PACKETS};
use crate::{Error, Result};
use nicgen_wire::ftnw::ioc::DMA_REQS;

/// One end of a message: node (index into the programs' libraries), link, VC.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct End {
    pub node: usize,
    pub lid: u32,
    pub vcid: u32,
}

/// How a message is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// `ftnwSend`: the CPU stores into the TX window.
    Pput,
    /// `ftnwNgetSend`: the device reads the message by DMA.
    Nget,
    /// PPUT and NGET in turn, message by message.
    Mixed,
}

/// The NGET notify index a program uses next on each node.
#[derive(Clone, Debug, Default)]
pub struct NgetIds(Vec<u32>);

impl NgetIds {
    fn next(&mut self, node: usize) -> u32 {
        if self.0.len() <= node {
            self.0.resize(node + 1, 0);
        }
        self.0[node]
    }
    fn used(&mut self, node: usize, last: u32) {
        self.0[node] = (last + 1) % DMA_REQS as u32;
    }
}

fn packets(msg: &[u8]) -> Result<u32> {
    let n = msg.len() / PACKET;
    if msg.is_empty() || msg.len() % PACKET != 0 || n > RX_PACKETS as usize {
        return Err(Error::Invalid(format!(
            "a message of {} bytes (whole packets of {PACKET} bytes, 1 to {RX_PACKETS})",
            msg.len()
        )));
    }
    Ok(n as u32)
}

/// Send `msg` from `from` as message `i` of a program (`Method::Mixed`: by its parity).
pub fn send<T: PcieHost>(
    nodes: &mut [Ftnw<T>],
    ids: &mut NgetIds,
    from: End,
    msg: &[u8],
    how: Method,
    i: usize,
) -> Result<()> {
    let n = packets(msg)?;
    let f = &mut nodes[from.node];
    match (how, i % 2) {
        (Method::Pput, _) | (Method::Mixed, 0) => f.send(from.lid, from.vcid, msg, 0, n),
        _ => {
            let last = f.nget_send(from.lid, from.vcid, msg, 0, ids.next(from.node), n)?;
            ids.used(from.node, last);
            Ok(())
        }
    }
}

/// Ping (Fig. 4.5): the receiver credits `msg`'s packets at offset 0 with notify index 0, the
/// sender sends, the receiver polls; the bytes received.
pub fn ping<T: PcieHost>(
    nodes: &mut [Ftnw<T>],
    from: End,
    to: End,
    msg: &[u8],
    how: Method,
) -> Result<Vec<u8>> {
    let n = packets(msg)?;
    nodes[to.node].credit(to.lid, to.vcid, 0, n, 0)?;
    send(nodes, &mut NgetIds::default(), from, msg, how, 0)?;
    let mut rx = vec![0; msg.len()];
    nodes[to.node].poll(to.lid, to.vcid, 0, n, &mut rx, 0)?;
    Ok(rx)
}

/// Ping-pong (Fig. 4.7), `rounds` times: the initiator at `a` credits the pong, the repeater
/// at `b` credits the ping, the initiator sends `msg`, the repeater polls for it and sends what
/// it received back, the initiator polls for the pong. What came back in the last round.
pub fn ping_pong<T: PcieHost>(
    nodes: &mut [Ftnw<T>],
    a: End,
    b: End,
    msg: &[u8],
    rounds: usize,
    how: Method,
) -> Result<Vec<u8>> {
    let n = packets(msg)?;
    let mut ids = NgetIds::default();
    let (mut ping, mut pong) = (vec![0; msg.len()], vec![0; msg.len()]);
    for r in 0..rounds {
        let nid = r as u32 % RX_NOTIFY_SLOTS;
        nodes[a.node].credit(a.lid, a.vcid, 0, n, nid)?;
        nodes[b.node].credit(b.lid, b.vcid, 0, n, nid)?;
        send(nodes, &mut ids, a, msg, how, 2 * r)?;
        nodes[b.node].poll(b.lid, b.vcid, 0, n, &mut ping, nid)?;
        send(nodes, &mut ids, b, &ping, how, 2 * r + 1)?;
        nodes[a.node].poll(a.lid, a.vcid, 0, n, &mut pong, nid)?;
    }
    Ok(pong)
}

/// Bandwidth: `msgs` back to back from `from` to `to`, all of one size, the receiver keeping
/// as many credits out as its notify slots and receive buffer allow (each message at its own
/// offset and notify index, re-credited once it has been taken). The messages received, in
/// order.
pub fn bandwidth<T: PcieHost>(
    nodes: &mut [Ftnw<T>],
    from: End,
    to: End,
    msgs: &[Vec<u8>],
    how: Method,
) -> Result<Vec<Vec<u8>>> {
    let Some(first) = msgs.first() else {
        return Ok(vec![]);
    };
    let n = packets(first)?;
    if msgs.iter().any(|m| m.len() != first.len()) {
        return Err(Error::Invalid("bandwidth: messages of one size".into()));
    }
    let window = (RX_PACKETS / n).min(RX_NOTIFY_SLOTS) as usize;
    let credit = |nodes: &mut [Ftnw<T>], i: usize| {
        let k = (i % window) as u32;
        nodes[to.node].credit(to.lid, to.vcid, k * n, n, k)
    };
    for i in 0..window.min(msgs.len()) {
        credit(nodes, i)?;
    }
    let mut ids = NgetIds::default();
    let mut got = Vec::with_capacity(msgs.len());
    let take = |nodes: &mut [Ftnw<T>], i: usize, got: &mut Vec<Vec<u8>>| -> Result<()> {
        let k = (i % window) as u32;
        let mut rx = vec![0; first.len()];
        nodes[to.node].poll(to.lid, to.vcid, k * n, n, &mut rx, k)?;
        got.push(rx);
        if i + window < msgs.len() {
            credit(nodes, i + window)?;
        }
        Ok(())
    };
    for (i, m) in msgs.iter().enumerate() {
        send(nodes, &mut ids, from, m, how, i)?;
        if i + 1 >= window {
            take(nodes, i + 1 - window, &mut got)?;
        }
    }
    for i in got.len()..msgs.len() {
        take(nodes, i, &mut got)?;
    }
    Ok(got)
}

/// Every route at once: the receiver of each `(from, to)` route credits its message first
/// (offset 0, notify index 0: one message per (node, link, VC) end), then every sender sends
/// (route `i` by `Method::Mixed`'s turn when `how` is mixed), then every receiver polls. Sends
/// on one link follow each other as the injection buffer drains; the links run in parallel.
/// The messages received, by route.
pub fn exchange<T: PcieHost>(
    nodes: &mut [Ftnw<T>],
    routes: &[(End, End)],
    msgs: &[Vec<u8>],
    how: Method,
) -> Result<Vec<Vec<u8>>> {
    if routes.len() != msgs.len() {
        return Err(Error::Invalid("exchange: one message per route".into()));
    }
    let mut ends: Vec<End> = routes.iter().map(|r| r.1).collect();
    ends.sort_by_key(|e| (e.node, e.lid, e.vcid));
    if ends.windows(2).any(|w| w[0] == w[1]) {
        return Err(Error::Invalid(
            "exchange: two routes into one (node, link, VC)".into(),
        ));
    }
    for ((_, to), m) in routes.iter().zip(msgs) {
        nodes[to.node].credit(to.lid, to.vcid, 0, packets(m)?, 0)?;
    }
    let mut ids = NgetIds::default();
    for (i, ((from, _), m)) in routes.iter().zip(msgs).enumerate() {
        send(nodes, &mut ids, *from, m, how, i)?;
    }
    routes
        .iter()
        .zip(msgs)
        .map(|((_, to), m)| {
            let mut rx = vec![0; m.len()];
            nodes[to.node].poll(to.lid, to.vcid, 0, packets(m)?, &mut rx, 0)?;
            Ok(rx)
        })
        .collect()
}

/// The multi-link ping-pong of §5.6 (FTNW-H155): on every `(initiator, repeater)` pair at
/// once, `rounds` ping-pongs of `msg` by PPUT, as the thesis' one thread per link runs them:
/// each pair's steps (credits, the ping's parts, the repeater's poll, the pong's parts, the
/// initiator's poll) are taken whenever they can go, never waiting on one pair while another
/// could move. What came back on each pair in the last round.
pub fn ping_pong_links<T: PcieHost>(
    nodes: &mut [Ftnw<T>],
    pairs: &[(End, End)],
    msg: &[u8],
    rounds: usize,
) -> Result<Vec<Vec<u8>>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Phase {
        Ping,
        AwaitPing,
        Pong,
        AwaitPong,
    }
    struct Pair {
        a: End,
        b: End,
        round: usize,
        phase: Phase,
        sent: u32,
        buf: Vec<u8>,
    }
    let n = packets(msg)?;
    let mut ps: Vec<Pair> = pairs
        .iter()
        .map(|&(a, b)| Pair {
            a,
            b,
            round: 0,
            phase: Phase::Ping,
            sent: 0,
            buf: vec![0; msg.len()],
        })
        .collect();
    let Some(&(first, _)) = pairs.first() else {
        return Ok(vec![]);
    };
    if rounds == 0 {
        return Ok(vec![vec![]; pairs.len()]);
    }
    let credit = |nodes: &mut [Ftnw<T>], p: &Pair| -> Result<()> {
        let nid = p.round as u32 % RX_NOTIFY_SLOTS;
        nodes[p.a.node].credit(p.a.lid, p.a.vcid, 0, n, nid)?;
        nodes[p.b.node].credit(p.b.lid, p.b.vcid, 0, n, nid)
    };
    for p in &ps {
        credit(nodes, p)?;
    }
    let timeout = nodes[first.node].timeout_cycles;
    let mut idle = 0;
    while ps.iter().any(|p| p.round < rounds) {
        let mut moved = false;
        for p in ps.iter_mut().filter(|p| p.round < rounds) {
            let nid = p.round as u32 % RX_NOTIFY_SLOTS;
            let (a, b) = (p.a, p.b);
            let next = match p.phase {
                Phase::Ping => nodes[a.node]
                    .send_step(a.lid, a.vcid, msg, 0, n, &mut p.sent)?
                    .then_some(Phase::AwaitPing),
                Phase::AwaitPing => nodes[b.node]
                    .test(b.lid, b.vcid, 0, n, &mut p.buf, nid)?
                    .then_some(Phase::Pong),
                Phase::Pong => nodes[b.node]
                    .send_step(b.lid, b.vcid, &p.buf, 0, n, &mut p.sent)?
                    .then_some(Phase::AwaitPong),
                Phase::AwaitPong => nodes[a.node]
                    .test(a.lid, a.vcid, 0, n, &mut p.buf, nid)?
                    .then_some(Phase::Ping),
            };
            if let Some(ph) = next {
                moved = true;
                p.sent = 0;
                p.phase = ph;
                if ph == Phase::Ping {
                    p.round += 1;
                    if p.round < rounds {
                        credit(nodes, p)?;
                    }
                }
            }
        }
        if moved {
            idle = 0;
        } else {
            if idle >= timeout {
                return Err(Error::Timeout {
                    what: "a ping-pong step",
                    cycles: idle,
                });
            }
            nodes[first.node].transport().wait_cycles(POLL_CYCLES)?;
            idle += POLL_CYCLES;
        }
    }
    Ok(ps.into_iter().map(|p| p.buf).collect())
}
