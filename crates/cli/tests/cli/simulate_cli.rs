//! `fairplay simulate` through the real binary: its logs are the simulators' logs, and they
//! pipe straight into the judges (`fairplay simulate quartets --seed 1 | fairplay quartets`).

use crate::common;

use std::io::Read;
use std::process::{Command as StdCommand, Stdio};

use common::{csv_record, fairplay, BATCH_COLUMNS, BIN};
use fairplay_quartets::{audit, Rules};
use fairplay_sequence::{audit_contract, audit_full, Teams};
use fairplay_sim::{quartets as sim_quartets, sequence as sim_sequence};
use predicates::prelude::*;

/// The variant options of a small uneven Quartets game: 3 players, 4 sets of 2, hands 3, 3, 2.
const UNEVEN: [&str; 8] = [
    "--players",
    "3",
    "--sets",
    "4",
    "--cards-per-set",
    "2",
    "--hands",
    "3,3,2",
];

/// Runs `fairplay <simulate> | fairplay <judge>` as two processes joined by a real pipe and
/// returns what the judge printed.
fn pipe(simulate: &[&str], judge: &[&str]) -> String {
    let mut producer = StdCommand::new(BIN)
        .args(simulate)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut consumer = StdCommand::new(BIN)
        .args(judge)
        .stdin(producer.stdout.take().unwrap())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut output = String::new();
    consumer
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut output)
        .unwrap();
    assert!(producer.wait().unwrap().success(), "{simulate:?}");
    assert!(consumer.wait().unwrap().success(), "{judge:?}");
    output
}

#[test]
fn simulate_quartets_seed_1_pipes_into_the_judge() {
    let expected = {
        let config = sim_quartets::Config::new(Rules::standard());
        let log = sim_quartets::simulate_seeded(&config, 1).log();
        audit(log.as_bytes(), &config.rules).unwrap().contract()
    };
    assert_eq!(expected, "yes\n", "honest players by default");
    assert_eq!(
        pipe(&["simulate", "quartets", "--seed", "1"], &["quartets"]),
        expected
    );
}

#[test]
fn simulated_quartets_logs_are_the_simulators() {
    let mut cheated = 0;
    for seed in 0..12u64 {
        let config = sim_quartets::Config::new(Rules::standard())
            .with_cheat_rate(0.05)
            .with_max_actions(300);
        let log = sim_quartets::simulate_seeded(&config, seed).log();
        let seed = seed.to_string();
        let args = [
            "simulate",
            "quartets",
            "--seed",
            &seed,
            "--cheat-rate",
            "0.05",
            "--actions",
            "300",
        ];
        fairplay().args(args).assert().success().stdout(log.clone());
        let verdict = audit(log.as_bytes(), &config.rules).unwrap().contract();
        cheated += usize::from(verdict != "yes\n");
        assert_eq!(pipe(&args, &["quartets"]), verdict);
    }
    assert!(cheated > 0, "a cheat rate of 5% shows some cheating");
}

#[test]
fn simulated_quartets_variants() {
    let rules = Rules::new(3, 4, 2, Some(vec![3, 3, 2])).unwrap();
    let config = sim_quartets::Config::new(rules.clone())
        .with_lay_aside_rate(0.5)
        .with_foolish_rate(0.2);
    let log = sim_quartets::simulate_seeded(&config, 9).log();
    let variant = UNEVEN;
    let mut args = vec![
        "simulate",
        "quartets",
        "--seed",
        "9",
        "--lay-aside-rate",
        "0.5",
        "--foolish-rate",
        "0.2",
    ];
    args.extend(variant);
    fairplay()
        .args(&args)
        .assert()
        .success()
        .stdout(log.clone());
    let mut judge = vec!["quartets"];
    judge.extend(variant);
    assert_eq!(
        pipe(&args, &judge),
        audit(log.as_bytes(), &rules).unwrap().contract()
    );
}

#[test]
fn simulated_sequence_logs_pipe_into_the_judge() {
    let config = sim_sequence::Config::contract().with_inject_rate(0.05);
    let log = sim_sequence::simulate_seeded(&config, 4).log();
    let args = [
        "simulate",
        "sequence",
        "--seed",
        "4",
        "--illegal-rate",
        "0.05",
    ];
    fairplay().args(args).assert().success().stdout(log.clone());
    assert_eq!(
        pipe(&args, &["sequence"]),
        audit_contract(log.as_bytes()).unwrap().to_string()
    );

    let config = sim_sequence::Config::full(Teams::Three).with_max_moves(60);
    let log = sim_sequence::simulate_seeded(&config, 5).log();
    let args = [
        "simulate", "sequence", "--seed", "5", "--rules", "full", "--teams", "3", "--moves", "60",
    ];
    fairplay().args(args).assert().success().stdout(log.clone());
    assert_eq!(
        pipe(&args, &["sequence", "--rules", "full"]),
        audit_full(log.as_bytes(), None).unwrap().to_string()
    );
}

#[test]
fn many_logs_as_json_lines_feed_the_batch() {
    let output = fairplay()
        .args(["simulate", "quartets", "--seed", "100", "--count", "40"])
        .args(["--cheat-rate", "0.02", "--format", "jsonl"])
        .output()
        .unwrap();
    assert!(output.status.success());
    let stdout = String::from_utf8(output.stdout).unwrap();
    let config = sim_quartets::Config::new(Rules::standard()).with_cheat_rate(0.02);
    // The rows the engine's own verdicts call for: (log, game, verdict, action, line, actions,
    // kind, detail).
    let mut expected = vec![BATCH_COLUMNS.map(String::from).to_vec()];
    for (i, line) in stdout.lines().enumerate() {
        let seed = 100 + i as u64;
        let record: serde_json::Value = serde_json::from_str(line).unwrap();
        let log = sim_quartets::simulate_seeded(&config, seed).log();
        assert_eq!(record["id"], format!("quartets-{seed}"));
        assert_eq!(record["game"], "quartets");
        assert_eq!(record["log"], log.as_str());
        let report = audit(log.as_bytes(), &config.rules).unwrap();
        let (verdict, action, line, kind, detail) = match report.cheating {
            None => ("fair", String::new(), String::new(), "", String::new()),
            Some(cheating) => (
                "foul",
                cheating.contradiction.action.to_string(),
                cheating.line.to_string(),
                cheating.contradiction.reason.kind(),
                cheating.contradiction.reason.to_string(),
            ),
        };
        expected.push(vec![
            format!("quartets-{seed}"),
            "quartets".to_string(),
            verdict.to_string(),
            action,
            line,
            report.actions.to_string(),
            kind.to_string(),
            detail,
        ]);
    }
    assert_eq!(stdout.lines().count(), 40);
    assert!(
        expected.iter().any(|row| row[2] == "foul"),
        "a cheat rate of 2% shows some cheating"
    );
    let batch = fairplay()
        .args(["batch", "--format", "csv", "-"])
        .write_stdin(stdout)
        .output()
        .unwrap();
    assert!(batch.status.success());
    let got: Vec<Vec<String>> = String::from_utf8(batch.stdout)
        .unwrap()
        .lines()
        .map(csv_record)
        .collect();
    assert_eq!(got, expected);
}

#[test]
fn many_logs_into_a_directory() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("corpus");
    fairplay()
        .args(["simulate", "sequence", "--seed", "8", "--count", "12"])
        .arg("--out-dir")
        .arg(&out)
        .assert()
        .success()
        .stdout("")
        .stderr(predicate::str::contains("wrote 12 sequence logs"));
    let mut names: Vec<String> = std::fs::read_dir(&out)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    // GAME-SEED.log, the seed as written (not zero-padded): sequence-8.log ... sequence-19.log.
    let mut expected: Vec<String> = (8..20).map(|s| format!("sequence-{s}.log")).collect();
    expected.sort();
    assert_eq!(names, expected);
    let config = sim_sequence::Config::contract();
    assert_eq!(
        std::fs::read_to_string(out.join("sequence-13.log")).unwrap(),
        sim_sequence::simulate_seeded(&config, 13).log()
    );
    fairplay()
        .args(["batch", "--format", "csv"])
        .arg(&out)
        .assert()
        .success()
        .stderr(predicate::str::starts_with(
            "12 logs (12 sequence): 12 fair, 0 foul, 0 errors\n",
        ));
}

#[test]
fn bad_simulate_options_exit_2() {
    fairplay()
        .args(["simulate", "quartets", "--count", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("add --format jsonl or --out-dir"));
    fairplay()
        .args(["simulate", "quartets", "--cheat-rate", "1.5"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "a rate is a probability from 0 to 1",
        ));
    fairplay()
        .args(["simulate", "sequence", "--teams", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains(
            "--teams: applies only with --rules full",
        ));
    fairplay()
        .args(["simulate", "quartets", "--players", "3"])
        .assert()
        .code(2)
        .stderr(predicate::str::contains("do not split evenly"));
    fairplay()
        .args(["simulate", "quartets", "--count", "0", "--jsonl"])
        .assert()
        .code(2);
    fairplay().args(["simulate", "chess"]).assert().code(2);
}

/// Runs `fairplay ARGS` and returns its standard output, which must be a success.
fn stdout(args: &[&str]) -> String {
    let output = fairplay().args(args).output().unwrap();
    assert!(
        output.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8(output.stdout).unwrap()
}

/// The JSON Lines records of `fairplay simulate ARGS --format jsonl`.
fn records(args: &[&str]) -> Vec<serde_json::Value> {
    let mut all = args.to_vec();
    all.extend(["--format", "jsonl"]);
    stdout(&all)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect()
}

/// The files `fairplay simulate ARGS --out-dir DIR` wrote, by name.
fn files(args: &[&str]) -> std::collections::BTreeMap<String, String> {
    let dir = tempfile::tempdir().unwrap();
    fairplay()
        .args(args)
        .arg("--out-dir")
        .arg(dir.path())
        .assert()
        .success()
        .stdout("");
    common::texts(dir.path())
}

/// What `fairplay JUDGE... FILE` prints for `log`, written to a file of its own.
fn judged(judge: &[&str], log: &str) -> String {
    let file = tempfile::NamedTempFile::new().unwrap();
    std::fs::write(file.path(), log).unwrap();
    let mut args = judge.to_vec();
    args.push(file.path().to_str().unwrap());
    stdout(&args)
}

#[test]
fn answers_are_what_the_judges_print() {
    let variant = UNEVEN;
    let cases: [(Vec<&str>, Vec<&str>); 4] = [
        (
            vec![
                "quartets",
                "--cheat-rate",
                "0.04",
                "--seed",
                "30",
                "--count",
                "12",
            ],
            vec!["quartets"],
        ),
        (
            [
                &["quartets", "--cheat-rate", "0.1", "--count", "8"][..],
                &variant,
            ]
            .concat(),
            [&["quartets"][..], &variant].concat(),
        ),
        (
            vec!["sequence", "--illegal-rate", "0.02", "--count", "8"],
            vec!["sequence"],
        ),
        (
            vec![
                "sequence",
                "--rules",
                "full",
                "--teams",
                "3",
                "--illegal-rate",
                "0.01",
            ],
            vec!["sequence", "--rules", "full", "--teams", "3"],
        ),
    ];
    let mut verdicts = std::collections::BTreeSet::new();
    for (options, judge) in cases {
        let args = [&["simulate"][..], &options, &["--answers"]].concat();
        let written = files(&args);
        let logs: Vec<&String> = written.keys().filter(|n| n.ends_with(".log")).collect();
        assert_eq!(
            written.len(),
            2 * logs.len(),
            "{options:?}: a .ans per .log"
        );
        let lines = records(&args);
        assert_eq!(lines.len(), logs.len());
        for record in &lines {
            let id = record["id"].as_str().unwrap();
            let log = &written[&format!("{id}.log")];
            let answer = &written[&format!("{id}.ans")];
            assert_eq!(record["log"], log.as_str());
            assert_eq!(record["answer"], answer.as_str(), "{id}");
            assert_eq!(&judged(&judge, log), answer, "{options:?}: {id}");
            verdicts.insert(answer.lines().next().unwrap().to_string());
        }
    }
    for verdict in ["yes", "no", "VALID GAME"] {
        assert!(verdicts.contains(verdict), "no {verdict} in {verdicts:?}");
    }
    assert!(
        verdicts.iter().any(|v| v.starts_with("INVALID ")),
        "{verdicts:?}"
    );
}

/// A Quartets card as written (`3C`, `12A`): its 0-based set and letter.
fn card(text: &str) -> (usize, usize) {
    let (set, letter) = text.split_at(text.len() - 1);
    let letter = letter.as_bytes()[0] - b'A';
    (set.parse::<usize>().unwrap() - 1, usize::from(letter))
}

/// Replays a Quartets log on the true deal of its `--truth` record: every card handed over or
/// laid aside is in the hand the log says, dealt there or received before, and the false
/// claims are exactly the cheats recorded (action, player, kind). Returns the cheats.
fn replay_on_truth(record: &serde_json::Value, hands: &[usize], cards_per_set: usize) -> usize {
    let id = record["id"].as_str().unwrap();
    let mut owner = std::collections::HashMap::new();
    let deal = record["deal"].as_array().unwrap();
    assert_eq!(deal.len(), hands.len(), "{id}");
    for (i, hand) in deal.iter().enumerate() {
        assert_eq!(hand["player"], i + 1);
        let cards = hand["cards"].as_array().unwrap();
        assert_eq!(cards.len(), hands[i], "{id}: player {}'s hand", i + 1);
        for written in cards {
            let previous = owner.insert(card(written.as_str().unwrap()), i + 1);
            assert_eq!(previous, None, "{id}: {written} dealt twice");
        }
    }
    assert_eq!(
        owner.len(),
        hands.iter().sum::<usize>(),
        "{id}: the whole deck"
    );
    let mut cheats = Vec::new();
    let log = record["log"].as_str().unwrap();
    for (i, line) in log.lines().skip(1).enumerate() {
        let action = i + 1;
        let words: Vec<&str> = line.split(' ').collect();
        let player: usize = words[0].parse().unwrap();
        match words[1] {
            "A" => {
                let target: usize = words[2].parse().unwrap();
                let (set, letter) = card(words[3]);
                let holds_set = (0..cards_per_set).any(|l| owner.get(&(set, l)) == Some(&player));
                let has = owner.get(&(set, letter)) == Some(&target);
                if !holds_set {
                    cheats.push(serde_json::json!({"action": action, "player": player, "kind": "ask-without-set"}));
                }
                match words[4] {
                    "yes" => {
                        assert!(has, "{id}: action {action} hands over a card not in hand");
                        owner.insert((set, letter), player);
                    }
                    _ if has => cheats.push(serde_json::json!({"action": action, "player": target, "kind": "denied-held-card"})),
                    _ => {}
                }
            }
            "Q" => {
                let set = words[2].parse::<usize>().unwrap() - 1;
                for letter in 0..cards_per_set {
                    let holder = owner.remove(&(set, letter));
                    assert_eq!(
                        holder,
                        Some(player),
                        "{id}: action {action} lays aside a set not in hand"
                    );
                }
            }
            other => panic!("{id}: {other}"),
        }
    }
    assert_eq!(
        record["cheats"],
        serde_json::Value::from(cheats.clone()),
        "{id}\n{log}"
    );
    assert_eq!(record["finished"], owner.is_empty(), "{id}");
    cheats.len()
}

#[test]
fn the_true_deal_and_cheats_agree_with_the_log() {
    let records_of =
        |options: &[&str]| records(&[&["simulate", "quartets", "--truth"][..], options].concat());
    let mut cheats = 0;
    for record in records_of(&[
        "--count",
        "40",
        "--cheat-rate",
        "0.03",
        "--foolish-rate",
        "0.1",
    ]) {
        assert_eq!(
            record["seed"],
            record["id"].as_str().unwrap()[9..].parse::<u64>().unwrap()
        );
        cheats += replay_on_truth(&record, &[8; 4], 4);
    }
    let options = [
        &[
            "--count",
            "40",
            "--cheat-rate",
            "0.1",
            "--lay-aside-rate",
            "0.5",
        ][..],
        &UNEVEN,
    ]
    .concat();
    for record in records_of(&options) {
        cheats += replay_on_truth(&record, &[3, 3, 2], 2);
    }
    assert!(cheats > 20, "only {cheats} cheats to check");
    // The truth files say the same as the records.
    let written = files(&[
        "simulate",
        "quartets",
        "--truth",
        "--seed",
        "5",
        "--cheat-rate",
        "0.05",
    ]);
    let truth: serde_json::Value = serde_json::from_str(&written["quartets-5.json"]).unwrap();
    let mut record = records_of(&["--seed", "5", "--cheat-rate", "0.05"]).remove(0);
    assert_eq!(
        record.as_object_mut().unwrap().remove("log").unwrap(),
        written["quartets-5.log"].as_str()
    );
    assert_eq!(truth, record);
}

#[test]
fn cheat_at_puts_the_only_cheat_at_that_action() {
    let mut kinds = std::collections::BTreeSet::new();
    let mut exposed = 0;
    let args = [
        "simulate",
        "quartets",
        "--cheat-at",
        "9",
        "--count",
        "30",
        "--answers",
        "--truth",
    ];
    for record in records(&args) {
        let id = record["id"].as_str().unwrap();
        assert_eq!(replay_on_truth(&record, &[8; 4], 4), 1, "{id}: one cheat");
        let cheat = &record["cheats"][0];
        assert_eq!(cheat["action"], 9, "{id}");
        kinds.insert(cheat["kind"].as_str().unwrap().to_string());
        let answer = record["answer"].as_str().unwrap();
        if answer != "yes\n" {
            let since: usize = answer.strip_prefix("no\n").unwrap().trim().parse().unwrap();
            assert!(
                since >= 9,
                "{id}: cheating certain at {since}, before the cheat"
            );
            exposed += 1;
        }
    }
    assert_eq!(kinds.len(), 2, "both kinds of cheat: {kinds:?}");
    assert!(exposed > 0, "some cheats at action 9 are exposed");
    // With --cheat-rate, other cheats come too, and action 9 is still one.
    for record in records(&[
        "simulate",
        "quartets",
        "--cheat-at",
        "9",
        "--cheat-rate",
        "0.05",
        "--count",
        "10",
        "--truth",
    ]) {
        replay_on_truth(&record, &[8; 4], 4);
        let cheats = record["cheats"].as_array().unwrap();
        assert!(cheats.iter().any(|c| c["action"] == 9), "{record}");
    }
    // A game over before the action: an error naming the seed, as the simulator says.
    let config = sim_quartets::Config::new(Rules::standard()).with_cheat_at(200);
    let actions = sim_quartets::simulate_seeded(&config, 7).actions.len();
    assert!(actions < 200);
    fairplay()
        .args(["simulate", "quartets", "--seed", "7", "--cheat-at", "200"])
        .assert()
        .code(2)
        .stdout("")
        .stderr(format!(
            "fairplay: --cheat-at 200: seed 7: no cheat at action 200: the game is over after {actions} actions\n"
        ));
    fairplay()
        .args([
            "simulate",
            "quartets",
            "--cheat-at",
            "50",
            "--actions",
            "40",
        ])
        .assert()
        .code(2)
        .stderr("fairplay: --cheat-at 50 is past the end of the log (--actions 40)\n");
    fairplay()
        .args(["simulate", "quartets", "--cheat-at", "0"])
        .assert()
        .code(2);
}

#[test]
fn illegal_at_puts_the_first_illegal_move_at_that_turn() {
    let args = [
        "simulate",
        "sequence",
        "--illegal-at",
        "15",
        "--count",
        "25",
        "--answers",
        "--truth",
    ];
    let lines = records(&args);
    let mut kinds = std::collections::BTreeSet::new();
    let batch_input: String = lines.iter().map(|r| r.to_string() + "\n").collect();
    let rows = fairplay()
        .args(["batch", "--format", "jsonl", "-"])
        .write_stdin(batch_input)
        .output()
        .unwrap();
    assert!(rows.status.success());
    let rows: Vec<serde_json::Value> = String::from_utf8(rows.stdout)
        .unwrap()
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(rows.len(), lines.len());
    for (record, row) in lines.iter().zip(&rows) {
        let id = record["id"].as_str().unwrap();
        assert_eq!(record["answer"], "INVALID 15\n", "{id}");
        assert_eq!(record["rules"], "contract");
        let illegal = record["illegal"].as_array().unwrap();
        assert_eq!(illegal.len(), 1, "{id}: the only illegal move");
        assert_eq!(illegal[0]["turn"], 15);
        // The kind the simulator meant is the one the referee names.
        assert_eq!(row["log"], record["id"]);
        assert_eq!(row["kind"], illegal[0]["kind"], "{id}");
        kinds.insert(illegal[0]["kind"].as_str().unwrap().to_string());
    }
    assert!(kinds.len() >= 3, "{kinds:?}");
    // The spelling of the brief, --cheat-at, is the same option.
    assert_eq!(
        stdout(&["simulate", "sequence", "--seed", "4", "--cheat-at", "15"]),
        stdout(&["simulate", "sequence", "--seed", "4", "--illegal-at", "15"])
    );
    // Full rules: the first illegal move is at turn 20 too.
    for record in records(&[
        "simulate",
        "sequence",
        "--rules",
        "full",
        "--illegal-at",
        "20",
        "--count",
        "8",
        "--answers",
        "--truth",
    ]) {
        let id = record["id"].as_str().unwrap();
        assert!(
            record["answer"]
                .as_str()
                .unwrap()
                .starts_with("INVALID 20\n"),
            "{id}"
        );
        assert_eq!(record["illegal"][0]["turn"], 20, "{id}");
        assert_eq!(record["illegal"].as_array().unwrap().len(), 1, "{id}");
        assert_eq!(record["teams"], 2);
    }
    // A game won before the turn: an error naming the seed.
    fairplay()
        .args(["simulate", "sequence", "--rules", "full", "--seed", "3", "--illegal-at", "90"])
        .assert()
        .code(2)
        .stderr(predicate::str::starts_with(
            "fairplay: --illegal-at 90: seed 3: no illegal move at turn 90: the game is over before, ",
        ));
    fairplay()
        .args(["simulate", "sequence", "--illegal-at", "105"])
        .assert()
        .code(2)
        .stderr("fairplay: --illegal-at 105 is past the end of the log (--moves 104)\n");
}

#[test]
fn honest_simulations_are_fair() {
    for options in [
        vec!["quartets", "--count", "30", "--foolish-rate", "0.2"],
        vec![
            "quartets",
            "--count",
            "30",
            "--lay-aside-rate",
            "0.3",
            "--players",
            "5",
            "--sets",
            "5",
            "--cards-per-set",
            "3",
            "--hands",
            "3,3,3,3,3",
        ],
    ] {
        for record in records(&[&["simulate"][..], &options, &["--answers", "--truth"]].concat()) {
            let id = record["id"].as_str().unwrap();
            assert_eq!(record["answer"], "yes\n", "{id}");
            assert_eq!(record["cheats"], serde_json::json!([]), "{id}");
        }
    }
    for (options, fair) in [
        (vec!["sequence", "--count", "30"], "VALID GAME\n"),
        (
            vec!["sequence", "--count", "10", "--rules", "full"],
            "VALID GAME\nwinner: ",
        ),
        (
            vec![
                "sequence", "--count", "10", "--rules", "full", "--teams", "3",
            ],
            "VALID GAME\nwinner: ",
        ),
    ] {
        for record in records(&[&["simulate"][..], &options, &["--answers", "--truth"]].concat()) {
            let id = record["id"].as_str().unwrap();
            assert!(
                record["answer"].as_str().unwrap().starts_with(fair),
                "{id}: {}",
                record["answer"]
            );
            assert_eq!(record["illegal"], serde_json::json!([]), "{id}");
        }
    }
}

#[test]
fn one_format_option_and_the_old_spelling() {
    let args = ["simulate", "sequence", "--count", "3", "--seed", "40"];
    let new = stdout(&[&args[..], &["--format", "jsonl"]].concat());
    assert_eq!(stdout(&[&args[..], &["--jsonl"]].concat()), new);
    assert_eq!(new.lines().count(), 3);
    // --format log is the default: one log.
    assert_eq!(
        stdout(&["simulate", "quartets", "--seed", "2", "--format", "log"]),
        stdout(&["simulate", "quartets", "--seed", "2"])
    );
    for (bad, message) in [
        (vec!["--jsonl", "--format", "log"], "cannot be used with"),
        (
            vec!["--format", "jsonl", "--out-dir", "x"],
            "--out-dir: writes one log file per game",
        ),
        (
            vec!["--answers"],
            "--answers: writes next to each log: add --out-dir DIR or --format jsonl",
        ),
        (vec!["--truth"], "--truth: writes next to each log"),
        (vec!["--format", "csv"], "invalid value 'csv'"),
    ] {
        fairplay()
            .args(["simulate", "quartets"])
            .args(&bad)
            .assert()
            .code(2)
            .stderr(predicate::str::contains(message));
    }
}

/// The Go Fish variant options of a small game: 2 players, ranks A 2 3, hands of 3.
const SMALL_GOFISH: [&str; 6] = ["--players", "2", "--ranks", "3", "--hand", "3"];

#[test]
fn simulated_gofish_logs_are_the_simulators() {
    use fairplay_sim::gofish::{self as sim, Cheat};
    let standard = sim::Config::new(sim::Rules::standard())
        .with_cheat_rate(0.02)
        .with_memory(0.5)
        .with_foolish_rate(0.1)
        .with_max_actions(300);
    assert_eq!(
        stdout(&[
            "simulate",
            "gofish",
            "--seed",
            "4",
            "--cheat-rate",
            "0.02",
            "--memory",
            "0.5",
            "--foolish-rate",
            "0.1",
            "--actions",
            "300",
        ]),
        sim::simulate_seeded(&standard, 4).log()
    );
    let small = sim::Rules::new(2, 3, Some(3), sim::FishTurn::Asked).unwrap();
    let config = sim::Config::new(small)
        .with_cheat_rate_of(Cheat::HiddenCatch, 0.5)
        .with_cheat_rate_of(Cheat::KeptBook, 0.5);
    let mut args = vec!["simulate", "gofish", "--seed", "9", "--fish-turn", "asked"];
    args.extend(SMALL_GOFISH);
    args.extend([
        "--cheat-rate",
        "0.5",
        "--cheat-kind",
        "hidden-catch,kept-book",
    ]);
    assert_eq!(stdout(&args), sim::simulate_seeded(&config, 9).log());
}

#[test]
fn gofish_answers_and_truth() {
    let (mut exposed, mut made) = (0, 0);
    for seed in 0..40 {
        let seed = seed.to_string();
        let mut args = vec!["simulate", "gofish", "--seed", &seed, "--cheat-at", "5"];
        args.extend(SMALL_GOFISH);
        args.extend(["--answers", "--truth", "--format", "jsonl"]);
        let output = fairplay().args(&args).output().unwrap();
        if !output.status.success() {
            // No cheat possible at action 5 (a draw into an empty hand, say): an error.
            let error = String::from_utf8(output.stderr).unwrap();
            let expected = format!("fairplay: --cheat-at 5: seed {seed}: no cheat at action 5: ");
            assert!(error.starts_with(&expected), "{error}");
            assert_eq!(output.status.code(), Some(2));
            continue;
        }
        made += 1;
        let record: serde_json::Value = serde_json::from_slice(&output.stdout).unwrap();
        let seed = record["seed"].as_u64().unwrap();
        assert_eq!(record["id"], format!("gofish-{seed}"));
        assert_eq!(record["game"], "gofish");
        // The dealt hands and the stock are the deck: four of each rank.
        let deal = record["deal"].as_array().unwrap();
        assert_eq!(deal.len(), 2);
        let mut cards: Vec<&str> = deal
            .iter()
            .flat_map(|hand| hand["cards"].as_array().unwrap())
            .chain(record["stock"].as_array().unwrap())
            .map(|card| card.as_str().unwrap())
            .collect();
        assert!(deal
            .iter()
            .all(|hand| hand["cards"].as_array().unwrap().len() == 3));
        cards.sort_unstable();
        assert_eq!(
            cards,
            ["2", "2", "2", "2", "3", "3", "3", "3", "A", "A", "A", "A"]
        );
        // The only cheat is at action 5: the answer is `yes` or `no` at 5 or later.
        let cheats = record["cheats"].as_array().unwrap();
        assert_eq!(cheats.len(), 1, "{record}");
        assert_eq!(cheats[0]["action"], 5);
        let answer = record["answer"].as_str().unwrap();
        if let Some(k) = answer.strip_prefix("no\n") {
            assert!(k.trim_end().parse::<u64>().unwrap() >= 5, "{record}");
            exposed += 1;
        } else {
            assert_eq!(answer, "yes\n");
        }
    }
    assert!(
        made > 25,
        "a cheat at action 5 is possible in most games: {made}"
    );
    assert!(
        exposed > 10,
        "most cheats in so small a deck are exposed: {exposed}"
    );
    // Honest players are judged honest; the files of --out-dir hold the same.
    let mut args = vec![
        "simulate",
        "gofish",
        "--seed",
        "3",
        "--count",
        "5",
        "--answers",
        "--truth",
    ];
    args.extend(SMALL_GOFISH);
    let written = files(&args);
    assert_eq!(written.len(), 15);
    for seed in 3..8 {
        assert_eq!(written[&format!("gofish-{seed}.ans")], "yes\n");
        let truth: serde_json::Value =
            serde_json::from_str(&written[&format!("gofish-{seed}.json")]).unwrap();
        assert_eq!(truth["cheats"], serde_json::json!([]));
        assert_eq!(truth["finished"], true);
    }
}

#[test]
fn bad_gofish_options_exit_2() {
    for args in [
        &[
            "simulate",
            "gofish",
            "--players",
            "2",
            "--ranks",
            "3",
            "--hand",
            "7",
        ][..],
        &["simulate", "gofish", "--players", "11"],
        &["simulate", "gofish", "--ranks", "14"],
        &["simulate", "gofish", "--cheat-kind", "lying"],
        &["simulate", "gofish", "--cheat-rate", "2"],
        &["simulate", "gofish", "--fish-turn", "later"],
        &["simulate", "gofish", "--cheat-at", "2000"],
        // The first draw of player 1 with an empty hand is no chance for a cheat.
        &["simulate", "gofish", "--hand", "0", "--cheat-at", "1"],
    ] {
        fairplay()
            .args(args)
            .assert()
            .code(2)
            .stdout("")
            .stderr(predicate::str::starts_with("fairplay: "));
    }
}

#[test]
fn simulated_gofish_logs_pipe_into_the_judge() {
    use fairplay_core::Game as _;
    use fairplay_sim::gofish as sim;
    let judge = fairplay_gofish::GoFish::new(fairplay_gofish::Rules::standard());
    for (seed, rate) in [("1", "0"), ("2", "0.02"), ("5", "0.1")] {
        let config =
            sim::Config::new(sim::Rules::standard()).with_cheat_rate(rate.parse().unwrap());
        let log = sim::simulate_seeded(&config, seed.parse().unwrap()).log();
        let expected = judge.contract(&judge.audit(log.as_bytes()).unwrap().verdict);
        let simulate = ["simulate", "gofish", "--seed", seed, "--cheat-rate", rate];
        assert_eq!(pipe(&simulate, &["gofish"]), expected, "seed {seed}");
    }
}
