//! `fairplay quartets` through the real binary: contract output, exit codes, error messages
//! (as text, and as JSON documents with `--format json`).

use crate::common;

use common::{
    assert_valid, example, fairplay, validator, QUARTETS_SAMPLE1 as SAMPLE1,
    QUARTETS_SAMPLE2 as SAMPLE2,
};
use predicates::prelude::*;
use serde_json::json;

/// Runs `fairplay quartets <args>` on `log` given on standard input.
fn judge(args: &[&str], log: &str) -> assert_cmd::assert::Assert {
    fairplay()
        .arg("quartets")
        .args(args)
        .write_stdin(log)
        .assert()
}

/// Asserts that `log` is rejected with exit status 2 and a message containing `message`.
fn rejected(args: &[&str], log: &str, message: &str) {
    judge(args, log)
        .code(2)
        .stdout("")
        .stderr(predicate::str::contains(message))
        .stderr(predicate::str::starts_with("fairplay: "));
}

#[test]
fn spec_samples_from_files() {
    fairplay()
        .arg("quartets")
        .arg(example("quartets/sample1.log"))
        .assert()
        .success()
        .stdout("no\n4\n");
    fairplay()
        .arg("quartets")
        .arg(example("quartets/sample2.log"))
        .assert()
        .success()
        .stdout("yes\n");
}

#[test]
fn spec_samples_from_stdin_and_dash() {
    judge(&[], SAMPLE1).success().stdout("no\n4\n");
    judge(&["-"], SAMPLE2).success().stdout("yes\n");
}

#[test]
fn crlf_extra_spaces_and_blank_lines_are_accepted() {
    let messy =
        "4\r\n1  A 2\t3C no\r\n\r\n2 A 3 3A yes  \r\n2 A 4 3D yes\r\n2 A 1 3C no\r\n\r\n\r\n";
    judge(&[], messy).success().stdout("no\n4\n");
}

#[test]
fn a_cheat_exposed_late_names_the_exposing_action() {
    // Player 1 asks for set 3 holding none of it in sight; later 2, 3 and 4 hand over all of
    // set 3, so player 1 cannot have held a set-3 card when asking.
    let log = "5\n1 A 2 3A yes\n1 A 3 3B yes\n1 A 4 3C yes\n1 A 2 3D yes\n1 Q 3\n";
    judge(&[], log).success().stdout("no\n4\n");
}

#[test]
fn hand_sizes_matter() {
    // 2 players, one set of 4, 2 cards each. Player 2 denies 1D, so player 1 holds it;
    // player 1 denies 1A, 1B and 1C, so 1D would be player 1's only card: not a 2-card hand.
    let rules = ["--players", "2", "--sets", "1"];
    let log = "6\n1 A 2 1D no\n2 A 1 1A no\n1 A 2 1D no\n2 A 1 1B no\n1 A 2 1D no\n2 A 1 1C no\n";
    judge(&rules, log).success().stdout("no\n6\n");
    let five = log.replacen('6', "5", 1).replace("2 A 1 1C no\n", "");
    judge(&rules, &five).success().stdout("yes\n");
}

#[test]
fn variant_sizes() {
    // 3 players with 3 sets of 3 cards: 3 cards each.
    let log = "2\n1 A 2 1A no\n2 A 1 1A yes\n";
    judge(
        &["--players", "3", "--sets", "3", "--cards-per-set", "3"],
        log,
    )
    .success()
    .stdout("yes\n");
    // Sets above 9 are written with their number.
    let log = "1\n1 A 2 12C no\n";
    judge(&["--sets", "12"], log).success().stdout("yes\n");
}

#[test]
fn uneven_deck_needs_hands() {
    judge(&["--players", "3"], SAMPLE1)
        .code(2)
        .stderr(predicate::str::contains("--hands 11,11,10"));
    judge(
        &["--players", "3", "--hands", "11,11,10"],
        "1\n1 A 2 1A no\n",
    )
    .success()
    .stdout("yes\n");
    rejected(
        &["--players", "3", "--hands", "11,11,11"],
        "0\n",
        "the hand sizes add up to 33, but the deck has 32 cards",
    );
    rejected(&["--players", "17"], "0\n", "a game has 2 to 16 players");
}

#[test]
fn rule_errors_name_line_and_action() {
    rejected(
        &[],
        "2\n1 A 2 3C no\n1 A 2 3B no\n",
        "line 3 (action 2): player 1 acts, but it is player 2's turn",
    );
    rejected(
        &[],
        "1\n2 A 1 3C no\n",
        "player 2 acts, but it is player 1's turn",
    );
    rejected(
        &[],
        "1\n1 A 1 3C no\n",
        "line 2 (action 1): player 1 asks themselves",
    );
    rejected(&[], "1\n1 A 5 3C no\n", "there is no player 5");
    rejected(&[], "1\n1 A 2 9C no\n", "there is no set 9");
    rejected(&[], "1\n1 A 2 3E no\n", "there is no card 3E");
    rejected(&[], "1\n1 Q 0\n", "there is no set 0");
    // Set 1 laid aside (player 1 was dealt 1A), then asked for again / laid aside again.
    let lay = "4\n1 A 2 1B yes\n1 A 2 1C yes\n1 A 2 1D yes\n1 Q 1\n";
    judge(&[], lay).success().stdout("yes\n");
    rejected(
        &[],
        &format!("{}1 A 2 1A no\n", lay.replacen('4', "5", 1)),
        "line 6 (action 5): card 1A has left the game",
    );
    rejected(
        &[],
        &format!("{}1 Q 1\n", lay.replacen('4', "5", 1)),
        "set 1 has already been laid aside",
    );
}

#[test]
fn players_who_left_cannot_be_asked() {
    // 2 players, 1 set of 4: player 2 hands over both cards and leaves the game.
    let rules = ["--players", "2", "--sets", "1"];
    let log = "3\n1 A 2 1C yes\n1 A 2 1D yes\n1 A 2 1A no\n";
    rejected(
        &rules,
        log,
        "line 4 (action 3): player 1 asks player 2, who has left the game",
    );
}

#[test]
fn turn_passes_on_when_a_player_runs_out_and_game_ends() {
    let rules = ["--players", "2", "--sets", "1"];
    // Player 1 collects the set, lays it aside: nobody has cards, the game is over.
    let log = "4\n1 A 2 1C yes\n1 A 2 1D yes\n1 Q 1\n2 A 1 1A no\n";
    rejected(&rules, log, "line 5 (action 4): the game is over");
    // 3 players, 2 sets of 3: player 1 lays aside its set and leaves; player 2 moves next.
    let rules = ["--players", "3", "--sets", "2", "--cards-per-set", "3"];
    let hands = ["--hands", "2,2,2"];
    let args: Vec<&str> = rules.iter().chain(&hands).copied().collect();
    let log = "3\n1 A 2 1C yes\n1 Q 1\n2 A 3 2A no\n";
    judge(&args, log).success().stdout("yes\n");
    let log = "3\n1 A 2 1C yes\n1 Q 1\n3 A 2 2A no\n";
    rejected(&args, log, "player 3 acts, but it is player 2's turn");
}

#[test]
fn malformed_logs_are_rejected_with_the_line() {
    rejected(
        &[],
        "",
        "line 1: expected the number of actions, found an empty input",
    );
    rejected(
        &[],
        "x\n",
        "line 1: expected the number of actions, found `x`",
    );
    rejected(
        &[],
        "2\n1 A 2 3C no\n",
        "line 3: expected 2 actions as line 1 says, found 1",
    );
    rejected(
        &[],
        "1\n1 A 2 3C no\n2 A 1 3C no\n",
        "line 3: expected only 1 action as",
    );
    rejected(&[], "1\n1 B 2 3C no\n", "line 2: expected `A` (ask) or `Q`");
    rejected(
        &[],
        "1\n1 A 2 3C maybe\n",
        "line 2: expected `yes` or `no`, found `maybe`",
    );
    rejected(
        &[],
        "1\n1 A 2 3c no\n",
        "line 2: expected a card such as `3C`",
    );
    rejected(
        &[],
        "1\n1 A 2 3C no extra\n",
        "expected the end of the line, found `extra`",
    );
    rejected(
        &[],
        "1\n1 A 2\n",
        "expected a card such as `3C` (set number, letter), found the end of the line",
    );
    rejected(
        &[],
        "1\n99999999999999999999 A 2 3C no\n",
        "expected a player number",
    );
    rejected(
        &[],
        "1\n\u{0}\u{1}\u{ff}garbage\n",
        "line 2: expected a player number",
    );
    fairplay()
        .args(["quartets", "/nonexistent/game.log"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "fairplay: /nonexistent/game.log: cannot read: ",
        ));
}

#[test]
fn lines_after_the_verdict_are_read_but_not_judged() {
    // Action 5 is out of turn, but cheating was certain after action 4.
    let log = SAMPLE1.replacen('4', "5", 1) + "3 A 1 1A no\n";
    judge(&[], &log).success().stdout("no\n4\n");
    // A malformed line after the verdict is still reported.
    let log = SAMPLE1.replacen('4', "5", 1) + "garbage\n";
    rejected(&[], &log, "line 6: expected a player number");
}

#[test]
fn help_teaches_the_format() {
    fairplay()
        .args(["quartets", "--help"])
        .assert()
        .success()
        .stdout(predicate::str::contains("x A y sk yes"))
        .stdout(predicate::str::contains("--hands"));
}

/// With `--format json`, a log that cannot be judged is an error document on standard
/// output (following the schema), nothing on standard error, and exit status 2; with or
/// without the report options.
#[test]
fn json_error_documents_for_malformed_logs_and_rule_errors() {
    let validator = validator();
    let cases = [
        (
            "1\n1 B 2 3C no\n",
            json!({
                "kind": "malformed",
                "line": 2,
                "action": null,
                "message": "expected `A` (ask) or `Q` (lay a set aside), found `B`",
            }),
        ),
        (
            "2\n1 A 2 3C no\n",
            json!({
                "kind": "malformed",
                "line": 3,
                "action": null,
                "message": "expected 2 actions as line 1 says, found 1",
            }),
        ),
        (
            "2\n1 A 2 3C no\n1 A 2 3B no\n",
            json!({
                "kind": "rule",
                "line": 3,
                "action": 2,
                "message": "player 1 acts, but it is player 2's turn",
            }),
        ),
        (
            "1\n1 A 2 9C no\n",
            json!({
                "kind": "rule",
                "line": 2,
                "action": 1,
                "message": "there is no set 9: sets are numbered 1 to 8",
            }),
        ),
    ];
    for (log, error) in cases {
        for options in [&[][..], &["--explain", "--deal", "--knowledge"]] {
            let output = fairplay()
                .args(["quartets", "--format", "json"])
                .args(options)
                .write_stdin(log)
                .output()
                .unwrap();
            assert_eq!(output.status.code(), Some(2), "{log:?} {options:?}");
            assert_eq!(String::from_utf8_lossy(&output.stderr), "", "{log:?}");
            let stdout = String::from_utf8(output.stdout).unwrap();
            let document = assert_valid(&validator, &stdout);
            assert_eq!(
                document,
                json!({"schema_version": 1, "game": "quartets", "error": error}),
                "{log:?} {options:?}"
            );
            assert!(stdout.ends_with("}\n"), "one document and a line break");
        }
    }
}
