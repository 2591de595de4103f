//! `make verilog`: emit every top and the manifest, and the register maps as SystemRDL
//! (`<OUT_DIR>/../rdl/<map>.rdl`). Usage: emit [OUT_DIR [TOP...]] (default
//! build/verilog, every top); naming tops emits those alone (and a manifest of them), for a
//! quick synthesis of one block while working on its timing.
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
    let mut args = std::env::args().skip(1);
    let dir = args.next().unwrap_or_else(|| "build/verilog".into());
    let want: Vec<String> = args.collect();
    let tops = nicgen_bsp::tops::named(&want).map_err(|e| anyhow::anyhow!("emit: {e}"))?;
    eprintln!("emitting {} tops into {dir}", tops.len());
    let dir = std::path::Path::new(&dir);
    nicgen_bsp::emit::emit_all(&tops, dir)?;
    // the register description as SystemRDL, beside the Verilog (build/rdl)
    let rdl = dir.parent().unwrap_or(dir).join("rdl");
    std::fs::create_dir_all(&rdl)?;
    for (name, text) in nicgen_bsp::rdl::rdl_files() {
        std::fs::write(rdl.join(name), text)?;
    }
    Ok(())
}
