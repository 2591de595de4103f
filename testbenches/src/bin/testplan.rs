//! `make testplan`: write docs/testplan.md from the requirement lists and the tests'
//! `// verifies:` lines, print covered / total per device, fail on a broken annotation.
use nicgen_testbenches::trace;

fn main() -> anyhow::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/testplan.md".into());
    let problems = trace::problems();
    for p in &problems {
        eprintln!("testplan: {p}");
    }
    std::fs::write(&out, trace::testplan_markdown())?;
    for (dev, cov, oos, total) in trace::coverage() {
        println!("  {dev:<10} {cov:>4} covered, {oos:>3} out of scope, of {total:>4}");
    }
    eprintln!("wrote {out}");
    anyhow::ensure!(
        problems.is_empty(),
        "{} annotation problem(s)",
        problems.len()
    );
    Ok(())
}
