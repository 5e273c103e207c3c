//! The paths judged as a stream (a seat's verdict, the full rules' report) print what the
//! whole-log engines print for the same log: the binary, reading standard input, against the
//! library on the log as one slice, on many simulated games with cheats and illegal moves.

use crate::common;

use common::fairplay;
use fairplay_quartets::explain::{explain_seat, Questions};
use fairplay_quartets::{Quartets, Rules, SeatHand};
use fairplay_report::json::Document;
use fairplay_report::quartets::{text, QuartetsDetails};
use fairplay_report::Style;
use fairplay_sequence::{audit_full_with, FullOptions, Teams};
use fairplay_sim::quartets as sim_quartets;
use fairplay_sim::sequence as sim_sequence;

fn run(args: &[&str], log: &str) -> (Option<i32>, String) {
    let output = fairplay()
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(log)
        .output()
        .unwrap();
    let stderr = String::from_utf8(output.stderr).unwrap();
    assert!(stderr.is_empty(), "{args:?}: {stderr}\n{log}");
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
    )
}

#[test]
fn a_seat_streamed_says_what_the_whole_log_explanation_says() {
    let rules = Rules::builder()
        .players(3)
        .sets(4)
        .cards_per_set(3)
        .build()
        .unwrap();
    let game = Quartets::new(rules.clone());
    let config = sim_quartets::Config::new(rules.clone()).with_cheat_rate(0.04);
    let mut compared = 0;
    for seed in 0..24 {
        let simulated = sim_quartets::simulate_seeded(&config, seed);
        let log = simulated.log();
        for seat in rules.all_players() {
            // The seat's true hand, and a hand another player was dealt (often against the
            // log: a verdict from the seat, not an error).
            let hand = |of: usize| -> String {
                let cards: Vec<String> = rules
                    .all_cards()
                    .filter(|&c| usize::from(simulated.deal[rules.card_index(c)]) == of)
                    .map(|c| c.to_string())
                    .collect();
                cards.join(",")
            };
            let own = seat.index();
            let other = (own + 1) % rules.players();
            for cards in [hand(own), hand(other)] {
                let number = seat.number().to_string();
                let Ok(parsed) = SeatHand::parse(&rules, seat.number(), &cards) else {
                    continue; // another player's hand may have another size
                };
                let args = ["quartets", "--players", "3", "--sets", "4"];
                let args = [&args[..], &["--cards-per-set", "3", "--seat", &number]].concat();
                let args = [&args[..], &["--hand", &cards]].concat();
                let explained = explain_seat(log.as_bytes(), &parsed, &Questions::default())
                    .expect("a simulated log is judged");
                let expected = text(&explained, Style { colour: false });
                assert_eq!(run(&args, &log), (Some(0), expected), "seed {seed}");
                let judgement = game.judge_seat(log.as_bytes(), &parsed).unwrap();
                let details = QuartetsDetails::new(&explained);
                let json = Document::new(&game, &judgement, Some(details)).to_json();
                let args = [&args[..], &["--format", "json"]].concat();
                assert_eq!(run(&args, &log), (Some(0), json), "seed {seed}");
                compared += 1;
            }
        }
    }
    assert!(compared >= 100, "{compared}");
}

#[test]
fn the_full_rules_report_streamed_is_the_whole_log_report() {
    let mut fouls = 0;
    for seed in 0..40 {
        let teams = if seed % 2 == 0 {
            Teams::Two
        } else {
            Teams::Three
        };
        let config = sim_sequence::Config::full(teams).with_inject_rate(0.01);
        let simulated = sim_sequence::simulate_seeded(&config, seed);
        let log = simulated.log();
        fouls += usize::from(simulated.first_illegal().is_some());
        let told = teams.count().to_string();
        for given in [None, Some(teams)] {
            let mut args = vec!["sequence", "--rules", "full"];
            if given.is_some() {
                args.extend(["--teams", &told]);
            }
            let report = audit_full_with(log.as_bytes(), given, FullOptions::default())
                .expect("a simulated log is judged");
            assert_eq!(
                run(&args, &log),
                (Some(0), report.to_string()),
                "seed {seed}, teams {given:?}"
            );
        }
    }
    assert!(fouls >= 5, "{fouls}");
}

/// The binary's exit status, standard output and standard error on `log`.
fn outcome(args: &[&str], log: &str) -> (Option<i32>, String, String) {
    let output = fairplay()
        .args(args)
        .env("NO_COLOR", "1")
        .write_stdin(log)
        .output()
        .unwrap();
    (
        output.status.code(),
        String::from_utf8(output.stdout).unwrap(),
        String::from_utf8(output.stderr).unwrap(),
    )
}

/// What the whole-log code says of `log` with `questions` and the true `deal`: the output of
/// the binary (status, text, JSON), or the error it stops with (status 2, the message).
#[derive(Debug, PartialEq, Eq)]
enum Said {
    Printed(String),
    Error(String),
}

/// The `--knowledge` points worth asking of a log of `total` actions that turns certain at
/// `since`: none (the last consistent action), the start, early, just before and at the
/// contradiction, the end and beyond it.
fn points(total: usize, since: Option<usize>) -> Vec<Option<usize>> {
    let mut at = vec![
        None,
        Some(0),
        Some(1),
        Some(total / 2),
        Some(total),
        Some(total + 1),
    ];
    if let Some(since) = since {
        at.extend([Some(since - 1), Some(since)]);
    }
    at.sort();
    at.dedup();
    at
}

fn quartets_whole_log(
    game: &fairplay_quartets::Quartets,
    log: &str,
    seat: Option<&SeatHand>,
    questions: &Questions,
    deal: Option<&fairplay_quartets::truth::TrueDeal>,
    json: bool,
) -> Said {
    use fairplay_quartets::explain::explain;
    use fairplay_quartets::truth::replay;
    use fairplay_report::quartets::{true_deal_text, TrueDealDetails};
    let judged = match seat {
        Some(hand) => game.judge_seat(log.as_bytes(), hand),
        None => game.judge(log.as_bytes()),
    };
    let judgement = judged.expect("judged: errors are compared elsewhere");
    let explained = match seat {
        Some(hand) => explain_seat(log.as_bytes(), hand, questions),
        None => explain(log.as_bytes(), game.rules(), questions),
    };
    let replayed = deal.map(|deal| replay(log.as_bytes(), deal).expect("replayed"));
    let explanation = match explained {
        Ok(explanation) => explanation,
        Err(error) => return Said::Error(error.to_string()),
    };
    if json {
        let mut details = QuartetsDetails::new(&explanation);
        details.true_deal = replayed.as_ref().map(TrueDealDetails::new);
        return Said::Printed(Document::new(game, &judgement, Some(details)).to_json());
    }
    let mut out = text(&explanation, Style { colour: false });
    if let Some(replayed) = &replayed {
        out.push_str(&true_deal_text(replayed, Style { colour: false }));
    }
    Said::Printed(out)
}

/// Whether the binary's outcome is what the whole-log code `expected`: the same output, or
/// exit status 2 with an error that says what the code's error says (on standard error, or
/// in the JSON document on standard output).
fn agrees((status, stdout, stderr): (Option<i32>, String, String), expected: &Said) -> bool {
    match (status, expected) {
        (Some(0), Said::Printed(text)) => stderr.is_empty() && stdout == *text,
        // With --format json, the error is a document on standard output.
        (Some(2), Said::Error(message)) => stdout.contains(message) || stderr.contains(message),
        _ => false,
    }
}

#[test]
fn quartets_knowledge_and_the_true_deal_streamed_are_the_whole_log_reports() {
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    let mut cheated = 0;
    let mut lies = 0;
    let variants = [(4, 8, 4), (3, 4, 3), (2, 3, 2), (5, 5, 3)];
    for (v, &(players, sets, per_set)) in variants.iter().enumerate() {
        let rules = Rules::builder()
            .players(players)
            .sets(sets)
            .cards_per_set(per_set)
            .build()
            .unwrap();
        let game = Quartets::new(rules.clone());
        let sizes = [players.to_string(), sets.to_string(), per_set.to_string()];
        let base = [
            "quartets",
            "--players",
            &sizes[0],
            "--sets",
            &sizes[1],
            "--cards-per-set",
            &sizes[2],
        ];
        let configs = [
            sim_quartets::Config::new(rules.clone()),
            sim_quartets::Config::new(rules.clone()).with_cheat_rate(0.04),
            sim_quartets::Config::new(rules.clone()).with_cheat_rate(0.3),
            sim_quartets::Config::new(rules.clone()).with_foolish_rate(0.05),
        ];
        for (c, config) in configs.iter().enumerate() {
            for seed in 0..3 {
                let simulated = sim_quartets::simulate_seeded(config, seed);
                let log = simulated.log();
                let Ok(judgement) = game.judge(log.as_bytes()) else {
                    continue; // a foolish log may break a rule: an error, compared elsewhere
                };
                let since = match &judgement.verdict {
                    fairplay_core::Verdict::Fair => None,
                    fairplay_core::Verdict::Foul(foul) => Some(foul.action as usize),
                };
                cheated += usize::from(since.is_some());
                let path = dir.path().join(format!("deal-{v}-{c}-{seed}.txt"));
                std::fs::write(&path, simulated.deal_text(&rules)).unwrap();
                let deal_arg = path.to_str().unwrap();
                let deal =
                    fairplay_quartets::truth::TrueDeal::parse(&rules, &simulated.deal_text(&rules))
                        .unwrap();
                lies += fairplay_quartets::truth::replay(log.as_bytes(), &deal)
                    .unwrap()
                    .lies
                    .len();
                let own: Vec<String> = rules
                    .all_cards()
                    .filter(|&card| simulated.deal[rules.card_index(card)] == 0)
                    .map(|card| card.to_string())
                    .collect();
                let own = own.join(",");
                let hand = SeatHand::parse(&rules, 1, &own).unwrap();
                for at in points(judgement.actions, since) {
                    let told = at.map(|at| at.to_string());
                    let mut asked = vec!["--knowledge"];
                    if let Some(told) = &told {
                        asked.extend(["--at", told]);
                    }
                    let questions = Questions {
                        knowledge: true,
                        at,
                        ..Questions::default()
                    };
                    for json in [false, true] {
                        let format: &[&str] = if json { &["--format", "json"] } else { &[] };
                        let args = [&base[..], &asked, format].concat();
                        let expected =
                            quartets_whole_log(&game, &log, None, &questions, None, json);
                        assert!(
                            agrees(outcome(&args, &log), &expected),
                            "{args:?} {expected:?}\n{log}"
                        );
                        // With the true deal too.
                        let with_deal = [&args[..], &["--true-deal", deal_arg]].concat();
                        let expected =
                            quartets_whole_log(&game, &log, None, &questions, Some(&deal), json);
                        assert!(
                            agrees(outcome(&with_deal, &log), &expected),
                            "{with_deal:?}"
                        );
                        // From player 1's seat.
                        let seated = [&args[..], &["--seat", "1", "--hand", &own]].concat();
                        let expected =
                            quartets_whole_log(&game, &log, Some(&hand), &questions, None, json);
                        assert!(agrees(outcome(&seated, &log), &expected), "{seated:?}");
                        compared += 3;
                    }
                }
                for json in [false, true] {
                    let format: &[&str] = if json { &["--format", "json"] } else { &[] };
                    let args = [&base[..], &["--true-deal", deal_arg], format].concat();
                    let questions = Questions::default();
                    let expected =
                        quartets_whole_log(&game, &log, None, &questions, Some(&deal), json);
                    assert!(
                        agrees(outcome(&args, &log), &expected),
                        "{args:?} {expected:?}\n{log}"
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 1000, "{compared}");
    assert!(cheated >= 10, "{cheated}");
    assert!(lies >= 50, "{lies}");
}

/// The ranks as the Go Fish notation writes them, by index.
const RANK_NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

fn gofish_whole_log(
    game: &fairplay_gofish::GoFish,
    log: &str,
    questions: &fairplay_gofish::explain::Questions,
    deal: Option<&fairplay_gofish::truth::TrueDeal>,
    json: bool,
) -> Said {
    use fairplay_core::Game as _;
    use fairplay_gofish::explain::explain;
    use fairplay_gofish::truth::replay;
    use fairplay_report::gofish::{text, true_deal_text, GoFishDetails};
    let judgement = game.audit(log.as_bytes()).expect("judged");
    let explanation = explain(log.as_bytes(), game.rules(), questions).expect("explained");
    let replayed = match deal.map(|deal| replay(log.as_bytes(), game.rules(), deal)) {
        Some(Err(error)) => return Said::Error(error.to_string()),
        Some(Ok(replayed)) => Some(replayed),
        None => None,
    };
    if json {
        let mut details = GoFishDetails::new(&explanation);
        details.true_deal = replayed.as_ref();
        return Said::Printed(Document::new(game, &judgement, Some(details)).to_json());
    }
    let mut out = text(&explanation, Style { colour: false });
    if let Some(replayed) = &replayed {
        out.push('\n');
        out.push_str(&true_deal_text(replayed, Style { colour: false }));
    }
    Said::Printed(out)
}

#[test]
fn gofish_knowledge_and_the_true_deal_streamed_are_the_whole_log_reports() {
    use fairplay_core::Game as _;
    use fairplay_gofish::explain::Questions;
    use fairplay_sim::gofish as sim;
    let dir = tempfile::tempdir().unwrap();
    let mut compared = 0;
    let mut cheated = 0;
    let mut wrong = 0;
    let variants = [
        (4, 13, None, sim::FishTurn::Next),
        (2, 3, Some(3), sim::FishTurn::Next),
        (3, 6, Some(4), sim::FishTurn::Asked),
        (2, 13, None, sim::FishTurn::Asked),
    ];
    for (v, &(players, ranks, hand, turn)) in variants.iter().enumerate() {
        let rules = sim::Rules::new(players, ranks, hand, turn).unwrap();
        let engine_turn = match turn {
            sim::FishTurn::Next => fairplay_gofish::FishTurn::Next,
            sim::FishTurn::Asked => fairplay_gofish::FishTurn::Asked,
        };
        let engine = fairplay_gofish::Rules::new(players, ranks, hand, engine_turn).unwrap();
        let game = fairplay_gofish::GoFish::new(engine);
        let sizes = [
            players.to_string(),
            ranks.to_string(),
            rules.hand.to_string(),
        ];
        let fish_turn = match turn {
            sim::FishTurn::Next => "next",
            sim::FishTurn::Asked => "asked",
        };
        let base = [
            "gofish",
            "--players",
            &sizes[0],
            "--ranks",
            &sizes[1],
            "--hand",
            &sizes[2],
            "--fish-turn",
            fish_turn,
        ];
        let configs = [
            sim::Config::new(rules),
            sim::Config::new(rules).with_cheat_rate(0.03),
            sim::Config::new(rules).with_cheat_rate(0.3),
            sim::Config::new(rules).with_foolish_rate(0.05),
        ];
        for (c, config) in configs.iter().enumerate() {
            for seed in 0..3 {
                let simulated = sim::simulate_seeded(config, seed);
                let log = simulated.log();
                let Ok(judgement) = game.audit(log.as_bytes()) else {
                    continue; // a log that breaks a rule: an error, compared elsewhere
                };
                let since = match &judgement.verdict {
                    fairplay_core::Verdict::Fair => None,
                    fairplay_core::Verdict::Foul(foul) => Some(foul.action as usize),
                };
                cheated += usize::from(since.is_some());
                let names = |ranks: &[u8]| -> String {
                    let names: Vec<&str> =
                        ranks.iter().map(|&r| RANK_NAMES[usize::from(r)]).collect();
                    names.join(" ")
                };
                let mut deal_text = String::new();
                for (p, hand) in simulated.deal.iter().enumerate() {
                    deal_text.push_str(&format!("player {}: {}\n", p + 1, names(hand)));
                }
                deal_text.push_str(&format!(
                    "stock, from the top: {}\n",
                    names(&simulated.stock)
                ));
                let path = dir.path().join(format!("deal-{v}-{c}-{seed}.txt"));
                std::fs::write(&path, &deal_text).unwrap();
                let deal_arg = path.to_str().unwrap();
                let deal =
                    fairplay_gofish::truth::TrueDeal::parse(game.rules(), &deal_text).unwrap();
                if let Ok(replayed) =
                    fairplay_gofish::truth::replay(log.as_bytes(), game.rules(), &deal)
                {
                    wrong += replayed.wrong.len();
                }
                for at in points(judgement.actions, since) {
                    let told = at.map(|at| at.to_string());
                    let mut asked = vec!["--knowledge"];
                    if let Some(told) = &told {
                        asked.extend(["--at", told]);
                    }
                    let questions = Questions {
                        knowledge: true,
                        at,
                        ..Questions::default()
                    };
                    for json in [false, true] {
                        let format: &[&str] = if json { &["--format", "json"] } else { &[] };
                        let args = [&base[..], &asked, format].concat();
                        let expected = gofish_whole_log(&game, &log, &questions, None, json);
                        assert!(
                            agrees(outcome(&args, &log), &expected),
                            "{args:?} {expected:?}\n{log}"
                        );
                        let with_deal = [&args[..], &["--true-deal", deal_arg]].concat();
                        let expected = gofish_whole_log(&game, &log, &questions, Some(&deal), json);
                        assert!(
                            agrees(outcome(&with_deal, &log), &expected),
                            "{with_deal:?} {expected:?}"
                        );
                        compared += 2;
                    }
                }
                // From player 1's seat, with the hand it was dealt and the first of its
                // unseen draws (a seat's verdict only: in JSON, the seat's view beside it, as
                // explain_seat gives it on the whole log).
                let hand: Vec<&str> = simulated.deal[0]
                    .iter()
                    .map(|&r| RANK_NAMES[usize::from(r)])
                    .collect();
                let hand_arg = hand.join(",");
                for draws in [&[][..], &hand[..1]] {
                    let seat = fairplay_gofish::Seat::new(game.rules(), 1, &hand, draws).unwrap();
                    for json in [false, true] {
                        let format: &[&str] = if json { &["--format", "json"] } else { &[] };
                        let mut args =
                            [&base[..], &["--seat", "1", "--hand-of", &hand_arg]].concat();
                        let drawn = draws.join(",");
                        if !draws.is_empty() {
                            args.extend(["--draws", &drawn]);
                        }
                        let args = [&args[..], format].concat();
                        let expected = match game.judge_seat(log.as_bytes(), &seat) {
                            Err(error) => Said::Error(error.message.clone()),
                            Ok(judgement) if json => {
                                let explained = fairplay_gofish::explain::explain_seat(
                                    log.as_bytes(),
                                    game.rules(),
                                    &seat,
                                    &Questions::default(),
                                )
                                .unwrap();
                                let details =
                                    fairplay_report::gofish::GoFishDetails::new(&explained);
                                Said::Printed(
                                    Document::new(&game, &judgement, Some(details)).to_json(),
                                )
                            }
                            Ok(judgement) => Said::Printed(game.contract(&judgement.verdict)),
                        };
                        assert!(
                            agrees(outcome(&args, &log), &expected),
                            "{args:?} {expected:?}\n{log}"
                        );
                        compared += 1;
                    }
                }
                for json in [false, true] {
                    let format: &[&str] = if json { &["--format", "json"] } else { &[] };
                    let args = [&base[..], &["--true-deal", deal_arg], format].concat();
                    let expected =
                        gofish_whole_log(&game, &log, &Questions::default(), Some(&deal), json);
                    assert!(
                        agrees(outcome(&args, &log), &expected),
                        "{args:?} {expected:?}\n{log}"
                    );
                    compared += 1;
                }
            }
        }
    }
    assert!(compared >= 500, "{compared}");
    assert!(cheated >= 10, "{cheated}");
    assert!(wrong >= 50, "{wrong}");
}

/// `fairplay sequence --format json` (and the usual text) streamed, against the whole-log
/// explanation of the library, on simulated games of both rule sets: two and three teams,
/// teams given or told from the log, `--card-plays unlimited`, line builders whose
/// sequences leave the marking open, and illegal moves.
#[test]
fn sequence_json_streamed_is_the_whole_log_explanation() {
    use fairplay_core::Game as _;
    use fairplay_report::sequence::SequenceDetails;
    use fairplay_sequence::explain::{explain_contract, explain_full_with};
    use fairplay_sequence::{Sequence, SequenceRules};

    let (mut fouls, mut notes, mut winners, mut compared) = (0, 0, 0, 0);
    // Notes of a judgement resting on a marking: they name an earlier sequence's turn.
    let mut resting = 0;
    for seed in 0..72u64 {
        let teams = if seed % 2 == 0 {
            Teams::Two
        } else {
            Teams::Three
        };
        let unlimited = seed % 3 == 1;
        let contract = seed % 6 == 5;
        let config = if contract {
            sim_sequence::Config::contract()
        } else {
            let config = sim_sequence::Config::full(teams)
                .with_line_rate(if seed % 4 < 2 { 0.6 } else { 0.0 })
                .with_recorded_marks(seed % 5 == 0)
                .with_max_moves(if unlimited { 400 } else { 104 });
            if unlimited {
                config.with_card_plays(None)
            } else {
                config
            }
        };
        let config = config.with_inject_rate(if seed % 3 == 0 { 0.0 } else { 0.01 });
        let simulated = sim_sequence::simulate_seeded(&config, seed);
        let log = simulated.log();
        let told = teams.count().to_string();
        let givens = if contract {
            vec![None]
        } else {
            vec![None, Some(teams)]
        };
        for given in givens {
            let mut args = vec!["sequence"];
            let mut options = FullOptions::default();
            let (rules, explained) = if contract {
                (SequenceRules::Contract, explain_contract(log.as_bytes()))
            } else {
                args.extend(["--rules", "full"]);
                if given.is_some() {
                    args.extend(["--teams", &told]);
                }
                if unlimited {
                    args.extend(["--card-plays", "unlimited"]);
                    options = FullOptions::checked(SequenceRules::Full(given), None, Some(None))
                        .expect("unlimited plays are an option of the full rules");
                }
                let explained = explain_full_with(log.as_bytes(), given, options);
                (SequenceRules::Full(given), explained)
            };
            let explained = explained.expect("a simulated log is judged");
            fouls += usize::from(explained.illegal.is_some());
            notes += usize::from(!explained.marking.is_empty());
            resting += usize::from(explained.marking.iter().any(|n| n.contains(" only if ")));
            winners += usize::from(explained.winner().is_some());
            let game = Sequence::new(rules).with_options(options);
            let judgement = game
                .audit(log.as_bytes())
                .expect("a simulated log is judged");
            let details = SequenceDetails::new(&explained);
            let json = Document::new(&game, &judgement, Some(details)).to_json();
            let json_args = [&args[..], &["--format", "json"]].concat();
            assert_eq!(
                run(&json_args, &log),
                (Some(0), json),
                "seed {seed}, {args:?}"
            );
            let text = fairplay_report::sequence::usual(&explained);
            assert_eq!(run(&args, &log), (Some(0), text), "seed {seed}, {args:?}");
            compared += 1;
        }
    }
    assert!(compared >= 120, "{compared}");
    assert!(fouls >= 20, "{fouls}");
    assert!(notes >= 5, "{notes}");
    assert!(winners >= 5, "{winners}");
    assert!(resting >= 1, "{resting} (notes {notes})");
}
