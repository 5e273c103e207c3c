//! `fairplay batch` through the real binary: a directory tree mixing Quartets, Sequence,
//! malformed logs and JSON Lines, in every output format; auto-detection; unreadable files;
//! exit codes.

use crate::common;

use std::path::Path;

use common::{
    csv_record, example, fairplay, json_record, write, BATCH_COLUMNS,
    QUARTETS_SAMPLE1 as QUARTETS_CHEAT, QUARTETS_SAMPLE2 as QUARTETS_HONEST, SEQUENCE_INVALID,
    SEQUENCE_VALID,
};
use predicates::prelude::*;

/// One expected row: the end of its `log` column, then the other columns (`""` when empty),
/// and the start of its detail.
struct Expected {
    log: String,
    game: &'static str,
    verdict: &'static str,
    action: &'static str,
    line: &'static str,
    actions: &'static str,
    kind: &'static str,
    detail: &'static str,
}

/// An expected row; `cells` are game, verdict, action, line, actions, kind and detail.
fn row(log: impl Into<String>, cells: [&'static str; 7]) -> Expected {
    let [game, verdict, action, line, actions, kind, detail] = cells;
    Expected {
        log: log.into(),
        game,
        verdict,
        action,
        line,
        actions,
        kind,
        detail,
    }
}

/// A tree of logs of every kind, and the rows `fairplay batch` must give for it, in order:
/// the walk's order, a JSON Lines file's records where the file is found.
fn fixture() -> (tempfile::TempDir, Vec<Expected>) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "q/cheat.log", QUARTETS_CHEAT);
    write(root, "q/honest.log", QUARTETS_HONEST);
    write(root, "q/rule-error.log", "2\n1 A 2 3C no\n1 A 2 3B no\n");
    write(root, "s/invalid.log", SEQUENCE_INVALID);
    write(root, "s/valid.log", &SEQUENCE_VALID.replace('\n', "\r\n"));
    // Not a log by its name: not judged in a directory (without --type all or a --glob).
    write(root, "junk.txt", "hello world\n");
    write(root, "empty.log", "0\n");
    write(root, ".hidden.log", "not judged\n");
    write(root, "nested/deeper/no-count.log", "1 A 2 3C no\n");
    let records = [
        json_record(Some("r1"), None, QUARTETS_CHEAT),
        json_record(None, None, "1\n1 5s P 5s\n"),
        String::new(),
        "{this is not json".to_string(),
        r#"{"id": 7, "game": "sequence", "log": "2\n1 A 2 3C no\n2 Q 3\n"}"#.to_string(),
        json_record(Some("r6"), Some("chess"), "1\n1 Q 1\n"),
    ];
    write(root, "records.jsonl", &(records.join("\n") + "\n"));
    let jsonl = root.join("records.jsonl").display().to_string();
    let no_deal = "no deal of the cards makes every action so far honest";
    let expected = vec![
        row(
            "empty.log",
            [
                "",
                "error",
                "",
                "",
                "",
                "unknown-game",
                "cannot tell the game: the log has no action line",
            ],
        ),
        row(
            "nested/deeper/no-count.log",
            [
                "quartets",
                "error",
                "",
                "1",
                "",
                "malformed",
                "line 1: expected only the number of actions, found `A`",
            ],
        ),
        row(
            "q/cheat.log",
            ["quartets", "foul", "4", "5", "4", "no-deal", no_deal],
        ),
        row("q/honest.log", ["quartets", "fair", "", "", "6", "", ""]),
        row(
            "q/rule-error.log",
            [
                "quartets",
                "error",
                "2",
                "3",
                "",
                "rule",
                "line 3 (action 2): player 1 acts, but it is player 2's turn",
            ],
        ),
        row(
            "r1",
            ["quartets", "foul", "4", "5", "4", "no-deal", no_deal],
        ),
        row(
            format!("{jsonl}:2"),
            ["sequence", "fair", "", "", "1", "", ""],
        ),
        row(
            format!("{jsonl}:4"),
            [
                "",
                "error",
                "",
                "4",
                "",
                "malformed",
                "line 4: not a JSON Lines log record",
            ],
        ),
        row(
            "7",
            [
                "sequence",
                "error",
                "",
                "2",
                "",
                "malformed",
                "line 2: expected a card",
            ],
        ),
        row(
            "r6",
            [
                "",
                "error",
                "",
                "",
                "",
                "unknown-game",
                "unknown game `chess`",
            ],
        ),
        row(
            "s/invalid.log",
            [
                "sequence",
                "foul",
                "3",
                "4",
                "4",
                "spots-full",
                "both 2s spots are already covered",
            ],
        ),
        row("s/valid.log", ["sequence", "fair", "", "", "5", "", ""]),
    ];
    (dir, expected)
}

/// The parsed columns of one output row.
#[derive(Debug)]
struct Got {
    log: String,
    game: String,
    verdict: String,
    action: String,
    line: String,
    actions: String,
    kind: String,
    detail: String,
}

impl Got {
    /// A row from its eight cells, in column order.
    fn of(cells: [String; 8]) -> Got {
        let [log, game, verdict, action, line, actions, kind, detail] = cells;
        Got {
            log,
            game,
            verdict,
            action,
            line,
            actions,
            kind,
            detail,
        }
    }
}

fn check(got: &[Got], expected: &[Expected]) {
    assert_eq!(got.len(), expected.len(), "{got:#?}");
    for (got, want) in got.iter().zip(expected) {
        assert!(
            got.log.ends_with(&want.log),
            "log {:?} should end with {:?}",
            got.log,
            want.log
        );
        assert_eq!(got.game, want.game, "{got:?}");
        assert_eq!(got.verdict, want.verdict, "{got:?}");
        assert_eq!(got.action, want.action, "{got:?}");
        assert_eq!(got.line, want.line, "{got:?}");
        assert_eq!(got.actions, want.actions, "{got:?}");
        assert_eq!(got.kind, want.kind, "{got:?}");
        if want.detail.is_empty() {
            assert_eq!(got.detail, "", "{got:?}");
        } else {
            assert!(
                got.detail.starts_with(want.detail),
                "detail of {got:?} should start with {:?}",
                want.detail
            );
        }
    }
}

fn check_summary(stderr: &[u8]) {
    let stderr = String::from_utf8_lossy(stderr);
    assert!(
        stderr
            .starts_with("12 logs (5 quartets, 4 sequence, 3 unknown): 3 fair, 3 foul, 6 errors\n"),
        "{stderr}"
    );
    assert!(stderr.contains(" logs/s, "), "{stderr}");
    assert!(stderr.contains(" MB/s ("), "{stderr}");
    // The tree's junk.txt is skipped, and counted on a line of its own.
    assert!(
        stderr.ends_with(
            "\n1 file skipped in the directories for their names (1 *.txt): --glob '*.txt' \
             judges those too, --type all every file\n"
        ),
        "{stderr}"
    );
    assert_eq!(
        stderr.lines().count(),
        3,
        "no progress bar off a terminal: {stderr}"
    );
}

fn run_batch(args: &[&str], dir: &Path) -> (String, Vec<u8>) {
    let output = fairplay()
        .arg("batch")
        .args(args)
        .arg(dir)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    (String::from_utf8(output.stdout).unwrap(), output.stderr)
}

#[test]
fn table_is_the_default() {
    let (dir, expected) = fixture();
    let (stdout, stderr) = run_batch(&[], dir.path());
    let mut lines = stdout.lines();
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(header, BATCH_COLUMNS);
    let dash = |s: &str| {
        if s == "-" {
            String::new()
        } else {
            s.to_string()
        }
    };
    let got: Vec<Got> = lines
        .map(|line| {
            let mut cells = line.split_whitespace();
            let mut next = || dash(cells.next().unwrap());
            let first: [String; 7] = std::array::from_fn(|_| next());
            let detail = dash(&cells.collect::<Vec<_>>().join(" "));
            let [log, game, verdict, action, line, actions, kind] = first;
            Got::of([log, game, verdict, action, line, actions, kind, detail])
        })
        .collect();
    check(&got, &expected);
    check_summary(&stderr);
    // The columns line up: every row starts its word cells where the header starts those
    // columns, and ends its number cells (right-aligned) where the header ends them.
    let header = stdout.lines().next().unwrap();
    let start = |column: &str| header.find(&format!("{column} ")).unwrap();
    let end = |column: &str| start(column) + column.len();
    let or_dash = |cell: &'static str| if cell.is_empty() { "-" } else { cell };
    for (line, want) in stdout.lines().skip(1).zip(&expected) {
        assert!(
            line[start("game")..].starts_with(or_dash(want.game)),
            "{line}"
        );
        assert!(line[start("verdict")..].starts_with(want.verdict), "{line}");
        assert!(
            line[start("kind")..].starts_with(or_dash(want.kind)),
            "{line}"
        );
        for (column, cell) in [
            ("action", want.action),
            ("line", want.line),
            ("actions", want.actions),
        ] {
            assert!(
                line[..end(column)].ends_with(&format!(" {}", or_dash(cell))),
                "{column} in {line}"
            );
        }
    }
}

#[test]
fn csv_rows() {
    let (dir, expected) = fixture();
    let (stdout, stderr) = run_batch(&["--format", "csv"], dir.path());
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some(BATCH_COLUMNS.join(",").as_str()));
    let got: Vec<Got> = lines
        .map(|line| {
            let fields: [String; 8] = csv_record(line)
                .try_into()
                .unwrap_or_else(|f| panic!("8 fields: {f:?} in {line}"));
            Got::of(fields)
        })
        .collect();
    check(&got, &expected);
    check_summary(&stderr);
    // A detail with a comma is quoted.
    assert!(stdout.contains(",\"line 3 (action 2): player 1 acts, but it is player 2's turn\""));
}

#[test]
fn json_lines_rows() {
    let (dir, expected) = fixture();
    let (stdout, stderr) = run_batch(&["--format", "jsonl"], dir.path());
    let text = |v: &serde_json::Value| match v {
        serde_json::Value::Null => String::new(),
        serde_json::Value::String(s) => s.clone(),
        other => other.to_string(),
    };
    let got: Vec<Got> = stdout
        .lines()
        .map(|line| {
            let v: serde_json::Value = serde_json::from_str(line).unwrap();
            let keys: Vec<&str> = v.as_object().unwrap().keys().map(String::as_str).collect();
            // The columns, and the source of every row.
            assert_eq!(keys.len(), BATCH_COLUMNS.len() + 1, "{line}");
            for column in BATCH_COLUMNS.iter().chain(&["source"]) {
                assert!(keys.contains(column), "no {column}: {line}");
            }
            let source = v["source"].as_str().unwrap();
            if v["log"].as_str().unwrap().ends_with(".log") {
                assert_eq!(v["source"], v["log"], "a file is its own source: {line}");
            } else {
                assert!(
                    source.contains("records.jsonl:"),
                    "a record's source is FILE:LINE: {line}"
                );
            }
            for number in ["action", "line", "actions"] {
                assert!(
                    v[number].is_null() || v[number].is_u64(),
                    "numbers are numbers: {line}"
                );
            }
            for word in ["game", "kind", "detail"] {
                assert!(
                    v[word].is_null() || v[word].as_str().is_some_and(|s| !s.is_empty()),
                    "empty is null: {line}"
                );
            }
            Got::of(BATCH_COLUMNS.map(|column| text(&v[column])))
        })
        .collect();
    check(&got, &expected);
    check_summary(&stderr);
}

#[test]
fn files_and_json_lines_given_one_by_one() {
    let (dir, _) = fixture();
    let root = dir.path();
    let output = fairplay()
        .args(["batch", "--format", "csv"])
        .arg(root.join("s/valid.log"))
        .arg(root.join("q/cheat.log"))
        .arg(root.join("records.jsonl"))
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let verdicts: Vec<Vec<String>> = stdout.lines().skip(1).map(csv_record).collect();
    let columns: Vec<(&str, &str, &str)> = verdicts
        .iter()
        .map(|f| (f[1].as_str(), f[2].as_str(), f[6].as_str()))
        .collect();
    assert_eq!(
        columns,
        [
            ("sequence", "fair", ""),
            ("quartets", "foul", "no-deal"),
            ("quartets", "foul", "no-deal"),
            ("sequence", "fair", ""),
            ("", "error", "malformed"),
            ("sequence", "error", "malformed"),
            ("", "error", "unknown-game"),
        ]
    );
}

#[test]
fn json_lines_on_standard_input() {
    let input = [
        json_record(Some("a"), None, QUARTETS_HONEST),
        json_record(Some("b"), Some("sequence"), SEQUENCE_INVALID),
        json_record(Some("c"), Some("auto"), SEQUENCE_VALID),
    ]
    .join("\n");
    fairplay()
        .args(["batch", "--format", "csv", "-"])
        .write_stdin(input)
        .assert()
        .success()
        .stdout(
            "log,game,verdict,action,line,actions,kind,detail\n\
             a,quartets,fair,,,6,,\n\
             b,sequence,foul,3,4,4,spots-full,both 2s spots are already covered\n\
             c,sequence,fair,,,5,,\n",
        )
        .stderr(predicate::str::starts_with(
            "3 logs (1 quartets, 2 sequence): 2 fair, 1 foul, 0 errors\n",
        ));
}

/// A JSON Lines record is judged alike however its JSON is spelt: plain strings (the fast
/// reader), and escapes, other keys and values that only serde_json reads.
#[test]
fn json_lines_records_read_alike_however_spelt() {
    let logs = [
        QUARTETS_HONEST,
        QUARTETS_CHEAT,
        SEQUENCE_VALID,
        SEQUENCE_INVALID,
    ];
    fn json(text: &str) -> String {
        serde_json::Value::from(text).to_string()
    }
    /// Every character as a `\u` escape: decoded by the fast reader too.
    fn escaped(text: &str) -> String {
        let units: String = text.encode_utf16().map(|u| format!("\\u{u:04x}")).collect();
        format!("\"{units}\"")
    }
    let spellings: [fn(usize, &str) -> String; 5] = [
        |i, log| format!(r#"{{"id":"{i}","log":{}}}"#, json(log)),
        |i, log| {
            format!(
                " {{ \"log\" :\t{} ,\r\"game\":null, \"id\" : \"{i}\" }} ",
                json(log)
            )
        },
        |i, log| format!(r#"{{"id":"{i}","log":{}}}"#, escaped(log)),
        |i, log| format!(r#"{{"id":{i},"note":[1,{{}}],"log":{}}}"#, json(log)),
        |i, log| format!(r#"{{"\u0069d":"{i}","lo\u0067":{}}}"#, json(log)),
    ];
    let mut input = String::new();
    for spell in &spellings {
        for (i, log) in logs.iter().enumerate() {
            input += &(spell(i, log) + "\n");
        }
    }
    let output = fairplay()
        .args(["batch", "--format", "csv", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Vec<String>> = stdout.lines().skip(1).map(csv_record).collect();
    assert_eq!(rows.len(), spellings.len() * logs.len(), "{stdout}");
    let verdicts: Vec<&str> = rows[..logs.len()].iter().map(|r| r[2].as_str()).collect();
    assert_eq!(verdicts, ["fair", "foul", "fair", "foul"], "{stdout}");
    for (n, row) in rows.iter().enumerate() {
        assert_eq!(
            row,
            &rows[n % logs.len()],
            "spelling {} of log {}",
            n / logs.len(),
            n % logs.len()
        );
    }
}

/// A log whose only escapes are line breaks is judged as its CR LF twin; when that gives an
/// error, the row is the exact text's (a line exactly as long as `--max-line` is one byte longer
/// in the twin). Each log is written plainly and with every character a `\u` escape (read
/// exactly), and the rows must be the same.
#[test]
fn json_lines_errors_are_those_of_the_exact_text() {
    let padded = format!("1\n1 A 2 3C no{}\n", " ".repeat(40 - 11));
    let logs = [
        padded.as_str(),
        "3\n1 A 2 3C no\n1 B 2\n",
        "2\n1 A 2 3C no\n",
        "1\n1 A 2 3C no\n2 A 1 3D no\n",
        "2\n1 A 2 3C no\n\n2 A 1 3D no",
        "2\n1 5s P 5s\n2 Jd X\n",
    ];
    let mut input = String::new();
    for (i, log) in logs.iter().enumerate() {
        let plain = serde_json::Value::from(*log).to_string();
        let units: String = log.encode_utf16().map(|u| format!("\\u{u:04x}")).collect();
        input += &format!("{{\"id\":\"{i}\",\"log\":{plain}}}\n");
        input += &format!("{{\"id\":\"{i}\",\"log\":\"{units}\"}}\n");
    }
    let output = fairplay()
        .args(["batch", "--format", "csv", "--max-line", "40", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Vec<String>> = stdout.lines().skip(1).map(csv_record).collect();
    assert_eq!(rows.len(), 2 * logs.len(), "{stdout}");
    assert_eq!(
        rows[0][2], "fair",
        "a line of 40 bytes is allowed: {stdout}"
    );
    for pair in rows.chunks(2) {
        assert_eq!(pair[0], pair[1], "{stdout}");
    }
    let kinds: Vec<&str> = rows.iter().step_by(2).map(|r| r[2].as_str()).collect();
    assert_eq!(
        kinds,
        ["fair", "error", "error", "error", "fair", "error"],
        "{stdout}"
    );
}

#[test]
fn game_option_overrides_detection() {
    let (dir, _) = fixture();
    let root = dir.path();
    fairplay()
        .args(["batch", "--format", "csv", "--game", "quartets"])
        .arg(root.join("s/valid.log"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            ",quartets,error,,2,,malformed,\"line 2: expected `A` (ask) or `Q` (lay a set aside), found `5s`\"\n",
        ));
    fairplay()
        .args(["batch", "--format", "csv", "--game", "sequence"])
        .arg(root.join("q/honest.log"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            ",sequence,error,,2,,malformed,\"line 2: expected a card such as `5s`",
        ));
}

#[test]
fn sequence_full_rules_and_quartets_variants() {
    fairplay()
        .args(["batch", "--format", "csv", "--rules", "full"])
        .arg(example("sequence/full-game.log"))
        .arg(example("sequence/full-illegal.log"))
        .arg(example("sequence/three-teams.log"))
        .assert()
        .success()
        .stdout(predicate::str::contains("full-game.log,sequence,fair,,,52,,\n"))
        .stdout(predicate::str::contains(
            "full-illegal.log,sequence,foul,51,52,52,in-sequence,the blue token on B8 is part of a completed sequence and cannot be removed\n",
        ))
        .stdout(predicate::str::contains("three-teams.log,sequence,fair,,,51,,\n"));

    let dir = tempfile::tempdir().unwrap();
    // Three players with sets of three: player 3 exists, set 4 does not.
    write(dir.path(), "small.log", "2\n1 A 3 2C yes\n1 A 2 3A no\n");
    write(dir.path(), "too-big.log", "1\n1 A 2 4A no\n");
    fairplay()
        .args(["batch", "--format", "csv", "--players", "3", "--sets", "3"])
        .args(["--cards-per-set", "3"])
        .arg(dir.path())
        .assert()
        .success()
        .stdout(predicate::str::contains("small.log,quartets,fair,,,2,,\n"))
        .stdout(predicate::str::contains(
            "too-big.log,quartets,error,1,2,,rule,line 2 (action 1): there is no set 4",
        ));
    fairplay()
        .args(["batch", "--players", "3"])
        .arg(dir.path())
        .assert()
        .code(2)
        .stderr(predicate::str::contains("do not split evenly"));
}

#[test]
fn unusable_arguments_exit_2() {
    fairplay().arg("batch").assert().code(2);
    fairplay()
        .args(["batch", "--format", "xml", "."])
        .assert()
        .code(2);
    fairplay()
        .args(["batch", "--teams", "3", "."])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--teams: applies only with --rules full",
        ));
    fairplay()
        .args(["batch", "--glob", "a{b", "."])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with("fairplay: --glob a{b: "));
}

#[test]
fn many_logs_in_parallel_keep_their_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut expected = Vec::new();
    for i in 0..300 {
        let (text, verdict) = match i % 3 {
            0 => (QUARTETS_CHEAT, "foul"),
            1 => (SEQUENCE_VALID, "fair"),
            _ => ("garbage\n", "error"),
        };
        write(dir.path(), &format!("log-{i:03}.log"), text);
        expected.push(format!("log-{i:03}.log,{verdict}"));
    }
    for jobs in ["1", "2", "3"] {
        let output = fairplay()
            .args(["batch", "--format", "csv", "--jobs", jobs])
            .arg(dir.path())
            .output()
            .unwrap();
        assert!(output.status.success());
        let got: Vec<String> = String::from_utf8(output.stdout)
            .unwrap()
            .lines()
            .skip(1)
            .map(|line| {
                let f = csv_record(line);
                let name = Path::new(&f[0])
                    .file_name()
                    .unwrap()
                    .to_string_lossy()
                    .into_owned();
                format!("{name},{}", f[2])
            })
            .collect();
        assert_eq!(got, expected, "--jobs {jobs}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(
            stderr.starts_with("300 logs (100 quartets, 100 sequence, 100 unknown): 100 fair, 100 foul, 100 errors\n"),
            "{stderr}"
        );
        assert!(stderr.contains(&format!("({jobs} threads)")), "{stderr}");
    }
}

/// A file that cannot be read is an `error` row of kind `io`, and the batch goes on. Tests
/// run as root, who reads a file of mode 000 anyway; `/proc/self/mem` fails to read for
/// anyone (`read` at offset 0 is an I/O error), and a link to it is a file for the listing.
#[cfg(target_os = "linux")]
#[test]
fn unreadable_files_are_error_rows_of_kind_io() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "a-fair.log", SEQUENCE_VALID);
    std::os::unix::fs::symlink("/proc/self/mem", root.join("b-unreadable.log")).unwrap();
    std::os::unix::fs::symlink("/proc/self/mem", root.join("c-unreadable.jsonl")).unwrap();
    write(root, "d-foul.log", QUARTETS_CHEAT);
    let unreadable = root.join("b-unreadable.log");
    let output = fairplay()
        .args(["batch", "--format", "jsonl"])
        .arg(root)
        .arg(&unreadable)
        .output()
        .unwrap();
    // The batch goes on, and ends with status 2: some input could not be read.
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let rows: Vec<serde_json::Value> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let summary: Vec<(String, &str, &str)> = rows
        .iter()
        .map(|row| {
            let log = row["log"].as_str().unwrap();
            let name = Path::new(log).file_name().unwrap().to_string_lossy();
            (
                name.into_owned(),
                row["verdict"].as_str().unwrap(),
                row["kind"].as_str().unwrap_or(""),
            )
        })
        .collect();
    let named = |name: &str, verdict, kind| (name.to_string(), verdict, kind);
    assert_eq!(
        summary,
        [
            named("a-fair.log", "fair", ""),
            named("b-unreadable.log", "error", "io"),
            named("c-unreadable.jsonl", "error", "io"),
            named("d-foul.log", "foul", "no-deal"),
            named("b-unreadable.log", "error", "io"),
        ]
    );
    for row in rows.iter().filter(|row| row["kind"] == "io") {
        for empty in ["game", "action", "line", "actions"] {
            assert!(row[empty].is_null(), "{empty} of {row}");
        }
        let detail = row["detail"].as_str().unwrap();
        assert!(detail.starts_with("cannot read: "), "{row}");
        assert!(detail.contains("os error"), "the system's reason: {row}");
    }
    assert_eq!(rows[4]["log"], unreadable.display().to_string());
    // One warning per input that could not be read, in the order of the rows, then the
    // summary and the closing error.
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines.len(), 6, "{stderr}");
    for (line, name) in
        lines[..3]
            .iter()
            .zip(["b-unreadable.log", "c-unreadable.jsonl", "b-unreadable.log"])
    {
        assert!(line.starts_with("fairplay: warning: "), "{stderr}");
        assert!(line.contains(&format!("{name}: cannot read: ")), "{stderr}");
    }
    assert_eq!(
        lines[3],
        "5 logs (1 quartets, 1 sequence, 3 unknown): 1 fair, 1 foul, 3 errors"
    );
    assert_eq!(
        lines[5],
        "fairplay: batch: 3 inputs could not be read (the rows of kind io)"
    );
    // In CSV too, with the columns in place.
    let output = fairplay()
        .args(["batch", "--format", "csv"])
        .arg(&unreadable)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<Vec<String>> = stdout.lines().map(csv_record).collect();
    assert_eq!(lines.len(), 2, "{stdout}");
    assert_eq!(lines[0], BATCH_COLUMNS);
    let empty = String::new();
    assert_eq!(
        lines[1][..7],
        [
            unreadable.display().to_string(),
            empty.clone(),
            "error".to_string(),
            empty.clone(),
            empty.clone(),
            empty,
            "io".to_string(),
        ],
        "{stdout}"
    );
    assert!(lines[1][7].starts_with("cannot read: "), "{stdout}");
}

/// Entries of a tree that are not logs are rows that say why, and the batch goes on: a FIFO,
/// a link to nothing, a link loop, a link to a directory, a tree too deep to search.
#[cfg(unix)]
#[test]
fn special_entries_are_rows_and_the_batch_goes_on() {
    use std::os::unix::fs::symlink;
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "sample1.log", QUARTETS_CHEAT);
    let made = std::process::Command::new("mkfifo")
        .arg(root.join("fifo.log"))
        .status()
        .unwrap();
    assert!(made.success());
    symlink("nowhere", root.join("dangling.log")).unwrap();
    symlink("loop-b.log", root.join("loop-a.log")).unwrap();
    symlink("loop-a.log", root.join("loop-b.log")).unwrap();
    std::fs::create_dir(root.join("deep")).unwrap();
    symlink("deep", root.join("link-to-dir")).unwrap();
    let mut deep = root.join("deep");
    for _ in 0..300 {
        deep.push("d");
    }
    std::fs::create_dir_all(&deep).unwrap();
    write(&deep, "lost.log", QUARTETS_CHEAT);
    let output = fairplay()
        .args(["batch", "--format", "csv"])
        .arg(root)
        .output()
        .unwrap();
    // Every entry not judged is an input not read: the batch ends with status 2.
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Vec<String>> = stdout.lines().skip(1).map(csv_record).collect();
    let detail = |name: &str| {
        rows.iter()
            .find(|row| row[0].ends_with(name))
            .unwrap_or_else(|| panic!("a row for {name}: {stdout}"))
            .clone()
    };
    for (name, why) in [
        (
            "fifo.log",
            "skipped: not a regular file (a FIFO, socket or device)",
        ),
        ("dangling.log", "skipped: a link to nothing"),
        ("loop-a.log", "skipped: a link that cannot be followed"),
        (
            "link-to-dir",
            "skipped: a link to a directory: not followed",
        ),
        ("/d", "more than 256 directories deep: not searched"),
    ] {
        let row = detail(name);
        assert_eq!(
            (row[2].as_str(), row[6].as_str()),
            ("error", "io"),
            "{row:?}"
        );
        assert!(row[7].starts_with(why), "{row:?}");
    }
    assert_eq!(detail("sample1.log")[2], "foul");
    assert!(!stdout.contains("lost.log"));
    // Entries left out by the filters are not rows: a link named as no log is, a directory
    // a `!glob` names is not searched.
    symlink("nowhere", root.join("dangling-note")).unwrap();
    let output = fairplay()
        .args([
            "batch",
            "--format",
            "csv",
            "--glob",
            "!link-to-dir",
            "--glob",
            "!deep/",
        ])
        .args([
            "--glob",
            "!fifo.log",
            "--glob",
            "!loop-*",
            "--glob",
            "!dangling*",
        ])
        .arg(root)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0), "{output:?}");
    let stdout = String::from_utf8(output.stdout).unwrap();
    let logs: Vec<String> = stdout
        .lines()
        .skip(1)
        .map(|line| csv_record(line)[0].clone())
        .collect();
    assert_eq!(logs, [root.join("sample1.log").display().to_string()]);
}
