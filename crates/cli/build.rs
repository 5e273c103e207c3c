//! Link options of the `fairplay` binary alone (docs/packaging.md, "Link options").
//!
//! On Linux with the GNU C library the binary is linked as a position-dependent executable
//! (`-no-pie`): a position-independent one makes the dynamic linker apply about 5 600 relative
//! relocations at every start, more instructions than judging a short log takes (issue 31,
//! point 1: 627 K instructions for a whole run on a 6-action log, 558 K without them;
//! docs/performance.md). What is given up: the binary's own code and data are loaded at a
//! fixed address instead of a random one; the C library, stack, heap and memory maps stay
//! randomised, and full RELRO (`-z relro -z now`) is kept. `FAIRPLAY_PIE=1` at build time
//! keeps the default position-independent executable, for packagers who want it.
//!
//! `cargo:rustc-link-arg-bins` reaches the binary's link alone: the libraries, the derive
//! macros and the Python module are built as before (a global `RUSTFLAGS` would reach them).

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=FAIRPLAY_PIE");
    let var = |name: &str| std::env::var(name).unwrap_or_default();
    let gnu_linux = var("CARGO_CFG_TARGET_OS") == "linux" && var("CARGO_CFG_TARGET_ENV") == "gnu";
    // A static build (`+crt-static`) is linked as a static PIE by rustc; left as it is.
    let static_crt = var("CARGO_CFG_TARGET_FEATURE")
        .split(',')
        .any(|feature| feature == "crt-static");
    if gnu_linux && !static_crt && var("FAIRPLAY_PIE") != "1" {
        println!("cargo:rustc-link-arg-bins=-no-pie");
    }
}
