//! Post-processing of rust-hdl's Verilog so that it settles in one pass in an event-driven
//! simulator (Icarus, the simulator under cocotb).
//!
//! rust-hdl writes each block's logic as one `always @(*)` that assigns defaults and then
//! overrides them. Every intermediate value is an event: it wakes the blocks wired to it, which
//! wake this one back, and Icarus can spin at time 0 although the logic has no loop. Here each
//! `always @(*) begin ... end` becomes a named block that computes every signal it assigns more
//! than once and that other processes read into a shadow variable of the block (`<name>$nx`)
//! and assigns the signal once, at the end. Signals assigned once, and the block's own
//! temporaries, keep their names (they have no intermediate values others could see). rust-hdl
//! designs have no latches (`make synth` fails on one), so a shadow is written before it is
//! read in every run of the block. Clock fan-out statements at the top of a
//! block (`child$clock = clock;`) become continuous assignments, so a clock edge no longer
//! re-runs a whole block. The values computed are the same (the lock-step test compares the
//! rewritten Verilog with the native model every cycle).

use std::collections::BTreeMap;

/// The rewritten Verilog (every module).
pub fn settle_in_one_pass(v: &str) -> String {
    let lines: Vec<&str> = v.lines().collect();
    let mut out: Vec<String> = Vec::with_capacity(lines.len() + lines.len() / 4);
    let mut i = 0;
    while i < lines.len() {
        if lines[i].starts_with("module ") {
            let end = (i..lines.len())
                .find(|&j| lines[j].starts_with("endmodule"))
                .unwrap_or(lines.len() - 1);
            out.extend(rewrite_module(&lines[i..=end]));
            i = end + 1;
        } else {
            out.push(lines[i].to_string());
            i += 1;
        }
    }
    let mut s = out.join("\n");
    s.push('\n');
    s
}

/// One module, from `module` to `endmodule`.
fn rewrite_module(lines: &[&str]) -> Vec<String> {
    let mut out: Vec<String> = Vec::with_capacity(lines.len() + lines.len() / 4);
    // declarations: name -> (line index in `out`, type text)
    let mut decls: BTreeMap<String, (usize, String)> = BTreeMap::new();
    // identifiers of every line, to tell a block's own temporaries from signals others read
    // per identifier, the lines that name it (its own declaration aside; the header's port
    // list counts)
    let mut uses: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for (k, l) in lines.iter().enumerate() {
        let declared = declaration(l).map(|d| d.0);
        for (t, ident) in tokens(l) {
            if ident && declared.as_ref() != Some(&t) {
                uses.entry(t).or_default().push(k);
            }
        }
    }
    let mut blocks = 0;
    let mut i = 0;
    while i < lines.len() {
        let line = lines[i];
        if let Some((name, ty)) = declaration(line) {
            decls.insert(name, (out.len(), ty));
        }
        if line.trim() == "always @(*) begin" {
            let indent = &line[..line.len() - line.trim_start().len()];
            // the block's body, to the `end` that closes it
            let mut depth = 1;
            let mut j = i + 1;
            while j < lines.len() {
                depth += count_word(lines[j], "begin") as i64;
                depth -= count_word(lines[j], "end") as i64;
                if depth == 0 {
                    break;
                }
                j += 1;
            }
            assert!(
                j < lines.len(),
                "unterminated always block at line {}",
                i + 1
            );
            // a signal is shared when a line outside the block (other than its declaration)
            // names it: only those need a shadow and a final assignment
            let shared = |name: &str| uses[name].iter().any(|&k| k < i || k > j);
            let (assigns, hoisted) = rewrite_block(&lines[i + 1..j], &decls, &shared);
            // clock fan-out: `reg x$clock;` becomes a wire driven by a continuous assignment
            for (lhs, rhs) in &hoisted {
                let (at, ty) = decls[lhs].clone();
                out[at] = out[at].replacen("reg ", "wire ", 1);
                out.push(format!("{indent}assign {lhs} = {rhs};"));
                decls.insert(lhs.clone(), (at, ty.replacen("reg", "wire", 1)));
            }
            if !assigns.1.is_empty() {
                // the shadows are the block's own variables (a named block's declarations)
                blocks += 1;
                out.push(format!("{indent}always @(*) begin : settle_{blocks}"));
                for name in &assigns.0 {
                    let ty = decls
                        .get(name)
                        .map(|d| d.1.clone())
                        .unwrap_or_else(|| panic!("always block assigns `{name}`, not declared"));
                    let sh = format!("{name}$nx");
                    assert!(!decls.contains_key(&sh), "shadow name `{sh}` is taken");
                    out.push(format!(
                        "{indent}    {} {sh};",
                        ty.replacen("wire", "reg", 1)
                    ));
                }
                out.extend(assigns.1);
                for name in &assigns.0 {
                    out.push(format!("{indent}    {name} = {name}$nx;"));
                }
                out.push(lines[j].to_string());
            }
            i = j + 1;
            continue;
        }
        out.push(line.to_string());
        i += 1;
    }
    out
}

/// `(name, type)` of a `reg`/`wire` declaration line: type is everything before the name
/// (`reg  [31:0]`, `output reg  [7:0]`).
fn declaration(line: &str) -> Option<(String, String)> {
    let t = line.trim();
    let t = t.strip_suffix(';')?;
    let rest = t.strip_prefix("output ").unwrap_or(t);
    if !(rest.starts_with("reg ") || rest.starts_with("wire ")) {
        return None;
    }
    let name = t.rsplit(|c: char| c.is_whitespace() || c == ']').next()?;
    if name.is_empty()
        || !name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '$')
    {
        return None;
    }
    let ty = t[..t.len() - name.len()].trim_end().to_string();
    let ty = ty
        .strip_prefix("output ")
        .map(|s| s.to_string())
        .unwrap_or(ty);
    Some((name.to_string(), ty))
}

fn is_ident_start(c: char) -> bool {
    c.is_ascii_alphabetic() || c == '_'
}

fn is_ident(c: char) -> bool {
    c.is_ascii_alphanumeric() || c == '_' || c == '$'
}

/// Occurrences of `word` as a whole token in `line`.
fn count_word(line: &str, word: &str) -> usize {
    tokens(line)
        .iter()
        .filter(|(t, ident)| *ident && t == word)
        .count()
}

/// The line cut into identifier tokens (`true`) and everything else (`false`); numbers with
/// their base (`32'h0`, `4'b1010`) are never identifiers.
fn tokens(line: &str) -> Vec<(String, bool)> {
    let cs: Vec<char> = line.chars().collect();
    let mut v = vec![];
    let mut k = 0;
    while k < cs.len() {
        let c = cs[k];
        if is_ident_start(c) {
            let s = k;
            while k < cs.len() && is_ident(cs[k]) {
                k += 1;
            }
            v.push((cs[s..k].iter().collect(), true));
        } else if c.is_ascii_digit() || c == '\'' {
            let s = k;
            while k < cs.len() && (cs[k].is_ascii_alphanumeric() || cs[k] == '\'' || cs[k] == '_') {
                k += 1;
            }
            v.push((cs[s..k].iter().collect(), false));
        } else {
            v.push((c.to_string(), false));
            k += 1;
        }
    }
    v
}

/// The target of a blocking assignment line (`x = ...;`, `x[3] = ...;`), if it is one.
fn assign_target(line: &str) -> Option<String> {
    let t = line.trim_start();
    let name: String = t.chars().take_while(|&c| is_ident(c)).collect();
    if name.is_empty() || !is_ident_start(name.chars().next()?) {
        return None;
    }
    let mut rest = t[name.len()..].trim_start();
    if rest.starts_with('[') {
        rest = &rest[rest.find(']')? + 1..];
    }
    let rest = rest.trim_start();
    (rest.starts_with('=') && !rest.starts_with("==")).then_some(name)
}

/// The block rewritten onto shadows: ((signals assigned that others read, in order; the new
/// body), the clock fan-out statements taken out as `(lhs, rhs)`). A temporary only the block
/// itself reads keeps its name: its changes wake no other process.
fn rewrite_block(
    body: &[&str],
    decls: &BTreeMap<String, (usize, String)>,
    shared: &dyn Fn(&str) -> bool,
) -> ((Vec<String>, Vec<String>), Vec<(String, String)>) {
    let mut hoisted = vec![];
    let mut kept: Vec<&str> = vec![];
    let mut depth = 0i64;
    for l in body {
        // a top-level `a$clock = b;` with a plain signal on the right
        if depth == 0 {
            if let Some(lhs) = assign_target(l) {
                let rhs = l
                    .trim()
                    .split_once('=')
                    .map(|x| x.1.trim().trim_end_matches(';').trim());
                if let Some(rhs) = rhs {
                    if lhs.ends_with("$clock")
                        && decls.contains_key(&lhs)
                        && !rhs.is_empty()
                        && rhs.chars().all(is_ident)
                    {
                        hoisted.push((lhs, rhs.to_string()));
                        continue;
                    }
                }
            }
        }
        depth += count_word(l, "begin") as i64 - count_word(l, "end") as i64;
        kept.push(l);
    }
    // only a signal assigned more than once (a default, then overrides) has intermediate values
    // that could wake other processes; one assigned once is already assigned once
    let mut count: BTreeMap<String, usize> = BTreeMap::new();
    for l in &kept {
        if let Some(n) = assign_target(l) {
            *count.entry(n).or_default() += 1;
        }
    }
    let mut names: Vec<String> = vec![];
    for l in &kept {
        if let Some(n) = assign_target(l) {
            if count[&n] > 1 && !names.contains(&n) && shared(&n) {
                names.push(n);
            }
        }
    }
    let set: std::collections::BTreeSet<&String> = names.iter().collect();
    let new_body = kept
        .iter()
        .map(|l| {
            tokens(l)
                .into_iter()
                .map(|(t, ident)| {
                    if ident && set.contains(&t) {
                        format!("{t}$nx")
                    } else {
                        t
                    }
                })
                .collect::<String>()
        })
        .collect();
    ((names, new_body), hoisted)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_computes_into_shadows_and_assigns_once() {
        let v = "module m(clock, a, y, z);\n    input wire  clock;\n    input wire  [7:0] a;\n    output reg  [7:0] y;\n    output reg  z;\n    reg  c$clock;\n    reg  [7:0] t;\n    always @(*) begin\n        c$clock = clock;\n        t = 8'h0;\n        y = 8'h0;\n        if (a == 8'h1) begin\n            t = a + 8'h2;\n            y = t;\n        end\n        z = a[0];\n    end\nendmodule\n";
        let w = settle_in_one_pass(v);
        // the clock fan-out is a continuous assignment
        assert!(w.contains("    wire  c$clock;"), "{w}");
        assert!(w.contains("    assign c$clock = clock;"), "{w}");
        // y (a port assigned twice) is computed into its shadow and assigned once, at the end;
        // t is the block's own temporary, z is assigned once: both keep their names
        assert!(
            w.contains("    always @(*) begin : settle_1\n        reg  [7:0] y$nx;"),
            "{w}"
        );
        assert!(w.contains("        y$nx = 8'h0;"), "{w}");
        assert!(w.contains("            y$nx = t;"), "{w}");
        assert!(
            w.contains("        z = a[0];\n        y = y$nx;\n    end"),
            "{w}"
        );
        assert!(!w.contains("t$nx") && !w.contains("z$nx"), "{w}");
        assert!(!w.contains("c$clock = clock;\n        t = "), "{w}");
    }

    #[test]
    fn numbers_are_not_identifiers() {
        assert_eq!(assign_target("  x[3] = 32'hdead;"), Some("x".into()));
        assert_eq!(assign_target("  x == y;"), None);
        let t: Vec<String> = tokens("a = 32'h0 + h0;")
            .into_iter()
            .filter(|t| t.1)
            .map(|t| t.0)
            .collect();
        assert_eq!(t, vec!["a", "h0"]);
    }
}
