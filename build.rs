//! Links the playground's binary with `--emit-relocs` when it is built to be split (feature
//! `split`, on wasm32): wasm-split-cli (scripts/split-wasm.mjs) needs the relocations to cut the
//! module at each `wasm_split` point. Only there: the browser tests' binaries and perf's
//! baseline pages (scripts/perf.sh) are never split, so they link without the extra sections.

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let split = std::env::var_os("CARGO_FEATURE_SPLIT").is_some();
    let wasm = std::env::var("CARGO_CFG_TARGET_ARCH").is_ok_and(|arch| arch == "wasm32");
    if split && wasm {
        println!("cargo:rustc-link-arg-bin=agent-team-playground=--emit-relocs");
    }
}
