//! `make docs`: write the register documentation and the C headers from the wire/register
//! crate (`docs/registers.md`, `include/<map>_regs.h`), and the list of tops from their
//! registry (`docs/tops.md`).
fn main() -> anyhow::Result<()> {
    let out = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "docs/registers.md".into());
    std::fs::write(&out, nicgen_bsp::registers_markdown())?;
    eprintln!("wrote {out}");
    std::fs::write("docs/tops.md", nicgen_bsp::tops_markdown())?;
    eprintln!("wrote docs/tops.md");
    std::fs::create_dir_all("include")?;
    for (path, text) in nicgen_bsp::c_headers() {
        std::fs::write(&path, text)?;
        eprintln!("wrote {path}");
    }
    Ok(())
}
