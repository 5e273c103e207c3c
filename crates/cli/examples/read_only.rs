//! The floor of `fairplay batch` over a directory: walk it as the batch does (sorted, hidden
//! names skipped) and read every file whole, judging nothing, on one thread. Compare with
//! `fairplay batch -j1` on the same tree (docs/performance.md):
//!
//! ```sh
//! cargo build --release --example read_only
//! hyperfine -N "target/release/examples/read_only DIR" "target/release/fairplay batch -j1 --no-progress --format csv DIR"
//! ```

use std::io::Read;

fn main() {
    let Some(dir) = std::env::args_os().nth(1) else {
        eprintln!("usage: read_only DIR");
        std::process::exit(2);
    };
    let (mut files, mut bytes) = (0u64, 0u64);
    let mut buffer = Vec::new();
    let walk = walkdir::WalkDir::new(dir)
        // As the batch sorts: by path, which is by name within one directory.
        .sort_by(|a, b| a.path().as_os_str().cmp(b.path().as_os_str()))
        .into_iter()
        .filter_entry(|e| e.depth() == 0 || !e.file_name().as_encoded_bytes().starts_with(b"."));
    for entry in walk.filter_map(Result::ok) {
        if !entry.file_type().is_file() {
            continue;
        }
        buffer.clear();
        // The system calls the batch makes: open, reads until the end, close (no fstat).
        if let Ok(file) = std::fs::File::open(entry.path()) {
            buffer.reserve(16 << 10);
            if file.take(16 << 20).read_to_end(&mut buffer).is_ok() {
                files += 1;
                bytes += buffer.len() as u64;
            }
        }
    }
    println!("{files} files, {bytes} bytes");
}
