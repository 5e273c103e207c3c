//! `fairplay gofish` through the real binary: the contract output, errors and exit statuses,
//! JSON documents, live lines, and batch detection.

use crate::common;

use common::{assert_valid, fairplay, validator};

/// Runs `fairplay gofish ARGS` on `input` (stdin); returns (status, stdout, stderr).
fn run(args: &[&str], input: &str) -> (i32, String, String) {
    let output = fairplay()
        .arg("gofish")
        .args(args)
        .write_stdin(input)
        .output()
        .unwrap();
    (
        output.status.code().unwrap_or(-1),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

const SMALL: [&str; 6] = ["--players", "2", "--ranks", "3", "--hand", "3"];

#[test]
fn the_samples_byte_for_byte() {
    let (status, out, _) = run(&SMALL, "1 A 2 A fish\n1 D\n2 A 1 A 1\n");
    assert_eq!((status, out.as_str()), (0, "no\n3\n"));
    let honest = "1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n";
    let (status, out, _) = run(&SMALL, honest);
    assert_eq!((status, out.as_str()), (0, "yes\n"));
    // CR LF, tabs, lowercase and numbered ranks read the same.
    let twin = "1\ta 2 1 FISH\r\n\r\n1 d\r\n2 A 1 a 1\r\n";
    assert_eq!(run(&SMALL, twin).1, "no\n3\n");
    let (status, _, _) = run(&[&SMALL[..], &["--exit-code"]].concat(), honest);
    assert_eq!(status, 0);
    let (status, _, _) = run(
        &[&SMALL[..], &["--exit-code"]].concat(),
        "1 A 2 A fish\n1 D\n2 A 1 A 1\n",
    );
    assert_eq!(status, 1);
}

#[test]
fn a_rule_error_names_the_line_and_exits_2() {
    let (status, out, err) = run(&SMALL, "1 A 2 A fish\n\n2 A 1 A fish\n");
    assert_eq!((status, out.as_str()), (2, ""));
    assert_eq!(
        err,
        "fairplay: <stdin>: line 3 (action 2): player 1 must draw from the stock after \"Go fish\", but the next action is not that draw\n"
    );
    let (status, _, err) = run(&SMALL, "1 A 2 A fish\n1 X\n");
    assert_eq!(status, 2);
    assert!(
        err.contains("line 2: expected `A` (ask), `D` (draw) or `B` (book)"),
        "{err}"
    );
    // After the verdict, nothing is judged: neither a rule broken nor a malformed line.
    let (status, out, _) = run(
        &SMALL,
        "1 A 2 A fish\n1 D\n2 A 1 A 1\n2 A 2 A 1\nnonsense\n",
    );
    assert_eq!((status, out.as_str()), (0, "no\n3\n"));
    let (status, _, err) = run(&["--players", "4", "--ranks", "3", "--hand", "4"], "");
    assert_eq!(status, 2);
    assert!(err.contains("4 hands of 4 cards need 16 cards"), "{err}");
}

#[test]
fn json_documents_follow_the_schema() {
    let schema = validator();
    let (status, out, _) = run(
        &[&SMALL[..], &["--format", "json"]].concat(),
        "1 A 2 A fish\n1 D\n2 A 1 A 1\n",
    );
    assert_eq!(status, 0);
    let document = assert_valid(&schema, &out);
    assert_eq!(document["game"], "gofish");
    assert_eq!(document["verdict"]["action"], 3);
    assert_eq!(document["verdict"]["reason"]["kind"], "ask-without");
    assert_eq!(document["contract"], "no\n3\n");
    let (status, out, _) = run(&[&SMALL[..], &["--format", "json"]].concat(), "2 D\n");
    assert_eq!(status, 2);
    let document = assert_valid(&schema, &out);
    assert_eq!(document["error"]["kind"], "rule");
}

#[test]
fn live_lines_and_batch_detection() {
    let (status, out, _) = run(
        &[&SMALL[..], &["--live"]].concat(),
        "1 A 2 A fish\n1 A 2 A fish\n1 D\n2 A 1 A 1\n",
    );
    assert_eq!(status, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "1: honest game still possible");
    assert!(lines[1].starts_with("error: line 2"), "{out}");
    assert!(lines[3].starts_with("3: CHEATING CERTAIN: "), "{out}");
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.log"), "1 A 2 A fish\n1 D\n2 A 1 A 1\n").unwrap();
    std::fs::write(dir.path().join("q.log"), "1\n1 A 2 3C no\n").unwrap();
    let output = fairplay()
        .args([
            "batch",
            "--quiet",
            "--format",
            "csv",
            "--players",
            "2",
            "--ranks",
            "3",
            "--hand",
            "3",
        ])
        .arg(dir.path())
        .output()
        .unwrap();
    let rows = String::from_utf8(output.stdout).unwrap();
    assert!(rows.contains(",gofish,foul,3,3,3,ask-without,"), "{rows}");
    assert!(rows.contains(",quartets,fair,"), "{rows}");
}

#[test]
fn explanations_in_text_and_json() {
    let late = "1 A 2 A fish\n1 D\n2 A 1 3 2\n2 B 3\n2 A 1 2 2\n2 B 2\n";
    let five = ["--players", "2", "--ranks", "3", "--hand", "5"];
    let (status, out, _) = run(&[&five[..], &["--explain"]].concat(), late);
    assert_eq!(status, 0);
    assert!(out.starts_with("no\n5\n\nWhy: "), "{out}");
    assert!(out.contains("action 1 (line 1) `1 A 2 A fish`: "), "{out}");
    assert!(
        out.contains("Suspects: only player 2 could be the one cheater"),
        "{out}"
    );
    let schema = validator();
    let args = [
        &five[..],
        &["--explain", "--deal", "--knowledge", "--format", "json"],
    ]
    .concat();
    let (status, out, _) = run(&args, late);
    assert_eq!(status, 0);
    let document = assert_valid(&schema, &out);
    let explanation = &document["explanation"];
    assert_eq!(explanation["reason"]["kind"], "wrong-answer");
    assert_eq!(explanation["proof"][0]["action"], 1);
    assert_eq!(explanation["suspects"]["players"], serde_json::json!([2]));
    assert_eq!(explanation["deal"]["fits"], 4);
    assert_eq!(explanation["knowledge"]["after"], 4);
    // The deal's hands and stock hold the whole deck.
    let cards: usize = explanation["deal"]["hands"]
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_array().unwrap().len())
        .sum::<usize>()
        + explanation["deal"]["stock"].as_array().unwrap().len();
    assert_eq!(cards, 12);
    // The default output stays the contract alone.
    assert_eq!(run(&five, late).1, "no\n5\n");
}

#[test]
fn the_true_deal_names_each_lie() {
    let dir = tempfile::tempdir().unwrap();
    let deal = dir.path().join("late.deal");
    std::fs::write(
        &deal,
        "player 1: A A 2 3 3\nplayer 2: A 2 2 3 3\nstock, from the top: 2 A\n",
    )
    .unwrap();
    let late = "1 A 2 A fish\n1 D\n2 A 1 3 2\n2 B 3\n2 A 1 2 2\n2 B 2\n";
    let five = [
        "--players",
        "2",
        "--ranks",
        "3",
        "--hand",
        "5",
        "--true-deal",
    ];
    let (status, out, _) = run(&[&five[..], &[deal.to_str().unwrap()]].concat(), late);
    assert_eq!(status, 0);
    assert!(out.contains("On the true deal: 1 false claim, 0 impossible actions; a watcher can prove cheating after action 5:"), "{out}");
    assert!(
        out.contains("`1 A 2 A fish`: false: player 2 says \"Go fish\" while holding 1 of rank A"),
        "{out}"
    );
    // The same deal as JSON, as `simulate gofish --truth` writes it.
    let json = dir.path().join("late.json");
    let truth = r#"{"seed": 0, "deal": [{"player": 1, "cards": ["A","A","2","3","3"]}, {"player": 2, "cards": ["A","2","2","3","3"]}], "stock": ["2","A"]}"#;
    std::fs::write(&json, truth).unwrap();
    let args = [&five[..], &[json.to_str().unwrap(), "--format", "json"]].concat();
    let (status, out, _) = run(&args, late);
    assert_eq!(status, 0);
    let document = assert_valid(&validator(), &out);
    assert_eq!(
        document["explanation"]["true_deal"]["wrong"][0]["action"],
        1
    );
    assert_eq!(document["explanation"]["true_deal"]["proved"], 5);
    // A deal that is not one of the game is refused, naming the option.
    std::fs::write(
        &deal,
        "player 1: A A\nplayer 2: A 2 2 3 3\nstock, from the top: 2 A\n",
    )
    .unwrap();
    let (status, _, err) = run(&[&five[..], &[deal.to_str().unwrap()]].concat(), late);
    assert_eq!(status, 2);
    assert!(
        err.contains("player 1 is dealt 2 cards, but each player is dealt 5"),
        "{err}"
    );
}

#[test]
fn a_seat_knows_its_own_draws() {
    let log = "1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n1 A 2 A fish\n";
    assert_eq!(run(&SMALL, log).1, "yes\n");
    let seat = [
        &SMALL[..],
        &["--seat", "2", "--hand-of", "2,2,3", "--draws", "A"],
    ]
    .concat();
    assert_eq!(run(&seat, log), (0, "no\n6\n".to_string(), String::new()));
    // Its hand alone tells it too: the card drawn after "Go fish" to 2 was no 2, and no 3
    // (it handed over only one), so an A.
    let seat = [&SMALL[..], &["--seat", "2", "--hand-of", "2,2,3"]].concat();
    assert_eq!(run(&seat, log).1, "no\n6\n");
    // Player 1's seat: dealt A A 3, it cannot tell.
    let seat = [
        &SMALL[..],
        &["--seat", "1", "--hand-of", "A,A,3", "--draws", "3"],
    ]
    .concat();
    assert_eq!(run(&seat, log).1, "yes\n");
    let bad = [&SMALL[..], &["--seat", "2", "--hand-of", "2,2,X"]].concat();
    let (status, _, err) = run(&bad, log);
    assert_eq!(status, 2);
    assert!(err.contains("`X` is not a rank of this game"), "{err}");
}

#[test]
fn a_seat_explains_what_it_knows() {
    let log = "1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n1 A 2 A fish\n";
    let seat = [
        &SMALL[..],
        &["--seat", "2", "--hand-of", "2,2,3", "--draws", "A"],
    ]
    .concat();
    let asked = [&seat[..], &["--explain", "--deal", "--knowledge"]].concat();
    let (status, out, err) = run(&asked, log);
    assert_eq!((status, err.as_str()), (0, ""));
    assert!(out.starts_with("no\n6\n\nAs player 2 knows the game (dealt 2 2 3; drew unseen A): a watcher is never certain of cheating; player 2 is certain after action 6.\n"), "{out}");
    // The seat's draw is the proof: a watcher has none to give.
    assert!(
        out.contains("  action 6 (line 6) `1 A 2 A fish`: player 2 holds no card of rank A\n"),
        "{out}"
    );
    assert!(
        out.contains("only player 2 could be the one cheater"),
        "{out}"
    );
    // The deal gives player 2 its hand and its draw (the second card of the stock).
    assert!(
        out.contains("  player 2: 2 2 3\n  stock, from the top: 3 A "),
        "{out}"
    );
    assert!(out.contains("What player 2 knows after action 5"), "{out}");
    assert!(out.contains("  player 2, 3 cards: 1×A, 2×2\n"), "{out}");
    // A watcher's explanation of the same log has no proof (no foul).
    let (_, watcher, _) = run(&[&SMALL[..], &["--explain"]].concat(), log);
    assert!(!watcher.contains("Proof"), "{watcher}");
    // JSON: the seat's view with every --seat, the parts when asked.
    let schema = validator();
    let json = [&seat[..], &["--format", "json"]].concat();
    let document = assert_valid(&schema, &run(&json, log).1);
    let view = &document["explanation"]["seat"];
    assert_eq!(view["player"], 2);
    assert_eq!(view["hand"], serde_json::json!(["2", "2", "3"]));
    assert_eq!(view["draws"], serde_json::json!(["A"]));
    assert_eq!(
        (&view["watcher_since"], &view["seat_since"]),
        (&serde_json::Value::Null, &serde_json::json!(6))
    );
    assert!(document["explanation"]["proof"].is_null());
    let json = [&asked[..], &["--format", "json"]].concat();
    let document = assert_valid(&schema, &run(&json, log).1);
    assert_eq!(document["explanation"]["proof"][0]["action"], 6);
    assert_eq!(
        document["explanation"]["suspects"]["players"],
        serde_json::json!([2])
    );
    assert_eq!(
        document["explanation"]["deal"]["hands"][1],
        serde_json::json!(["2", "2", "3"])
    );
    // A hand the log rules out (player 2 hands over a 3 at action 5 holding 2 2 2 A): no
    // claim is needed.
    let made_up = [
        &SMALL[..],
        &[
            "--seat",
            "2",
            "--hand-of",
            "2,2,2",
            "--draws",
            "A",
            "--explain",
        ],
    ]
    .concat();
    let (status, out, _) = run(&made_up, log);
    assert_eq!(status, 0);
    assert!(out.starts_with("no\n5\n"), "{out}");
    assert!(
        out.contains("  no claim is needed: what everybody saw"),
        "{out}"
    );
}
