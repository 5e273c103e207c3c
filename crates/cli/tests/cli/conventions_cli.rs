//! The conventions of the command line (issue 11): `--exit-code`, `--color` and the colour
//! environment, `--live --format json`, byte-order marks, binary input, counts too large,
//! several logs given to a one-log command, and `--version` of a subcommand.

use crate::common;

use common::{
    example, fairplay, QUARTETS_SAMPLE1, QUARTETS_SAMPLE2, SEQUENCE_INVALID, SEQUENCE_VALID,
};

fn run(args: &[&str], stdin: &str) -> (Option<i32>, String, String) {
    let output = fairplay().args(args).write_stdin(stdin).output().unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

#[test]
fn exit_code_tells_fair_from_foul_only_when_asked() {
    let cases = [
        ("quartets", QUARTETS_SAMPLE1, 1),
        ("quartets", QUARTETS_SAMPLE2, 0),
        ("sequence", SEQUENCE_INVALID, 1),
        ("sequence", SEQUENCE_VALID, 0),
        ("quartets", "2\n1 A 1 3C no\n", 2),
        ("sequence", "x\n", 2),
    ];
    for (game, log, status) in cases {
        let (code, _, _) = run(&[game, "--exit-code"], log);
        assert_eq!(code, Some(status), "{game} --exit-code {log:?}");
        let (code, _, _) = run(&[game, "--exit-code", "--format", "json"], log);
        assert_eq!(
            code,
            Some(status),
            "{game} --exit-code --format json {log:?}"
        );
        let (code, _, _) = run(&[game], log);
        assert_eq!(
            code,
            Some(if status == 2 { 2 } else { 0 }),
            "{game} {log:?}"
        );
    }
    // Live: the verdict at the end of the session.
    let (code, _, _) = run(&["quartets", "--live", "--exit-code"], QUARTETS_SAMPLE1);
    assert_eq!(code, Some(1));
    let (code, _, _) = run(&["quartets", "--live", "--exit-code"], QUARTETS_SAMPLE2);
    assert_eq!(code, Some(0));
    let (code, _, _) = run(&["sequence", "--live", "--exit-code"], SEQUENCE_INVALID);
    assert_eq!(code, Some(1));
    let (code, _, _) = run(&["quartets", "--live"], QUARTETS_SAMPLE1);
    assert_eq!(code, Some(0));
}

#[test]
fn colour_follows_the_option_and_the_environment() {
    let log = example("quartets/sample1.log");
    let log = log.to_str().unwrap();
    let coloured = |args: &[&str], env: &[(&str, &str)]| {
        let mut command = fairplay();
        command
            .args(args)
            .env_remove("NO_COLOR")
            .env_remove("CLICOLOR_FORCE");
        for (key, value) in env {
            command.env(key, value);
        }
        let out = command.output().unwrap();
        assert!(out.status.success());
        String::from_utf8(out.stdout).unwrap().contains('\x1b')
    };
    // Through a pipe: plain unless forced.
    assert!(!coloured(&["quartets", "--explain", log], &[]));
    assert!(coloured(
        &["quartets", "--explain", "--color", "always", log],
        &[]
    ));
    assert!(coloured(
        &["--color=always", "quartets", "--explain", log],
        &[]
    ));
    assert!(coloured(
        &["quartets", "--explain", log],
        &[("CLICOLOR_FORCE", "1")]
    ));
    assert!(!coloured(
        &["quartets", "--explain", log],
        &[("CLICOLOR_FORCE", "1"), ("NO_COLOR", "1")]
    ));
    assert!(!coloured(
        &["quartets", "--explain", "--color", "never", log],
        &[("CLICOLOR_FORCE", "1")]
    ));
    // The contract lines and JSON are never coloured.
    assert!(!coloured(&["quartets", "--color", "always", log], &[]));
    assert!(!coloured(
        &[
            "quartets",
            "--format",
            "json",
            "--explain",
            "--color",
            "always",
            log
        ],
        &[]
    ));
    // Live lines too.
    assert!(coloured(
        &["quartets", "--live", "--color", "always", log],
        &[]
    ));
    assert!(!coloured(
        &["quartets", "--live", "--format", "json", "--color", "always", log],
        &[]
    ));
}

#[test]
fn live_json_is_one_object_per_line_read() {
    let (code, out, _) = run(
        &["quartets", "--live", "--format", "json"],
        QUARTETS_SAMPLE1,
    );
    assert_eq!(code, Some(0));
    let events: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is one JSON object"))
        .collect();
    let kinds: Vec<&str> = events
        .iter()
        .map(|e| e["event"].as_str().unwrap())
        .collect();
    assert_eq!(
        kinds,
        ["count-skipped", "step", "step", "step", "step", "end"]
    );
    assert_eq!(events[1]["verdict"], "fair");
    assert_eq!(events[4]["verdict"], "foul");
    assert_eq!(events[4]["foul"]["action"], 4);
    assert_eq!(events[4]["foul"]["reason"]["kind"], "no-deal");
    assert_eq!(events[5]["actions"], 4);
    // A bad line is an event too, and the session goes on.
    let (_, out, _) = run(
        &["sequence", "--live", "--format", "json"],
        "1 2s P 2s\nnonsense\n",
    );
    let events: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(events[1]["event"], "ignored");
    assert_eq!(events[1]["error"]["kind"], "malformed");
    assert_eq!(events[1]["error"]["line"], 2);
    assert_eq!(events[2]["event"], "end");
}

#[test]
fn a_byte_order_mark_is_accepted_everywhere() {
    let bom = |log: &str| format!("\u{feff}{log}");
    let (code, out, _) = run(&["quartets"], &bom(QUARTETS_SAMPLE1));
    assert_eq!((code, out.as_str()), (Some(0), "no\n4\n"));
    let (code, out, _) = run(&["sequence"], &bom(SEQUENCE_VALID));
    assert_eq!((code, out.as_str()), (Some(0), "VALID GAME\n"));
    let (_, out, _) = run(&["quartets", "--live"], &bom(QUARTETS_SAMPLE1));
    assert!(out.starts_with("count line skipped\n"), "{out}");
    let (_, out, _) = run(&["quartets", "--explain"], &bom(QUARTETS_SAMPLE1));
    assert!(out.contains("Proof:"), "{out}");
    let dir = tempfile::tempdir().unwrap();
    common::write(dir.path(), "bom.log", &bom(QUARTETS_SAMPLE1));
    let out = fairplay()
        .args(["batch", "--format", "csv"])
        .arg(dir.path())
        .output()
        .unwrap();
    let out = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.lines()
            .nth(1)
            .unwrap()
            .contains(",quartets,foul,4,5,4,"),
        "{out}"
    );
}

#[test]
fn binary_input_is_called_binary_and_never_echoed_raw() {
    let binary = "\u{7f}ELF\u{2}\u{1}\u{1}\0\0\0\0\u{3}\0>\0\n";
    for game in ["quartets", "sequence"] {
        let (code, _, err) = run(&[game], binary);
        assert_eq!(code, Some(2));
        assert!(err.contains("line 1: expected the number of"), "{err}");
        assert!(
            err.contains("binary data (`\\x7fELF\\x02\\x01\\x01\\x00"),
            "{err}"
        );
        assert!(!err.chars().any(|c| c.is_control() && c != '\n'), "{err:?}");
    }
}

#[test]
fn a_count_too_large_says_so() {
    let (code, _, err) = run(&["quartets"], "99999999999999999999\n");
    assert_eq!(code, Some(2));
    assert!(
        err.contains(
            "found `99999999999999999999`, a number too large (the most is 18446744073709551615)"
        ),
        "{err}"
    );
}

#[test]
fn several_logs_point_to_batch() {
    let a = example("quartets/sample1.log");
    let b = example("quartets/sample2.log");
    for game in ["quartets", "sequence"] {
        let out = fairplay().arg(game).arg(&a).arg(&b).output().unwrap();
        assert_eq!(out.status.code(), Some(2));
        let err = String::from_utf8(out.stderr).unwrap();
        assert_eq!(
            err,
            format!(
                "fairplay: {b}: a second log: `fairplay {game}` judges one log\n\
                 fairplay: hint: to judge several: fairplay batch {a} {b}\n",
                a = a.display(),
                b = b.display()
            )
        );
    }
}

#[test]
fn every_version_is_fairplays() {
    let expected = format!("fairplay {}\n", env!("CARGO_PKG_VERSION"));
    for args in [
        &["--version"][..],
        &["quartets", "--version"],
        &["batch", "--version"],
    ] {
        let out = fairplay().args(args).output().unwrap();
        assert!(out.status.success());
        assert_eq!(String::from_utf8(out.stdout).unwrap(), expected, "{args:?}");
    }
}
