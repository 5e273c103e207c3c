//! Bounded time and memory on inputs without end (issue 10, findings 1 and 2): the release
//! or debug binary is fed endless or huge streams through a pipe, and its peak memory is read
//! from `/proc` while it still runs. Each answer must come while the input is still flowing.

#![cfg(target_os = "linux")]

use crate::common;

use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, Command, Stdio};
use std::thread;

use common::{fairplay, json_record, QUARTETS_SAMPLE1};

/// Peak memory the binary may use on any of these inputs.
const PEAK: u64 = 24 << 20;

fn spawn(args: &[&str]) -> Child {
    let program = fairplay().get_program().to_owned();
    Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// The child's peak resident memory so far, in bytes.
fn peak(child: &Child) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    let kib: u64 = line.split_whitespace().nth(1).unwrap().parse().unwrap();
    kib << 10
}

/// Writes `chunk` to the child's standard input forever, until the child stops reading.
fn feed_forever(child: &mut Child, chunk: Vec<u8>) -> thread::JoinHandle<()> {
    let mut stdin = child.stdin.take().unwrap();
    thread::spawn(move || while stdin.write_all(&chunk).is_ok() {})
}

#[test]
fn an_endless_input_that_is_no_log_ends_at_line_1() {
    for game in ["quartets", "sequence"] {
        let mut child = spawn(&[game]);
        let writer = feed_forever(&mut child, b"y\n".repeat(1 << 12));
        let output = child.wait_with_output().unwrap();
        writer.join().unwrap();
        assert_eq!(output.status.code(), Some(2), "{game}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("line 1"), "{game}: {stderr}");
    }
}

#[test]
fn live_mode_skips_an_endless_line_in_bounded_memory() {
    for game in ["quartets", "sequence"] {
        let mut child = spawn(&[game, "--live"]);
        let mut stdin = child.stdin.take().unwrap();
        // 64 MiB without a line break: more than the binary may hold.
        let zeros = vec![b'0'; 1 << 20];
        for _ in 0..64 {
            stdin.write_all(&zeros).unwrap();
        }
        stdin.flush().unwrap();
        let during = peak(&child);
        drop(stdin);
        let output = child.wait_with_output().unwrap();
        assert!(during < PEAK, "{game}: peak {during} bytes");
        let text = String::from_utf8_lossy(&output.stdout).to_string()
            + &String::from_utf8_lossy(&output.stderr);
        assert!(text.contains("longer than 4096 bytes"), "{game}: {text}");
    }
}

#[test]
fn batch_streams_endless_json_lines_in_bounded_memory() {
    let mut child = spawn(&["batch", "--format", "jsonl", "-j", "2", "-"]);
    let record = json_record(None, None, QUARTETS_SAMPLE1) + "\n";
    let writer = feed_forever(&mut child, record.repeat(256).into_bytes());
    let mut rows = BufReader::new(child.stdout.take().unwrap());
    let mut line = String::new();
    // Rows come while the input flows: 3 windows of records and more.
    for _ in 0..15_000 {
        line.clear();
        rows.read_line(&mut line).unwrap();
        assert!(line.contains("\"verdict\":\"foul\""), "{line}");
    }
    let during = peak(&child);
    child.kill().unwrap();
    child.wait().unwrap();
    drop(rows);
    writer.join().unwrap();
    assert!(during < PEAK, "peak {during} bytes");
}

#[test]
fn batch_reports_an_overlong_record_and_reads_on() {
    let mut child = spawn(&["batch", "--format", "csv", "--max-record", "1048576", "-"]);
    let mut stdin = child.stdin.take().unwrap();
    let big = format!("{{\"log\": \"{}\"}}\n", "x".repeat(32 << 20));
    let good = json_record(Some("after"), None, QUARTETS_SAMPLE1) + "\n";
    // The pipe takes all of it only once the binary has read (and skipped) the big record;
    // it then waits for more records, so its memory can be read.
    stdin.write_all(big.as_bytes()).unwrap();
    stdin.write_all(good.as_bytes()).unwrap();
    stdin.flush().unwrap();
    let during = peak(&child);
    drop(stdin);
    let mut out = String::new();
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    assert!(child.wait().unwrap().success());
    assert!(during < PEAK, "peak {during} bytes");
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 3, "{out}");
    assert!(
        rows[1].starts_with("<stdin>:1,,error,,1,,line-too-long,"),
        "{}",
        rows[1]
    );
    assert!(rows[1].contains("--max-record"), "{}", rows[1]);
    assert!(
        rows[2].starts_with("after,quartets,foul,4,5,4,"),
        "{}",
        rows[2]
    );
}

#[test]
fn batch_gives_an_overlong_line_the_error_a_log_alone_gets() {
    let dir = tempfile::tempdir().unwrap();
    let long = format!("2\n1 A 2 3C no{}\n1 A 2 3B no\n", " ".repeat(5000));
    common::write(dir.path(), "long.log", &long);
    let alone = fairplay()
        .arg("quartets")
        .arg(dir.path().join("long.log"))
        .output()
        .unwrap();
    let alone = String::from_utf8(alone.stderr).unwrap();
    assert!(alone.contains("line 2"), "{alone}");
    let batch = fairplay()
        .args(["batch", "--format", "csv"])
        .arg(dir.path())
        .output()
        .unwrap();
    let batch = String::from_utf8(batch.stdout).unwrap();
    let row = batch.lines().nth(1).unwrap();
    assert!(row.contains(",error,,2,,line-too-long,"), "{row}");
    // A longer limit lets the line through, as it does for the log alone.
    let batch = fairplay()
        .args(["batch", "--format", "csv", "--max-line", "8192"])
        .arg(dir.path())
        .output()
        .unwrap();
    let batch = String::from_utf8(batch.stdout).unwrap();
    assert!(
        batch.lines().nth(1).unwrap().contains(",error,2,3,,rule,"),
        "{batch}"
    );
}
