//! `fairplay simulate` through the real binary: its logs are the simulators' logs, and they
//! pipe straight into the judges (`fairplay simulate quartets --seed 1 | fairplay quartets`).

mod common;

use std::io::Read;
use std::process::{Command as StdCommand, Stdio};

use common::{csv_record, fairplay, BATCH_COLUMNS, BIN};
use fairplay_quartets::{audit, Rules};
use fairplay_sequence::{audit_contract, audit_full, Teams};
use fairplay_sim::{quartets as sim_quartets, sequence as sim_sequence};
use predicates::prelude::*;

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
    let variant = [
        "--players",
        "3",
        "--sets",
        "4",
        "--cards-per-set",
        "2",
        "--hands",
        "3,3,2",
    ];
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
        .args(["--cheat-rate", "0.02", "--jsonl"])
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
    let expected: Vec<String> = (8..20).map(|s| format!("sequence-{s:02}.log")).collect();
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
        .stderr(predicate::str::contains("add --jsonl or --out-dir"));
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
            "--teams applies only with --rules full",
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
