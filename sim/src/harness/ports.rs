//! Port groups bound by name: a harness asks for the group it drives (a register bus at
//! `bus_`, a stream at `tx_`, ...) and gets the port indices of any top that has it, instead of
//! keeping a list of every port of every design.

use nicgen_hdl::top::PortInfo;

/// The index of port `name`, with the top's port names in the panic message.
pub fn index(ports: &[PortInfo], name: &str) -> usize {
    ports
        .iter()
        .position(|p| p.name == name)
        .unwrap_or_else(|| {
            let names: Vec<&str> = ports.iter().map(|p| p.name.as_str()).collect();
            panic!("no port `{name}` among {names:?}")
        })
}

/// The indices of `prefix` + each name.
pub fn bind<const N: usize>(ports: &[PortInfo], prefix: &str, names: [&str; N]) -> [usize; N] {
    names.map(|n| index(ports, &format!("{prefix}{n}")))
}

/// A register bus slave (`nicgen_hdl::common::regbank::RegBusSlave`) at `prefix`.
#[derive(Clone, Copy, Debug)]
pub struct RegBusPorts {
    pub addr: usize,
    pub wdata: usize,
    pub write: usize,
    pub read: usize,
    pub rdata: usize,
    pub ready: usize,
    pub err: usize,
}

impl RegBusPorts {
    pub fn bind(ports: &[PortInfo], prefix: &str) -> Self {
        let [addr, wdata, write, read, rdata, ready, err] = bind(
            ports,
            prefix,
            ["addr", "wdata", "write", "read", "rdata", "ready", "err"],
        );
        Self {
            addr,
            wdata,
            write,
            read,
            rdata,
            ready,
            err,
        }
    }
}
