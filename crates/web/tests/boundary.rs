//! The boundary, natively: each request against what the engines and printers give directly.

use fairplay_core::Game;
use fairplay_quartets::explain::{explain, Questions};
use fairplay_quartets::{Quartets, Rules};
use fairplay_report::quartets::QuartetsDetails;
use fairplay_sequence::{Sequence, SequenceRules};
use serde_json::{json, Value};

fn call(request: Value) -> Value {
    let response = fairplay_web::handle(&request.to_string());
    serde_json::from_str(&response).expect("every response is JSON")
}

fn example(path: &str) -> String {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/");
    std::fs::read_to_string(format!("{root}{path}")).unwrap()
}

/// The judgement of `log` by `game`, as the documents of the command line serialize it.
fn judged(game: &dyn Game, log: &str) -> (Value, String) {
    let judgement = game.audit(log.as_bytes()).unwrap();
    let verdict = serde_json::to_value(&judgement.verdict).unwrap();
    (verdict, game.contract(&judgement.verdict))
}

#[test]
fn quartets_examples_get_the_engines_verdict_and_contract() {
    for name in ["quartets/sample1.log", "quartets/sample2.log"] {
        let log = example(name);
        let response = call(json!({"op": "judge", "log": log}));
        let document = &response["document"];
        assert_eq!(document["game"], "quartets", "{name}");
        let (verdict, contract) = judged(&Quartets::new(Rules::standard()), &log);
        assert_eq!(document["verdict"], verdict, "{name}");
        assert_eq!(document["contract"], contract, "{name}");
        let lines = log.lines().filter(|l| !l.trim().is_empty()).count();
        assert_eq!(response["actions"].as_array().unwrap().len(), lines - 1);
        // A foul is explained by a proof, a fair log by a deal.
        let explanation = &document["explanation"];
        match verdict["kind"].as_str().unwrap() {
            "foul" => assert!(explanation["proof"]["actions"].is_array()),
            _ => assert!(explanation["deal"].is_array()),
        }
    }
}

#[test]
fn sequence_examples_get_the_engines_verdict_by_either_rules() {
    for name in [
        "sample1",
        "sample2",
        "sample3",
        "sample4",
        "full-game",
        "full-illegal",
    ] {
        let log = example(&format!("sequence/{name}.log"));
        for (rules, engine) in [
            ("contract", SequenceRules::Contract),
            ("full", SequenceRules::Full(None)),
        ] {
            let response = call(json!({
                "op": "judge", "game": "sequence", "log": log, "sequence": {"rules": rules}
            }));
            let document = &response["document"];
            let game = Sequence::new(engine);
            match game.audit(log.as_bytes()) {
                Ok(_) => {
                    let (verdict, contract) = judged(&game, &log);
                    assert_eq!(document["verdict"], verdict, "{name} {rules}");
                    assert_eq!(document["contract"], contract, "{name} {rules}");
                }
                Err(error) => assert_eq!(document["error"]["line"], error.line, "{name} {rules}"),
            }
        }
    }
}

#[test]
fn the_verdict_alone_is_the_document_without_explanation() {
    let log = example("quartets/sample1.log");
    let full = call(json!({"op": "judge", "log": log}));
    let alone = call(json!({"op": "judge", "log": log, "explain": false}));
    assert_eq!(alone["document"]["verdict"], full["document"]["verdict"]);
    assert_eq!(alone["document"]["explanation"], Value::Null);
    assert!(alone.get("actions").is_none());
}

#[test]
fn a_quartets_reason_comes_with_its_parameters() {
    let log = "3\n1 A 2 3C yes\n1 A 2 3D no\n2 A 1 3C no\n";
    let response = call(json!({"op": "judge", "log": log}));
    let rules = Rules::standard();
    let explanation = explain(log.as_bytes(), &rules, &Questions::default()).unwrap();
    let reason = explanation.contradiction.unwrap().reason;
    assert_eq!(response["reason"]["kind"], reason.kind());
    assert_eq!(
        response["document"]["verdict"]["reason"]["kind"],
        reason.kind()
    );
    assert_eq!(response["reason"], serde_json::to_value(reason).unwrap());
}

#[test]
fn the_game_is_told_from_the_log() {
    let sequence = call(json!({"op": "judge", "log": example("sequence/sample1.log")}));
    assert_eq!(sequence["document"]["game"], "sequence");
    let unknown = call(json!({"op": "judge", "log": "1\nhello there\n"}));
    assert_eq!(unknown["document"]["error"]["kind"], "unknown-game");
    assert_eq!(unknown["document"]["error"]["line"], 2);
}

#[test]
fn a_malformed_line_is_reported_at_its_line() {
    let log = "3\n1 A 2 3C no\n2 A 3 3A yes\n2 B 4 3D yes\n";
    let response = call(json!({"op": "judge", "log": log}));
    let error = &response["document"]["error"];
    let expected = Quartets::new(Rules::standard())
        .audit(log.as_bytes())
        .unwrap_err();
    assert_eq!(error["kind"], "malformed");
    assert_eq!(error["line"], expected.line);
    assert_eq!(error["message"], expected.message);
}

#[test]
fn quartets_step_is_the_knowledge_of_explain_at_that_action() {
    let log = example("quartets/sample1.log");
    let rules = Rules::standard();
    for after in 0..=2 {
        let response = call(json!({"op": "step", "log": log, "after": after}));
        let questions = Questions {
            knowledge: true,
            at: Some(after),
            ..Questions::default()
        };
        let explanation = explain(log.as_bytes(), &rules, &questions).unwrap();
        let expected = serde_json::to_value(QuartetsDetails::new(&explanation).knowledge).unwrap();
        assert_eq!(response["knowledge"], expected, "after {after}");
    }
    // Past the contradiction (action 4), the last action some deal fits.
    let late = call(json!({"op": "step", "log": log, "after": 4}));
    assert_eq!(late["asked"], 4);
    assert_eq!(late["knowledge"]["after"], 3);
    let beyond = call(json!({"op": "step", "log": example("quartets/sample2.log"), "after": 99}));
    assert_eq!(beyond["knowledge"]["after"], 6);
}

#[test]
fn sequence_step_plays_the_first_moves_on_the_board() {
    let log = example("sequence/full-illegal.log");
    let request = |after: usize| {
        call(json!({
            "op": "step", "game": "sequence", "log": log, "after": after,
            "sequence": {"rules": "full"}
        }))
    };
    let start = request(0);
    let rows: Vec<String> = serde_json::from_value(start["board"]["rows"].clone()).unwrap();
    assert!(rows
        .iter()
        .flat_map(|r| r.chars())
        .all(|c| c == '.' || c == '*'));
    assert_eq!(start["squares"].as_array().unwrap().len(), 100);
    assert_eq!(start["squares"][0], "");
    let one = request(1);
    let marks = |v: &Value| {
        v["board"]["rows"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|r| r.as_str().unwrap().chars().collect::<Vec<_>>())
            .filter(|c| c.is_alphabetic())
            .count()
    };
    assert_eq!(marks(&one), 1);
    // The illegal move (turn 51) changes nothing: the board stays as it was before it.
    let end = request(52);
    assert_eq!(end["played"], 50);
    let explained = call(json!({
        "op": "judge", "game": "sequence", "log": log, "sequence": {"rules": "full"}
    }));
    assert_eq!(
        end["board"]["rows"],
        explained["document"]["explanation"]["board"]["rows"]
    );
}

#[test]
fn live_lines_are_those_of_the_live_printer() {
    let response = call(json!({
        "op": "live", "game": "quartets", "lines": "1 A 2 3C no\n2 A 3 3A yes\n2 Z\n"
    }));
    let events = response.as_array().unwrap();
    // Two steps, one ignored line, the end.
    assert_eq!(events.len(), 4);
    assert_eq!(events[0]["event"]["verdict"], "fair");
    assert_eq!(events[2]["event"]["event"], "ignored");
    assert!(events[2]["text"].as_str().unwrap().contains("line 3"));
}

#[test]
fn the_deck_of_a_variant() {
    let deck =
        call(json!({"op": "deck", "quartets": {"players": 3, "sets": 2, "cards_per_set": 3}}));
    assert_eq!(deck["players"], json!([1, 2, 3]));
    assert_eq!(deck["hands"], json!([2, 2, 2]));
    assert_eq!(deck["sets"][1]["cards"], json!(["2A", "2B", "2C"]));
    let uneven = call(json!({"op": "deck", "quartets": {"players": 3}}));
    assert!(uneven["usage"].as_str().unwrap().contains("hands"));
}

#[test]
fn no_input_makes_it_panic() {
    let requests = [
        String::new(),
        "{".into(),
        "[]".into(),
        r#"{"op": "nothing"}"#.into(),
        r#"{"op": "judge"}"#.into(),
        r#"{"op": "judge", "log": "", "game": "chess"}"#.into(),
        r#"{"op": "judge", "log": "1\n1 A 2 3C no\n", "quartets": {"players": 99}}"#.into(),
        r#"{"op": "step", "log": "x", "after": 18446744073709551615}"#.into(),
        r#"{"op": "judge", "log": "1\n1 2h P 2h\n", "sequence": {"teams": 7}}"#.into(),
    ];
    for request in &requests {
        let response: Value = serde_json::from_str(&fairplay_web::handle(request)).unwrap();
        assert!(
            response.get("usage").is_some() || response["document"].get("error").is_some(),
            "{request}: {response}"
        );
    }
    // Lines of every kind, for every op and game.
    let mut seed = 12345u64;
    let pieces = [
        "1",
        "2",
        "17",
        "A",
        "Q",
        "3C",
        "yes",
        "no",
        " ",
        "\n",
        "\r\n",
        "5s",
        "P",
        "R",
        "Jh",
        "@",
        "E1",
        "blue",
        "red",
        "fish",
        "D",
        "B",
        "K",
        "0",
        "\u{5d0}",
        "#",
        "99999999999999999999",
    ];
    for _ in 0..400 {
        let mut log = String::new();
        for _ in 0..(seed % 40) {
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            log.push_str(pieces[(seed >> 33) as usize % pieces.len()]);
            log.push(' ');
        }
        for op in ["judge", "step", "live", "moves"] {
            for game in ["auto", "quartets", "sequence", "gofish"] {
                let request = json!({
                    "op": op, "log": log, "lines": log, "after": seed % 7, "game": game,
                    "sequence": {"rules": if seed % 2 == 0 { "full" } else { "contract" }}
                });
                let response = fairplay_web::handle(&request.to_string());
                assert!(
                    serde_json::from_str::<Value>(&response).is_ok(),
                    "{request}"
                );
            }
        }
    }
}

#[test]
fn a_seat_judges_and_steps_as_explain_seat() {
    use fairplay_quartets::explain::explain_seat;
    use fairplay_quartets::SeatHand;
    let rules = Rules::builder()
        .players(3)
        .sets(3)
        .cards_per_set(2)
        .build()
        .unwrap();
    let log = "2\n1 A 2 1A no\n2 A 1 1B no\n";
    let variant = json!({"players": 3, "sets": 3, "cards_per_set": 2});
    let seat = json!({"player": 3, "hand": "1A,2A"});
    let response = call(json!({"op": "judge", "log": log, "quartets": variant, "seat": seat}));
    let hand = SeatHand::parse(&rules, 3, "1A,2A").unwrap();
    let questions = Questions {
        proof: true,
        ..Questions::default()
    };
    let expected = explain_seat(log.as_bytes(), &hand, &questions).unwrap();
    let document = &response["document"];
    assert_eq!(document["verdict"]["kind"], "foul");
    assert_eq!(
        document["verdict"]["action"],
        json!(expected.proof.unwrap().actions.last().unwrap())
    );
    assert_eq!(document["explanation"]["seat"]["player"], 3);
    assert!(document["explanation"]["seat"]["text"]
        .as_str()
        .unwrap()
        .contains("player 3"));
    let step =
        call(json!({"op": "step", "log": log, "after": 1, "quartets": variant, "seat": seat}));
    let questions = Questions {
        knowledge: true,
        at: Some(1),
        ..Questions::default()
    };
    let knowledge = explain_seat(log.as_bytes(), &hand, &questions)
        .unwrap()
        .knowledge
        .unwrap();
    assert_eq!(
        step["knowledge"]["cards"].as_array().unwrap().len(),
        knowledge.cards.len()
    );
    let bad = call(
        json!({"op": "judge", "log": log, "quartets": variant, "seat": {"player": 9, "hand": "1A"}}),
    );
    assert!(bad["usage"].as_str().unwrap().contains('9'));
}

#[test]
fn a_quartets_error_comes_with_its_kind_and_parameters() {
    let malformed = call(json!({"op": "judge", "log": "2\n1 A 2 3C no\n2 A 3 3A maybe\n"}));
    assert_eq!(
        malformed["detail"],
        json!({"kind": "parse", "line": 3, "expected": "`yes` or `no`", "found": "`maybe`"})
    );
    let turn = call(json!({"op": "judge", "log": "2\n1 A 2 3C no\n1 A 3 3A no\n"}));
    assert_eq!(
        turn["detail"],
        json!({"kind": "rule:out-of-turn", "line": 3, "action": 2, "actor": 1, "turn": 2})
    );
    assert_eq!(turn["document"]["error"]["line"], 3);
}

#[test]
fn a_live_foul_comes_with_the_reason_and_its_parameters() {
    let lines = "1 A 2 3C yes\nnonsense\n1 A 2 3D no\n2 A 1 3C no\n";
    let events = call(json!({"op": "live", "lines": lines, "game": "quartets"}));
    let events = events.as_array().unwrap();
    let foul = events
        .iter()
        .find(|e| e["event"]["verdict"] == "foul")
        .expect("a foul");
    assert_eq!(
        foul["reason"],
        json!({"kind": "denied-card-in-hand", "card": "3C", "player": 1})
    );
    assert!(events
        .iter()
        .filter(|e| e["event"]["verdict"] == "fair")
        .all(|e| e.get("reason").is_none()));
    let ignored = events
        .iter()
        .find(|e| e["event"]["event"] == "ignored")
        .unwrap();
    assert_eq!(ignored["detail"]["kind"], "parse");
    let turn =
        call(json!({"op": "live", "lines": "1 A 2 3C no\n1 A 3 3A no\n", "game": "quartets"}));
    assert_eq!(
        turn[1]["detail"],
        json!({"kind": "rule:out-of-turn", "actor": 1, "turn": 2})
    );
}

#[test]
fn a_live_illegal_move_comes_with_its_parameters() {
    let moves = "1 5h P E5 blue\n2 2c P G4\n3 4d P E5\n";
    let events = call(
        json!({"op": "live", "lines": moves, "game": "sequence", "sequence": {"rules": "full"}}),
    );
    let illegal = events
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["event"]["verdict"] == "foul")
        .expect("an illegal move");
    assert_eq!(illegal["reason"]["kind"], "wrong-square");
    assert_eq!(illegal["reason"]["square"], "E5");
    assert_eq!(illegal["reason"]["shows"], "5h");
}

#[test]
fn a_sequence_error_comes_with_its_kind_and_parameters() {
    let verb = call(json!({"op": "judge", "log": "1\n1 5s X 5s\n", "game": "sequence"}));
    assert_eq!(verb["detail"]["kind"], "parse");
    assert_eq!(verb["detail"]["line"], 2);
    let mismatch = call(
        json!({"op": "judge", "log": "1\n1 5s P 5s@A2\n", "game": "sequence", "sequence": {"rules": "full"}}),
    );
    assert_eq!(mismatch["detail"]["kind"], "name:mismatch", "{mismatch}");
    assert_eq!(mismatch["detail"]["written"], "5s");
}

/// The error document's message and the `detail` of a log that cannot be judged.
fn failure(request: Value) -> (String, Value) {
    let response = call(request);
    let message = response["document"]["error"]["message"].as_str();
    let message = message.unwrap_or_else(|| panic!("no error: {response}"));
    (message.to_string(), response["detail"].clone())
}

#[test]
fn a_count_line_the_log_disagrees_with_comes_with_the_counts() {
    let quartets = |log: &str| failure(json!({"op": "judge", "game": "quartets", "log": log}));
    let (message, detail) = quartets("4\n1 A 2 3C no\n2 A 1 3B no\n");
    assert_eq!(message, "expected 4 actions as line 1 says, found 2");
    assert_eq!(
        detail,
        json!({"kind": "count:too-few", "line": 4, "noun": "action", "declared": 4,
               "declared_line": 1, "found": 2})
    );
    let (message, detail) = quartets("\n1\n1 A 2 3C no\n2 A 1 3B no\n");
    assert_eq!(
        message,
        "expected only 1 action as line 2 says, found action 2 (`2 A 1 3B no`)"
    );
    assert_eq!(
        detail,
        json!({"kind": "count:too-many", "line": 4, "noun": "action", "declared": 1,
               "declared_line": 2, "extra": 2, "text": "`2 A 1 3B no`"})
    );
    let (message, detail) = quartets("99999999999999999999\n1 A 2 3C no\n");
    assert_eq!(
        message,
        "expected the number of actions, found `99999999999999999999`, a number too \
         large (the most is 18446744073709551615)"
    );
    assert_eq!(
        detail,
        json!({"kind": "count:too-large", "line": 1, "expected": "the number of actions",
               "text": "`99999999999999999999`", "max": "18446744073709551615"})
    );
    // A count beyond what JavaScript reads exactly is a string of its digits.
    let (_, detail) = quartets("18446744073709551615\n1 A 2 3C no\n");
    assert_eq!(detail["declared"], "18446744073709551615");
    assert_eq!(detail["found"], 1);
    // Other errors of the count line are still `parse`.
    let (_, detail) = quartets("2 3\n");
    assert_eq!(detail["kind"], "parse");
    assert_eq!(detail["expected"], "only the number of actions");

    for rules in ["contract", "full"] {
        let sequence = |log: &str| {
            failure(
                json!({"op": "judge", "game": "sequence", "sequence": {"rules": rules}, "log": log}),
            )
        };
        let (message, detail) = sequence("3\n1 5h P 5h@E5\n");
        assert_eq!(message, "expected 3 moves as line 1 says, found 1");
        assert_eq!(
            detail,
            json!({"kind": "count:too-few", "line": 3, "noun": "move", "declared": 3,
                   "declared_line": 1, "found": 1})
        );
        let (message, detail) = sequence("x\n");
        assert!(message.starts_with("expected the number of moves"));
        assert_eq!(detail["kind"], "parse");
        let (_, detail) = sequence("123456789012345678901234\n");
        assert_eq!(detail["kind"], "count:too-large");
        assert_eq!(detail["expected"], "the number of moves");
    }
}

#[test]
fn a_usage_error_comes_with_its_kind_and_parameters() {
    let log = "1\n1 A 2 3C no\n";
    let refused = |request: Value| {
        let response = call(request);
        let usage = response["usage"].as_str();
        let usage = usage.unwrap_or_else(|| panic!("not refused: {response}"));
        (usage.to_string(), response["detail"].clone())
    };
    let variant =
        |quartets: Value| refused(json!({"op": "judge", "log": log, "quartets": quartets}));
    let cases = [
        (
            variant(json!({"players": 17})),
            "a game has 2 to 16 players, not 17",
            json!({"kind": "variant:players", "players": 17, "max": 16}),
        ),
        (
            variant(json!({"sets": 0})),
            "a game has 1 to 262144 sets of 4 cards, not 0",
            json!({"kind": "variant:sets", "sets": 0, "cards_per_set": 4, "max": 262144}),
        ),
        (
            variant(json!({"cards_per_set": 27})),
            "a set has 1 to 26 cards (letters A..Z), not 27",
            json!({"kind": "variant:cards-per-set", "cards_per_set": 27, "max": 26}),
        ),
        (
            variant(json!({"players": 3})),
            "32 cards do not split evenly among 3 players: give the hand sizes (e.g. --hands 11,11,10)",
            json!({"kind": "variant:uneven", "deck": 32, "players": 3, "example": "11,11,10"}),
        ),
        (
            variant(json!({"hands": [16, 16]})),
            "2 hand sizes given for 4 players",
            json!({"kind": "variant:hand-count", "given": 2, "players": 4}),
        ),
        (
            variant(json!({"players": 3, "hands": [10, 10, 10]})),
            "the hand sizes add up to 30, but the deck has 32 cards",
            json!({"kind": "variant:hand-sum", "sum": 30, "deck": 32}),
        ),
    ];
    let seat = |player: u32, hand: &str| {
        refused(json!({"op": "judge", "log": log, "seat": {"player": player, "hand": hand}}))
    };
    let hands = [
        (
            seat(9, "1A"),
            "there is no player 9: players are numbered 1 to 4",
            json!({"kind": "hand:no-such-seat", "seat": 9, "players": 4}),
        ),
        (
            seat(2, "1A,x"),
            "`x` is not written as a card (a set number and a letter, such as `3C`)",
            json!({"kind": "hand:not-a-card", "text": "x"}),
        ),
        (
            seat(2, "9C"),
            "there is no card 9C: sets are numbered 1 to 8",
            json!({"kind": "hand:no-such-set", "text": "9C", "sets": 8}),
        ),
        (
            seat(2, "1E"),
            "there is no card 1E: a set has the letters A to D",
            json!({"kind": "hand:no-such-letter", "text": "1E", "last": "D"}),
        ),
        (
            seat(2, "1A,1A"),
            "1A is given twice",
            json!({"kind": "hand:twice", "card": "1A"}),
        ),
        (
            seat(2, "1A"),
            "player 2 is dealt 8 cards, but the hand has 1",
            json!({"kind": "hand:wrong-size", "seat": 2, "dealt": 8, "given": 1}),
        ),
    ];
    let sequence = |choice: Value| {
        refused(json!({"op": "judge", "log": "1\n1 4d P 4d\n", "sequence": choice}))
    };
    let others = [
        (
            sequence(json!({"rules": "full", "teams": 4})),
            "Sequence is played by 2 or 3 teams, not 4",
            json!({"kind": "usage:teams", "teams": 4}),
        ),
        (
            sequence(json!({"rules": "house"})),
            "unknown Sequence rules `house`: `contract` or `full`",
            json!({"kind": "usage:sequence-rules", "rules": "house"}),
        ),
        (
            refused(json!({"op": "judge", "log": log, "game": "chess"})),
            "unknown game `chess`: `quartets`, `sequence`, `gofish` or `auto`",
            json!({"kind": "usage:unknown-game", "game": "chess"}),
        ),
    ];
    for ((usage, detail), message, want) in cases.into_iter().chain(hands).chain(others) {
        assert_eq!(usage, message);
        assert_eq!(detail, want, "{message}");
    }
    // The same from the other ops: a step, the table's live lines and the deck.
    let step =
        refused(json!({"op": "step", "log": log, "after": 0, "seat": {"player": 2, "hand": "1A"}}));
    assert_eq!(step.1["kind"], "hand:wrong-size");
    let live = refused(json!({"op": "live", "lines": "", "quartets": {"players": 1}}));
    assert_eq!(live.1["kind"], "variant:players");
    let deck = refused(json!({"op": "deck", "quartets": {"players": 3}}));
    assert_eq!(deck.1["kind"], "variant:uneven");
    // A request that is not one has no kind to translate.
    assert_eq!(call(json!({"op": "nothing"}))["detail"], Value::Null);
}

/// The lines of `taken` as a whole log: its count line, then the lines.
fn as_log(taken: &[&str]) -> String {
    let mut log = format!("{}\n", taken.len());
    for line in taken {
        log.push_str(line);
        log.push('\n');
    }
    log
}

#[test]
fn live_details_and_reasons_are_those_of_the_lines_judged_as_a_whole_log() {
    // Simulated games (some with cheats), with lines the referee skips between the actions.
    // Each skipped line's detail must be the error `judge` gives the lines taken so far with
    // that line after them, and a foul's reason the reason `judge` gives the lines up to it:
    // one judgement per line, which the live request, for its speed, does not make.
    use fairplay_sim::quartets::{simulate_seeded, Config};
    let noise = [
        "1 A 1 1A no",
        "not an action",
        "2 A 3 9Z yes",
        "7 A 1 3C no",
        "3 Q 9",
    ];
    let mut skipped_rule_errors = 0;
    let mut fouls = 0;
    for seed in 0..40u64 {
        let config = Config::new(Rules::standard())
            .with_cheat_rate(0.03)
            .with_max_actions(40);
        let log = simulate_seeded(&config, seed).log();
        let mut lines: Vec<&str> = Vec::new();
        for (i, action) in log.lines().skip(1).enumerate() {
            if (i as u64 + seed) % 3 == 0 {
                lines.push(noise[(i + seed as usize) % noise.len()]);
            }
            lines.push(action);
        }
        let text = lines.iter().map(|l| format!("{l}\n")).collect::<String>();
        let events = call(json!({"op": "live", "game": "quartets", "lines": text}));
        let events = events.as_array().unwrap();
        let mut taken: Vec<&str> = Vec::new();
        let mut reason = None;
        let mut event = events.iter();
        for (i, line) in lines.iter().enumerate() {
            let number = i + 1;
            let got = event.next().unwrap();
            taken.push(line);
            let whole = call(json!({"op": "judge", "game": "quartets", "log": as_log(&taken)}));
            if let Some(error) = whole["document"].get("error") {
                // The line is skipped: its error is the whole log's, at that line.
                assert_eq!(error["line"], taken.len() + 1, "seed {seed}: {line}");
                taken.pop();
                assert_eq!(
                    got["event"]["event"], "ignored",
                    "seed {seed}, line {number}"
                );
                assert_eq!(got["event"]["error"]["line"], number);
                let mut detail = whole["detail"].clone();
                detail.as_object_mut().unwrap().remove("line");
                detail.as_object_mut().unwrap().remove("action");
                assert_eq!(got["detail"], detail, "seed {seed}, line {number}");
                skipped_rule_errors += usize::from(error["kind"] == "rule");
                continue;
            }
            if reason.is_some() && got["event"]["event"] == "ignored" {
                // Once cheating is certain a whole log is only read on, while the live game
                // still follows the turns: a rule broken there is the live game's alone.
                taken.pop();
                let kind = got["detail"]["kind"].as_str().unwrap();
                assert!(
                    kind.starts_with("rule:"),
                    "seed {seed}, line {number}: {kind}"
                );
                continue;
            }
            assert_eq!(got["event"]["event"], "step", "seed {seed}, line {number}");
            assert_eq!(got["event"]["line"], number);
            if reason.is_none() && whole["document"]["verdict"]["kind"] == "foul" {
                reason = Some(whole["reason"].clone());
                fouls += 1;
            }
            assert_eq!(
                got.get("reason"),
                reason.as_ref(),
                "seed {seed}, line {number}"
            );
        }
        assert_eq!(event.next().unwrap()["event"]["event"], "end");
    }
    // The games hold both kinds of skipped lines and some fouls.
    assert!(skipped_rule_errors > 20, "{skipped_rule_errors}");
    assert!(fouls > 5, "{fouls}");
}

#[test]
fn a_count_line_that_is_no_number_is_reported_at_line_1_by_the_game_of_the_next_line() {
    for (log, game) in [
        ("three\n1 A 2 3C no\n2 A 1 3C no\n", "quartets"),
        ("\n  two\n1 5s P 5s\n", "sequence"),
    ] {
        let response = call(json!({"op": "judge", "log": log}));
        let error = &response["document"]["error"];
        assert_eq!(response["document"]["game"], game, "{log}");
        assert_eq!(error["kind"], "malformed", "{log}: {response}");
        assert_eq!(
            error["line"],
            log.lines().position(|l| !l.trim().is_empty()).unwrap() + 1
        );
        assert!(
            error["message"].as_str().unwrap().contains("two")
                || error["message"].as_str().unwrap().contains("three"),
            "{error}"
        );
    }
    // A log whose lines are no game's is still one whose game cannot be told.
    let response = call(json!({"op": "judge", "log": "three\nfour\n"}));
    assert_eq!(response["document"]["error"]["kind"], "unknown-game");
}

#[test]
fn a_step_without_a_log_is_about_the_last_log_judged() {
    // Nothing judged yet on this thread: no log to step through.
    let none = call(json!({"op": "step", "after": 1}));
    assert!(none["usage"].as_str().unwrap().contains("judge one first"));
    let rules = Rules::standard();
    let knowledge = |log: &str, at: usize| {
        let questions = Questions {
            knowledge: true,
            at: Some(at),
            ..Questions::default()
        };
        let explanation = explain(log.as_bytes(), &rules, &questions).unwrap();
        serde_json::to_value(QuartetsDetails::new(&explanation).knowledge).unwrap()
    };
    // A long log (many states kept), then another: each step is about the log judged last.
    let long = fairplay_sim::quartets::simulate_seeded(
        &fairplay_sim::quartets::Config::new(rules.clone())
            .with_lay_aside_rate(0.0)
            .with_max_actions(3000),
        11,
    )
    .log();
    let short = example("quartets/sample2.log");
    for log in [&long, &short, &long] {
        let judged = call(json!({"op": "judge", "log": log}));
        let actions = judged["actions"].as_array().unwrap().len();
        for at in [
            0,
            1,
            actions / 3,
            (actions / 2 + 7).min(actions),
            actions - 1,
            actions,
        ] {
            let step = call(json!({"op": "step", "after": at}));
            assert_eq!(
                step["knowledge"],
                knowledge(log, at),
                "at {at} of {actions}"
            );
        }
        // Past the end: the end.
        let beyond = call(json!({"op": "step", "after": actions + 5}));
        assert_eq!(beyond["knowledge"]["after"], actions);
    }
    // Another variant or a seat for the same log: a stepper of its own.
    let log = example("quartets/sample1.log");
    call(json!({"op": "judge", "log": log}));
    let watcher = call(json!({"op": "step", "after": 2}));
    let seat = json!({"player": 1, "hand": "1A,1B,1C,1D,2A,2B,2C,2D"});
    let seated = call(json!({"op": "step", "after": 2, "seat": seat}));
    let expected = call(json!({"op": "step", "log": log, "after": 2, "seat": seat}));
    assert_eq!(seated, expected);
    assert_ne!(seated["knowledge"], watcher["knowledge"]);
    // Past the contradiction (action 4): the last action some deal fits.
    assert_eq!(
        call(json!({"op": "step", "after": 4}))["knowledge"]["after"],
        3
    );
}

#[test]
fn a_sequence_step_without_a_log_is_the_board_of_a_replay() {
    use fairplay_report::sequence::BoardDetails;
    use fairplay_sequence::explain::{board_after, Mode};
    use fairplay_sim::sequence::{simulate_seeded, Config};
    // Simulated games one after another, turns numbered on: a long log whose first game is
    // judged (the move after it breaks a rule), by either rules.
    for (rules, config) in [
        ("contract", Config::contract()),
        ("full", Config::full(fairplay_sequence::Teams::Two)),
    ] {
        let moves: Vec<String> = (0..40)
            .flat_map(|seed| simulate_seeded(&config, seed).moves)
            .map(|raw| {
                let line = raw.to_string();
                line.split_once(' ').unwrap().1.to_string()
            })
            .collect();
        let mut log = format!("{}\n", moves.len());
        for (i, line) in moves.iter().enumerate() {
            log.push_str(&format!("{} {line}\n", i + 1));
        }
        let mode = if rules == "full" {
            Mode::Full
        } else {
            Mode::Contract
        };
        let sequence = json!({ "rules": rules });
        let judged =
            call(json!({"op": "judge", "log": log, "game": "sequence", "sequence": sequence}));
        assert_eq!(judged["actions"].as_array().unwrap().len(), moves.len());
        let n = moves.len();
        for after in [
            0,
            1,
            2,
            50,
            103,
            104,
            105,
            106,
            n / 2,
            n - 1,
            n,
            n + 3,
            7,
            3,
        ] {
            let step = call(
                json!({"op": "step", "after": after, "game": "sequence", "sequence": sequence}),
            );
            let view = board_after(log.as_bytes(), mode, None, after).unwrap();
            let played = match &view {
                fairplay_sequence::explain::BoardView::Contract(game) => game.moves(),
                fairplay_sequence::explain::BoardView::Full(game) => game.moves(),
            };
            assert_eq!(step["played"], played, "{rules} after {after}");
            assert_eq!(
                step["board"],
                serde_json::to_value(BoardDetails::after(&view, played)).unwrap(),
                "{rules} after {after}"
            );
        }
    }
}
