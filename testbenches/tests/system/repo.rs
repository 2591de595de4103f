//! Rules about the repository itself, checked on its sources.

use nicgen_testbenches::trace::{self, root};

/// The string literals of a line (no escapes inside; good enough for identifiers).
fn literals(line: &str) -> Vec<&str> {
    line.split('"').skip(1).step_by(2).collect()
}

/// No register index, bit position of a register field or register/field name string is
/// written by hand outside the wire crate: logic uses the generated register files' named
/// ports, software the typed constants (`tnw::TX_CTRL::TX_RESET`).
#[test]
fn no_hand_written_register_indexes_or_names_outside_wire() {
    // every crate but the wire crate
    let files = trace::sources(&trace::SOURCE_DIRS[1..]);
    let maps = nicgen_wire::all_maps();
    let reg_names: Vec<&str> = maps
        .iter()
        .flat_map(|m| m.regs.iter().map(|r| r.name))
        .collect();
    let field_names: Vec<String> = maps
        .iter()
        .flat_map(|m| {
            m.regs
                .iter()
                .flat_map(|r| r.fields.iter().map(|f| f.name.to_string()))
        })
        .filter(|n| n.contains('_'))
        .collect();
    // the bank's generic per-register ports, and name lookups into a map
    let by_index = [
        "hw_in[",
        "hw_set[",
        ".value[",
        ".pulse[",
        ".wrote[",
        ".was_read[",
    ];
    let by_name = [".reg(\"", ".field(\"", "fld("];
    let bank_home = ["hdl/src/common/regbank.rs", "hdl/src/common/regfile.rs"];
    let mut bad = vec![];
    for f in &files {
        let rel = f
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace("../", "");
        if rel.ends_with("testbenches/tests/system/repo.rs") {
            continue;
        }
        let text = std::fs::read_to_string(f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.split("//").next().unwrap_or("");
            let mut why = vec![];
            if !bank_home.iter().any(|h| rel.ends_with(h)) {
                why.extend(
                    by_index
                        .iter()
                        .filter(|p| code.contains(*p))
                        .map(|p| format!("`{p}`")),
                );
                if code.contains("RegBank<") || code.contains("RegBank::new") {
                    why.push("a RegBank outside the generated register files".into());
                }
            }
            why.extend(
                by_name
                    .iter()
                    .filter(|p| code.contains(*p))
                    .map(|p| format!("`{p}`")),
            );
            for l in literals(code) {
                if reg_names.contains(&l) || field_names.iter().any(|x| x == l) {
                    why.push(format!("the name \"{l}\""));
                }
            }
            if !why.is_empty() {
                bad.push(format!(
                    "{rel}:{}: {}: {}",
                    n + 1,
                    why.join(", "),
                    line.trim()
                ));
            }
        }
    }
    assert!(
        bad.is_empty(),
        "hand-written register access:\n{}",
        bad.join("\n")
    );
}

/// The check itself finds each kind of hand-written access.
#[test]
fn the_register_rule_recognises_what_it_forbids() {
    assert_eq!(
        literals(r#"p.reg(0, "TX_CTRL") | x("A", "B")"#),
        vec!["TX_CTRL", "A", "B"]
    );
    assert!(literals("no strings").is_empty());
}

/// Every `// verifies:` line names a requirement of a list and precedes a test; the
/// out-of-scope list names known requirements only; docs/testplan.md is what `make testplan`
/// writes now.
#[test]
fn requirement_annotations_are_valid_and_the_testplan_is_current() {
    if !root().join("../shared/specs/checklists").is_dir() {
        eprintln!("SKIPPED: ../shared/specs/checklists (the device requirement lists) is not beside this checkout");
        return;
    }
    let p = trace::problems();
    assert!(p.is_empty(), "{}", p.join("\n"));
    let on_disk = std::fs::read_to_string(root().join("docs/testplan.md")).unwrap_or_default();
    assert!(
        on_disk == trace::testplan_markdown(),
        "docs/testplan.md is stale: run `make testplan`"
    );
}
