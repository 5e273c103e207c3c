//! Every `--format json` document of both games, generated from the simulators (honest play,
//! cheats, illegal moves, variants, the full rules with two and three teams) and from crafted
//! logs for the reasons no honest table produces, validated against
//! `schemas/report.schema.json`: each document by the schema, by its own game's branch and not
//! by the other game's, with no key twice in an object, and with one `kind` for the verdict's
//! reason and the illegal move. Batch rows' explanations are validated against the same
//! definitions. The reason kinds seen must be every kind the docs list.

use std::collections::BTreeSet;
use std::fmt;

use fairplay_core::Game;
use fairplay_quartets::Rules;
use fairplay_sequence::{FullOptions, Sequence, SequenceRules, Team, Teams};
use fairplay_sim::{quartets as qsim, sequence as ssim};
use jsonschema::Validator;
use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde_json::{json, Value};

use crate::common::{assert_valid, fairplay, json_record, validator, QUARTETS_SAMPLE1};

/// The reason kinds of each game, as docs/explain.md lists them.
const QUARTETS_KINDS: [&str; 5] = [
    "no-deal",
    "handed-over-from-elsewhere",
    "laid-aside-from-elsewhere",
    "denied-card-in-hand",
    "against-hand",
];
const SEQUENCE_KINDS: [&str; 22] = [
    "card-used-up",
    "card-cap-reached",
    "cannot-remove",
    "one-eyed-places",
    "jack-spot",
    "wrong-spot",
    "spots-full",
    "nothing-to-remove",
    "wrong-square",
    "corner",
    "occupied",
    "no-token",
    "own-token",
    "in-sequence",
    "out-of-turn",
    "game-over",
    "discard-jack",
    "discard-live",
    "second-discard",
    "mark-not-held",
    "mark-misses",
    "mark-shares",
];

/// The schema with its root replaced by one of its definitions.
fn branch(name: &str) -> Validator {
    let mut schema: Value =
        serde_json::from_str(include_str!("../../../../schemas/report.schema.json")).unwrap();
    let defs = schema["$defs"].take();
    jsonschema::validator_for(&json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$ref": format!("#/$defs/{name}"),
        "$defs": defs,
    }))
    .unwrap()
}

/// A JSON value that refuses an object holding a key twice (serde_json keeps the last).
struct Unique;

impl<'de> de::DeserializeSeed<'de> for Unique {
    type Value = ();
    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(Unique)
    }
}

impl<'de> Visitor<'de> for Unique {
    type Value = ();
    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("JSON")
    }
    fn visit_bool<E>(self, _: bool) -> Result<(), E> {
        Ok(())
    }
    fn visit_u64<E>(self, _: u64) -> Result<(), E> {
        Ok(())
    }
    fn visit_i64<E>(self, _: i64) -> Result<(), E> {
        Ok(())
    }
    fn visit_f64<E>(self, _: f64) -> Result<(), E> {
        Ok(())
    }
    fn visit_str<E>(self, _: &str) -> Result<(), E> {
        Ok(())
    }
    fn visit_unit<E>(self) -> Result<(), E> {
        Ok(())
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<(), A::Error> {
        while seq.next_element_seed(Unique)?.is_some() {}
        Ok(())
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<(), A::Error> {
        let mut keys = BTreeSet::new();
        while let Some(key) = map.next_key::<String>()? {
            if !keys.insert(key.clone()) {
                return Err(de::Error::custom(format!("the key `{key}` twice")));
            }
            map.next_value_seed(Unique)?;
        }
        Ok(())
    }
}

fn no_key_twice(text: &str) {
    let mut d = serde_json::Deserializer::from_str(text);
    de::DeserializeSeed::deserialize(Unique, &mut d).unwrap_or_else(|e| panic!("{e}: {text}"));
}

struct Checker {
    all: Validator,
    quartets: Validator,
    sequence: Validator,
    gofish: Validator,
    error: Validator,
    illegal: Validator,
    kinds: BTreeSet<String>,
    documents: usize,
}

impl Checker {
    fn new() -> Checker {
        Checker {
            all: validator(),
            quartets: branch("Document_with_QuartetsDetails"),
            sequence: branch("Document_with_SequenceDetails"),
            gofish: branch("Document_with_GoFishDetails"),
            error: branch("ErrorDocument"),
            illegal: branch("IllegalDetails"),
            kinds: BTreeSet::new(),
            documents: 0,
        }
    }

    /// Checks one document of `game`: valid, its own branch only, no key twice, one kind.
    fn check(&mut self, game: &str, text: &str) -> Value {
        no_key_twice(text);
        let document = assert_valid(&self.all, text);
        assert_eq!(document["game"], game, "{text}");
        let games = [
            ("quartets", &self.quartets),
            ("sequence", &self.sequence),
            ("gofish", &self.gofish),
        ];
        let error = document.get("error").is_some();
        assert_eq!(self.error.is_valid(&document), error, "{text}");
        for (name, branch) in games {
            let own = name == game && !error;
            assert_eq!(branch.is_valid(&document), own, "{name}'s branch: {text}");
        }
        if error {
            return document;
        }
        self.documents += 1;
        let verdict = &document["verdict"];
        if let Some(kind) = verdict["reason"]["kind"].as_str() {
            self.kinds.insert(format!("{game} {kind}"));
            let illegal = &document["explanation"]["illegal"];
            if game == "sequence" {
                assert_eq!(illegal["kind"], kind, "one vocabulary: {text}");
                assert_eq!(illegal["turn"], verdict["action"], "{text}");
            }
        }
        document
    }

    fn run(&mut self, game: &str, args: &[&str], log: &str) -> Value {
        let output = fairplay().args(args).write_stdin(log).output().unwrap();
        let text = String::from_utf8(output.stdout).unwrap();
        let document = self.check(game, &text);
        let expected = if document.get("error").is_some() {
            2
        } else {
            0
        };
        assert_eq!(
            output.status.code(),
            Some(expected),
            "{args:?}\n{log}\n{text}"
        );
        document
    }

    /// Judges a Quartets log with every report option, as a watcher, from a seat and with
    /// the true deal.
    fn quartets(&mut self, rules: &Rules, variant: &[String], game: &qsim::Game) {
        let log = game.log();
        let variant: Vec<&str> = variant.iter().map(String::as_str).collect();
        let mut args = vec!["quartets", "--format", "json"];
        args.extend(&variant);
        self.run("quartets", &args, &log);
        args.extend(["--explain", "--deal", "--knowledge"]);
        self.run("quartets", &args, &log);
        let deal = game.deal_text(rules);
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("true.deal");
        std::fs::write(&file, &deal).unwrap();
        let file = file.to_str().unwrap();
        let mut with_deal = args.clone();
        with_deal.extend(["--true-deal", file]);
        let document = self.run("quartets", &with_deal, &log);
        assert!(
            document["explanation"]["true_deal"].is_object(),
            "{document}"
        );
        // The seat of player 2 with its true hand, and with a hand the log may contradict.
        let hand = deal.lines().nth(1).unwrap();
        let hand: Vec<&str> = hand.split(' ').skip(2).collect();
        let true_hand = hand.join(",");
        let other = deal
            .lines()
            .next()
            .unwrap()
            .split(' ')
            .skip(2)
            .collect::<Vec<_>>();
        let wrong_hand = other.join(",");
        for hand in [true_hand, wrong_hand] {
            let mut seat = args.clone();
            seat.extend(["--seat", "2", "--hand", &hand]);
            self.run("quartets", &seat, &log);
        }
    }
}

#[test]
fn every_document_of_both_games_follows_its_own_branch() {
    let mut checker = Checker::new();
    // Quartets: the standard game and variants, honest and cheating.
    let variants: [(Rules, Vec<String>); 3] = [
        (Rules::standard(), vec![]),
        (
            Rules::new(3, 5, 3, None).unwrap(),
            ["--players", "3", "--sets", "5", "--cards-per-set", "3"]
                .map(String::from)
                .to_vec(),
        ),
        (
            Rules::new(5, 6, 4, Some(vec![5, 5, 5, 5, 4])).unwrap(),
            [
                "--players",
                "5",
                "--sets",
                "6",
                "--cards-per-set",
                "4",
                "--hands",
                "5,5,5,5,4",
            ]
            .map(String::from)
            .to_vec(),
        ),
    ];
    for (rules, variant) in &variants {
        for seed in 0..6u64 {
            let rate = [0.0, 0.03, 0.2][seed as usize % 3];
            let config = qsim::Config::new(rules.clone())
                .with_cheat_rate(rate)
                .with_max_actions(120);
            checker.quartets(rules, variant, &qsim::simulate_seeded(&config, seed));
        }
    }
    // The reasons only a physically impossible log has: player 1 took 1A from player 2 at
    // action 1, so nobody else holds it.
    for log in [
        "3\n1 A 2 1A yes\n1 A 2 2A no\n2 A 3 1A yes\n",
        "3\n1 A 2 1A yes\n1 A 2 2A no\n2 Q 1\n",
        "3\n1 A 2 1A yes\n1 A 2 2A no\n2 A 1 1A no\n",
        QUARTETS_SAMPLE1,
    ] {
        checker.run(
            "quartets",
            &["quartets", "--format", "json", "--explain"],
            log,
        );
    }
    // Sequence: contract, full rules with two and three teams, recorded markings, other caps
    // and another first team, with illegal moves injected; a move after the win. The first
    // seeds of each are judged, then any seed whose verdict (by the engine, in process) has a
    // reason kind not seen yet.
    let two = Some(Teams::Two);
    let three = Some(Teams::Three);
    // The simulator's game, the teams (`None`: the contract rules), the first team, the cap.
    type Judged = (ssim::Config, Option<Teams>, Option<Team>, Option<u8>);
    let configs: Vec<Judged> = vec![
        (ssim::Config::contract(), None, None, Some(2)),
        (ssim::Config::full(Teams::Two), two, None, Some(2)),
        (ssim::Config::full(Teams::Three), three, None, Some(2)),
        (
            ssim::Config::full(Teams::Two)
                .with_recorded_marks(true)
                .with_line_rate(0.7),
            two,
            None,
            Some(2),
        ),
        (
            ssim::Config::full(Teams::Two).with_card_plays(Some(1)),
            two,
            None,
            Some(1),
        ),
        (
            ssim::Config::full(Teams::Two).with_card_plays(None),
            two,
            None,
            None,
        ),
        (
            ssim::Config::full(Teams::Three).with_first(Team::GREEN),
            three,
            Some(Team::GREEN),
            Some(2),
        ),
        (
            ssim::Config::full(Teams::Two).with_inject_at(vec![400]),
            two,
            None,
            Some(2),
        ),
    ];
    for (config, teams, first, plays) in &configs {
        let rules = match teams {
            None => SequenceRules::Contract,
            Some(_) => SequenceRules::Full(*teams),
        };
        let card_plays = (*plays != Some(2)).then_some(*plays);
        let options = FullOptions::checked(rules, *first, card_plays).unwrap();
        let engine = Sequence::new(rules).with_options(options);
        let mut args = vec!["sequence".to_string(), "--format".into(), "json".into()];
        if let Some(teams) = teams {
            args.extend(["--rules".into(), "full".into()]);
            args.extend(["--teams".into(), teams.count().to_string()]);
        }
        if let Some(first) = first {
            args.extend(["--first".into(), first.to_string()]);
        }
        if let Some(plays) = card_plays {
            let plays = plays.map_or("unlimited".to_string(), |n| n.to_string());
            args.extend(["--card-plays".into(), plays]);
        }
        for seed in 0..300u64 {
            let rate = [0.0, 0.02, 0.1, 0.3][seed as usize % 4];
            let config = config.clone().with_inject_rate(rate);
            let log = ssim::simulate_seeded(&config, seed).log();
            let judged = engine.audit(log.as_bytes()).unwrap();
            let kind = judged.verdict.foul().map(|f| f.reason.kind);
            let new = kind.is_some_and(|k| !checker.kinds.contains(&format!("sequence {k}")));
            if seed >= 6 && !new {
                continue;
            }
            for explain in [false, true] {
                let mut args: Vec<&str> = args.iter().map(String::as_str).collect();
                if explain {
                    args.push("--explain");
                }
                let document = checker.run("sequence", &args, &log);
                let marking = &document["explanation"]["marking"];
                assert!(marking.is_array(), "marking always present: {document}");
                assert_eq!(document["verdict"]["reason"]["kind"].as_str(), kind);
            }
        }
    }
    // What the simulators never write: a second discard in one turn (a discard, then the card
    // of the next placement discarded too), and a recorded marking that shares four squares
    // with the team's first sequence.
    let full = [
        "sequence",
        "--format",
        "json",
        "--rules",
        "full",
        "--explain",
    ];
    let log = ssim::simulate_seeded(&ssim::Config::full(Teams::Two), 1).log();
    checker.run("sequence", &full, &second_discard(&log));
    checker.run("sequence", &full, &shared_marking());
    // Go Fish: its documents, with and without the explanations, have their own branch.
    for seed in 0..6u64 {
        let rate = [0.0, 0.05, 0.3][seed as usize % 3];
        let config = fairplay_sim::gofish::Config::new(fairplay_sim::gofish::Rules::standard())
            .with_cheat_rate(rate);
        let log = fairplay_sim::gofish::simulate_seeded(&config, seed).log();
        let document = checker.run("gofish", &["gofish", "--format", "json"], &log);
        assert!(document["explanation"].is_null(), "{document}");
        let asked = [
            "gofish",
            "--format",
            "json",
            "--explain",
            "--deal",
            "--knowledge",
        ];
        let document = checker.run("gofish", &asked, &log);
        assert!(document["explanation"].is_object(), "{document}");
        let kind = document["verdict"]["reason"]["kind"]
            .as_str()
            .unwrap_or_default();
        checker.kinds.remove(&format!("gofish {kind}"));
        // From a seat: the dealt hand of player 1 as the simulator dealt it.
        let game = fairplay_sim::gofish::simulate_seeded(&config, seed);
        let hand: Vec<String> = game.deal[0]
            .iter()
            .map(|&r| fairplay_sim::gofish::RANK_NAMES[usize::from(r)].to_string())
            .collect();
        let hand = hand.join(",");
        let seat = [&asked[..], &["--seat", "1", "--hand-of", &hand]].concat();
        let document = checker.run("gofish", &seat, &log);
        assert!(document["explanation"]["seat"].is_object(), "{document}");
        let kind = document["verdict"]["reason"]["kind"]
            .as_str()
            .unwrap_or_default();
        checker.kinds.remove(&format!("gofish {kind}"));
    }
    let seen = checker.kinds.clone();
    let expected: BTreeSet<String> = QUARTETS_KINDS
        .iter()
        .map(|k| format!("quartets {k}"))
        .chain(SEQUENCE_KINDS.iter().map(|k| format!("sequence {k}")))
        .collect();
    let missing: Vec<&String> = expected.difference(&seen).collect();
    let unknown: Vec<&String> = seen.difference(&expected).collect();
    assert!(missing.is_empty(), "kinds never generated: {missing:?}");
    assert!(
        unknown.is_empty(),
        "kinds the docs do not list: {unknown:?}"
    );
    assert!(checker.documents > 200, "{}", checker.documents);
}

#[test]
fn batch_rows_explain_with_the_documents_definitions() {
    let checker = Checker::new();
    let mut records = String::new();
    let mut illegal_rows = 0;
    for seed in 0..40u64 {
        let config = ssim::Config::full(if seed % 2 == 0 {
            Teams::Two
        } else {
            Teams::Three
        })
        .with_recorded_marks(seed % 4 < 2)
        .with_inject_rate(0.05);
        let log = ssim::simulate_seeded(&config, seed).log();
        records.push_str(&json_record(
            Some(&format!("s{seed}")),
            Some("sequence"),
            &log,
        ));
        records.push('\n');
    }
    let output = fairplay()
        .args([
            "batch",
            "--format",
            "jsonl",
            "--explain",
            "--rules",
            "full",
            "-",
        ])
        .write_stdin(records)
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(0));
    for row in String::from_utf8(output.stdout).unwrap().lines() {
        no_key_twice(row);
        let row: Value = serde_json::from_str(row).unwrap();
        let illegal = &row["illegal"];
        if row["verdict"] == "foul" {
            assert!(checker.illegal.is_valid(illegal), "{row}");
            assert_eq!(illegal["kind"], row["kind"], "{row}");
            illegal_rows += 1;
        }
    }
    assert!(illegal_rows > 10, "{illegal_rows}");
}

#[test]
fn a_document_of_one_game_fails_the_other_branch() {
    let checker = Checker::new();
    let quartets: Value = serde_json::from_slice(
        &fairplay()
            .args(["quartets", "--format", "json", "--explain"])
            .write_stdin(QUARTETS_SAMPLE1)
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    let sequence: Value = serde_json::from_slice(
        &fairplay()
            .args(["sequence", "--format", "json"])
            .write_stdin("2\n1 2s P 2s\n2 3s P 2s\n")
            .output()
            .unwrap()
            .stdout,
    )
    .unwrap();
    assert!(checker.quartets.is_valid(&quartets));
    assert!(checker.sequence.is_valid(&sequence));
    assert!(!checker.sequence.is_valid(&quartets));
    assert!(!checker.quartets.is_valid(&sequence));
    // Nor by renaming the game: each game's details are its own, and closed.
    let mut renamed = sequence.clone();
    renamed["game"] = "quartets".into();
    assert!(!checker.quartets.is_valid(&renamed));
    let mut renamed = quartets.clone();
    renamed["game"] = "sequence".into();
    assert!(!checker.sequence.is_valid(&renamed));
    // A field no document has does not validate, at the top or in the details.
    let mut extra = sequence.clone();
    extra["explanation"]["illegal"]["surprise"] = 1.into();
    assert!(!checker.sequence.is_valid(&extra));
    let mut extra = quartets.clone();
    extra["explanation"]["surprise"] = 1.into();
    assert!(!checker.quartets.is_valid(&extra));
    let mut extra = quartets;
    extra["surprise"] = 1.into();
    assert!(!checker.all.is_valid(&extra));
}

/// Runs `args` on `stdin`, expecting one error document of `game` of kind `kind` on no line,
/// with exit status 2 and nothing on standard error.
fn error_document(args: &[&str], stdin: &str, game: &str, kind: &str) -> Value {
    let mut checker = Checker::new();
    let output = fairplay().args(args).write_stdin(stdin).output().unwrap();
    let text = String::from_utf8(output.stdout).unwrap();
    assert_eq!(output.status.code(), Some(2), "{args:?}: {text}");
    assert!(output.stderr.is_empty(), "{args:?}: {:?}", output.stderr);
    let document = checker.check(game, &text);
    assert_eq!(document["error"]["kind"], kind, "{text}");
    assert_eq!(document["error"]["line"], 0, "{text}");
    document
}

#[test]
fn every_outcome_of_format_json_is_a_document() {
    let dir = tempfile::tempdir().unwrap();
    let missing = dir.path().join("missing.log");
    let missing = missing.to_str().unwrap();
    let here = dir.path().to_str().unwrap();
    for game in ["quartets", "sequence"] {
        let document = error_document(&[game, "--format", "json", missing], "", game, "io");
        let message = document["error"]["message"].as_str().unwrap();
        assert!(message.contains(missing), "{message}");
        error_document(&[game, "--format", "json", here], "", game, "io");
    }
    // Knowledge after an action past the end, or where no deal fits.
    for at in ["9", "4"] {
        let document = error_document(
            &["quartets", "--format", "json", "--knowledge", "--at", at],
            QUARTETS_SAMPLE1,
            "quartets",
            "usage",
        );
        let message = document["error"]["message"].as_str().unwrap();
        assert!(
            message.contains(&format!("knowledge after action {at}")),
            "{message}"
        );
    }
    // Options that do not fit, and a deal file that cannot be read.
    error_document(
        &["sequence", "--format", "json", "--teams", "3"],
        "1\n1 2s P 2s\n",
        "sequence",
        "usage",
    );
    error_document(
        &["quartets", "--format", "json", "--true-deal", missing],
        QUARTETS_SAMPLE1,
        "quartets",
        "usage",
    );
    // The text output still says it on standard error.
    fairplay()
        .args(["quartets", missing])
        .assert()
        .code(2)
        .stdout("")
        .stderr(predicates::str::contains("missing.log"));
}

/// An action that breaks a rule after cheating is certain: the verdict stands, and the
/// replay on the true deal stops where the verdict does.
#[test]
fn true_deal_after_certainty_keeps_the_verdict() {
    let log = "5\n1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n1 A 0 3B no\n";
    let deal = crate::common::example("quartets/sample1.deal");
    let deal = deal.to_str().unwrap();
    let mut checker = Checker::new();
    let document = checker.run(
        "quartets",
        &["quartets", "--format", "json", "--true-deal", deal],
        log,
    );
    assert_eq!(document["contract"], "no\n4\n");
    let true_deal = &document["explanation"]["true_deal"];
    assert_eq!(true_deal["through"], 4, "{document}");
    assert_eq!(true_deal["lies"][0]["action"], 1, "{document}");
    fairplay()
        .args(["quartets", "--true-deal", deal])
        .write_stdin(log)
        .assert()
        .success()
        .stdout(predicates::str::starts_with("no\n4\n"))
        .stdout(predicates::str::contains(
            "replayed on actions 1..4: action 5 breaks a rule anyone can check",
        ));
    // A whole log replayed says so too.
    let whole = checker.run(
        "quartets",
        &["quartets", "--format", "json", "--true-deal", deal],
        QUARTETS_SAMPLE1,
    );
    assert_eq!(whole["explanation"]["true_deal"]["through"], 4);
}

/// Live: each step's JSON object has the finding its text line tells, for every illegal move
/// of a game, not only the first.
#[test]
fn live_json_steps_carry_their_own_finding() {
    let cases: Vec<(Vec<&str>, String)> = vec![
        (
            vec!["sequence", "--live"],
            "1 2s P 2s\n2 Jd P 2s\n3 2s P 2s\n4 Jh P 2s\n5 3s P 3s\n".to_string(),
        ),
        (
            vec!["sequence", "--live", "--rules", "full"],
            ssim::simulate_seeded(&ssim::Config::full(Teams::Two).with_inject_rate(0.2), 3).log(),
        ),
        (
            vec!["quartets", "--live"],
            "1 A 2 3C no\n2 A 3 3A yes\n2 A 4 3D yes\n2 A 1 3C no\n1 A 2 3B no\n".to_string(),
        ),
    ];
    for (args, log) in cases {
        let run = |json: bool| {
            let mut args = args.clone();
            if json {
                args.extend(["--format", "json"]);
            }
            let output = fairplay()
                .args(&args)
                .write_stdin(log.clone())
                .output()
                .unwrap();
            String::from_utf8(output.stdout).unwrap()
        };
        let (text, json) = (run(false), run(true));
        let mut findings = 0;
        for (line, object) in text.lines().zip(json.lines()) {
            let object: Value = serde_json::from_str(object).unwrap();
            if object["event"] != "step" {
                continue;
            }
            let finding = &object["finding"];
            let told = line.contains("ILLEGAL") || line.contains("CHEATING CERTAIN");
            assert_eq!(finding.is_object(), told, "{line}\n{object}");
            if told {
                findings += 1;
                let message = finding["reason"]["message"].as_str().unwrap();
                assert!(line.ends_with(message), "{line}\n{object}");
                assert_eq!(finding["action"], object["action"], "{object}");
            }
        }
        assert_eq!(text.lines().count(), json.lines().count());
        assert!(findings >= 1, "{args:?}: {text}");
        if args[0] == "sequence" && args.len() == 2 {
            assert_eq!(findings, 2, "turns 3 and 4: {json}");
        }
    }
}

/// `log` cut after its first discard, followed by a discard of the card its next line places.
fn second_discard(log: &str) -> String {
    let lines: Vec<&str> = log.lines().skip(1).collect();
    let at = lines
        .iter()
        .position(|line| line.split(' ').nth(2) == Some("D"))
        .expect("a discard");
    let next: Vec<&str> = lines[at + 1].split(' ').collect();
    let team = lines[at].split(' ').nth(3).unwrap();
    let mut moves: Vec<String> = lines[..=at].iter().map(|l| l.to_string()).collect();
    moves.push(format!("{} {} D {team}", at + 2, next[1]));
    format!("{}\n{}\n", moves.len(), moves.join("\n"))
}

/// Blue places B2 to F2 and marks B2-F2, then places G2 and marks C2-G2 (four squares shared);
/// green places apart.
fn shared_marking() -> String {
    let board = fairplay_sequence::Board::standard();
    let blue = ["B2", "C2", "D2", "E2", "F2", "G2"];
    let green = ["B9", "D9", "F9", "H9", "B7"];
    let mut moves = Vec::new();
    for (i, square) in blue.iter().enumerate() {
        let mut place = |square: &str, team: &str, marks: &str| {
            let at = fairplay_sequence::Square::parse(square.as_bytes()).unwrap();
            let card = board.card_at(at).unwrap();
            let turn = moves.len() + 1;
            moves.push(format!("{turn} {card} P {card}@{square} {team}{marks}"));
        };
        let marks = match i {
            4 => " B2-F2",
            5 => " C2-G2",
            _ => "",
        };
        place(square, "blue", marks);
        if let Some(square) = green.get(i) {
            place(square, "green", "");
        }
    }
    format!("{}\n{}\n", moves.len(), moves.join("\n"))
}
