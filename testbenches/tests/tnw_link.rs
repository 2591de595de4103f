//! FTNW torus link (issue 3): directed tests for every rule of thesis §2.2–2.4 and App. A,
//! random traffic with a scoreboard, error injection. Two `tnw_link` nodes back to back through
//! the channel model (`nicgen_sim::tnw::Pair`).

use nicgen_sim::channel::ChannelCfg;
use nicgen_sim::rng::Rng;
use nicgen_sim::testing::check;
use nicgen_sim::tnw::Pair;

const P: u64 = 4000; // 250 MHz

fn clean(latency: usize) -> [ChannelCfg; 2] {
    let c = ChannelCfg { latency, ..Default::default() };
    [c.clone(), c]
}

fn pair(chan: [ChannelCfg; 2], rng: &mut Rng) -> Pair {
    let mut p = Pair::native([P, P], chan, rng.next_u64());
    p.online();
    p
}

#[test]
fn packets_cross_both_ways_in_order() {
    check("packets_cross_both_ways_in_order", 1, |rng| {
        let mut p = pair(clean(16), rng);
        p.queue(0, 40, rng);
        p.queue(1, 40, rng);
        p.drain(20_000);
        assert_eq!(p.host[1].delivered, 40);
        assert_eq!(p.host[0].delivered, 40);
        assert_eq!(p.reg(0, "TX_CNT_NAK"), 0);
        assert_eq!(p.reg(1, "RX_DATA"), 0);
    });
}

