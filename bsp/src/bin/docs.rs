//! `make docs`: write the register documentation from the wire/register crate.
fn main() -> anyhow::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/registers.md".into());
    std::fs::write(&out, nicgen_bsp::registers_markdown())?;
    eprintln!("wrote {out}");
    Ok(())
}
