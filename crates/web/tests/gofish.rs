//! The Go Fish requests, natively: each against what the engine gives directly.

use fairplay_core::{Game, Referee as _};
use fairplay_gofish::explain::{explain, Questions};
use fairplay_gofish::{GoFish, GoFishReferee, Rules};
use serde_json::{json, Value};

fn call(request: Value) -> Value {
    let response = fairplay_web::handle(&request.to_string());
    serde_json::from_str(&response).expect("every response is JSON")
}

fn example(name: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/gofish/");
    std::fs::read_to_string(format!("{root}{name}")).unwrap()
}

const EXAMPLES: [&str; 2] = ["standard-honest.log", "standard-cheat.log"];

#[test]
fn examples_are_told_and_get_the_engines_verdict() {
    let game = GoFish::new(Rules::standard());
    for name in EXAMPLES {
        let log = example(name);
        let response = call(json!({"op": "judge", "log": log}));
        let document = &response["document"];
        assert_eq!(document["game"], "gofish", "{name}");
        let judgement = game.audit(log.as_bytes()).unwrap();
        assert_eq!(
            document["verdict"],
            serde_json::to_value(&judgement.verdict).unwrap()
        );
        assert_eq!(document["contract"], game.contract(&judgement.verdict));
        // Every line is an action: there is no count line.
        let lines = log.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(response["actions"].as_array().unwrap().len(), lines);
        assert_eq!(response["actions"][0]["line"], 1);
        let explanation = &document["explanation"];
        let full = Questions {
            proof: true,
            suspects: true,
            deal: true,
            ..Questions::default()
        };
        let expected = explain(log.as_bytes(), &Rules::standard(), &full).unwrap();
        match document["verdict"]["kind"].as_str().unwrap() {
            "foul" => {
                let proof: Vec<u64> = explanation["proof"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|s| s["action"].as_u64().unwrap())
                    .collect();
                let want: Vec<u64> = expected
                    .proof
                    .unwrap()
                    .iter()
                    .map(|s| s.action as u64)
                    .collect();
                assert_eq!(proof, want, "{name}");
                let suspects: Vec<u32> = expected
                    .suspects
                    .unwrap()
                    .iter()
                    .map(|p| p.number())
                    .collect();
                assert_eq!(explanation["suspects"]["players"], json!(suspects));
                assert_eq!(
                    explanation["reason"]["kind"],
                    expected.contradiction.unwrap().reason.kind()
                );
            }
            _ => assert_eq!(explanation["deal"]["hands"].as_array().unwrap().len(), 4),
        }
    }
}

#[test]
fn a_step_is_the_knowledge_at_that_action() {
    for name in EXAMPLES {
        let log = example(name);
        call(json!({"op": "judge", "log": log}));
        for at in [0, 1, 7, 20, 49, 50, 51, 200] {
            let step = call(json!({"op": "step", "after": at, "game": "gofish"}));
            let questions = Questions {
                knowledge: true,
                at: Some(at),
                ..Questions::default()
            };
            let knowledge = explain(log.as_bytes(), &Rules::standard(), &questions)
                .unwrap()
                .knowledge
                .unwrap();
            assert_eq!(step["game"], "gofish");
            assert_eq!(step["asked"], at);
            assert_eq!(step["knowledge"], serde_json::to_value(&knowledge).unwrap());
        }
    }
}

/// Every line of the notation that could come next for `rules`.
fn candidates(rules: &Rules) -> Vec<String> {
    let ranks = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    let ranks = &ranks[..rules.ranks()];
    let mut lines = Vec::new();
    for x in 1..=rules.players() {
        lines.push(format!("{x} D"));
        for r in ranks {
            lines.push(format!("{x} D {r}"));
            lines.push(format!("{x} B {r}"));
            for y in 1..=rules.players() {
                for answer in ["fish", "1", "2", "3"] {
                    lines.push(format!("{x} A {y} {r} {answer}"));
                }
            }
        }
    }
    lines
}

/// The lines `moves` offers, in the notation.
fn offered(moves: &Value) -> Vec<String> {
    let turn = &moves["turn"];
    let mut lines = Vec::new();
    for ask in moves["asks"].as_array().unwrap() {
        for answer in ask["answers"].as_array().unwrap() {
            let answer = match answer {
                Value::String(s) => s.clone(),
                other => other.to_string(),
            };
            lines.push(format!(
                "{turn} A {} {} {answer}",
                ask["target"],
                ask["rank"].as_str().unwrap()
            ));
        }
    }
    for draw in moves["draws"].as_array().unwrap() {
        match draw["shown"].as_str() {
            Some(rank) => lines.push(format!("{} D {rank}", draw["player"])),
            None => lines.push(format!("{} D", draw["player"])),
        }
    }
    for book in moves["books"].as_array().unwrap() {
        lines.push(format!(
            "{} B {}",
            book["player"],
            book["rank"].as_str().unwrap()
        ));
    }
    lines.sort();
    lines
}

#[test]
fn the_table_offers_exactly_the_lines_the_live_referee_accepts() {
    let rules = Rules::standard();
    for name in EXAMPLES {
        let log = example(name);
        let lines: Vec<&str> = log.lines().collect();
        for upto in [0, 1, 2, 3, 10, 33, 60, lines.len()] {
            let entered: String = lines[..upto].iter().map(|l| format!("{l}\n")).collect();
            let moves = call(json!({"op": "moves", "lines": entered, "game": "gofish"}));
            // The referee of the core's trait, after the same lines, tries every line.
            let mut referee = GoFishReferee::new(rules);
            for (i, line) in lines[..upto].iter().enumerate() {
                referee.apply_line(line.as_bytes(), i + 1).unwrap();
            }
            let mut accepted: Vec<String> = candidates(&rules)
                .into_iter()
                .filter(|line| {
                    referee
                        .clone()
                        .apply_line(line.as_bytes(), upto + 1)
                        .is_ok()
                })
                .collect();
            accepted.sort();
            assert_eq!(offered(&moves), accepted, "{name} after {upto} lines");
            // The next line of the log is among them.
            if let Some(next) = lines.get(upto) {
                assert!(accepted.contains(&next.to_string()), "{name}: {next}");
            }
            let knowledge = explain(
                entered.as_bytes(),
                &rules,
                &Questions {
                    knowledge: true,
                    ..Questions::default()
                },
            )
            .unwrap()
            .knowledge;
            assert_eq!(
                moves["knowledge"],
                serde_json::to_value(&knowledge).unwrap()
            );
        }
    }
}

#[test]
fn a_live_foul_carries_the_engines_reason() {
    let log = example("standard-cheat.log");
    let events = call(json!({"op": "live", "lines": log, "game": "gofish"}));
    let events = events.as_array().unwrap();
    let foul = events
        .iter()
        .find(|e| e["event"]["verdict"] == "foul")
        .expect("a foul");
    assert_eq!(foul["event"]["action"], 50);
    assert_eq!(foul["reason"]["kind"], "ask-without");
    assert_eq!(foul["reason"]["player"], 1);
    assert_eq!(foul["reason"]["rank"], "4");
    // The first line is an action, not a count line.
    assert_eq!(events[0]["event"]["action"], 1);
}

#[test]
fn impossible_rules_are_refused_with_their_parameters() {
    let response = call(
        json!({"op": "judge", "log": "1 A 2 A fish\n", "game": "gofish",
        "gofish": {"players": 4, "ranks": 3, "hand": 4}}),
    );
    assert_eq!(
        response["usage"],
        "4 hands of 4 cards need 16 cards, but 3 ranks make a deck of 12"
    );
    assert_eq!(response["detail"]["kind"], "gofish:hand");
    assert_eq!(response["detail"]["need"], 16);
    let response = call(
        json!({"op": "judge", "log": "1 A 2 A fish\n", "game": "gofish",
        "gofish": {"fish_turn": "left"}}),
    );
    assert_eq!(response["detail"]["kind"], "usage:fish-turn");
    // A small variant, as the command line's options give it.
    let log = example("sample1.log");
    let response = call(json!({"op": "judge", "log": log,
        "gofish": {"players": 2, "ranks": 3, "hand": 3}}));
    assert_eq!(response["document"]["contract"], "no\n3\n");
}

#[test]
fn a_refused_line_comes_with_its_kind_and_parameters() {
    let game = GoFish::new(Rules::standard());
    let cases = [
        (
            "2 A 1 7 fish\n",
            json!({"kind": "gofish:rule:out-of-turn", "line": 1, "action": 1, "actor": 2, "turn": 1}),
        ),
        (
            "1 A 2 7 fish\n\n2 A 1 7 fish\n",
            json!({"kind": "gofish:rule:missing-draw", "line": 3, "action": 2, "player": 1}),
        ),
        (
            "1 A 2 7 4\n",
            json!({"kind": "parse", "line": 1, "action": 1,
                "expected": "the number of cards handed over (1, 2 or 3) or `fish`", "found": "`4`"}),
        ),
        (
            "1 A 9 7 fish\n",
            json!({"kind": "gofish:rule:no-such-player", "line": 1, "action": 1, "number": 9, "players": 4}),
        ),
        (
            "1 A 2 7 fish\n1 D 8\n",
            json!({"kind": "gofish:rule:shown-wrong-rank", "line": 2, "action": 2, "player": 1, "shown": "8", "asked": "7"}),
        ),
    ];
    for (log, detail) in cases {
        let response = call(json!({"op": "judge", "log": log, "game": "gofish"}));
        assert_eq!(response["detail"], detail, "{log}");
        // The words are the engine's, unchanged.
        let error = game.audit(log.as_bytes()).unwrap_err();
        assert_eq!(
            response["document"]["error"]["message"], error.message,
            "{log}"
        );
    }
    // A line the table's live referee skips carries the same, without its line and action.
    let events = call(json!({"op": "live", "lines": "1 A 2 7 fish\n2 D\n", "game": "gofish"}));
    let skipped = &events[1];
    assert_eq!(skipped["event"]["event"], "ignored");
    assert_eq!(
        skipped["detail"],
        json!({"kind": "gofish:rule:missing-draw", "player": 1})
    );
    assert!(skipped["detail"].get("line").is_none());
}
