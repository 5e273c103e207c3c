//! `fairplay quartets --seat/--hand` and `--true-deal`, and `fairplay batch --true-deals`,
//! through the real binary (issue 13): verdicts, the JSON fields (valid by the schema), and
//! one message with exit status 2 for every input that is not a hand or a deal.

use crate::common;

use common::{assert_valid, example, fairplay, validator, write, QUARTETS_SAMPLE1 as SAMPLE1};
use predicates::prelude::*;

const SEAT3: &[&str] = &["--seat", "3", "--hand", "3A,3B,6A,6B,6C,6D,7A,7B"];

fn quartets(args: &[&str], log: &str) -> assert_cmd::assert::Assert {
    fairplay()
        .arg("quartets")
        .args(args)
        .write_stdin(log)
        .assert()
}

fn rejected(args: &[&str], message: &str) {
    quartets(args, SAMPLE1)
        .code(2)
        .stdout("")
        .stderr(format!("fairplay: {message}\n"));
}

#[test]
fn the_seat_answers_from_its_hand() {
    quartets(SEAT3, SAMPLE1)
        .success()
        .stdout("no\n3\n\nA watcher is certain after action 4; player 3 after action 3.\n");
    // The same verdict as a watcher's: only the contract lines.
    quartets(
        &["--seat", "4", "--hand", "3D,5B,7C,7D,8A,8B,8C,8D"],
        SAMPLE1,
    )
    .success()
    .stdout("no\n4\n");
    let mut args = SEAT3.to_vec();
    args.extend(["--format", "json", "--explain", "--knowledge"]);
    let out = quartets(&args, SAMPLE1)
        .success()
        .get_output()
        .stdout
        .clone();
    let doc = assert_valid(&validator(), &String::from_utf8(out).unwrap());
    assert_eq!(doc["verdict"]["action"], 3);
    assert_eq!(doc["contract"], "no\n3\n");
    let seat = &doc["explanation"]["seat"];
    assert_eq!(
        (seat["player"].as_u64(), seat["seat_since"].as_u64()),
        (Some(3), Some(3))
    );
    assert_eq!(seat["watcher_since"], 4);
    assert_eq!(seat["hand"][0], "3A");
    assert_eq!(doc["explanation"]["knowledge"]["after"], 2);
    assert_eq!(
        doc["explanation"]["proof"]["actions"],
        serde_json::json!([1, 2])
    );
}

#[test]
fn a_hand_against_the_log_is_a_verdict() {
    let args = [
        "--seat",
        "3",
        "--hand",
        "3B,3C,6A,6B,6C,6D,7A,7B",
        "--format",
        "json",
    ];
    let out = quartets(&args, SAMPLE1)
        .success()
        .get_output()
        .stdout
        .clone();
    let doc = assert_valid(&validator(), &String::from_utf8(out).unwrap());
    assert_eq!(doc["verdict"]["reason"]["kind"], "against-hand");
    assert_eq!(doc["verdict"]["action"], 2);
    assert_eq!(doc["explanation"]["seat"]["against_hand"], true);
    quartets(&args[..4], SAMPLE1)
        .success()
        .stdout(predicate::str::starts_with(
            "no\n2\n\nThe hand given for player 3 contradicts the log at action 2",
        ));
    // --exit-code: a foul, not an error.
    let mut exit = args[..4].to_vec();
    exit.push("--exit-code");
    quartets(&exit, SAMPLE1).code(1);
}

#[test]
fn bad_hands_are_errors_naming_the_option() {
    let cases = [
        ("3", "3A", "player 3 is dealt 8 cards, but the hand has 1"),
        ("2", "1A,1A,1C,1D,2A,2B,3B,5A", "1A is given twice"),
        (
            "2",
            "1A,1Z,1C,1D,2A,2B,3B,5A",
            "there is no card 1Z: a set has the letters A to D",
        ),
        (
            "2",
            "1A,x,1C,1D,2A,2B,3B,5A",
            "`x` is not written as a card (a set number and a letter, such as `3C`)",
        ),
    ];
    for (seat, hand, message) in cases {
        rejected(
            &["--seat", seat, "--hand", hand],
            &format!("--hand `{hand}`: {message}"),
        );
    }
    // A long argument is shown as a line is, at most 40 bytes of it.
    let long = format!("1A,{}", "x".repeat(10_000));
    rejected(
        &["--seat", "2", "--hand", &long],
        &format!(
            "--hand `1A,{}`...: `{}`... is not written as a card (a set number and a letter, \
             such as `3C`)",
            "x".repeat(37),
            "x".repeat(40)
        ),
    );
    rejected(
        &["--seat", "0", "--hand", "1A"],
        "--seat 0: there is no player 0: players are numbered 1 to 4",
    );
    // Each needs the other (clap's usage error, exit status 2).
    quartets(&["--seat", "2"], SAMPLE1).code(2);
    quartets(&["--hand", "1A"], SAMPLE1).code(2);
}

#[test]
fn the_true_deal_names_every_lie() {
    let deal = example("quartets/sample1.deal");
    let deal = deal.to_str().unwrap();
    quartets(&["--true-deal", deal], SAMPLE1).success().stdout(
        "no\n4\n\nWith the true deal:\n  action 1    player 2 denied holding 3C, which they held; \
         a watcher could never prove it\n  1 false claim (by player 2), 0 of them provable by a \
         watcher; 0 impossible actions.\n",
    );
    let out = quartets(&["--true-deal", deal, "--format", "json"], SAMPLE1)
        .success()
        .get_output()
        .stdout
        .clone();
    let doc = assert_valid(&validator(), &String::from_utf8(out).unwrap());
    let lies = &doc["explanation"]["true_deal"]["lies"];
    assert_eq!(lies.as_array().unwrap().len(), 1);
    assert_eq!(
        (lies[0]["action"].as_u64(), lies[0]["player"].as_u64()),
        (Some(1), Some(2))
    );
    assert_eq!(lies[0]["kind"], "denial");
    assert!(lies[0]["exposed"].is_null());
}

#[test]
fn deals_as_json_and_bad_deals() {
    let dir = tempfile::tempdir().unwrap();
    let path = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    // What `simulate --truth` writes: the hands under `deal`.
    let json = r#"{"seed": 1, "deal": [
        {"player": 1, "cards": ["1A","1B","1C","1D","2A","2B","3B","5A"]},
        {"player": 2, "cards": ["2C","2D","3C","4A","4B","4C","4D","5C"]},
        {"player": 3, "cards": ["3A","5D","6A","6B","6C","6D","7A","7B"]},
        {"player": 4, "cards": ["3D","5B","7C","7D","8A","8B","8C","8D"]}]}"#;
    write(dir.path(), "deal.json", json);
    quartets(&["--true-deal", &path("deal.json")], SAMPLE1)
        .success()
        .stdout(predicate::str::contains(
            "action 1    player 2 denied holding 3C",
        ));
    write(dir.path(), "bad.json", r#"{"deal": [{"player": 1}]}"#);
    rejected(
        &["--true-deal", &path("bad.json")],
        &format!(
            "--true-deal {}: not a deal: hand 1 is not {{\"player\": N, \"cards\": [\"1A\", ...]}}",
            path("bad.json")
        ),
    );
    let two = "player 1: 1A 1B 1C 1D 2A 2B 3B 5A\nplayer 2: 1A 2D 3C 4A 4B 4C 4D 5C\n";
    write(dir.path(), "two.deal", two);
    rejected(
        &["--true-deal", &path("two.deal")],
        &format!(
            "--true-deal {}: line 2: 1A is in the hands of player 1 and player 2",
            path("two.deal")
        ),
    );
    rejected(
        &["--true-deal", &path("missing.deal")],
        &format!(
            "--true-deal {}: No such file or directory (os error 2)",
            path("missing.deal")
        ),
    );
}

#[test]
fn batch_replays_logs_on_their_deals() {
    let dir = tempfile::tempdir().unwrap();
    write(dir.path(), "a.log", SAMPLE1);
    let deal = std::fs::read_to_string(example("quartets/sample1.deal")).unwrap();
    write(dir.path(), "a.deal", &deal);
    write(dir.path(), "b.log", SAMPLE1);
    let out = fairplay()
        .args(["batch", "--true-deals", "--format", "jsonl", "--quiet"])
        .arg(dir.path())
        .assert()
        .success()
        .get_output()
        .stdout
        .clone();
    let rows: Vec<serde_json::Value> = String::from_utf8(out)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(rows.len(), 2);
    assert_eq!(rows[0]["true_deal"]["lies"][0]["player"], 2);
    assert!(rows[1].get("true_deal").is_none(), "no deal next to b.log");
    // A JSON Lines record carries its deal in a `deal` field.
    let hands: Vec<serde_json::Value> = deal
        .lines()
        .map(|line| {
            let (player, cards) = line.trim_start_matches("player ").split_once(':').unwrap();
            serde_json::json!({
                "player": player.parse::<u32>().unwrap(),
                "cards": cards.split_whitespace().collect::<Vec<_>>(),
            })
        })
        .collect();
    let record = serde_json::json!({"id": "t1", "log": SAMPLE1, "deal": hands});
    fairplay()
        .args(["batch", "--true-deals", "--quiet", "-"])
        .write_stdin(format!("{record}\n"))
        .assert()
        .success()
        .stdout(predicate::str::contains(
            "True deal: action 1 player 2 denied holding 3C, which they held",
        ));
}
