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
