//! Requirement traceability: the numbered requirements of each device (the checklists in
//! `../shared/specs/checklists/` and the project's own `docs/requirements/`), the tests that
//! name them, and the test plan `make testplan` writes (`docs/testplan.md`).
//!
//! Convention: a comment line `// verifies: PPE-R042, PPE-R043` in a Rust source names the
//! requirements the next function (a test) verifies. A requirement that is out of scope is
//! listed with its reason in `docs/requirements/out-of-scope.md` as `- **ID** reason`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// One requirement list: a device (or part of one) and where its requirements are written.
pub struct Source {
    pub device: &'static str,
    pub prefix: &'static str,
    /// Path relative to the repository root.
    pub path: &'static str,
}

pub const SOURCES: &[Source] = &[
    Source {
        device: "FTNW link",
        prefix: "FTNW-L",
        path: "docs/requirements/ftnw-link.md",
    },
    Source {
        device: "FTNW host",
        prefix: "FTNW-H",
        path: "../shared/specs/checklists/ftnw-host.md",
    },
    Source {
        device: "Utah PPE",
        prefix: "PPE-R",
        path: "../shared/specs/checklists/ppe.md",
    },
    Source {
        device: "MIT NIC",
        prefix: "NIC-R",
        path: "../shared/specs/checklists/mit-nic.md",
    },
    Source {
        device: "M3 DTU",
        prefix: "DTU-R",
        path: "../shared/specs/checklists/m3-dtu.md",
    },
];

/// The out-of-scope list, relative to the repository root.
pub const OUT_OF_SCOPE: &str = "docs/requirements/out-of-scope.md";
/// Requirements in scope whose goal the build does not meet yet, each with the measured figure
/// (same format as the out-of-scope list).
pub const NOT_MET: &str = "docs/requirements/not-met.md";

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Requirement {
    pub id: String,
    /// The first sentence of its text, for the test plan.
    pub summary: String,
}

/// A test that names requirements: `file` relative to the root, the function's name.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Verifier {
    pub file: String,
    pub test: String,
    pub line: usize,
}

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The requirement lines of a checklist: `- **ID** text`.
pub fn parse_requirements(text: &str, prefix: &str) -> Vec<Requirement> {
    let mut v = vec![];
    for line in text.lines() {
        let Some(rest) = line.trim_start().strip_prefix("- **") else {
            continue;
        };
        let Some((id, text)) = rest.split_once("**") else {
            continue;
        };
        if !id.starts_with(prefix) {
            continue;
        }
        let text = text.trim();
        let cut = text
            .find(". ")
            .map(|i| i + 1)
            .unwrap_or(text.len())
            .min(160);
        let mut summary: String = text.chars().take(cut).collect();
        summary = summary.replace('|', "\\|");
        v.push(Requirement {
            id: id.to_string(),
            summary,
        });
    }
    v
}

/// Requirements per source, in source order; a missing file gives an empty list and an error.
pub fn requirements() -> (Vec<(&'static Source, Vec<Requirement>)>, Vec<String>) {
    let mut errs = vec![];
    let lists = SOURCES
        .iter()
        .map(|s| {
            let text = std::fs::read_to_string(root().join(s.path)).unwrap_or_else(|e| {
                errs.push(format!("{}: {e}", s.path));
                String::new()
            });
            (s, parse_requirements(&text, s.prefix))
        })
        .collect();
    (lists, errs)
}

/// The IDs of a `verifies:` comment line, or None if the line is not one.
pub fn verifies_ids(line: &str) -> Option<Vec<String>> {
    let rest = line
        .trim()
        .strip_prefix("//")?
        .trim()
        .strip_prefix("verifies:")?;
    Some(
        rest.split(|c: char| c == ',' || c.is_whitespace())
            .filter(|s| !s.is_empty())
            .map(str::to_string)
            .collect(),
    )
}

/// `(ID, verifier)` for every `verifies:` line in `text`, attached to the next `fn`; a line
/// with no function after it is returned in the second list as `file:line`.
pub fn scan_source(file: &str, text: &str) -> (Vec<(String, Verifier)>, Vec<String>) {
    let lines: Vec<&str> = text.lines().collect();
    let (mut found, mut dangling) = (vec![], vec![]);
    for (i, line) in lines.iter().enumerate() {
        let Some(ids) = verifies_ids(line) else {
            continue;
        };
        let f = lines[i + 1..].iter().find_map(|l| {
            let t = l.trim_start();
            let t = t.strip_prefix("pub ").unwrap_or(t);
            let t = t.strip_prefix("fn ")?;
            Some(
                t.split(|c: char| c == '(' || c == '<')
                    .next()
                    .unwrap_or("")
                    .to_string(),
            )
        });
        match f {
            Some(test) => {
                for id in ids {
                    let v = Verifier {
                        file: file.to_string(),
                        test: test.clone(),
                        line: i + 1,
                    };
                    found.push((id, v));
                }
            }
            None => dangling.push(format!("{file}:{}", i + 1)),
        }
    }
    (found, dangling)
}

/// Every `.rs` file below `dir`, in path order.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(rd) = std::fs::read_dir(dir) else {
        return;
    };
    let mut es: Vec<_> = rd.flatten().map(|e| e.path()).collect();
    es.sort();
    for p in es {
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

/// The source folders of the workspace's crates, relative to the root (`wire/src` first).
pub const SOURCE_DIRS: [&str; 7] = [
    "wire/src",
    "hdl/src",
    "sim/src",
    "driver/src",
    "bsp/src",
    "testbenches/src",
    "testbenches/tests",
];

/// Every `.rs` file of the given source folders.
pub fn sources(dirs: &[&str]) -> Vec<PathBuf> {
    let mut files = vec![];
    for d in dirs {
        rust_files(&root().join(d), &mut files);
    }
    files
}

/// Every `verifies:` annotation of the workspace's sources.
pub fn verifiers() -> (Vec<(String, Verifier)>, Vec<String>) {
    let files = sources(&SOURCE_DIRS);
    let (mut all, mut dangling) = (vec![], vec![]);
    for f in files {
        let rel = f
            .strip_prefix(root())
            .unwrap_or(&f)
            .to_string_lossy()
            .replace('\\', "/");
        if rel.ends_with("testbenches/src/trace.rs") {
            continue;
        }
        let (a, d) = scan_source(&rel, &std::fs::read_to_string(&f).unwrap());
        all.extend(a);
        dangling.extend(d);
    }
    (all, dangling)
}

/// `ID -> reason` from the out-of-scope list.
pub fn out_of_scope() -> BTreeMap<String, String> {
    id_list(OUT_OF_SCOPE)
}

/// `ID -> what stands` from the not-met list.
pub fn not_met() -> BTreeMap<String, String> {
    id_list(NOT_MET)
}

/// `- **ID** text` lines of the list at `path` (relative to the root).
fn id_list(path: &str) -> BTreeMap<String, String> {
    let text = std::fs::read_to_string(root().join(path)).unwrap_or_default();
    let mut m = BTreeMap::new();
    for line in text.lines() {
        if let Some(rest) = line.trim_start().strip_prefix("- **") {
            if let Some((id, why)) = rest.split_once("**") {
                m.insert(id.to_string(), why.trim().to_string());
            }
        }
    }
    m
}

/// Everything wrong with the annotations: an ID no list defines (in a test or out of scope),
/// a `verifies:` line with no test after it, a requirement both verified and out of scope.
pub fn problems() -> Vec<String> {
    let (lists, mut errs) = requirements();
    let known: std::collections::BTreeSet<&str> = lists
        .iter()
        .flat_map(|(_, r)| r.iter().map(|r| r.id.as_str()))
        .collect();
    let (found, dangling) = verifiers();
    for (id, v) in &found {
        if !known.contains(id.as_str()) {
            errs.push(format!(
                "{}:{} ({}): {id} is in no requirement list",
                v.file, v.line, v.test
            ));
        }
    }
    errs.extend(
        dangling
            .into_iter()
            .map(|d| format!("{d}: `verifies:` with no test after it")),
    );
    let oos = out_of_scope();
    for id in oos.keys() {
        if !known.contains(id.as_str()) {
            errs.push(format!("{OUT_OF_SCOPE}: {id} is in no requirement list"));
        }
        if found.iter().any(|(f, _)| f == id) {
            errs.push(format!(
                "{OUT_OF_SCOPE}: {id} is out of scope and also verified by a test"
            ));
        }
    }
    for id in not_met().keys() {
        if !known.contains(id.as_str()) {
            errs.push(format!("{NOT_MET}: {id} is in no requirement list"));
        }
        if oos.contains_key(id) {
            errs.push(format!("{NOT_MET}: {id} is also out of scope"));
        }
    }
    errs
}

/// Per device: (device, covered, out of scope, total).
pub fn coverage() -> Vec<(&'static str, usize, usize, usize)> {
    let (lists, _) = requirements();
    let (found, _) = verifiers();
    let oos = out_of_scope();
    lists
        .iter()
        .map(|(s, reqs)| {
            let cov = reqs
                .iter()
                .filter(|r| found.iter().any(|(id, _)| *id == r.id))
                .count();
            let out = reqs.iter().filter(|r| oos.contains_key(&r.id)).count();
            (s.device, cov, out, reqs.len())
        })
        .collect()
}

/// The text of `docs/testplan.md`.
pub fn testplan_markdown() -> String {
    let (lists, _) = requirements();
    let (found, _) = verifiers();
    let oos = out_of_scope();
    let unmet = not_met();
    let mut s = String::from(
        "# Test plan\n\nGenerated by `make testplan` from the requirement lists and the `// verifies:` \
         lines of the tests; do not edit. A requirement is covered when a test names it, out of \
         scope when `docs/requirements/out-of-scope.md` gives a reason, and not met when \
         `docs/requirements/not-met.md` gives the figure that falls short.\n\n\
         | device | requirements | covered | out of scope | not covered | not met |\n|---|---|---|---|---|---|\n",
    );
    for ((dev, cov, out, total), (_, reqs)) in coverage().into_iter().zip(&lists) {
        let n = reqs.iter().filter(|r| unmet.contains_key(&r.id)).count();
        // a requirement not met and not tested is counted as not met only
        let untested = reqs
            .iter()
            .filter(|r| unmet.contains_key(&r.id) && !found.iter().any(|(id, _)| *id == r.id))
            .count();
        s += &format!(
            "| {dev} | {total} | {cov} | {out} | {} | {n} |\n",
            total - cov - out - untested
        );
    }
    for (src, reqs) in &lists {
        s += &format!(
            "\n## {} (`{}`, from `{}`)\n\n| requirement | tests |\n|---|---|\n",
            src.device, src.prefix, src.path
        );
        for r in reqs {
            let mut tests: Vec<&Verifier> = found
                .iter()
                .filter(|(id, _)| *id == r.id)
                .map(|(_, v)| v)
                .collect();
            tests.sort();
            tests.dedup_by(|a, b| a.file == b.file && a.test == b.test);
            let mut cell = if !tests.is_empty() {
                tests
                    .iter()
                    .map(|v| format!("`{}` ({})", v.test, v.file))
                    .collect::<Vec<_>>()
                    .join("<br>")
            } else if let Some(why) = oos.get(&r.id) {
                format!("out of scope: {why}")
            } else {
                "not covered".to_string()
            };
            if let Some(what) = unmet.get(&r.id) {
                cell = format!("**not met**: {what}<br>{cell}");
            }
            s += &format!("| **{}** {} | {} |\n", r.id, r.summary, cell);
        }
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn annotations_attach_to_the_next_function() {
        let src =
            "// verifies: FTNW-L001, FTNW-L002\n#[test]\nfn a_test() {}\n    // verifies: X-1\n";
        let (f, d) = scan_source("t.rs", src);
        assert_eq!(f.len(), 2);
        assert_eq!(
            (f[0].0.as_str(), f[1].1.test.as_str()),
            ("FTNW-L001", "a_test")
        );
        assert_eq!(d, vec!["t.rs:4".to_string()]);
        let r = parse_requirements("- **P-R1** [x] One. Two.\n- **Q-1** other\n", "P-R");
        assert_eq!(
            r,
            vec![Requirement {
                id: "P-R1".into(),
                summary: "[x] One.".into()
            }]
        );
    }
}
