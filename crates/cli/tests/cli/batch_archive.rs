//! `fairplay batch` on a real archive (issue 11): compressed logs and JSON Lines, the filters
//! of a tree, inputs that cannot be read (a warning, a row, exit status 2 at the end), the
//! source of each row and duplicate ids, `--quiet`, and `--explain`.

use crate::common;

use std::io::Write;
use std::path::Path;

use common::{
    csv_record, fairplay, json_record, write, QUARTETS_SAMPLE1, QUARTETS_SAMPLE2, SEQUENCE_INVALID,
    SEQUENCE_VALID,
};
use serde_json::Value;

fn gzip(bytes: &[u8]) -> Vec<u8> {
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::default());
    encoder.write_all(bytes).unwrap();
    encoder.finish().unwrap()
}

fn zstd(bytes: &[u8]) -> Vec<u8> {
    zstd::encode_all(bytes, 3).unwrap()
}

fn put(root: &Path, name: &str, bytes: &[u8]) {
    let path = root.join(name);
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    std::fs::write(path, bytes).unwrap();
}

/// `fairplay batch ARGS PATHS`: (exit status, rows as JSON values, standard error).
fn batch_jsonl(args: &[&str], paths: &[&Path]) -> (i32, Vec<Value>, String) {
    let output = fairplay()
        .args(["batch", "--format", "jsonl"])
        .args(args)
        .args(paths)
        .output()
        .unwrap();
    let rows = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    let stderr = String::from_utf8(output.stderr).unwrap();
    (output.status.code().unwrap(), rows, stderr)
}

/// `fairplay batch --quiet -` on `input`, asserted to exit 0: (standard output, standard error).
fn batch_stdin(input: String) -> (String, String) {
    let output = fairplay()
        .args(["batch", "--quiet", "-"])
        .write_stdin(input)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let text = |bytes: Vec<u8>| String::from_utf8(bytes).unwrap();
    (text(output.stdout), text(output.stderr))
}

/// The columns of a row that do not name it.
fn verdict(row: &Value) -> Vec<Value> {
    [
        "game", "verdict", "action", "line", "actions", "kind", "detail",
    ]
    .iter()
    .map(|column| row[column].clone())
    .collect()
}

fn file_name(row: &Value) -> String {
    let log = row["log"].as_str().unwrap();
    Path::new(log)
        .file_name()
        .unwrap()
        .to_string_lossy()
        .into_owned()
}

const LOGS: [&str; 4] = [
    QUARTETS_SAMPLE1,
    QUARTETS_SAMPLE2,
    SEQUENCE_VALID,
    SEQUENCE_INVALID,
];

fn records() -> String {
    let mut text: String = LOGS
        .iter()
        .enumerate()
        .map(|(i, log)| json_record(Some(&format!("r{i}")), None, log) + "\n")
        .collect();
    text.push_str("not json\n");
    text
}

#[test]
fn compressed_inputs_are_judged_like_plain_ones() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    for (i, log) in LOGS.iter().enumerate() {
        put(root, &format!("plain/{i}.log"), log.as_bytes());
        put(root, &format!("gz/{i}.log.gz"), &gzip(log.as_bytes()));
        put(root, &format!("zst/{i}.log.zst"), &zstd(log.as_bytes()));
    }
    let records = records();
    put(root, "plain/r.jsonl", records.as_bytes());
    put(root, "gz/r.ndjson.gz", &gzip(records.as_bytes()));
    // Two gzip members, as `cat a.gz b.gz` makes: one stream of both.
    let (first, second) = records.split_at(records.find("\n").unwrap() + 1);
    let mut members = gzip(first.as_bytes());
    members.extend(gzip(second.as_bytes()));
    put(root, "gz2/r.jsonl.gz", &members);
    put(root, "zst/r.jsonl.zst", &zstd(records.as_bytes()));

    let (status, plain, _) = batch_jsonl(&[], &[&root.join("plain")]);
    assert_eq!(status, 0);
    assert_eq!(plain.len(), 9, "{plain:#?}");
    let plain_verdicts: Vec<Vec<Value>> = plain.iter().map(verdict).collect();
    for (name, suffix) in [("gz", ".log.gz"), ("zst", ".log.zst")] {
        let (status, rows, stderr) = batch_jsonl(&[], &[&root.join(name)]);
        assert_eq!(status, 0, "{stderr}");
        let verdicts: Vec<Vec<Value>> = rows.iter().map(verdict).collect();
        assert_eq!(verdicts, plain_verdicts, "{name}");
        for (row, plain) in rows.iter().zip(&plain).take(4) {
            let plain_name = file_name(plain);
            assert_eq!(file_name(row).replace(suffix, ".log"), plain_name, "{name}");
        }
        // Records are named by their ids, and their source is the compressed file.
        assert_eq!(rows[4]["log"], "r0");
        assert!(rows[4]["source"].as_str().unwrap().ends_with(&format!(
            "/r.{}:1",
            if name == "gz" {
                "ndjson.gz"
            } else {
                "jsonl.zst"
            }
        )));
        assert!(rows[8]["log"].as_str().unwrap().ends_with(":5"));
        assert_eq!(rows[8]["kind"], "malformed");
    }
    let (status, rows, _) = batch_jsonl(&[], &[&root.join("gz2")]);
    assert_eq!(status, 0);
    let verdicts: Vec<Vec<Value>> = rows.iter().map(verdict).collect();
    assert_eq!(verdicts, plain_verdicts[4..]);
    // Named on the command line, a compressed log is judged too.
    let (status, rows, _) = batch_jsonl(&[], &[&root.join("zst/3.log.zst")]);
    assert_eq!((status, verdict(&rows[0])), (0, plain_verdicts[3].clone()));
}

#[test]
fn a_corrupt_compressed_file_is_an_io_row_and_the_batch_goes_on() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    put(root, "a.log", QUARTETS_SAMPLE1.as_bytes());
    put(root, "b.log.gz", b"this is no gzip data at all\n");
    let mut truncated = zstd(records().as_bytes());
    truncated.truncate(truncated.len() - 8);
    put(root, "c.jsonl.zst", &truncated);
    let mut damaged = gzip(QUARTETS_SAMPLE2.as_bytes());
    let middle = damaged.len() / 2;
    damaged[middle] ^= 0xff;
    damaged[middle + 1] ^= 0xff;
    put(root, "d.log.gz", &damaged);
    put(root, "e.log", SEQUENCE_VALID.as_bytes());
    let (status, rows, stderr) = batch_jsonl(&[], &[root]);
    assert_eq!(status, 2, "{stderr}");
    // (file name, verdict, kind) of each row.
    let first: Vec<[String; 3]> = rows
        .iter()
        .map(|row| {
            let source = Path::new(row["source"].as_str().unwrap());
            let name = source.file_name().unwrap().to_string_lossy().into_owned();
            let text = |column: &str| row[column].as_str().unwrap_or("").to_string();
            [name, text("verdict"), text("kind")]
        })
        .collect();
    // The truncated zstd file: the records decoded before the damage (if any), then a row of
    // kind io.
    let n = first.len();
    assert_eq!(first[0], ["a.log", "foul", "no-deal"]);
    assert_eq!(first[1], ["b.log.gz", "error", "io"]);
    assert_eq!(first[n - 3][..2], ["c.jsonl.zst", "error"]);
    assert_eq!(first[n - 3][2], "io", "{rows:#?}");
    assert_eq!(first[n - 2], ["d.log.gz", "error", "io"]);
    assert_eq!(first[n - 1], ["e.log", "fair", ""]);
    for row in rows.iter().filter(|row| row["kind"] == "io") {
        let detail = row["detail"].as_str().unwrap();
        assert!(detail.starts_with("cannot read: "), "{detail}");
        assert!(
            detail.contains("gzip data is corrupt or truncated")
                || detail.contains("zstd data is corrupt or truncated"),
            "says what is wrong: {detail}"
        );
    }
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("fairplay: warning: "))
        .collect();
    assert_eq!(warnings.len(), 3, "{stderr}");
    assert!(warnings[0].contains("b.log.gz: cannot read: gzip data is corrupt"));
    assert!(stderr.ends_with("fairplay: batch: 3 inputs could not be read (the rows of kind io)\n"));
}

#[test]
fn a_log_too_big_to_hold_is_streamed_and_not_explained() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    // A foul at action 4, then 17 MiB of blank lines: more than is read whole.
    let mut log = QUARTETS_SAMPLE1.as_bytes().to_vec();
    log.resize(log.len() + (17 << 20), b'\n');
    put(root, "big.log", &log);
    put(root, "big.log.gz", &gzip(&log));
    let (status, rows, stderr) = batch_jsonl(&["--explain"], &[root]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(rows.len(), 2);
    assert_eq!(verdict(&rows[0]), verdict(&rows[1]));
    assert_eq!(rows[0]["verdict"], "foul");
    assert_eq!(rows[0]["action"], 4);
    for row in &rows {
        assert_eq!(
            row["explanation"],
            "not explained: the log is longer than 16 MiB; judge it alone with --explain"
        );
    }
    assert!(stderr.contains(&format!("{:.2} MB", 2.0 * log.len() as f64 / 1e6)));
}

#[test]
fn trees_are_filtered_by_type_and_glob() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    write(root, "README", "This archive holds the logs of the club.\n");
    write(root, "notes.txt", "1 A 2 3C no\n");
    write(root, "a.log", QUARTETS_SAMPLE1);
    put(root, "b.log.gz", &gzip(QUARTETS_SAMPLE2.as_bytes()));
    write(
        root,
        "c.jsonl",
        &json_record(Some("c"), None, SEQUENCE_VALID),
    );
    write(root, "old/d.log", SEQUENCE_INVALID);
    write(root, "old/e.txt", SEQUENCE_VALID);
    write(root, "sub/f.game", SEQUENCE_VALID);
    write(root, ".hidden/g.log", SEQUENCE_VALID);
    let logs = |args: &[&str], paths: &[&Path]| -> Vec<String> {
        let (status, rows, stderr) = batch_jsonl(args, paths);
        assert_eq!(status, 0, "{args:?}: {stderr}");
        rows.iter()
            .map(|row| {
                let log = row["log"].as_str().unwrap();
                match Path::new(log).strip_prefix(root) {
                    Ok(relative) => relative.display().to_string(),
                    Err(_) => log.to_string(),
                }
            })
            .collect()
    };
    assert_eq!(logs(&[], &[root]), ["a.log", "b.log.gz", "c", "old/d.log"]);
    assert_eq!(
        logs(&["--type", "log"], &[root]),
        ["a.log", "b.log.gz", "old/d.log"]
    );
    assert_eq!(logs(&["--type", "jsonl"], &[root]), ["c"]);
    assert_eq!(
        logs(&["--type", "all"], &[root]),
        [
            "README",
            "a.log",
            "b.log.gz",
            "c",
            "notes.txt",
            "old/d.log",
            "old/e.txt",
            "sub/f.game"
        ]
    );
    assert_eq!(
        logs(&["--glob", "*.txt", "--glob", "!old/"], &[root]),
        ["a.log", "b.log.gz", "c", "notes.txt"]
    );
    // Anchored globs are matched below the directory given; the last match decides.
    assert_eq!(
        logs(
            &[
                "--glob",
                "sub/*.game",
                "--glob",
                "!*.log*",
                "--glob",
                "a.log"
            ],
            &[root]
        ),
        ["a.log", "c", "sub/f.game"]
    );
    assert_eq!(
        logs(&["--glob", "*.game"], &[&root.join("sub")]),
        ["sub/f.game"]
    );
    // Files named on the command line are judged whatever their names and the filters.
    assert_eq!(
        logs(
            &["--type", "jsonl", "--glob", "!*.txt"],
            &[&root.join("notes.txt"), &root.join("a.log")]
        ),
        ["notes.txt", "a.log"]
    );
}

#[test]
fn a_missing_path_is_a_warning_and_a_row_and_exit_status_2_at_the_end() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.log", QUARTETS_SAMPLE1);
    let missing = dir.path().join("no-such.log");
    let output = fairplay()
        .args(["batch", "--format", "csv"])
        .arg(&missing)
        .arg(dir.path().join("a.log"))
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(2));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Vec<String>> = stdout.lines().skip(1).map(csv_record).collect();
    assert_eq!(rows.len(), 2, "the batch goes on: {stdout}");
    assert_eq!(rows[0][0], missing.display().to_string());
    assert_eq!(
        rows[0][1..7],
        ["", "error", "", "", "", "io"].map(String::from)
    );
    assert!(rows[0][7].starts_with("cannot read: No such file or directory"));
    assert_eq!(rows[1][2], "foul");
    let stderr = String::from_utf8(output.stderr).unwrap();
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(
        lines[0],
        format!(
            "fairplay: warning: {}: cannot read: No such file or directory (os error 2)",
            missing.display()
        )
    );
    assert!(lines[1].starts_with("2 logs (1 quartets, 1 unknown): 0 fair, 1 foul, 1 error"));
    assert_eq!(
        lines[3],
        "fairplay: batch: 1 input could not be read (the rows of kind io)"
    );
    assert_eq!(lines.len(), 4, "{stderr}");
}

#[test]
fn malformed_logs_are_rows_and_keep_exit_status_0() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "bad.log", "2\n1 A 2 3C maybe\n");
    write(dir.path(), "r.jsonl", "not json\n");
    fairplay()
        .args(["batch", "--quiet"])
        .arg(dir.path())
        .assert()
        .code(0)
        .stderr("");
}

#[test]
fn records_carry_their_source_and_duplicate_ids_are_flagged() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let a = [
        json_record(Some("t1"), None, QUARTETS_SAMPLE1),
        json_record(Some("t2"), None, QUARTETS_SAMPLE2),
    ];
    let b = [
        json_record(None, None, SEQUENCE_VALID),
        json_record(Some("t1"), None, SEQUENCE_INVALID),
        r#"{"id": 7, "log": "0\n", "game": "quartets"}"#.to_string(),
        r#"{"id": "7", "log": "0\n", "game": "quartets"}"#.to_string(),
    ];
    write(root, "a.jsonl", &(a.join("\n") + "\n"));
    write(root, "b.jsonl", &(b.join("\n") + "\n"));
    let output = fairplay()
        .args(["batch", "--format", "csv", "--source"])
        .arg(root)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    let stdout = String::from_utf8(output.stdout).unwrap();
    let rows: Vec<Vec<String>> = stdout.lines().map(csv_record).collect();
    assert_eq!(
        rows[0],
        ["log", "source", "game", "verdict", "action", "line", "actions", "kind", "detail"]
    );
    let a = root.join("a.jsonl").display().to_string();
    let b = root.join("b.jsonl").display().to_string();
    let named: Vec<(&str, &str)> = rows[1..]
        .iter()
        .map(|row| (row[0].as_str(), row[1].as_str()))
        .collect();
    let (b1, b2, b3, b4) = (
        format!("{b}:1"),
        format!("{b}:2"),
        format!("{b}:3"),
        format!("{b}:4"),
    );
    assert_eq!(
        named,
        [
            ("t1", format!("{a}:1").as_str()),
            ("t2", format!("{a}:2").as_str()),
            (b1.as_str(), b1.as_str()),
            ("t1", b2.as_str()),
            ("7", b3.as_str()),
            ("7", b4.as_str()),
        ]
    );
    let stderr = String::from_utf8(output.stderr).unwrap();
    let warnings: Vec<&str> = stderr
        .lines()
        .filter(|line| line.starts_with("fairplay: warning: "))
        .collect();
    assert_eq!(
        warnings,
        [
            format!("fairplay: warning: {b2}: duplicate id `t1`: an earlier record of this batch has it"),
            format!("fairplay: warning: {b4}: duplicate id `7`: an earlier record of this batch has it"),
        ]
    );
    // Many duplicates: the first 20 are shown, then their number.
    let many: String = (0..30)
        .map(|_| json_record(Some("same"), None, QUARTETS_SAMPLE2) + "\n")
        .collect();
    let (_, stderr) = batch_stdin(many);
    assert_eq!(stderr.lines().count(), 21, "{stderr}");
    assert!(
        stderr.ends_with("fairplay: warning: 29 duplicate ids in all (the first 20 are shown)\n")
    );
}

#[test]
fn quiet_drops_the_summary() {
    let run = |quiet: bool| {
        let mut command = fairplay();
        command.args(["batch", "--format", "csv"]);
        if quiet {
            command.arg("--quiet");
        }
        let output = command.arg(common::example("quartets")).output().unwrap();
        assert_eq!(output.status.code(), Some(0));
        (
            String::from_utf8(output.stdout).unwrap(),
            String::from_utf8(output.stderr).unwrap(),
        )
    };
    let (loud, summary) = run(false);
    assert!(summary.starts_with("2 logs (2 quartets): 1 fair, 1 foul, 0 errors\n"));
    let (quiet, nothing) = run(true);
    assert_eq!(quiet, loud);
    assert_eq!(nothing, "");
}

/// The explanation of `fairplay GAME --explain --format json` for `log`.
fn explained_alone(game: &str, log: &Path) -> Value {
    let output = fairplay()
        .args([game, "--explain", "--format", "json"])
        .arg(log)
        .output()
        .unwrap();
    assert!(output.status.success());
    let document: Value = serde_json::from_slice(&output.stdout).unwrap();
    document["explanation"].clone()
}

#[test]
fn explain_rows_carry_the_proof_a_log_alone_gets() {
    let dir = tempfile::tempdir().unwrap();
    let root = dir.path();
    let cheats = [
        QUARTETS_SAMPLE1,
        "2\n1 A 2 3A yes\n1 A 3 3A yes\n",
        "3\n1 A 2 3A no\n2 A 1 4A no\n1 A 2 3A yes\n",
    ];
    for (i, log) in cheats.iter().enumerate() {
        write(root, &format!("q{i}.log"), log);
    }
    write(root, "r.log", QUARTETS_SAMPLE2);
    write(root, "s.log", SEQUENCE_INVALID);
    write(root, "x.jsonl", &json_record(Some("rec"), None, cheats[1]));
    let (status, rows, stderr) = batch_jsonl(&["--explain"], &[root]);
    assert_eq!(status, 0, "{stderr}");
    assert_eq!(rows.len(), 6);
    for (i, row) in rows[..3].iter().enumerate() {
        let alone = explained_alone("quartets", &root.join(format!("q{i}.log")));
        assert_eq!(row["proof"]["actions"], alone["proof"]["actions"], "{row}");
        assert_eq!(row["proof"], alone["proof"], "q{i}");
        assert_eq!(row["suspects"], alone["suspects"], "q{i}");
        let text = row["explanation"].as_str().unwrap();
        assert!(text.starts_with("Proof: "), "{text}");
        assert!(
            text.contains(alone["proof"]["why"]["text"].as_str().unwrap()),
            "{text}"
        );
        assert!(
            text.ends_with(&format!(
                "Suspects: {}.",
                alone["suspects"]["text"].as_str().unwrap()
            )),
            "{text}"
        );
    }
    // A fair log has nothing to explain.
    assert_eq!(rows[3]["verdict"], "fair");
    assert!(rows[3]["explanation"].is_null());
    assert!(rows[3].get("proof").is_none());
    // Sequence: the illegal move, as `fairplay sequence --explain --format json` gives it.
    let alone = explained_alone("sequence", &root.join("s.log"));
    assert_eq!(rows[4]["illegal"], alone["illegal"]);
    let text = rows[4]["explanation"].as_str().unwrap();
    assert_eq!(
        text,
        format!(
            "{}; rule: {}",
            alone["illegal"]["what"].as_str().unwrap(),
            alone["illegal"]["rule"].as_str().unwrap()
        )
    );
    // A record is explained like a file.
    assert_eq!(rows[5]["log"], "rec");
    assert_eq!(rows[5]["proof"], rows[1]["proof"]);

    // CSV: an `explanation` column; the table: the explanation ends the detail.
    let output = fairplay()
        .args(["batch", "--format", "csv", "--explain"])
        .arg(root.join("q0.log"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let lines: Vec<Vec<String>> = stdout.lines().map(csv_record).collect();
    assert_eq!(lines[0].last().unwrap(), "explanation");
    assert_eq!(lines[1][8], rows[0]["explanation"].as_str().unwrap());
    let output = fairplay()
        .args(["batch", "--explain"])
        .arg(root.join("q0.log"))
        .output()
        .unwrap();
    let stdout = String::from_utf8(output.stdout).unwrap();
    let row = stdout.lines().nth(1).unwrap();
    assert!(
        row.ends_with(&format!(
            "{} \u{2014} {}",
            rows[0]["detail"].as_str().unwrap(),
            rows[0]["explanation"].as_str().unwrap()
        )),
        "{row}"
    );
}

#[test]
fn a_long_table_is_aligned_chunk_by_chunk() {
    // More rows than a chunk: the rows after the first chunk keep the widths (they only
    // widen), so a narrow log name never shifts the columns to the left.
    let mut input = String::new();
    for i in 0..5000 {
        let id = if i == 4500 {
            "a-much-longer-id-than-the-others".to_string()
        } else {
            format!("t{i}")
        };
        input.push_str(&(json_record(Some(&id), None, QUARTETS_SAMPLE2) + "\n"));
    }
    let (stdout, _) = batch_stdin(input);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 5001);
    let game = |line: &str| line.find("quartets").unwrap();
    let header_game = lines[0].find("game").unwrap();
    // The first chunk (the header and 4095 rows) is aligned on its own widths ...
    assert!(lines[1..4096].iter().all(|line| game(line) == header_game));
    // ... the next one on widths at least as wide, widened by its long id.
    let wider = game(lines[4096]);
    assert!(wider > header_game);
    assert!(lines[4096..].iter().all(|line| game(line) == wider));
}
