//! Top-level plumbing: Verilog emission under the design's own module name, and a
//! type-erased port interface (`DynTop`) so that harnesses, the differential checker and the
//! Verilog manifest can treat every top alike.

use rust_hdl::prelude::*;

/// Emit Verilog for `uut` with the top module named `name` (rust-hdl calls it `top`).
/// Sub-modules are named `name$child`. Every combinational block is rewritten to settle in one
/// pass (`settle`), and the top's ports get conventional names (`flat_port_names`). Panics, like
/// rust-hdl, when a signal is undriven.
pub fn emit_verilog<B: Block>(uut: &B, name: &str) -> String {
    check_all(uut).unwrap_or_else(|e| panic!("design {name} fails rust-hdl's checks: {e:?}"));
    let mut defines = ModuleDefines::default();
    uut.accept(name, &mut defines);
    // the usual unit for simulators that need one (the design has no delays)
    let v = keep_clock_names(&crate::settle::settle_in_one_pass(&defines.defines()), name);
    format!("`timescale 1ns/1ps\n{}", flat_port_names(&v, name))
}

/// rust-hdl joins an interface's path with `$` (`s_axil$awaddr`); in the top module every port
/// name gets `_` instead (`port_path`). Sub-modules keep rust-hdl's names: an instance's
/// `.name(` connection refers to the sub-module's port and is left alone. Panics if a new name
/// is already an identifier of the top module.
fn flat_port_names(v: &str, top: &str) -> String {
    let header = format!("module {top}(");
    let start = v
        .find(&header)
        .unwrap_or_else(|| panic!("{top}: no top module"));
    let end = start + v[start..].find("endmodule").expect("top module ends");
    let body = &v[start..end];
    let ports: std::collections::HashSet<&str> = body[header.len()..]
        .split(')')
        .next()
        .unwrap()
        .split(',')
        .map(str::trim)
        .collect();
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '$';
    let mut taken = std::collections::HashSet::new();
    let mut out = String::with_capacity(body.len());
    let mut rest = body;
    let mut prev = ' ';
    while let Some(c) = rest.chars().next() {
        if c.is_ascii_alphabetic() || c == '_' {
            let n = rest.find(|c| !ident(c)).unwrap_or(rest.len());
            let tok = &rest[..n];
            if prev != '.' && tok.contains('$') && ports.contains(tok) {
                out.push_str(&tok.replace('$', "_"));
            } else {
                // `.name(` names an instance's port, not an identifier of this module
                if prev != '.' {
                    taken.insert(tok);
                }
                out.push_str(tok);
            }
            prev = tok.chars().last().unwrap();
            rest = &rest[n..];
        } else {
            out.push(c);
            if !c.is_whitespace() {
                prev = c;
            }
            rest = &rest[c.len_utf8()..];
        }
    }
    for p in ports.iter().filter(|p| p.contains('$')) {
        let n = p.replace('$', "_");
        assert!(
            !taken.contains(n.as_str()),
            "{top}: port `{p}` cannot be renamed `{n}`: the name is taken"
        );
    }
    format!("{}{out}{}", &v[..start], &v[end..])
}

/// A clock net carries many names after flattening (`pll$clkop`, `bridge.addr.clock`, ...) and
/// Yosys keeps the alphabetically first unless one has an attribute: a local signal of the top
/// module named `*_clock` gets `(* keep *)`, so timing reports name the clock by it.
fn keep_clock_names(v: &str, top: &str) -> String {
    let mut out = String::with_capacity(v.len() + 64);
    let mut in_top = false;
    for line in v.split_inclusive('\n') {
        let t = line.trim_start();
        if t.starts_with("module ") {
            in_top = t["module ".len()..].split(['(', ' ', ';']).next() == Some(top);
        } else if t.starts_with("endmodule") {
            in_top = false;
        }
        let decl = t
            .strip_prefix("reg ")
            .or_else(|| t.strip_prefix("wire "))
            .map(|r| r.trim().trim_end_matches(';'));
        if in_top
            && decl.is_some_and(|n| {
                n.ends_with("_clock") && n.chars().all(|c| c.is_alphanumeric() || c == '_')
            })
        {
            out.push_str(&line[..line.len() - t.len()]);
            out.push_str("(* keep *) ");
            out.push_str(t);
        } else {
            out.push_str(line);
        }
    }
    out
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PortDir {
    In,
    Out,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortInfo {
    /// Verilog name (`port_path`: the field path joined with `_`).
    pub name: String,
    pub dir: PortDir,
    pub width: usize,
    /// Is this a clock input.
    pub clock: bool,
    /// What the port means: the first paragraph of its field's `///` doc (`#[derive(Ports)]`).
    pub doc: Option<&'static str>,
    /// The innermost documented interface (or array) the port belongs to.
    pub group: Option<PortGroup>,
}

/// An interface or array field with a doc: its ports' names are `pattern` with the `*` filled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PortGroup {
    /// `<path>_*` (`s_axil_*`, `phy_*`).
    pub pattern: String,
    pub doc: &'static str,
}

impl PortInfo {
    /// What this port means on its own: its field's doc, else for a signal of a standard group
    /// (AXI, register bus, DMA, memory port, stream; `crate::signal_doc`) the signal's meaning;
    /// an undocumented clock named `clock` is the top's clock (`port_doc::CLOCK`).
    pub fn own_doc(&self) -> Option<&'static str> {
        let standard = || {
            self.group.as_ref().and_then(|g| {
                let pre = g.pattern.trim_end_matches('*');
                let sig = &self.name[pre.len()..];
                // an array of interfaces: element k's signals are `k_<signal>`
                let sig = sig
                    .split_once('_')
                    .filter(|(k, _)| k.bytes().all(|b| b.is_ascii_digit()))
                    .map_or(sig, |(_, rest)| rest);
                crate::signal_doc::of(pre, sig)
            })
        };
        let clock = || (self.clock && self.name == "clock").then_some(port_doc::CLOCK);
        self.doc.or_else(standard).or_else(clock)
    }

    /// Its own doc, else its group's.
    pub fn any_doc(&self) -> Option<&'static str> {
        self.own_doc().or(self.group.as_ref().map(|g| g.doc))
    }

    /// The whole doc on one line (the manifest, IP-XACT): its own meaning, then its group's
    /// sentence.
    pub fn full_doc(&self) -> String {
        match (self.own_doc(), &self.group) {
            (Some(own), Some(g)) => format!("{own}. Group: {}", g.doc),
            (Some(own), None) => own.to_string(),
            (None, Some(g)) => g.doc.to_string(),
            (None, None) => String::new(),
        }
    }
}

/// A value that can sit on a top-level port, converted to and from up to 128 bits (`to_port`
/// of a wider value is its low 128 bits; `to_chunks` is all of it, 128 bits per chunk, least
/// significant first). Inputs are at most 128 bits wide.
pub trait PortVal: Synth {
    /// A clock input (`Clock`).
    const CLOCK: bool = false;
    fn to_port(&self) -> u128;
    fn from_port(v: u128) -> Self;
    fn to_chunks(&self) -> Vec<u128> {
        vec![self.to_port()]
    }
}
impl PortVal for bool {
    fn to_port(&self) -> u128 {
        *self as u128
    }
    fn from_port(v: u128) -> Self {
        v & 1 != 0
    }
}
impl PortVal for Clock {
    const CLOCK: bool = true;
    fn to_port(&self) -> u128 {
        self.clk as u128
    }
    fn from_port(v: u128) -> Self {
        Clock { clk: v & 1 != 0 }
    }
}
impl<const N: usize> PortVal for Bits<N> {
    fn to_port(&self) -> u128 {
        self.to_chunks()[0]
    }
    fn to_chunks(&self) -> Vec<u128> {
        if N <= 128 {
            return vec![self.to_u128()];
        }
        let d = num_bigint::BigUint::from(*self).to_u64_digits();
        (0..N.div_ceil(128))
            .map(|k| {
                let w = |i: usize| d.get(i).copied().unwrap_or(0) as u128;
                w(2 * k) | (w(2 * k + 1) << 64)
            })
            .collect()
    }
    fn from_port(v: u128) -> Self {
        assert!(
            N <= 128,
            "input ports wider than 128 bits are not supported"
        );
        let v = if N < 128 { v & ((1u128 << N) - 1) } else { v };
        if N <= 64 {
            Bits::<N>::from(v as u64)
        } else {
            Bits::<N>::from(num_bigint::BigUint::from(v))
        }
    }
}

/// Drive an input port from up to 128 bits.
pub trait PortWrite {
    fn write_port(&mut self, v: u128);
}
impl<T: PortVal> PortWrite for Signal<In, T> {
    fn write_port(&mut self, v: u128) {
        self.next = T::from_port(v);
    }
}
/// Read any port, whatever its direction (rust-hdl has `val()` per direction only): its low 128
/// bits, or whole, 128 bits per chunk (least significant first).
pub trait PortRead {
    fn read_port(&self) -> u128;
    fn read_wide(&self) -> Vec<u128>;
}
impl<T: PortVal> PortRead for Signal<In, T> {
    fn read_port(&self) -> u128 {
        self.val().to_port()
    }
    fn read_wide(&self) -> Vec<u128> {
        self.val().to_chunks()
    }
}
impl<T: PortVal> PortRead for Signal<Out, T> {
    fn read_port(&self) -> u128 {
        self.val().to_port()
    }
    fn read_wide(&self) -> Vec<u128> {
        self.val().to_chunks()
    }
}

/// The ports of a block used as a top, or the signals of an interface: `#[derive(Ports)]`
/// (`nicgen_derive`) lists a block's `Signal<In|Out, _>` fields and the fields marked `#[port]`,
/// an interface's every field, in declaration order; arrays number their elements. This is
/// the one declaration of a top's ports: `AutoTop` gives `DynTop` from it, and a test holds
/// it to the emitted Verilog's module header.
pub trait Ports {
    /// Append the ports, each named `port_path(prefix, field...)`.
    fn port_list(&self, prefix: &str, out: &mut Vec<PortInfo>);
    fn port_count(&self) -> usize;
    /// Port `index` of `port_list`'s order, to read.
    fn port_read(&self, index: usize) -> Option<&dyn PortRead>;
    /// Port `index`, to drive: `None` for an output.
    fn port_write(&mut self, index: usize) -> Option<&mut dyn PortWrite>;
}

pub use nicgen_derive::Ports;

/// Give the ports `ports` of field `path` their docs (`#[derive(Ports)]`): `doc` is a signal's
/// own, or for an interface or array the group's unless an inner field gave one. `signals`
/// (`#[port(key = "doc")]`) says what the signals under the field mean here, over their
/// interface's docs: key `k` names the port `<path>_k`, and those under it (`<path>_k_*`,
/// `<path>_k0`...).
pub fn document(
    ports: &mut [PortInfo],
    path: &str,
    group: bool,
    doc: &'static str,
    signals: &[(&'static str, &'static str)],
) {
    for p in ports {
        let rest = p.name.get(path.len() + 1..).unwrap_or("");
        let key = signals.iter().find(|(k, _)| {
            rest.strip_prefix(k).is_some_and(|tail| {
                tail.is_empty() || tail.starts_with('_') || tail.bytes().all(|b| b.is_ascii_digit())
            })
        });
        if let Some((_, d)) = key {
            p.doc = Some(d);
        }
        if doc.is_empty() {
            continue;
        }
        if !group {
            p.doc.get_or_insert(doc);
        } else if p.group.is_none() {
            p.group = Some(PortGroup {
                pattern: format!("{path}_*"),
                doc,
            });
        }
    }
}

/// The Verilog name of field `field` of the group named `prefix`: the field path joined with
/// `_` (`s_axil_awaddr`, `link_0_phy_txd`), as integrators, VHDL, Tcl/XDC and IP packagers expect.
pub fn port_path(prefix: &str, field: &str) -> String {
    if prefix.is_empty() {
        field.to_string()
    } else {
        format!("{prefix}_{field}")
    }
}

impl<T: PortVal> Ports for Signal<In, T> {
    fn port_list(&self, prefix: &str, out: &mut Vec<PortInfo>) {
        out.push(PortInfo {
            name: prefix.to_string(),
            dir: PortDir::In,
            width: T::BITS,
            clock: T::CLOCK,
            doc: None,
            group: None,
        });
    }
    fn port_count(&self) -> usize {
        1
    }
    fn port_read(&self, index: usize) -> Option<&dyn PortRead> {
        (index == 0).then_some(self as &dyn PortRead)
    }
    fn port_write(&mut self, index: usize) -> Option<&mut dyn PortWrite> {
        (index == 0).then_some(self as &mut dyn PortWrite)
    }
}

impl<T: PortVal> Ports for Signal<Out, T> {
    fn port_list(&self, prefix: &str, out: &mut Vec<PortInfo>) {
        out.push(PortInfo {
            name: prefix.to_string(),
            dir: PortDir::Out,
            width: T::BITS,
            clock: false,
            doc: None,
            group: None,
        });
    }
    fn port_count(&self) -> usize {
        1
    }
    fn port_read(&self, index: usize) -> Option<&dyn PortRead> {
        (index == 0).then_some(self as &dyn PortRead)
    }
    fn port_write(&mut self, _: usize) -> Option<&mut dyn PortWrite> {
        None
    }
}

/// An array of ports or interfaces: element k is named `<prefix>_<k>` (rust-hdl's `$k`).
impl<T: Ports, const N: usize> Ports for [T; N] {
    fn port_list(&self, prefix: &str, out: &mut Vec<PortInfo>) {
        for (k, x) in self.iter().enumerate() {
            x.port_list(&port_path(prefix, &k.to_string()), out);
        }
    }
    fn port_count(&self) -> usize {
        self.iter().map(Ports::port_count).sum()
    }
    fn port_read(&self, mut index: usize) -> Option<&dyn PortRead> {
        for x in self {
            let n = x.port_count();
            if index < n {
                return x.port_read(index);
            }
            index -= n;
        }
        None
    }
    fn port_write(&mut self, mut index: usize) -> Option<&mut dyn PortWrite> {
        for x in self {
            let n = x.port_count();
            if index < n {
                return x.port_write(index);
            }
            index -= n;
        }
        None
    }
}

/// Any block with `#[derive(Ports)]` as a `DynTop` named `name`.
pub struct AutoTop<B> {
    pub name: String,
    pub uut: B,
    ports: Vec<PortInfo>,
}

impl<B: Block + Ports> AutoTop<B> {
    pub fn new(name: &str, mut uut: B) -> Self {
        uut.connect_all();
        let mut ports = vec![];
        uut.port_list("", &mut ports);
        Self {
            name: name.to_string(),
            uut,
            ports,
        }
    }
    fn port(&self, index: usize) -> &dyn PortRead {
        self.uut
            .port_read(index)
            .unwrap_or_else(|| panic!("{}: no port {index}", self.name))
    }
}

impl<B: Block + Ports + Send> DynTop for AutoTop<B> {
    fn name(&self) -> &str {
        &self.name
    }
    fn ports(&self) -> Vec<PortInfo> {
        self.ports.clone()
    }
    fn set(&mut self, index: usize, v: u128) {
        match self.uut.port_write(index) {
            Some(p) => p.write_port(v),
            None => panic!("{}: port {index} is not an input", self.name),
        }
    }
    fn get(&self, index: usize) -> u128 {
        self.port(index).read_port()
    }
    fn get_wide(&self, index: usize) -> Vec<u128> {
        self.port(index).read_wide()
    }
    fn settle(&mut self) {
        assert!(
            simulate(&mut self.uut, 1000),
            "{}: logic did not settle",
            self.name
        );
    }
    fn verilog(&self) -> String {
        emit_verilog(&self.uut, &self.name)
    }
    fn block(&self) -> &dyn Block {
        &self.uut
    }
}

/// A top-level design behind a uniform port interface.
pub trait DynTop: Send {
    fn name(&self) -> &str;
    fn ports(&self) -> Vec<PortInfo>;
    /// Drive input port `index` (an index into `ports()`); takes effect at the next `settle`.
    fn set(&mut self, index: usize, v: u128);
    /// Read port `index` (inputs read back what was driven); its low 128 bits.
    fn get(&self, index: usize) -> u128;
    /// Read port `index` whole: `width.div_ceil(128)` chunks, least significant first.
    fn get_wide(&self, index: usize) -> Vec<u128>;
    /// Propagate until stable. Panics if the logic oscillates.
    fn settle(&mut self);
    fn verilog(&self) -> String;
    fn block(&self) -> &dyn Block;
}

/// One entry of the registry of tops.
pub struct TopEntry {
    pub name: &'static str,
    pub doc: &'static str,
    pub build: fn() -> Box<dyn DynTop>,
    /// Target frequency of each clock port for place-and-route, MHz.
    pub clocks_mhz: &'static [(&'static str, f64)],
}

/// The doc of a clock input named `clock` whose field has none (`PortInfo::own_doc`).
pub mod port_doc {
    pub const CLOCK: &str = "Clock (rising edge); every other port of the top is synchronous to it unless its doc says otherwise";
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::common::stream::{StreamSink, StreamSource};

    /// A block with plain ports, an interface, an array of interfaces, an array of clocks and
    /// inner state that is not a port.
    #[derive(LogicBlock, Default, Ports)]
    struct Demo {
        clock: Signal<In, Clock>,
        /// Side clocks
        ///
        /// (not part of the port doc)
        side: [Signal<In, Clock>; 2],
        /// Words in
        #[port(valid = "a word is offered here")]
        sink: StreamSink<Bits<12>>,
        #[port]
        lanes: [StreamSource<Bits<3>>; 2],
        /// The level,
        /// on two lines
        level: Signal<Out, Bits<5>>,
        inner: DFF<Bits<5>>,
        _skipped: Signal<Out, Bit>,
    }

    impl Logic for Demo {
        #[hdl_gen]
        fn update(&mut self) {
            self.inner.clock.next = self.clock.val();
            self.inner.d.next = self.inner.q.val();
            self.sink.ready.next = self.lanes[0].ready.val();
            for i in 0..2 {
                self.lanes[i].data.next = self.sink.data.val().get_bits::<3>(0);
                self.lanes[i].valid.next = self.sink.valid.val();
            }
            self.level.next = self.inner.q.val();
        }
    }

    #[test]
    fn derived_ports_are_the_fields_in_order_named_as_the_verilog_names_them() {
        let t = AutoTop::new("demo", Demo::default());
        let got: Vec<(String, PortDir, usize, bool)> = t
            .ports()
            .into_iter()
            .map(|p| (p.name, p.dir, p.width, p.clock))
            .collect();
        let p = |n: &str, d, w, c| (n.to_string(), d, w, c);
        use PortDir::{In, Out};
        assert_eq!(
            got,
            vec![
                p("clock", In, 1, true),
                p("side_0", In, 1, true),
                p("side_1", In, 1, true),
                p("sink_data", In, 12, false),
                p("sink_valid", In, 1, false),
                p("sink_ready", Out, 1, false),
                p("lanes_0_data", Out, 3, false),
                p("lanes_0_valid", Out, 1, false),
                p("lanes_0_ready", In, 1, false),
                p("lanes_1_data", Out, 3, false),
                p("lanes_1_valid", Out, 1, false),
                p("lanes_1_ready", In, 1, false),
                p("level", Out, 5, false),
            ]
        );
        // the emitted module header has exactly these ports
        let v = t.verilog();
        let header = &v[v.find("module demo(").unwrap()..];
        let header = &header[..header.find(')').unwrap()];
        let mut names: Vec<&str> = header["module demo(".len()..]
            .split(',')
            .map(str::trim)
            .collect();
        let mut want: Vec<&str> = got.iter().map(|g| g.0.as_str()).collect();
        names.sort();
        want.sort();
        assert_eq!(names, want);
    }

    #[test]
    fn port_docs_come_from_the_fields() {
        let t = AutoTop::new("demo", Demo::default());
        let ports = t.ports();
        let at = |n: &str| ports.iter().find(|p| p.name == n).unwrap();
        assert_eq!(at("clock").own_doc(), Some(port_doc::CLOCK));
        let side = at("side_1");
        assert_eq!(
            side.group.as_ref().map(|g| (g.pattern.as_str(), g.doc)),
            Some(("side_*", "Side clocks"))
        );
        assert_eq!(side.own_doc(), None);
        assert_eq!(side.full_doc(), "Side clocks");
        assert_eq!(at("level").own_doc(), Some("The level, on two lines"));
        assert_eq!(at("level").group, None);
        // a key of `#[port(...)]` over the stream's standard meaning; the others keep theirs
        assert_eq!(at("sink_valid").own_doc(), Some("a word is offered here"));
        assert_eq!(at("sink_data").own_doc(), Some("the beat's data"));
        assert_eq!(
            at("sink_data").full_doc(),
            "the beat's data. Group: Words in"
        );
        // an undocumented group: no group, and a stream's signals without a group have no doc
        assert_eq!(at("lanes_0_valid").any_doc(), None);
    }

    #[test]
    fn auto_top_drives_inputs_and_reads_every_port_by_index() {
        let mut t = AutoTop::new("demo", Demo::default());
        let ports = t.ports();
        let at = |n: &str| ports.iter().position(|p| p.name == n).unwrap();
        t.set(at("sink_data"), 0b101_101);
        t.set(at("sink_valid"), 1);
        t.set(at("lanes_0_ready"), 1);
        t.settle();
        assert_eq!(t.get(at("lanes_1_data")), 0b101);
        assert_eq!(t.get(at("lanes_0_valid")), 1);
        assert_eq!(t.get(at("sink_ready")), 1);
        assert_eq!(
            t.get(at("sink_data")),
            0b101_101,
            "an input reads back what was driven"
        );
        assert!(
            std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| t.set(at("level"), 1)))
                .is_err(),
            "an output cannot be driven"
        );
    }
}
