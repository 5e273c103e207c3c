//! `fairplay batch` as a newcomer meets it (issue 31): the files of a directory it skips are
//! counted and the options that judge them named; `--exit-code` as for one log; the format
//! names of `quartets --format` (`text`, `json`), with the names of before still accepted.

use crate::common;

use common::{fairplay, write, QUARTETS_SAMPLE1, QUARTETS_SAMPLE2, SEQUENCE_VALID};

fn stderr_of(args: &[&str], dir: &std::path::Path) -> (Option<i32>, String, String) {
    let output = fairplay().args(args).arg(dir).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn skipped_files_are_counted_with_the_options_that_judge_them() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.txt", QUARTETS_SAMPLE1);
    write(dir.path(), "sub/b.txt", QUARTETS_SAMPLE2);
    write(dir.path(), "c.ans", "no\n4\n");
    write(dir.path(), "README", "notes\n");
    write(dir.path(), ".hidden/d.txt", QUARTETS_SAMPLE1);
    let (code, stdout, stderr) = stderr_of(&["batch"], dir.path());
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().count(), 1, "{stdout}");
    let lines: Vec<&str> = stderr.lines().collect();
    assert_eq!(lines[0], "0 logs: 0 fair, 0 foul, 0 errors", "{stderr}");
    assert_eq!(
        lines[2],
        "4 files skipped in the directories for their names (2 *.txt, 1 without a dot, 1 *.ans): \
         --glob '*.txt' judges those too, --type all every file"
    );
    // As the note says: the glob judges the two .txt files.
    let (code, stdout, stderr) = stderr_of(&["batch", "--glob", "*.txt"], dir.path());
    assert_eq!(code, Some(0));
    assert_eq!(stdout.lines().count(), 3, "{stdout}");
    assert!(stderr.starts_with("2 logs (2 quartets): 1 fair, 1 foul, 0 errors\n"));
    assert!(stderr.contains("2 files skipped"), "{stderr}");
    // Every file judged: nothing skipped, nothing said.
    let (_, stdout, stderr) = stderr_of(&["batch", "--type", "all"], dir.path());
    assert_eq!(stdout.lines().count(), 5, "{stdout}");
    assert!(!stderr.contains("skipped"), "{stderr}");
}

#[test]
fn nothing_skipped_says_nothing() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.log", QUARTETS_SAMPLE2);
    let (_, _, stderr) = stderr_of(&["batch"], dir.path());
    assert!(stderr.starts_with("1 log (1 quartets): 1 fair, 0 foul, 0 errors\n"));
    assert_eq!(stderr.lines().count(), 2, "{stderr}");
}

#[test]
fn exit_code_is_0_fair_1_foul_2_error() {
    let cases: [(&[&str], i32); 4] = [
        (&[QUARTETS_SAMPLE2, SEQUENCE_VALID], 0),
        (&[QUARTETS_SAMPLE2, QUARTETS_SAMPLE1], 1),
        (&[QUARTETS_SAMPLE1, "1\n1 A 2 3C maybe\n"], 2),
        (&[], 0),
    ];
    for (logs, status) in cases {
        let dir = tempfile::tempdir().unwrap();
        for (i, log) in logs.iter().enumerate() {
            write(dir.path(), &format!("{i}.log"), log);
        }
        let (code, _, _) = stderr_of(&["batch", "-q", "--exit-code"], dir.path());
        assert_eq!(code, Some(status), "{logs:?}");
        // Without --exit-code the verdicts leave the status at 0.
        let (code, _, _) = stderr_of(&["batch", "-q"], dir.path());
        assert_eq!(code, Some(0), "{logs:?}");
    }
}

#[test]
fn the_format_names_are_those_of_one_log_and_the_old_ones_still_work() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.log", QUARTETS_SAMPLE1);
    for (new, old) in [("text", "table"), ("json", "jsonl")] {
        let (_, with_new, _) = stderr_of(&["batch", "-q", "--format", new], dir.path());
        let (_, with_old, _) = stderr_of(&["batch", "-q", "--format", old], dir.path());
        assert_eq!(with_new, with_old, "{new} {old}");
    }
    let (_, json, _) = stderr_of(&["batch", "-q", "--format", "json"], dir.path());
    let row: serde_json::Value = serde_json::from_str(json.trim()).unwrap();
    assert_eq!(row["verdict"], "foul");
    let (_, text, _) = stderr_of(&["batch", "-q", "--format", "text"], dir.path());
    assert!(text.starts_with("log "), "{text}");
}
