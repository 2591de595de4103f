//! `<top>.xml`: an IP-XACT component (IEEE 1685-2014) of each emitted top, for IP packagers and
//! integration tools: its ports, its clocks and resets, its AXI4, AXI4-Lite and AXI4-Stream
//! interfaces with their port maps, and the memory map behind each AXI4-Lite subordinate.
//!
//! Bus definitions are Xilinx's (`xilinx.com:interface:aximm:1.0` for AXI4 and AXI4-Lite,
//! `axis:1.0`, `xilinx.com:signal:clock:1.0` and `reset:1.0`): the VLNVs Vivado's packager and
//! most IP-XACT tools know. An interface is found by its prefix (`s_axil_`, `m_axi_`,
//! `s_axis_<x>_`, `m_axis_<x>_`); its logical ports are the signals' names in capitals. AXI
//! interfaces are in the top's first clock's domain (true of every top today).

use nicgen_hdl::top::{PortDir, PortInfo, TopEntry};
use nicgen_wire::regs::{Access, RegMap};
use std::fmt::Write as _;

/// One bus interface of a top: its name (the port prefix without the `_`), its bus type and
/// mode, `(logical, physical)` port pairs, and for an AXI4-Lite subordinate the address and
/// data bits of its memory map.
pub struct BusIf {
    pub name: String,
    pub bus: &'static str,
    pub master: bool,
    pub ports: Vec<(String, String)>,
    pub map: Option<(usize, usize)>,
}

/// The register map behind a top's AXI4-Lite subordinate, where the register description has it.
fn regmap_of(top: &str) -> Option<&'static RegMap> {
    match top {
        "axil_regs_demo" => Some(&nicgen_wire::demo::DEMO_REGS),
        "ppe_node_axil" => Some(&nicgen_wire::ppe::host_regs::PPE_HOST_REGS),
        _ => None,
    }
}

/// The interface a port belongs to, by its prefix: (name, bus type, manager).
fn interface_of(port: &str) -> Option<(String, &'static str, bool)> {
    if port.starts_with("s_axil_") {
        return Some(("s_axil".into(), "aximm", false));
    }
    if port.starts_with("m_axi_") {
        return Some(("m_axi".into(), "aximm", true));
    }
    let (side, rest) = (port.get(..2)?, port.get(2..)?);
    let x = rest.strip_prefix("axis_")?.split_once('_')?.0;
    matches!(side, "s_" | "m_").then(|| (format!("{side}axis_{x}"), "axis", side == "m_"))
}

/// The AXI bus interfaces of a port list.
pub fn bus_interfaces(ports: &[PortInfo]) -> Vec<BusIf> {
    let mut v: Vec<BusIf> = vec![];
    for p in ports {
        let Some((name, bus, master)) = interface_of(&p.name) else {
            continue;
        };
        let logical = p.name[name.len() + 1..].to_uppercase();
        match v.iter_mut().find(|b| b.name == name) {
            Some(b) => b.ports.push((logical, p.name.clone())),
            None => v.push(BusIf {
                name,
                bus,
                master,
                ports: vec![(logical, p.name.clone())],
                map: None,
            }),
        }
    }
    let width = |n: &str| ports.iter().find(|p| p.name == n).map(|p| p.width);
    for b in v.iter_mut().filter(|b| b.name == "s_axil") {
        b.map = width("s_axil_awaddr").zip(width("s_axil_wdata"));
    }
    v
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

fn vlnv(tag: &str, vendor: &str, library: &str, name: &str) -> String {
    format!(
        "<ipxact:{tag} vendor=\"{vendor}\" library=\"{library}\" name=\"{name}\" version=\"1.0\"/>"
    )
}

/// A bus interface element: its type, the port map, the mode, its parameters.
fn bus_interface(
    o: &mut String,
    name: &str,
    (library, bus): (&str, &str),
    ports: &[(String, String)],
    mode: &str,
    params: &[(&str, String)],
) {
    let _ = write!(
        o,
        "    <ipxact:busInterface>\n      <ipxact:name>{name}</ipxact:name>\n      {}\n      \
         <ipxact:abstractionTypes>\n        <ipxact:abstractionType>\n          {}\n          \
         <ipxact:portMaps>\n",
        vlnv("busType", "xilinx.com", library, bus),
        vlnv(
            "abstractionRef",
            "xilinx.com",
            library,
            &format!("{bus}_rtl")
        ),
    );
    for (l, p) in ports {
        let _ = writeln!(
            o,
            "            <ipxact:portMap><ipxact:logicalPort><ipxact:name>{l}</ipxact:name></ipxact:logicalPort>\
             <ipxact:physicalPort><ipxact:name>{p}</ipxact:name></ipxact:physicalPort></ipxact:portMap>"
        );
    }
    let _ = writeln!(
        o,
        "          </ipxact:portMaps>\n        </ipxact:abstractionType>\n      </ipxact:abstractionTypes>\n      {mode}"
    );
    if !params.is_empty() {
        o.push_str("      <ipxact:parameters>\n");
        for (k, v) in params {
            let _ = writeln!(
                o,
                "        <ipxact:parameter parameterId=\"{k}\"><ipxact:name>{k}</ipxact:name><ipxact:value>{}</ipxact:value></ipxact:parameter>",
                esc(v)
            );
        }
        o.push_str("      </ipxact:parameters>\n");
    }
    o.push_str("    </ipxact:busInterface>\n");
}

/// IP-XACT's access and write side effect of a register-description field.
fn access(a: Access) -> (&'static str, Option<&'static str>) {
    match a {
        Access::RW | Access::RWH => ("read-write", None),
        Access::RO | Access::RPOP => ("read-only", None),
        Access::W1C => ("read-write", Some("oneToClear")),
        Access::W0C => ("read-write", Some("zeroToClear")),
        Access::WO | Access::SC => ("write-only", None),
    }
}

fn memory_map(o: &mut String, name: &str, top: &str, (aw, dw): (usize, usize)) {
    let _ = write!(
        o,
        "    <ipxact:memoryMap>\n      <ipxact:name>{name}</ipxact:name>\n      <ipxact:addressBlock>\n        \
         <ipxact:name>regs</ipxact:name>\n        <ipxact:baseAddress>0</ipxact:baseAddress>\n        \
         <ipxact:range>{}</ipxact:range>\n        <ipxact:width>{dw}</ipxact:width>\n        \
         <ipxact:usage>register</ipxact:usage>\n",
        1u64 << aw
    );
    for r in regmap_of(top).map_or(&[][..], |m| m.regs) {
        let _ = write!(
            o,
            "        <ipxact:register>\n          <ipxact:name>{}</ipxact:name>\n          \
             <ipxact:description>{}</ipxact:description>\n          \
             <ipxact:addressOffset>{:#x}</ipxact:addressOffset>\n          <ipxact:size>32</ipxact:size>\n",
            r.name,
            esc(r.doc),
            r.offset
        );
        for f in r.fields {
            let (acc, side) = access(f.access);
            let _ = writeln!(
                o,
                "          <ipxact:field><ipxact:name>{}</ipxact:name><ipxact:description>{}</ipxact:description>\
                 <ipxact:bitOffset>{}</ipxact:bitOffset><ipxact:resets><ipxact:reset><ipxact:value>{:#x}</ipxact:value></ipxact:reset></ipxact:resets>\
                 <ipxact:bitWidth>{}</ipxact:bitWidth><ipxact:access>{acc}</ipxact:access>{}</ipxact:field>",
                f.name,
                esc(f.doc),
                f.lsb,
                f.reset,
                f.width,
                side.map_or(String::new(), |s| format!(
                    "<ipxact:modifiedWriteValue>{s}</ipxact:modifiedWriteValue>"
                ))
            );
        }
        o.push_str("        </ipxact:register>\n");
    }
    o.push_str("      </ipxact:addressBlock>\n    </ipxact:memoryMap>\n");
}

/// Is `p` a reset input (active high, synchronous to the clock of its domain).
fn is_reset(p: &PortInfo) -> bool {
    p.dir == PortDir::In && !p.clock && (p.name == "reset" || p.name.ends_with("_reset"))
}

/// The component of top `t` with ports `ports`.
pub fn component(t: &TopEntry, ports: &[PortInfo]) -> String {
    let buses = bus_interfaces(ports);
    let mut o = format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!-- Generated by nicgen (make verilog) from the registry of tops. Do not edit. -->\n\
         <ipxact:component xmlns:ipxact=\"http://www.accellera.org/XMLSchema/IPXACT/1685-2014\" \
         xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\" \
         xsi:schemaLocation=\"http://www.accellera.org/XMLSchema/IPXACT/1685-2014 \
         http://www.accellera.org/XMLSchema/IPXACT/1685-2014/index.xsd\">\n  \
         <ipxact:vendor>nicgen</ipxact:vendor>\n  <ipxact:library>nicgen</ipxact:library>\n  \
         <ipxact:name>{}</ipxact:name>\n  <ipxact:version>1.0</ipxact:version>\n  <ipxact:busInterfaces>\n",
        t.name
    );
    for b in &buses {
        let mode = match (b.master, b.map) {
            (true, _) => "<ipxact:master/>".to_string(),
            (false, Some(_)) => format!(
                "<ipxact:slave><ipxact:memoryMapRef memoryMapRef=\"{}_map\"/></ipxact:slave>",
                b.name
            ),
            (false, None) => "<ipxact:slave/>".to_string(),
        };
        let mut params = vec![];
        if b.bus == "aximm" {
            let lite = b.name == "s_axil";
            params.push((
                "PROTOCOL",
                (if lite { "AXI4LITE" } else { "AXI4" }).to_string(),
            ));
        }
        bus_interface(
            &mut o,
            &b.name,
            ("interface", b.bus),
            &b.ports,
            &mode,
            &params,
        );
    }
    let first_clock = ports.iter().find(|p| p.clock).map(|p| p.name.clone());
    for p in ports.iter().filter(|p| p.clock) {
        let mut params = vec![];
        if first_clock.as_deref() == Some(p.name.as_str()) {
            if !buses.is_empty() {
                let names: Vec<&str> = buses.iter().map(|b| b.name.as_str()).collect();
                params.push(("ASSOCIATED_BUSIF", names.join(":")));
            }
            if ports.iter().any(|r| r.name == "reset" && is_reset(r)) {
                params.push(("ASSOCIATED_RESET", "reset".to_string()));
            }
        }
        if let Some((_, f)) = t.clocks_mhz.iter().find(|(c, _)| *c == p.name) {
            params.push(("FREQ_HZ", format!("{}", (f * 1e6).round() as u64)));
        }
        let m = [("CLK".to_string(), p.name.clone())];
        bus_interface(
            &mut o,
            &p.name,
            ("signal", "clock"),
            &m,
            "<ipxact:slave/>",
            &params,
        );
    }
    for p in ports.iter().filter(|p| is_reset(p)) {
        let m = [("RST".to_string(), p.name.clone())];
        let params = [("POLARITY", "ACTIVE_HIGH".to_string())];
        bus_interface(
            &mut o,
            &p.name,
            ("signal", "reset"),
            &m,
            "<ipxact:slave/>",
            &params,
        );
    }
    o.push_str("  </ipxact:busInterfaces>\n");
    let maps: Vec<&BusIf> = buses.iter().filter(|b| b.map.is_some()).collect();
    if !maps.is_empty() {
        o.push_str("  <ipxact:memoryMaps>\n");
        for b in maps {
            memory_map(&mut o, &format!("{}_map", b.name), t.name, b.map.unwrap());
        }
        o.push_str("  </ipxact:memoryMaps>\n");
    }
    let _ = write!(
        o,
        "  <ipxact:model>\n    <ipxact:views>\n      <ipxact:view><ipxact:name>rtl</ipxact:name>\
         <ipxact:componentInstantiationRef>verilog</ipxact:componentInstantiationRef></ipxact:view>\n    \
         </ipxact:views>\n    <ipxact:instantiations>\n      <ipxact:componentInstantiation>\
         <ipxact:name>verilog</ipxact:name><ipxact:language>Verilog</ipxact:language>\
         <ipxact:moduleName>{}</ipxact:moduleName><ipxact:fileSetRef><ipxact:localName>rtl</ipxact:localName>\
         </ipxact:fileSetRef></ipxact:componentInstantiation>\n    </ipxact:instantiations>\n    <ipxact:ports>\n",
        t.name
    );
    for p in ports {
        let dir = if p.dir == PortDir::In { "in" } else { "out" };
        let vec = if p.width > 1 {
            format!(
                "<ipxact:vectors><ipxact:vector><ipxact:left>{}</ipxact:left><ipxact:right>0</ipxact:right></ipxact:vector></ipxact:vectors>",
                p.width - 1
            )
        } else {
            String::new()
        };
        let _ = writeln!(
            o,
            "      <ipxact:port><ipxact:name>{}</ipxact:name><ipxact:description>{}</ipxact:description>\
             <ipxact:wire><ipxact:direction>{dir}</ipxact:direction>{vec}</ipxact:wire></ipxact:port>",
            p.name,
            esc(&p.full_doc())
        );
    }
    let _ = write!(
        o,
        "    </ipxact:ports>\n  </ipxact:model>\n  <ipxact:fileSets>\n    <ipxact:fileSet><ipxact:name>rtl</ipxact:name>\
         <ipxact:file><ipxact:name>{}.v</ipxact:name><ipxact:fileType>verilogSource</ipxact:fileType></ipxact:file>\
         </ipxact:fileSet>\n  </ipxact:fileSets>\n  <ipxact:description>{}</ipxact:description>\n</ipxact:component>\n",
        t.name,
        esc(t.doc)
    );
    o
}
