//! Memory on endless valid input, path by path (issue 29, point 2): the binary is fed a game
//! that never ends through a pipe and its peak resident memory is read from `/proc` while it
//! runs. A verdict path holds one line and the game's state, so its peak stays small however
//! much was read; a report that keeps the log stops at `--max-input` with exit status 2.

#![cfg(target_os = "linux")]

use crate::common;

use std::io::Write;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::thread;
use std::time::Duration;

use common::fairplay;

/// Peak memory of a verdict path, whatever it read.
const STREAM_PEAK: u64 = 24 << 20;
/// What a verdict path reads before its peak is taken: well above [`STREAM_PEAK`], so a
/// path that kept the log could not pass.
const STREAM_READ: u64 = 48 << 20;
/// The peak the issue allows any path on endless input.
const ENDLESS_PEAK: u64 = 64 << 20;

/// A count no log reaches, then actions that never end.
const ENDLESS: &[u8] = b"999999999999\n";

/// An honest Quartets cycle for the standard game: cards change hands and are denied,
/// forever (player 2 keeps a card of set 1 that never moves, 1C or 1D).
const QUARTETS_CYCLE: &[u8] = b"1 A 2 1A yes\n1 A 2 1B no\n2 A 1 1A yes\n2 A 1 1B no\n";

/// A legal Sequence cycle by the full rules with cards played without limit: blue and green
/// place on the two 5s squares and remove each other's token with one-eyed Jacks.
fn sequence_cycle(turn: &mut u64, out: &mut Vec<u8>) {
    for (card, action, square, team) in [
        ("5s", 'P', "E1", "blue"),
        ("5s", 'P', "D9", "green"),
        ("Js", 'R', "D9", "blue"),
        ("Jh", 'R', "E1", "green"),
    ] {
        *turn += 1;
        writeln!(out, "{turn} {card} {action} {square} {team}").unwrap();
    }
}

/// The binary running with `args`, fed `head` and then `cycle`'s output forever by a thread
/// (until the binary stops reading), with the bytes written so far.
struct Fed {
    child: Child,
    written: Arc<AtomicU64>,
    writer: thread::JoinHandle<()>,
}

fn feed(args: &[&str], head: &[u8], mut cycle: impl FnMut(&mut Vec<u8>) + Send + 'static) -> Fed {
    let program = fairplay().get_program().to_owned();
    let mut child = Command::new(program)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let written = Arc::new(AtomicU64::new(0));
    let counter = written.clone();
    let head = head.to_vec();
    let writer = thread::spawn(move || {
        if stdin.write_all(&head).is_err() {
            return;
        }
        let mut chunk = Vec::new();
        loop {
            chunk.clear();
            while chunk.len() < 1 << 16 {
                cycle(&mut chunk);
            }
            if stdin.write_all(&chunk).is_err() {
                return;
            }
            counter.fetch_add(chunk.len() as u64, Ordering::Relaxed);
        }
    });
    Fed {
        child,
        written,
        writer,
    }
}

/// The child's peak resident memory so far, in bytes; `None` once it has ended.
fn peak(child: &Child) -> Option<u64> {
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id())).ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    let kib: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kib << 10)
}

/// Feeds a verdict path [`STREAM_READ`] bytes of an endless game: it must still be reading,
/// with its peak under [`STREAM_PEAK`].
fn streams(args: &[&str], head: &[u8], cycle: impl FnMut(&mut Vec<u8>) + Send + 'static) {
    let mut fed = feed(args, head, cycle);
    while fed.written.load(Ordering::Relaxed) < STREAM_READ {
        assert!(
            fed.child.try_wait().unwrap().is_none(),
            "{args:?} ended after {} bytes",
            fed.written.load(Ordering::Relaxed)
        );
        thread::sleep(Duration::from_millis(5));
    }
    let during = peak(&fed.child).unwrap();
    fed.child.kill().unwrap();
    fed.child.wait().unwrap();
    fed.writer.join().unwrap();
    assert!(during < STREAM_PEAK, "{args:?}: peak {during} bytes");
}

/// Feeds a report that keeps the log an endless game: it must stop with exit status 2 and
/// an error naming the limit, its peak (read until it ends) under [`ENDLESS_PEAK`].
fn stops_at_the_limit(
    args: &[&str],
    head: &[u8],
    cycle: impl FnMut(&mut Vec<u8>) + Send + 'static,
) -> String {
    stops_with(args, head, cycle, "the log is longer than")
}

/// Feeds a path that keeps what it found an endless game that makes it find more and more:
/// it must stop with exit status 2 and an error saying `message`, its peak under
/// [`ENDLESS_PEAK`].
fn stops_with(
    args: &[&str],
    head: &[u8],
    cycle: impl FnMut(&mut Vec<u8>) + Send + 'static,
    message: &str,
) -> String {
    let mut fed = feed(args, head, cycle);
    let mut highest = 0;
    while fed.child.try_wait().unwrap().is_none() {
        highest = highest.max(peak(&fed.child).unwrap_or(0));
        thread::sleep(Duration::from_millis(2));
    }
    let output = fed.child.wait_with_output().unwrap();
    fed.writer.join().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {stderr}");
    assert!(stderr.contains(message), "{args:?}: {stderr}");
    assert!(highest < ENDLESS_PEAK, "{args:?}: peak {highest} bytes");
    stderr
}

fn quartets(out: &mut Vec<u8>) {
    out.extend_from_slice(QUARTETS_CYCLE);
}

fn sequence() -> impl FnMut(&mut Vec<u8>) + Send + 'static {
    let mut turn = 0;
    move |out| sequence_cycle(&mut turn, out)
}

#[test]
fn the_verdicts_of_quartets_stream_an_endless_game() {
    let seat = ["--seat", "3", "--hand", "2A,2B,2C,2D,3A,3B,3C,3D"];
    for args in [
        &["quartets"][..],
        &["quartets", "--format", "json"],
        &["quartets", "--exit-code"],
        &[&["quartets"][..], &seat].concat(),
        &[&["quartets", "--format", "json"][..], &seat].concat(),
    ] {
        streams(args, ENDLESS, quartets);
    }
    // Cheating certain at action 3, then the rest only read.
    let cheat = b"999999999999\n1 A 2 1A no\n2 A 1 1A no\n1 A 2 1A yes\n";
    streams(&["quartets"], cheat, quartets);
    streams(&[&["quartets"][..], &seat].concat(), cheat, quartets);
}

/// A deal of the standard game that makes [`QUARTETS_CYCLE`] honest: player 3 holds 1B.
const QUARTETS_DEAL: &str = "player 1: 1C 2A 2B 2C 2D 3A 3B 3C
player 2: 1A 1D 3D 4A 4B 4C 4D 5A
player 3: 1B 5B 5C 5D 6A 6B 6C 6D
player 4: 7A 7B 7C 7D 8A 8B 8C 8D
";

/// A deal that makes every round of [`QUARTETS_CYCLE`] a lie: player 2 holds the 1B it
/// denies.
const QUARTETS_LIED: &str = "player 1: 1C 2A 2B 2C 2D 3A 3B 3C
player 2: 1A 1B 3D 4A 4B 4C 4D 5A
player 3: 1D 5B 5C 5D 6A 6B 6C 6D
player 4: 7A 7B 7C 7D 8A 8B 8C 8D
";

#[test]
fn the_knowledge_and_the_true_deal_of_quartets_stream_an_endless_game() {
    let dir = tempfile::tempdir().unwrap();
    let deal = dir.path().join("deal.txt");
    std::fs::write(&deal, QUARTETS_DEAL).unwrap();
    let deal = deal.to_str().unwrap();
    let seat = ["--seat", "3", "--hand", "2A,2B,2C,2D,3A,3B,3C,3D"];
    for args in [
        &["quartets", "--knowledge", "--at", "5"][..],
        &["quartets", "--knowledge"],
        &["quartets", "--knowledge", "--at", "5", "--format", "json"],
        &[&["quartets", "--knowledge", "--at", "5"][..], &seat].concat(),
        &["quartets", "--true-deal", deal],
        &[
            "quartets",
            "--true-deal",
            deal,
            "--knowledge",
            "--format",
            "json",
        ],
    ] {
        streams(args, ENDLESS, quartets);
    }
    // Cheating certain at action 3: the knowledge just before it is kept, the rest read.
    let cheat = b"999999999999\n1 A 2 1A no\n2 A 1 1A no\n1 A 2 1A yes\n";
    streams(&["quartets", "--knowledge"], cheat, quartets);
    streams(&["quartets", "--true-deal", deal], cheat, quartets);
}

#[test]
fn a_true_deal_that_finds_lies_forever_stops_at_the_input_limit() {
    let dir = tempfile::tempdir().unwrap();
    let lied = dir.path().join("lied.txt");
    std::fs::write(&lied, QUARTETS_LIED).unwrap();
    let args = ["quartets", "--max-input", "2MiB", "--true-deal"];
    let args = [&args[..], &[lied.to_str().unwrap()]].concat();
    let stderr = stops_with(
        &args,
        ENDLESS,
        quartets,
        "the true deal's replay holds more than",
    );
    assert!(stderr.contains("2 MiB"), "{stderr}");
    let lied = dir.path().join("gofish-lied.txt");
    std::fs::write(&lied, GOFISH_LIED).unwrap();
    let args = [&GOFISH[..], &["--max-input", "2MiB", "--true-deal"]].concat();
    let args = [&args[..], &[lied.to_str().unwrap()]].concat();
    let stderr = stops_with(&args, b"", gofish, "the true deal's replay holds more than");
    assert!(stderr.contains("2 MiB"), "{stderr}");
}

/// A Go Fish game of 3 players dealt the whole deck (6 ranks, 8 cards each: no stock), so
/// that a "Go fish" needs no draw.
const GOFISH: [&str; 7] = ["gofish", "--players", "3", "--ranks", "6", "--hand", "8"];

/// An honest round of [`GOFISH`], forever: each player asks the next for a rank they hold
/// and the next has none of.
const GOFISH_CYCLE: &[u8] = b"1 A 2 A fish\n2 A 3 2 fish\n3 A 1 3 fish\n";

/// A deal that makes [`GOFISH_CYCLE`] honest.
const GOFISH_DEAL: &str = "player 1: A A A 2 4 4 5 6
player 2: 2 2 2 3 4 5 5 6
player 3: A 3 3 3 4 5 6 6
stock, from the top: nothing
";

/// A deal that makes every round of [`GOFISH_CYCLE`] two lies: player 2 holds an A and
/// player 3 a 2.
const GOFISH_LIED: &str = "player 1: A A A 2 4 4 5 6
player 2: A 2 2 3 4 5 5 6
player 3: 2 3 3 3 4 5 6 6
stock, from the top: nothing
";

fn gofish(out: &mut Vec<u8>) {
    out.extend_from_slice(GOFISH_CYCLE);
}

#[test]
fn the_verdicts_of_gofish_stream_an_endless_game() {
    let dir = tempfile::tempdir().unwrap();
    let deal = dir.path().join("deal.txt");
    std::fs::write(&deal, GOFISH_DEAL).unwrap();
    let deal = deal.to_str().unwrap();
    for more in [
        &[][..],
        &["--format", "json"],
        &["--knowledge", "--at", "5"],
        &["--knowledge"],
        &["--knowledge", "--at", "5", "--format", "json"],
        &["--true-deal", deal],
        &["--true-deal", deal, "--knowledge", "--format", "json"],
        &["--seat", "1", "--hand-of", "A,A,A,2,4,4,5,6"],
        &[
            "--seat",
            "2",
            "--hand-of",
            "2,2,2,3,4,5,5,6",
            "--format",
            "json",
        ],
    ] {
        streams(&[&GOFISH[..], more].concat(), b"", gofish);
    }
    // Cheating certain at action 2 (player 2 asks for a rank it just said it has none of).
    let cheat = b"1 A 2 A fish\n2 A 3 A fish\n";
    for more in [&["--knowledge"][..], &["--true-deal", deal]] {
        streams(&[&GOFISH[..], more].concat(), cheat, gofish);
    }
}

#[test]
fn the_verdicts_of_sequence_stream_an_endless_game() {
    for args in [
        &["sequence", "--rules", "full", "--card-plays", "unlimited"][..],
        &[
            "sequence",
            "--rules",
            "full",
            "--teams",
            "2",
            "--card-plays",
            "unlimited",
        ],
        // Two plays per card: the game turns illegal, and the rest is only read.
        &["sequence", "--rules", "full"],
        &["sequence"],
        // The JSON document's explanation is built from the referee's state at the end.
        &[
            "sequence",
            "--rules",
            "full",
            "--card-plays",
            "unlimited",
            "--format",
            "json",
        ],
        &["sequence", "--rules", "full", "--format", "json"],
        &["sequence", "--format", "json"],
    ] {
        streams(args, ENDLESS, sequence());
    }
}

#[test]
fn explanations_stop_at_the_input_limit() {
    // The default limit, with every question at once.
    let stderr = stops_at_the_limit(&["quartets", "--explain", "--knowledge"], ENDLESS, quartets);
    assert!(stderr.contains("32 MiB"), "{stderr}");
    let small = ["--max-input", "2MiB"];
    for args in [
        &["quartets", "--explain"][..],
        &["quartets", "--deal"],
        &[
            "quartets",
            "--explain",
            "--seat",
            "3",
            "--hand",
            "2A,2B,2C,2D,3A,3B,3C,3D",
        ],
    ] {
        let stderr = stops_at_the_limit(&[args, &small].concat(), ENDLESS, quartets);
        assert!(stderr.contains("2 MiB"), "{stderr}");
    }
    for args in [
        &["sequence", "--explain"][..],
        &[
            "sequence",
            "--rules",
            "full",
            "--card-plays",
            "unlimited",
            "--explain",
        ],
    ] {
        stops_at_the_limit(&[args, &small].concat(), ENDLESS, sequence());
    }
}

#[test]
fn an_explanation_past_the_limit_is_a_json_error_document() {
    let dir = tempfile::tempdir().unwrap();
    let log = [&b"8000\n"[..], &QUARTETS_CYCLE.repeat(2000)].concat();
    let path = dir.path().join("long.log");
    std::fs::write(&path, &log).unwrap();
    let output = fairplay()
        .args([
            "quartets",
            "--explain",
            "--format",
            "json",
            "--max-input",
            "64KiB",
        ])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let document: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
    assert_eq!(document["error"]["kind"], "log-too-long", "{document}");
    // Under the limit the same log is explained.
    let output = fairplay()
        .args(["quartets", "--explain", "--max-input", "1MiB"])
        .arg(&path)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.starts_with(b"yes\n"));
}

#[test]
fn the_input_limit_is_checked() {
    for (value, expected) in [
        ("0", "from 1 byte"),
        ("1GiB", "expected a number of bytes"),
        ("200MiB", "from 1 byte to 128 MiB"),
        ("lots", "expected a number of bytes"),
    ] {
        let output = fairplay()
            .args(["quartets", "--explain", "--max-input", value])
            .arg("-")
            .output()
            .unwrap();
        assert_eq!(output.status.code(), Some(2), "{value}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains(expected), "{value}: {stderr}");
    }
}

#[test]
fn an_endless_deal_file_is_read_with_a_bound() {
    for game in ["quartets", "gofish"] {
        a_deal_file_of(game);
    }
}

fn a_deal_file_of(game: &str) {
    let mut child = Command::new(fairplay().get_program())
        .args([game, "--true-deal", "/dev/zero", "-"])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut highest = 0;
    while child.try_wait().unwrap().is_none() {
        highest = highest.max(peak(&child).unwrap_or(0));
        thread::sleep(Duration::from_millis(2));
    }
    let output = child.wait_with_output().unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(output.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--true-deal /dev/zero: the file is longer than"),
        "{stderr}"
    );
    assert!(highest < ENDLESS_PEAK, "peak {highest} bytes");
}

/// Runs `fairplay` with `args` to its end, with its peak memory polled from `/proc`.
fn run_polled(args: &[&std::ffi::OsStr]) -> (std::process::Output, u64) {
    let mut child = Command::new(fairplay().get_program())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut highest = 0;
    while child.try_wait().unwrap().is_none() {
        highest = highest.max(peak(&child).unwrap_or(0));
        thread::sleep(Duration::from_millis(2));
    }
    (child.wait_with_output().unwrap(), highest)
}

#[test]
fn batch_tells_a_streamed_logs_game_from_its_first_action_however_far() {
    let dir = tempfile::tempdir().unwrap();
    // Past the 16 MiB a batch reads whole, and past any prefix: 40 MiB of blank lines.
    let blank = b"\n".repeat(20 << 20);
    let spaced = b" \r\n".repeat(7 << 20);
    let fair = [&b"2\n"[..], &blank, &spaced, b"1 A 2 3C no\n2 A 1 3C no\n"].concat();
    std::fs::write(dir.path().join("fair.log"), &fair).unwrap();
    // The same distance before a line of no game, and before a malformed line.
    let lines = 2 + (20 << 20) + (7 << 20);
    let unknown = [&b"2\n"[..], &blank, &spaced, b"hello\n"].concat();
    std::fs::write(dir.path().join("unknown.log"), &unknown).unwrap();
    let late = [
        &b"3\n"[..],
        &blank,
        &spaced,
        b"1 A 2 3C no\n2 A 1 3C no\nbad\n",
    ]
    .concat();
    std::fs::write(dir.path().join("late.log"), &late).unwrap();
    let (output, highest) = run_polled(&[
        "batch".as_ref(),
        "--format".as_ref(),
        "csv".as_ref(),
        dir.path().as_os_str(),
    ]);
    let rows = String::from_utf8(output.stdout).unwrap();
    let row = |name: &str| {
        rows.lines()
            .find(|r| r.contains(name))
            .unwrap_or_else(|| panic!("{name}: {rows}"))
            .to_owned()
    };
    assert!(row("fair.log").contains(",quartets,fair,,,2,"), "{rows}");
    assert!(
        row("unknown.log").contains(&format!(",error,,{lines},,unknown-game,")),
        "{rows}"
    );
    assert!(
        row("late.log").contains(&format!(",quartets,error,,{},", lines + 2)),
        "{rows}"
    );
    assert!(highest < ENDLESS_PEAK, "peak {highest} bytes");
}
