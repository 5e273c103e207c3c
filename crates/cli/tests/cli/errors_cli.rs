//! The shape of every error (issue 31): `fairplay: WHERE: what is wrong` on standard error,
//! where it helps `fairplay: hint: ...` on the next line, nothing on standard output and exit
//! status 2. Each test checks one message whole.

use crate::common;

use common::{example, fairplay, QUARTETS_SAMPLE1};

/// Runs `fairplay ARGS` with `stdin` and checks that it fails with exactly `stderr`.
fn fails_with(args: &[&str], stdin: &[u8], stderr: &str) {
    let output = fairplay().args(args).write_stdin(stdin).output().unwrap();
    let shown = String::from_utf8(output.stderr).unwrap();
    assert_eq!(shown, stderr, "fairplay {args:?}");
    assert_eq!(output.status.code(), Some(2), "fairplay {args:?}");
    assert!(output.stdout.is_empty(), "fairplay {args:?}");
    for line in shown.lines() {
        assert!(line.starts_with("fairplay: "), "{line}");
    }
}

fn path(name: &str) -> String {
    example(name).to_str().unwrap().to_string()
}

#[test]
fn a_directory_given_as_the_log_is_named_with_no_line() {
    let dir = path("quartets");
    for args in [vec!["quartets", &dir], vec!["sequence", &dir]] {
        fails_with(
            &args,
            b"",
            &format!(
                "fairplay: {dir}: is a directory, not a log\n\
                 fairplay: hint: to judge the logs in a directory: fairplay batch {dir}\n"
            ),
        );
    }
}

#[test]
fn a_directory_given_to_live_is_named() {
    let dir = path("sequence");
    fails_with(
        &["sequence", "--live", &dir],
        b"",
        &format!(
            "fairplay: {dir}: is a directory, not a log\n\
             fairplay: hint: to judge the logs in a directory: fairplay batch {dir}\n"
        ),
    );
}

#[test]
fn a_missing_log_is_named_first() {
    fails_with(
        &["quartets", "no-such.log"],
        b"",
        "fairplay: no-such.log: cannot read: No such file or directory (os error 2)\n",
    );
}

#[test]
fn an_overlong_line_points_at_max_line() {
    let log = format!("1\n1 A 2 3C no{}\n", " ".repeat(200));
    fails_with(
        &["quartets", "--max-line", "100"],
        log.as_bytes(),
        "fairplay: <stdin>: line 2: the line is longer than 100 bytes\n\
         fairplay: hint: --max-line BYTES accepts longer lines\n",
    );
}

#[test]
fn a_sequence_log_given_to_quartets_gets_a_hint() {
    let log = path("sequence/sample1.log");
    fails_with(
        &["quartets", &log],
        b"",
        &format!(
            "fairplay: {log}: line 2: expected `A` (ask) or `Q` (lay a set aside), found `5s`\n\
             fairplay: hint: this looks like a Sequence log: fairplay sequence {log}\n"
        ),
    );
}

#[test]
fn a_quartets_log_given_to_sequence_gets_a_hint() {
    fails_with(
        &["sequence"],
        QUARTETS_SAMPLE1.as_bytes(),
        "fairplay: <stdin>: line 2: expected a card such as `5s`, `Xh` or `10h` (rank 2-9, X or \
         10, J, Q, K, A; suit h, c, d, s), found `A`\n\
         fairplay: hint: this looks like a Quartets log: fairplay quartets -\n",
    );
}

#[test]
fn a_malformed_log_of_the_right_game_gets_no_hint() {
    fails_with(
        &["quartets"],
        b"1\n1 A 2 3C maybe\n",
        "fairplay: <stdin>: line 2: expected `yes` or `no`, found `maybe`\n",
    );
}

#[test]
fn lone_carriage_returns_are_called_so() {
    let log = QUARTETS_SAMPLE1.replace('\n', "\r");
    fails_with(
        &["quartets"],
        log.as_bytes(),
        "fairplay: <stdin>: line 1: the lines end with a lone carriage return (\\r); expected \
         \\n or \\r\\n line ends\n\
         fairplay: hint: convert them: ... | tr '\\r' '\\n' | fairplay quartets\n",
    );
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mac.log");
    std::fs::write(&file, "2\r1 5s P 5s\r2 7h P 7h\r").unwrap();
    let file = file.to_str().unwrap();
    fails_with(
        &["sequence", file],
        b"",
        &format!(
            "fairplay: {file}: line 1: the lines end with a lone carriage return (\\r); expected \
             \\n or \\r\\n line ends\n\
             fairplay: hint: convert them: tr '\\r' '\\n' < {file} | fairplay sequence\n"
        ),
    );
}

#[test]
fn crlf_line_ends_are_still_fine() {
    fairplay()
        .arg("quartets")
        .write_stdin(QUARTETS_SAMPLE1.replace('\n', "\r\n"))
        .assert()
        .success()
        .stdout("no\n4\n");
}

#[test]
fn a_negative_rate_is_read_as_a_number() {
    fails_with(
        &["simulate", "quartets", "--cheat-rate", "-0.1"],
        b"",
        "fairplay: --cheat-rate: invalid value '-0.1': a rate is a probability from 0 to 1, not \
         -0.1\n\
         fairplay: hint: `fairplay simulate quartets --help` tells more\n",
    );
}

#[test]
fn an_unknown_option_suggests_the_near_one_without_a_false_usage() {
    fails_with(
        &["quartets", "--explian"],
        b"",
        "fairplay: --explian: no such option\n\
         fairplay: hint: did you mean --explain? (`fairplay quartets --help` tells more)\n",
    );
    fails_with(
        &["--color", "never", "sequence", "--bogus"],
        b"",
        "fairplay: --bogus: no such option\n\
         fairplay: hint: usage: fairplay sequence [OPTIONS] [FILE] (`fairplay sequence --help` \
         tells more)\n",
    );
}

#[test]
fn a_bad_value_lists_the_possible_ones() {
    fails_with(
        &["batch", "--format", "xml", "x"],
        b"",
        "fairplay: --format: invalid value 'xml'\n\
         fairplay: hint: possible values: text, csv, json (`fairplay batch --help` tells more)\n",
    );
    fails_with(
        &["quartets", "--players", "x"],
        b"",
        "fairplay: --players: invalid value 'x': invalid digit found in string\n\
         fairplay: hint: `fairplay quartets --help` tells more\n",
    );
}

#[test]
fn a_missing_argument_gives_the_usage() {
    fails_with(
        &["batch"],
        b"",
        "fairplay: batch: missing <PATH>...\n\
         fairplay: hint: usage: fairplay batch [OPTIONS] <PATH>... (`fairplay batch --help` \
         tells more)\n",
    );
}

#[test]
fn an_unknown_command_suggests_the_near_one() {
    fails_with(
        &["quartts"],
        b"",
        "fairplay: quartts: no such command\n\
         fairplay: hint: did you mean quartets? (`fairplay --help` tells more)\n",
    );
}

#[test]
fn conflicting_options_are_named() {
    fails_with(
        &["quartets", "--live", "--explain"],
        b"",
        "fairplay: --live: cannot be used with '--explain'\n\
         fairplay: hint: usage: fairplay quartets [OPTIONS] [FILE] (`fairplay quartets --help` \
         tells more)\n",
    );
}

#[test]
fn sizes_that_make_no_game_are_named() {
    fails_with(
        &["quartets", "--players", "1"],
        b"",
        "fairplay: --players 1 --sets 8 --cards-per-set 4: a game has 2 to 16 players, not 1\n",
    );
}

#[test]
fn a_second_log_points_at_batch() {
    let (one, two) = (path("quartets/sample1.log"), path("quartets/sample2.log"));
    fails_with(
        &["quartets", &one, &two],
        b"",
        &format!(
            "fairplay: {two}: a second log: `fairplay quartets` judges one log\n\
             fairplay: hint: to judge several: fairplay batch {one} {two}\n"
        ),
    );
}

#[test]
fn batch_of_a_plain_log_on_standard_input_says_what_it_reads() {
    let output = fairplay()
        .args(["batch", "--quiet", "-"])
        .write_stdin(QUARTETS_SAMPLE1)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert_eq!(
        stderr,
        "fairplay: warning: <stdin>:1: not a JSON Lines record: `fairplay batch -` reads standard \
         input as JSON Lines, one {\"log\": \"...\"} object per line\n\
         fairplay: hint: judge a plain log with fairplay quartets FILE (or fairplay sequence \
         FILE, fairplay gofish FILE, or fairplay batch FILE for a file named *.log); `fairplay \
         quartets -` reads one from standard input\n"
    );
    let stdout = String::from_utf8(output.stdout).unwrap();
    assert!(
        stdout.contains(
            "line 1: not a JSON Lines log record: found `4`, not a JSON object such as \
             {\"id\": ..., \"game\": ..., \"log\": ...}"
        ),
        "{stdout}"
    );
}

#[test]
fn a_quartets_log_given_to_gofish_gets_a_hint() {
    fails_with(
        &["gofish"],
        QUARTETS_SAMPLE1.as_bytes(),
        "fairplay: <stdin>: line 1: expected `A` (ask), `D` (draw) or `B` (book) after the \
         player, found the end of the line\n\
         fairplay: hint: this looks like a Quartets log: fairplay quartets -\n",
    );
}

#[test]
fn no_command_gets_the_help_that_lists_them() {
    for (args, listed) in [(&[][..], "quartets"), (&["simulate"][..], "gofish")] {
        let output = fairplay().args(args).output().unwrap();
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        let stderr = String::from_utf8(output.stderr).unwrap();
        assert!(stderr.contains("Usage: fairplay"), "{stderr}");
        assert!(stderr.contains("Commands:"), "{stderr}");
        assert!(stderr.contains(listed), "{stderr}");
        assert!(!stderr.starts_with("fairplay: "), "{stderr}");
    }
}

#[test]
fn a_missing_value_is_named() {
    fails_with(
        &["quartets", "--players"],
        b"",
        "fairplay: --players: a value is required but none was supplied\n\
         fairplay: hint: `fairplay quartets --help` tells more\n",
    );
    fails_with(
        &["--color"],
        b"",
        "fairplay: --color: a value is required but none was supplied\n\
         fairplay: hint: possible values: auto, always, never (`fairplay --help` tells more)\n",
    );
}
