//! `make verilog`: emit every top and the manifest. Usage: emit [OUT_DIR] (default build/verilog).
fn main() -> anyhow::Result<()> {
    // rust-hdl's code generation recurses as deep as the design (`ftnw_nwp`: the node inside the
    // IOC's top): a thread with the stack the tests get (RUST_MIN_STACK in .cargo/config.toml),
    // not the main thread's 8 MB
    std::thread::Builder::new()
        .stack_size(256 << 20)
        .spawn(run)?
        .join()
        .map_err(|_| anyhow::anyhow!("emit panicked"))?
}

fn run() -> anyhow::Result<()> {
    let dir = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "build/verilog".into());
    let tops = nicgen_bsp::tops::tops();
    eprintln!("emitting {} tops into {dir}", tops.len());
    nicgen_bsp::emit::emit_all(&tops, std::path::Path::new(&dir))?;
    Ok(())
}
