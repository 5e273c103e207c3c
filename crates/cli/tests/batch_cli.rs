//! `fairplay batch` through the real binary: a directory tree mixing Quartets, Sequence,
//! malformed logs and JSON Lines, in every output format; auto-detection; exit codes.

use std::path::Path;

use assert_cmd::Command;
use predicates::prelude::*;

fn fairplay() -> Command {
    Command::cargo_bin("fairplay").unwrap()
}

const QUARTETS_CHEAT: &str = "4\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n";
const QUARTETS_HONEST: &str =
    "6\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3B no\n1 A 4 5B yes\n1 Q 5\n";
const SEQUENCE_VALID: &str = "5\n1 5s P 5s\n2 7h P 7h\n3 5s P 5s\n4 Jh R 5s\n5 Jd P 5s\n";
const SEQUENCE_INVALID: &str = "4\n1 2s P 2s\n2 Jd P 2s\n3 2s P 2s\n4 Jc P 3s\n";

/// One expected row: the end of its `log` column, then the other columns (`""` when empty),
/// and a piece of its detail.
struct Expected {
    log: String,
    game: &'static str,
    verdict: &'static str,
    action: &'static str,
    actions: &'static str,
    detail: &'static str,
}

fn row(
    log: impl Into<String>,
    game: &'static str,
    verdict: &'static str,
    action: &'static str,
    actions: &'static str,
    detail: &'static str,
) -> Expected {
    Expected {
        log: log.into(),
        game,
        verdict,
        action,
        actions,
        detail,
    }
}

fn write(root: &Path, name: &str, text: &str) {
    let path = root.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, text).unwrap();
}

fn json_record(id: Option<&str>, game: Option<&str>, log: &str) -> String {
    let mut record = serde_json::Map::new();
    if let Some(id) = id {
        record.insert("id".into(), id.into());
    }
    if let Some(game) = game {
        record.insert("game".into(), game.into());
    }
    record.insert("log".into(), log.into());
    serde_json::Value::Object(record).to_string()
}

/// A tree of logs of every kind, and the rows `fairplay batch` must give for it, in order.
fn fixture() -> (tempfile::TempDir, Vec<Expected>) {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "q/cheat.log", QUARTETS_CHEAT);
    write(root, "q/honest.log", QUARTETS_HONEST);
    write(root, "q/rule-error.log", "2\n1 A 2 3C no\n1 A 2 3B no\n");
    write(root, "s/invalid.log", SEQUENCE_INVALID);
    write(root, "s/valid.log", &SEQUENCE_VALID.replace('\n', "\r\n"));
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
    let expected = vec![
        row(
            "empty.log",
            "unknown",
            "malformed",
            "",
            "",
            "no action line",
        ),
        row(
            "junk.txt",
            "unknown",
            "malformed",
            "",
            "",
            "line 1: cannot tell the game: `hello world`",
        ),
        row(
            "nested/deeper/no-count.log",
            "quartets",
            "malformed",
            "",
            "",
            "line 1: expected only the number of actions, found `A`",
        ),
        row(
            "q/cheat.log",
            "quartets",
            "cheating",
            "4",
            "4",
            "no deal of the cards makes every action so far honest",
        ),
        row("q/honest.log", "quartets", "honest", "", "6", ""),
        row(
            "q/rule-error.log",
            "quartets",
            "malformed",
            "",
            "",
            "line 3 (action 2): player 1 acts, but it is player 2's turn",
        ),
        row(
            "s/invalid.log",
            "sequence",
            "cheating",
            "3",
            "4",
            "both 2s spots are already covered",
        ),
        row("s/valid.log", "sequence", "honest", "", "5", ""),
        row(
            "r1",
            "quartets",
            "cheating",
            "4",
            "4",
            "no deal of the cards",
        ),
        row(format!("{jsonl}:2"), "sequence", "honest", "", "1", ""),
        row(
            format!("{jsonl}:4"),
            "unknown",
            "malformed",
            "",
            "",
            "not a JSON Lines log record",
        ),
        row(
            "7",
            "sequence",
            "malformed",
            "",
            "",
            "line 2: expected a card",
        ),
        row("r6", "unknown", "malformed", "", "", "unknown game `chess`"),
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
    actions: String,
    detail: String,
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
        assert_eq!(got.actions, want.actions, "{got:?}");
        if want.detail.is_empty() {
            assert_eq!(got.detail, "", "{got:?}");
        } else {
            assert!(
                got.detail.contains(want.detail),
                "detail of {got:?} should contain {:?}",
                want.detail
            );
        }
    }
}

fn check_summary(stderr: &[u8]) {
    let stderr = String::from_utf8_lossy(stderr);
    assert!(
        stderr.starts_with(
            "13 logs (5 quartets, 4 sequence, 4 unknown): 3 honest, 3 with cheating, 7 malformed\n"
        ),
        "{stderr}"
    );
    assert!(stderr.contains(" logs/s, "), "{stderr}");
    assert!(stderr.contains(" MB/s ("), "{stderr}");
    assert_eq!(
        stderr.lines().count(),
        2,
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
    assert_eq!(
        header,
        ["log", "game", "verdict", "action", "actions", "detail"]
    );
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
            let mut next = || cells.next().unwrap().to_string();
            let (log, game, verdict, action, actions) = (next(), next(), next(), next(), next());
            let detail = cells.collect::<Vec<_>>().join(" ");
            Got {
                log,
                game,
                verdict,
                action: dash(&action),
                actions: dash(&actions),
                detail: dash(&detail),
            }
        })
        .collect();
    check(&got, &expected);
    check_summary(&stderr);
    // The columns line up: every row starts its `game` and `verdict` cells where the header
    // starts those columns.
    let header = stdout.lines().next().unwrap();
    let (game_at, verdict_at) = (
        header.find("game").unwrap(),
        header.find("verdict").unwrap(),
    );
    for (line, want) in stdout.lines().skip(1).zip(&expected) {
        assert!(line[game_at..].starts_with(want.game), "{line}");
        assert!(line[verdict_at..].starts_with(want.verdict), "{line}");
    }
}

/// Splits one CSV record (RFC 4180 quoting, no line breaks inside fields here).
fn csv_record(line: &str) -> Vec<String> {
    let mut fields = vec![String::new()];
    let mut quoted = false;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                chars.next();
                fields.last_mut().unwrap().push('"');
            }
            ('"', _) => quoted = !quoted,
            (',', false) => fields.push(String::new()),
            (c, _) => fields.last_mut().unwrap().push(c),
        }
    }
    fields
}

#[test]
fn csv_rows() {
    let (dir, expected) = fixture();
    let (stdout, stderr) = run_batch(&["--format", "csv"], dir.path());
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some("log,game,verdict,action,actions,detail"));
    let got: Vec<Got> = lines
        .map(|line| {
            let f = csv_record(line);
            assert_eq!(f.len(), 6, "{line}");
            Got {
                log: f[0].clone(),
                game: f[1].clone(),
                verdict: f[2].clone(),
                action: f[3].clone(),
                actions: f[4].clone(),
                detail: f[5].clone(),
            }
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
            assert_eq!(v.as_object().unwrap().len(), 6, "{line}");
            if !v["action"].is_null() {
                assert!(v["action"].is_u64(), "numbers are numbers: {line}");
            }
            Got {
                log: text(&v["log"]),
                game: text(&v["game"]),
                verdict: text(&v["verdict"]),
                action: text(&v["action"]),
                actions: text(&v["actions"]),
                detail: text(&v["detail"]),
            }
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
    let columns: Vec<(&str, &str)> = verdicts
        .iter()
        .map(|f| (f[1].as_str(), f[2].as_str()))
        .collect();
    assert_eq!(
        columns,
        [
            ("sequence", "honest"),
            ("quartets", "cheating"),
            ("quartets", "cheating"),
            ("sequence", "honest"),
            ("unknown", "malformed"),
            ("sequence", "malformed"),
            ("unknown", "malformed"),
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
            "log,game,verdict,action,actions,detail\n\
             a,quartets,honest,,6,\n\
             b,sequence,cheating,3,4,both 2s spots are already covered\n\
             c,sequence,honest,,5,\n",
        )
        .stderr(predicate::str::starts_with(
            "3 logs (1 quartets, 2 sequence, 0 unknown): 2 honest, 1 with cheating, 0 malformed\n",
        ));
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
            ",quartets,malformed,,,\"line 2: expected `A` (ask) or `Q` (lay a set aside), found `5s`\"\n",
        ));
    fairplay()
        .args(["batch", "--format", "csv", "--game", "sequence"])
        .arg(root.join("q/honest.log"))
        .assert()
        .success()
        .stdout(predicate::str::contains(",sequence,malformed,,,"));
}

#[test]
fn sequence_full_rules_and_quartets_variants() {
    let examples = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/sequence");
    fairplay()
        .args(["batch", "--format", "csv", "--rules", "full"])
        .arg(format!("{examples}/full-game.log"))
        .arg(format!("{examples}/full-illegal.log"))
        .arg(format!("{examples}/three-teams.log"))
        .assert()
        .success()
        .stdout(predicate::str::contains("full-game.log,sequence,honest,,52,\n"))
        .stdout(predicate::str::contains(
            "full-illegal.log,sequence,cheating,51,52,the blue token on B8 is part of a completed sequence and cannot be removed\n",
        ))
        .stdout(predicate::str::contains("three-teams.log,sequence,honest,,51,\n"));

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
        .stdout(predicate::str::contains("small.log,quartets,honest,,2,\n"))
        .stdout(predicate::str::contains(
            "too-big.log,quartets,malformed,,,",
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
    fairplay()
        .args(["batch", "/no/such/path/anywhere"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicate::str::starts_with(
            "fairplay: /no/such/path/anywhere: ",
        ));
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
            "--teams applies only with --rules full",
        ));
}

#[test]
fn many_logs_in_parallel_keep_their_order() {
    let dir = tempfile::tempdir().unwrap();
    let mut expected = Vec::new();
    for i in 0..300 {
        let (text, verdict) = match i % 3 {
            0 => (QUARTETS_CHEAT, "cheating"),
            1 => (SEQUENCE_VALID, "honest"),
            _ => ("garbage\n", "malformed"),
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
            stderr.starts_with("300 logs (100 quartets, 100 sequence, 100 unknown): 100 honest, 100 with cheating, 100 malformed\n"),
            "{stderr}"
        );
        assert!(stderr.contains(&format!("({jobs} threads)")), "{stderr}");
    }
}
