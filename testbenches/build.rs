//! Generates the register files of the scratch maps (`src/scratch_maps.rs`) the way
//! `hdl/build.rs` generates the project's, for the field-moving test (`tests/regfile.rs`).
#[allow(dead_code)]
mod scratch_maps {
    include!("src/scratch_maps.rs");
}

fn main() {
    let mut s = String::new();
    for (map, path) in [
        (&scratch_maps::a::MAP, "crate::scratch_maps::a::MAP"),
        (&scratch_maps::b::MAP, "crate::scratch_maps::b::MAP"),
    ] {
        s += &nicgen_wire::regfile_gen::regfile_source_at(map, path);
    }
    let out = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("scratch_regfiles.rs");
    std::fs::write(out, s).unwrap();
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=src/scratch_maps.rs");
}
