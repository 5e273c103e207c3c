//! The stepper against the full replay: on many simulated logs of both rule sets (legal play,
//! injected illegal moves, lines of six and more, recorded marks, three teams, no cap on card
//! plays), the board after every number of moves is the one `board_after` gives by reading
//! and playing the log from its start.

use fairplay_sequence::explain::{board_after_with, Mode, Stepper};
use fairplay_sequence::{FullOptions, Team, Teams};
use fairplay_sim::sequence::{simulate_seeded, Config};

use super::long_game::{as_log, long_game};

/// Every number of moves from 0 to two past the end, the stepper's board against the replay's
/// (`board_after_with`: the log read and played from its start each time).
fn check_every_step(log: &str, mode: Mode, teams: Option<Teams>, options: FullOptions) {
    let stepper = Stepper::with_options(log.as_bytes(), mode, teams, options).unwrap();
    for after in 0..=stepper.moves() + 2 {
        let replayed = board_after_with(log.as_bytes(), mode, teams, options, after).unwrap();
        assert_eq!(
            stepper.board_after(after),
            replayed,
            "after {after} of\n{log}"
        );
    }
}

#[test]
fn contract_steps_are_the_replay_on_simulated_logs() {
    for seed in 0..60 {
        let config = Config::contract().with_inject_rate(if seed % 3 == 0 { 0.0 } else { 0.03 });
        let log = simulate_seeded(&config, seed).log();
        check_every_step(&log, Mode::Contract, None, FullOptions::default());
    }
}

#[test]
fn full_steps_are_the_replay_on_simulated_logs() {
    for seed in 0..60 {
        let teams = if seed % 2 == 0 {
            Teams::Two
        } else {
            Teams::Three
        };
        let config = Config::full(teams)
            .with_inject_rate(if seed % 3 == 0 { 0.0 } else { 0.02 })
            .with_line_rate(if seed % 4 < 2 { 0.0 } else { 0.5 })
            .with_recorded_marks(seed % 5 == 0)
            .with_named_teams(seed % 7 != 0);
        let log = simulate_seeded(&config, seed).log();
        let given = if seed % 3 == 1 { Some(teams) } else { None };
        check_every_step(&log, Mode::Full, given, FullOptions::default());
    }
}

#[test]
fn full_steps_are_the_replay_without_a_cap_on_card_plays() {
    for seed in 0..30 {
        let teams = if seed % 2 == 0 {
            Teams::Two
        } else {
            Teams::Three
        };
        let first = if seed % 4 == 1 {
            Team::GREEN
        } else {
            Team::BLUE
        };
        let config = Config::full(teams)
            .with_card_plays(None)
            .with_first(first)
            .with_max_moves(600)
            .with_inject_rate(if seed % 3 == 0 { 0.0 } else { 0.005 });
        let log = simulate_seeded(&config, seed).log();
        let options = FullOptions {
            first,
            card_plays: None,
        };
        check_every_step(&log, Mode::Full, Some(teams), options);
    }
}

#[test]
fn steps_of_long_games_start_from_every_position_kept() {
    let unlimited = FullOptions {
        card_plays: None,
        ..FullOptions::default()
    };
    for (seed, teams) in [(1, Teams::Two), (2, Teams::Three), (3, Teams::Two)] {
        let mut lines = long_game(teams, 6 * Stepper::EVERY + 17, seed);
        if seed == 3 {
            // A move played twice (illegal the second time: the square is no longer as it
            // was) in the fifth stretch, then the rest of the game.
            let again = lines[4 * Stepper::EVERY + 9].clone();
            lines.insert(4 * Stepper::EVERY + 10, again);
        }
        let log = as_log(&lines);
        let stepper =
            Stepper::with_options(log.as_bytes(), Mode::Full, Some(teams), unlimited).unwrap();
        let legal = if seed == 3 {
            4 * Stepper::EVERY + 10
        } else {
            lines.len()
        };
        assert_eq!((stepper.moves(), stepper.legal()), (lines.len(), legal));
        check_every_step(&log, Mode::Full, Some(teams), unlimited);
        // With two plays per card (the default), the same log breaks a rule early.
        check_every_step(&log, Mode::Full, Some(teams), FullOptions::default());
    }
}
