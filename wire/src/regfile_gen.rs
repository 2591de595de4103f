//! Generator of the RTL register file of a register map: rust-hdl source text with one named
//! port per field (OpenTitan's reg2hw / hw2reg split), written by the build scripts of the
//! crates that hold RTL (`hdl/build.rs`) into `OUT_DIR` and `include!`d there. The text needs
//! no rust-hdl here; the block it describes wraps `nicgen_hdl::common::regbank::RegBank`.
//!
//! Ports of the generated block, per field `F` of register `R` (names lower-case,
//! `r_f`; a 1-bit field is a `Bit`, a wider one `Bits<width>`):
//!
//! | access | port(s) |
//! |---|---|
//! | RW | out `r_f`: the stored value |
//! | RO | in `r_f`: the value software reads |
//! | W1C | in `r_f_set`: an event that sets the bits (set wins over a simultaneous clear) |
//! | WO, SC | out `r_f`: the written value, for the one cycle of `r_wrote` |
//! | RWH | in `r_f`: the hardware's value; out `r_f_wr`: the written value, with `r_wrote` |
//!
//! Per register: out `r_wrote` (one cycle after a write reached it) when it has a WO, SC or RWH
//! field; out `r_pending` (its stored W1C bits, in place) when it has a W1C field, for the
//! interrupt logic. Nothing else of the bank is exposed.

use crate::regs::{Access, Field, RegMap};

/// `tnw_link` -> `TnwLinkRegs`.
pub fn struct_name(map: &RegMap) -> String {
    let mut s = String::new();
    for part in map.name.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut cs = part.chars();
        if let Some(c) = cs.next() {
            s.push(c.to_ascii_uppercase());
            s.extend(cs.map(|c| c.to_ascii_lowercase()));
        }
    }
    s + "Regs"
}

fn ty(f: &Field) -> String {
    if f.width == 1 {
        "Bit".into()
    } else {
        format!("Bits<{}>", f.width)
    }
}

/// The port name of field `f` of register `r` (without a `_set` / `_wr` suffix).
pub fn port_name(reg: &str, field: &str) -> String {
    format!(
        "{}_{}",
        reg.to_ascii_lowercase(),
        field.to_ascii_lowercase()
    )
}

fn has(r: &crate::regs::Reg, kinds: &[Access]) -> bool {
    r.fields.iter().any(|f| kinds.contains(&f.access))
}

/// The rust-hdl source of the register file of `map` (see the module doc for its ports).
/// Panics on a map that does not validate or whose port names collide.
pub fn regfile_source(map: &RegMap) -> String {
    map.validate()
        .unwrap_or_else(|e| panic!("register map {}: {}", map.name, e.join("; ")));
    let name = struct_name(map);
    let n = map.regs.len();
    let a = map.addr_bits;
    let mut ports = String::new();
    let mut inner = String::new();
    let mut init = String::new();
    let mut body = String::new();
    let mut names = std::collections::BTreeSet::new();
    let mut port =
        |ports: &mut String, init: &mut String, doc: String, n: String, dir: &str, t: String| {
            assert!(
                names.insert(n.clone()),
                "{}: port {n} declared twice",
                map.name
            );
            *ports += &format!("    /// {doc}\n    pub {n}: Signal<{dir}, {t}>,\n");
            *init += &format!("            {n}: Default::default(),\n");
        };
    body += "        self.bank.clock.next = self.clock.val();\n";
    body += "        self.bank.reset.next = self.reset.val();\n";
    body += "        self.bank.bus.addr.next = self.bus.addr.val();\n";
    body += "        self.bank.bus.wdata.next = self.bus.wdata.val();\n";
    body += "        self.bank.bus.write.next = self.bus.write.val();\n";
    body += "        self.bank.bus.read.next = self.bus.read.val();\n";
    body += "        self.bus.rdata.next = self.bank.bus.rdata.val();\n";
    body += "        self.bus.ready.next = self.bank.bus.ready.val();\n";
    body += "        self.bus.err.next = self.bank.bus.err.val();\n";
    for (i, r) in map.regs.iter().enumerate() {
        let rl = r.name.to_ascii_lowercase();
        body += &format!("        // {} @ {:#x}\n", r.name, r.offset);
        body += &format!("        self.hw_{rl}.next = self.c_zero.val();\n");
        body += &format!("        self.ev_{rl}.next = self.c_zero.val();\n");
        inner += &format!(
            "    hw_{rl}: Signal<Local, Bits<32>>,\n    ev_{rl}: Signal<Local, Bits<32>>,\n"
        );
        init += &format!(
            "            hw_{rl}: Default::default(),\n            ev_{rl}: Default::default(),\n"
        );
        for f in r.fields {
            let p = port_name(r.name, f.name);
            let what = format!(
                "{}.{} [{}:{}] {}: {}",
                r.name,
                f.name,
                f.lsb + f.width - 1,
                f.lsb,
                f.access.name(),
                f.doc
            );
            // value out of a bank word
            let from = |word: &str| {
                if f.width == 1 {
                    format!("self.bank.{word}[{i}].val().get_bit({})", f.lsb)
                } else if f.width == 32 {
                    format!("self.bank.{word}[{i}].val()")
                } else {
                    format!(
                        "self.bank.{word}[{i}].val().get_bits::<{}>({})",
                        f.width, f.lsb
                    )
                }
            };
            // a field input into a local word
            let into = |body: &mut String,
                        inner: &mut String,
                        init: &mut String,
                        local: &str,
                        src: &str| {
                let c = format!("c_{p}{}", if local == "ev" { "_ev" } else { "" });
                if f.width == 1 {
                    inner.push_str(&format!("    {c}: Constant<Bits<32>>,\n"));
                    init.push_str(&format!(
                        "            {c}: Constant::new({:#x}u64.into()),\n",
                        f.mask()
                    ));
                    body.push_str(&format!(
                        "        if self.{src}.val() {{\n            self.{local}_{rl}.next = self.{local}_{rl}.val() | self.{c}.val();\n        }}\n"
                    ));
                } else if f.width == 32 {
                    body.push_str(&format!("        self.{local}_{rl}.next = self.{local}_{rl}.val() | self.{src}.val();\n"));
                } else {
                    let w = format!("w_{p}{}", if local == "ev" { "_ev" } else { "" });
                    inner.push_str(&format!("    {w}: Widen<{}, 32>,\n", f.width));
                    init.push_str(&format!("            {w}: Default::default(),\n"));
                    body.push_str(&format!("        self.{w}.x.next = self.{src}.val();\n"));
                    if f.lsb == 0 {
                        body.push_str(&format!("        self.{local}_{rl}.next = self.{local}_{rl}.val() | self.{w}.y.val();\n"));
                    } else {
                        inner.push_str(&format!("    {c}: Constant<Bits<32>>,\n"));
                        init.push_str(&format!(
                            "            {c}: Constant::new({}u64.into()),\n",
                            f.lsb
                        ));
                        body.push_str(&format!(
                            "        self.{local}_{rl}.next = self.{local}_{rl}.val() | (self.{w}.y.val() << self.{c}.val());\n"
                        ));
                    }
                }
            };
            match f.access {
                Access::RW => {
                    port(&mut ports, &mut init, what, p.clone(), "Out", ty(f));
                    body += &format!("        self.{p}.next = {};\n", from("value"));
                }
                Access::RO => {
                    port(&mut ports, &mut init, what, p.clone(), "In", ty(f));
                    into(&mut body, &mut inner, &mut init, "hw", &p);
                }
                Access::W1C => {
                    let s = format!("{p}_set");
                    port(
                        &mut ports,
                        &mut init,
                        format!("{what} (event: sets the bits)"),
                        s.clone(),
                        "In",
                        ty(f),
                    );
                    into(&mut body, &mut inner, &mut init, "ev", &s);
                }
                Access::WO | Access::SC => {
                    port(
                        &mut ports,
                        &mut init,
                        format!("{what} (written value, one cycle)"),
                        p.clone(),
                        "Out",
                        ty(f),
                    );
                    body += &format!("        self.{p}.next = {};\n", from("pulse"));
                }
                Access::W0C | Access::RPOP => panic!(
                    "{}.{}: no generated register file for {} fields (the map is documentation only)",
                    r.name,
                    f.name,
                    f.access.name()
                ),
                Access::RWH => {
                    port(
                        &mut ports,
                        &mut init,
                        format!("{what} (the hardware's value)"),
                        p.clone(),
                        "In",
                        ty(f),
                    );
                    into(&mut body, &mut inner, &mut init, "hw", &p);
                    let w = format!("{p}_wr");
                    port(
                        &mut ports,
                        &mut init,
                        format!(
                            "{} written value (with `{rl}_wrote`)",
                            r.name.to_owned() + "." + f.name
                        ),
                        w.clone(),
                        "Out",
                        ty(f),
                    );
                    body += &format!("        self.{w}.next = {};\n", from("pulse"));
                }
            }
        }
        body += &format!("        self.bank.hw_in[{i}].next = self.hw_{rl}.val();\n");
        body += &format!("        self.bank.hw_set[{i}].next = self.ev_{rl}.val();\n");
        if has(r, &[Access::WO, Access::SC, Access::RWH]) {
            port(
                &mut ports,
                &mut init,
                format!("{}: a write reached the register (one cycle)", r.name),
                format!("{rl}_wrote"),
                "Out",
                "Bit".into(),
            );
            body += &format!("        self.{rl}_wrote.next = self.bank.wrote[{i}].val();\n");
        }
        if has(r, &[Access::W1C]) {
            port(
                &mut ports,
                &mut init,
                format!("{}: its stored W1C bits, in place", r.name),
                format!("{rl}_pending"),
                "Out",
                "Bits<32>".into(),
            );
            inner += &format!("    c_{rl}_w1c: Constant<Bits<32>>,\n");
            init += &format!(
                "            c_{rl}_w1c: Constant::new({:#x}u64.into()),\n",
                r.mask(Access::W1C)
            );
            body += &format!("        self.{rl}_pending.next = self.bank.value[{i}].val() & self.c_{rl}_w1c.val();\n");
        }
    }
    body += &format!("        for i in 0..{n} {{\n");
    body += "            self.sink_value[i].x.next = self.bank.value[i].val();\n";
    body += "            self.sink_pulse[i].x.next = self.bank.pulse[i].val();\n";
    body += "            self.sink_wrote[i].x.next = self.bank.wrote[i].val();\n";
    body += "            self.sink_read[i].x.next = self.bank.was_read[i].val();\n";
    body += "        }\n";
    format!(
        r#"/// Register file of `{mname}` ({doc}), generated from `nicgen_wire` by the build script
/// (`nicgen_wire::regfile_gen`): the bus slave and one named port per field.
#[derive(LogicBlock, nicgen_hdl::Ports)]
pub struct {name} {{
    pub clock: Signal<In, Clock>,
    /// Synchronous reset, active high: every register back to its documented reset value
    pub reset: Signal<In, Bit>,
    /// Register bus slave (`common::regbank`): the master raises `write` or `read` for one cycle
    /// with `addr` (byte address) and `wdata`; the slave answers in the next cycle with `ready`
    /// for one cycle, `rdata` on a read, `err` for an unmapped or unaligned address, a write to
    /// a read-only register, or write and read together (no effect); the next strobe no earlier
    /// than the cycle of `ready`
    #[port]
    pub bus: RegBusSlave<{a}>,
{ports}    bank: RegBank<{n}, {a}>,
    sink_value: [Unused<Bits<32>>; {n}],
    sink_pulse: [Unused<Bits<32>>; {n}],
    sink_wrote: [Unused<Bit>; {n}],
    sink_read: [Unused<Bit>; {n}],
    c_zero: Constant<Bits<32>>,
{inner}}}

impl Default for {name} {{
    fn default() -> Self {{
        Self {{
            clock: Default::default(),
            reset: Default::default(),
            bus: Default::default(),
            bank: RegBank::new(&{path}),
            sink_value: Default::default(),
            sink_pulse: Default::default(),
            sink_wrote: Default::default(),
            sink_read: Default::default(),
            c_zero: Constant::new(0u64.into()),
{init}        }}
    }}
}}

impl Logic for {name} {{
    #[hdl_gen]
    fn update(&mut self) {{
{body}    }}
}}
"#,
        mname = map.name,
        doc = map.doc.replace('`', "'"),
        path = "MAP_PATH",
    )
}

/// `regfile_source` with the Rust path of the map's static (e.g.
/// `nicgen_wire::ftnw::link::TNW_LINK_REGS`) filled in.
pub fn regfile_source_at(map: &RegMap, path: &str) -> String {
    regfile_source(map).replace("&MAP_PATH", &format!("&{path}"))
}
