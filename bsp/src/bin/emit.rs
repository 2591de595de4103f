//! `make verilog`: emit every top and the manifest. Usage: emit [OUT_DIR] (default build/verilog).
fn main() -> anyhow::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "build/verilog".into());
    let tops = nicgen_bsp::tops::tops();
    eprintln!("emitting {} tops into {dir}", tops.len());
    nicgen_bsp::emit::emit_all(&tops, std::path::Path::new(&dir))?;
    Ok(())
}
