//! `fairplay quartets --live` and `fairplay sequence --live` through the real binary: through
//! pipes (whole input at once, and one line at a time) and through a pseudo-terminal, where
//! the answer to each line must come before the next line is typed.

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::process::{Command as StdCommand, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use common::{fairplay, BIN};
use expectrl::{ControlCode, Eof, Expect, Session};

/// The spec's first sample played live, with a typo, an out-of-turn action and an action
/// after cheating became certain; and what the referee answers to each line.
const QUARTETS_SESSION: [(&str, &str); 7] = [
    ("4", "count line skipped"),
    ("1 A 2 3C no", "1: honest game still possible"),
    ("2 A 3 3A yes", "2: honest game still possible"),
    (
        "2 A 4 3D yess",
        "error: line 4: expected `yes` or `no`, found `yess` (line ignored)",
    ),
    ("2 A 4 3D yes", "3: honest game still possible"),
    (
        "2 A 1 3C no",
        "4: CHEATING CERTAIN: no deal of the cards makes every action so far honest",
    ),
    (
        "1 A 3 3B no",
        "5: (cheating already certain since action 4)",
    ),
];
const QUARTETS_END: &str = "end: 5 actions, cheating certain since action 4, 1 line ignored";

const SEQUENCE_SESSION: [(&str, &str); 6] = [
    ("1 2s P 2s", "turn 1: legal"),
    ("2 Jd P 2s", "turn 2: legal"),
    ("3 2s P 2s", "turn 3: ILLEGAL: both 2s spots are already covered"),
    (
        "4 2s P",
        "error: line 4: expected a spot: the card it shows (`5s`), its square (`B7`, columns A-J, rows 1-10) or both (`5s@B7`), found the end of the line (line ignored)",
    ),
    ("4 Jh R 2s", "turn 4: legal"),
    ("5 2s P 2s", "turn 5: legal"),
];
const SEQUENCE_END: &str = "end: 5 moves, first illegal move at turn 3, 1 line ignored";

fn transcript(session: &[(&str, &str)], end: &str) -> (String, String) {
    let input: String = session
        .iter()
        .map(|(line, _)| format!("{line}\n"))
        .collect();
    let mut output: String = session
        .iter()
        .map(|(_, answer)| format!("{answer}\n"))
        .collect();
    output.push_str(end);
    output.push('\n');
    (input, output)
}

#[test]
fn quartets_live_through_a_pipe() {
    let (input, output) = transcript(&QUARTETS_SESSION, QUARTETS_END);
    fairplay()
        .args(["quartets", "--live"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(output)
        .stderr("");
}

#[test]
fn quartets_live_rule_errors_and_variants() {
    // Out of turn, asking oneself, an unknown card: each is reported and ignored, and the
    // game goes on from where it was. No count line, no final line break.
    fairplay()
        .args(["quartets", "--live"])
        .write_stdin("1 A 2 3C no\n1 A 2 3B no\n2 A 2 3B no\n2 A 1 9A no\n\n2 A 1 3B yes")
        .assert()
        .success()
        .stdout(
            "1: honest game still possible\n\
             error: line 2: player 1 acts, but it is player 2's turn (line ignored)\n\
             error: line 3: player 2 asks themselves (line ignored)\n\
             error: line 4: there is no set 9: sets are numbered 1 to 8 (line ignored)\n\
             2: honest game still possible\n\
             end: 2 actions, honest game possible, 3 lines ignored\n",
        );
    // Variant options apply: with 3 players of 3 sets of 3 cards, player 4 does not exist.
    let output = fairplay()
        .args(["quartets", "--live", "--players", "3", "--sets", "3"])
        .args(["--cards-per-set", "3"])
        .write_stdin("1 A 4 1A no\n1 A 3 1A yes\n")
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(
        lines,
        [
            "error: line 1: there is no player 4: players are numbered 1 to 3 (line ignored)",
            "1: honest game still possible",
            "end: 1 action, honest game possible, 1 line ignored",
        ]
    );
}

#[test]
fn quartets_live_reads_a_file_too() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("game.log");
    let (input, output) = transcript(&QUARTETS_SESSION, QUARTETS_END);
    std::fs::write(&path, input).unwrap();
    fairplay()
        .args(["quartets", "--live"])
        .arg(&path)
        .assert()
        .success()
        .stdout(output);
    fairplay()
        .args(["quartets", "--live", "/no/such/game.log"])
        .assert()
        .code(2)
        .stderr(predicates::str::starts_with(
            "fairplay: /no/such/game.log: cannot read: ",
        ));
}

/// `--live --format json` answers an input it cannot open with JSON too: one `error` event (an
/// `io` error on no line) on standard output, nothing on standard error, exit status 2; for a
/// missing file and a directory, in every game.
#[test]
fn live_json_of_an_input_that_cannot_be_read() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("game.log");
    for game in ["quartets", "sequence", "gofish"] {
        for path in [&missing, &dir.path().to_path_buf()] {
            let out = fairplay()
                .args([game, "--live", "--format", "json"])
                .arg(path)
                .output()
                .unwrap();
            assert_eq!(out.status.code(), Some(2), "{game} {path:?}");
            assert!(
                out.stderr.is_empty(),
                "{}",
                String::from_utf8_lossy(&out.stderr)
            );
            let text = String::from_utf8(out.stdout).unwrap();
            assert_eq!(text.lines().count(), 1, "{text}");
            let event: serde_json::Value = serde_json::from_str(&text).unwrap();
            assert_eq!(event["event"], "error", "{text}");
            assert_eq!(event["error"]["kind"], "io", "{text}");
            assert_eq!(event["error"]["line"], 0, "{text}");
            assert_eq!(event["error"]["action"], serde_json::Value::Null, "{text}");
            let message = event["error"]["message"].as_str().unwrap();
            assert!(message.contains(&path.display().to_string()), "{message}");
        }
    }
}

#[test]
fn sequence_live_through_a_pipe() {
    let (input, output) = transcript(&SEQUENCE_SESSION, SEQUENCE_END);
    fairplay()
        .args(["sequence", "--live"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(output);
}

#[test]
fn sequence_live_full_rules() {
    fairplay()
        .args(["sequence", "--live", "--rules", "full"])
        .write_stdin(
            "1 5s P 5s@E1 blue\n2 7h P H6 blue\n2 Jh R E1 green\n3 5s P D9\n4 5s P E1 green\n",
        )
        .assert()
        .success()
        .stdout(
            "turn 1: legal\n\
             turn 2: ILLEGAL: blue moves, but it is green's turn\n\
             error: line 3: expected a turn number above 2 (turns increase), found `2` (line ignored)\n\
             turn 3: legal\n\
             turn 4: ILLEGAL: green moves, but it is blue's turn\n\
             end: 4 moves, first illegal move at turn 2, 1 line ignored\n",
        );
    // Three teams must be said: live mode cannot read ahead for `red`.
    fairplay()
        .args(["sequence", "--live", "--rules", "full"])
        .write_stdin("1 5s P E1 red\n")
        .assert()
        .success()
        .stdout(
            "error: line 1: there is no team red in a 2-team game (blue, green) (line ignored)\n\
             end: 0 moves, all legal, 1 line ignored\n",
        );
    fairplay()
        .args(["sequence", "--live", "--rules", "full", "--teams", "3"])
        .write_stdin("1 5s P E1 blue\n2 6s P F1 green\n3 7s P G1 red\n")
        .assert()
        .success()
        .stdout("turn 1: legal\nturn 2: legal\nturn 3: legal\nend: 3 moves, all legal\n");
}

/// `line` padded with spaces to `len` bytes.
fn padded(line: &str, len: usize) -> String {
    format!("{line:<len$}")
}

/// A line longer than 4096 bytes is reported and ignored, and the session goes on; a line of
/// exactly 4096 bytes is judged. Even a line of a megabyte is only skipped.
#[test]
fn overlong_lines_are_ignored_and_the_session_goes_on() {
    let input = [
        "1 A 2 3C no".to_string(),
        padded("2 A 3 3A yes", 4096),
        "x".repeat(1 << 20),
        padded("2 A 3 3B yes", 4097),
        "2 A 4 3D yes".to_string(),
    ]
    .map(|line| line + "\n")
    .concat();
    fairplay()
        .args(["quartets", "--live"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(
            "1: honest game still possible\n\
             2: honest game still possible\n\
             error: line 3: the line is longer than 4096 bytes (line ignored)\n\
             error: line 4: the line is longer than 4096 bytes (line ignored)\n\
             3: honest game still possible\n\
             end: 3 actions, honest game possible, 2 lines ignored\n",
        )
        .stderr("");

    let input = [
        "1 2s P 2s".to_string(),
        padded("2 Jd P 2s", 4097),
        "2 Jd P 2s".to_string(),
        padded("3 2s P 2s", 4096),
    ]
    .map(|line| line + "\n")
    .concat();
    fairplay()
        .args(["sequence", "--live"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(
            "turn 1: legal\n\
             error: line 2: the line is longer than 4096 bytes (line ignored)\n\
             turn 2: legal\n\
             turn 3: ILLEGAL: both 2s spots are already covered\n\
             end: 3 moves, first illegal move at turn 3, 1 line ignored\n",
        )
        .stderr("");
}

/// Through pipes, one line at a time: the answer to each line arrives before the next line
/// is written (the output is flushed after every line, not only at the end).
#[test]
fn each_answer_comes_before_the_next_line_through_pipes() {
    let mut child = StdCommand::new(BIN)
        .args(["quartets", "--live"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    let stdout = child.stdout.take().unwrap();
    let (sender, answers) = mpsc::channel();
    let reader = thread::spawn(move || {
        for line in BufReader::new(stdout).lines() {
            if sender.send(line.unwrap()).is_err() {
                break;
            }
        }
    });
    for (line, answer) in QUARTETS_SESSION {
        writeln!(stdin, "{line}").unwrap();
        stdin.flush().unwrap();
        let got = answers
            .recv_timeout(Duration::from_secs(10))
            .unwrap_or_else(|_| panic!("no answer to `{line}` before the next line"));
        assert_eq!(got, answer);
    }
    drop(stdin);
    assert_eq!(
        answers.recv_timeout(Duration::from_secs(10)).unwrap(),
        QUARTETS_END
    );
    assert!(child.wait().unwrap().success());
    reader.join().unwrap();
}

/// `fairplay ARGS` in a pseudo-terminal, without colour (the answers are compared as text).
fn spawn_in_terminal(args: &[&str]) -> expectrl::session::OsSession {
    let mut command = StdCommand::new(BIN);
    command.args(args).env("NO_COLOR", "1");
    let mut session = Session::spawn(command).expect("spawn fairplay in a pseudo-terminal");
    session.set_expect_timeout(Some(Duration::from_secs(10)));
    session
}

/// Typed at a terminal: each answer appears before the next line is typed, and the end of
/// input (Ctrl-D) gives the summary.
#[test]
fn quartets_live_in_a_terminal() {
    let mut session = spawn_in_terminal(&["quartets", "--live"]);
    for (line, answer) in QUARTETS_SESSION {
        session.send_line(line).unwrap();
        session
            .expect(format!("{answer}\r\n"))
            .unwrap_or_else(|e| panic!("no `{answer}` after typing `{line}`: {e}"));
    }
    session.send(ControlCode::EndOfTransmission).unwrap();
    session.expect(format!("{QUARTETS_END}\r\n")).unwrap();
    session.expect(Eof).unwrap();
}

#[test]
fn sequence_live_in_a_terminal() {
    let mut session = spawn_in_terminal(&["sequence", "--live"]);
    for (line, answer) in SEQUENCE_SESSION {
        session.send_line(line).unwrap();
        session
            .expect(format!("{answer}\r\n"))
            .unwrap_or_else(|e| panic!("no `{answer}` after typing `{line}`: {e}"));
    }
    session.send(ControlCode::EndOfTransmission).unwrap();
    session.expect(format!("{SEQUENCE_END}\r\n")).unwrap();
    session.expect(Eof).unwrap();
}

/// At a terminal that supports colour, the session starts with a hint of what to type, and
/// the verdict words are coloured; `--color never` and `NO_COLOR` take the colour away.
#[test]
fn a_terminal_gets_a_hint_and_colour() {
    let mut command = StdCommand::new(BIN);
    command
        .args(["quartets", "--live"])
        .env_remove("NO_COLOR")
        .env_remove("CLICOLOR_FORCE")
        .env("TERM", "xterm-256color");
    let mut session = Session::spawn(command).expect("spawn fairplay in a pseudo-terminal");
    session.set_expect_timeout(Some(Duration::from_secs(10)));
    session
        .expect("type one action per line (such as `1 A 2 3C no`, `1 Q 3`); Ctrl-D ends it")
        .unwrap();
    session.send_line("1 A 2 3C no").unwrap();
    session
        .expect("1: \x1b[32mhonest game still possible\x1b[0m\r\n")
        .unwrap();
    session.send_line("2 A 1 3C yess").unwrap();
    session.expect("\x1b[1;31merror:\x1b[0m line 2: ").unwrap();
    session.send(ControlCode::EndOfTransmission).unwrap();
    session.expect(Eof).unwrap();

    for (flag, env) in [(Some("--color=never"), None), (None, Some("NO_COLOR"))] {
        let mut command = StdCommand::new(BIN);
        command
            .args(["quartets", "--live"])
            .args(flag)
            .env("TERM", "xterm-256color");
        command.env_remove("NO_COLOR");
        if let Some(env) = env {
            command.env(env, "1");
        }
        let mut session = Session::spawn(command).expect("spawn fairplay in a pseudo-terminal");
        session.set_expect_timeout(Some(Duration::from_secs(10)));
        session.send_line("1 A 2 3C no").unwrap();
        session.expect("1: honest game still possible\r\n").unwrap();
        session.send(ControlCode::EndOfTransmission).unwrap();
        session.expect(Eof).unwrap();
    }
}

/// A whole log typed at a terminal: the hint says how, and the verdict comes after Ctrl-D.
#[test]
fn a_log_typed_at_a_terminal_gets_a_hint() {
    let mut session = spawn_in_terminal(&["quartets"]);
    session
        .expect("reading a Quartets log from the terminal: type the number of actions")
        .unwrap();
    session.send_line("1").unwrap();
    session.send_line("1 A 2 3C no").unwrap();
    session.send(ControlCode::EndOfTransmission).unwrap();
    session.expect("yes\r\n").unwrap();
    session.expect(Eof).unwrap();
}
