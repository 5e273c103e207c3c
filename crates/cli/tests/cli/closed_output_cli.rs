//! A closed standard output (`| head -c1`) ends a run quietly, with no summary that counts
//! rows nobody read; a full one (`> /dev/full`) is an error, `--help` and `--version` too.

use std::io::Read;
use std::process::{Command, Stdio};

use crate::common::{json_record, BIN, QUARTETS_SAMPLE2};

#[test]
fn batch_to_a_closed_pipe_ends_quietly() {
    let record = json_record(None, Some("quartets"), QUARTETS_SAMPLE2);
    let records = format!("{record}\n").repeat(20_000);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("logs.jsonl");
    std::fs::write(&file, records).unwrap();
    for format in ["csv", "jsonl", "table"] {
        let mut child = Command::new(BIN)
            .args(["batch", "--format", format])
            .arg(&file)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut stdout = child.stdout.take().unwrap();
        let mut first = [0u8; 1];
        stdout.read_exact(&mut first).unwrap();
        drop(stdout);
        let output = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            matches!(output.status.code(), Some(0) | None),
            "{format}: {:?} {stderr}",
            output.status
        );
        assert!(stderr.is_empty(), "{format}: {stderr}");
    }
}

#[test]
fn help_and_version_to_a_full_disk_fail() {
    if !std::path::Path::new("/dev/full").exists() {
        return;
    }
    for args in [
        &["--help"][..],
        &["--version"],
        &["quartets", "--help"],
        &["-V"],
    ] {
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let output = Command::new(BIN).args(args).stdout(full).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(
            stderr.contains("<stdout>: cannot write"),
            "{args:?}: {stderr}"
        );
    }
    // Written where it can be, they succeed.
    let output = Command::new(BIN).arg("--version").output().unwrap();
    assert!(output.status.success());
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("fairplay "));
}
