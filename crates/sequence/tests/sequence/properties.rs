//! Properties over simulated games: legal play with injected illegal moves.
//!
//! The simulator (fairplay-sim) keeps its own state and rules; the referee must agree with it:
//! the verdict is the first injected illegal move (turn and kind), a game without injections
//! is valid (and won by the same team), and the board invariants hold after every move.

use fairplay_sequence::notation::LogReader;
use fairplay_sequence::{
    audit_contract, audit_full, Board, Card, Cell, ContractGame, FullAction, FullGame, IllegalKind,
    Teams, Verdict,
};
use fairplay_sim::sequence::{simulate_seeded, Config, Game};
use proptest::prelude::*;

/// Where illegal moves are injected: nowhere, at chosen lines, or at random.
#[derive(Clone, Debug)]
enum Inject {
    None,
    At(Vec<usize>),
    Rate(f64),
}

fn inject() -> impl Strategy<Value = Inject> {
    prop_oneof![
        1 => Just(Inject::None),
        2 => prop::collection::vec(0usize..110, 1..4).prop_map(Inject::At),
        2 => (0.0f64..0.15).prop_map(Inject::Rate),
    ]
}

fn configure(mut config: Config, inject: &Inject) -> Config {
    match inject {
        Inject::None => {}
        Inject::At(at) => config = config.with_inject_at(at.clone()),
        Inject::Rate(rate) => config = config.with_inject_rate(*rate),
    }
    config
}

/// The verdict points at the simulator's first illegal move, or says valid if there is none.
fn expect_verdict(game: &Game, verdict: &Verdict) -> Result<(), TestCaseError> {
    match (game.first_illegal(), verdict) {
        (None, Verdict::Valid) => {}
        (Some(first), Verdict::Invalid { turn, illegal, .. }) => {
            prop_assert_eq!(*turn, first.index as u64 + 1, "{}", illegal);
            prop_assert_eq!(illegal.kind(), first.kind, "{}", illegal);
        }
        (first, verdict) => prop_assert!(false, "simulator {:?}, referee {:?}", first, verdict),
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn contract_verdict_is_the_first_injected_illegal_move(seed: u64, inject in inject()) {
        let game = simulate_seeded(&configure(Config::contract(), &inject), seed);
        let log = game.log();
        let report = audit_contract(log.as_bytes()).unwrap();
        expect_verdict(&game, &report.verdict)?;
        prop_assert_eq!(report.moves, game.moves.len());

        // Move by move: never more than two tokens per card, counts follow the moves.
        let board = Board::standard();
        let mut engine = ContractGame::new();
        let mut tokens = 0usize;
        for record in LogReader::new(log.as_bytes()).unwrap() {
            let raw = record.unwrap().raw;
            let mv = board.contract_move(&raw).unwrap();
            let Ok(state) = engine.feed(mv) else { break };
            match mv.action {
                fairplay_sequence::Action::Place => tokens += 1,
                fairplay_sequence::Action::Remove => tokens -= 1,
            }
            prop_assert_eq!(state.total_tokens(), tokens);
            prop_assert!(Card::all().all(|c| state.tokens(c) <= 2 && state.plays(c) <= 2));
        }
    }

    #[test]
    fn full_verdict_is_the_first_injected_illegal_move(
        seed: u64,
        three: bool,
        named: bool,
        discards: bool,
        inject in inject(),
    ) {
        let teams = if three { Teams::Three } else { Teams::Two };
        let config = Config::full(teams).with_named_teams(named).with_logged_discards(discards);
        let game = simulate_seeded(&configure(config, &inject), seed);
        let log = game.log();
        let report = audit_full(log.as_bytes(), Some(teams)).unwrap();
        expect_verdict(&game, &report.verdict)?;
        if game.first_illegal().is_none() {
            prop_assert_eq!(report.game.winner(), game.winner);
        }

        // Move by move: a token only ever goes on an empty square, and stays there.
        let board = Board::standard();
        let mut engine = FullGame::new(teams);
        let mut tokens = 0usize;
        for record in LogReader::new(log.as_bytes()).unwrap() {
            let mv = board.full_move(&record.unwrap().raw, teams).unwrap();
            let before = engine.clone();
            let mover = before.to_move();
            let Ok(after) = engine.feed(mv) else { break };
            match mv.action {
                FullAction::Place(square) => {
                    tokens += 1;
                    prop_assert_eq!(before.cell(square), Cell::Empty);
                    let mine = matches!(
                        after.cell(square),
                        Cell::Token { team, .. } if Some(team) == mover
                    );
                    prop_assert!(mine, "{} is not the mover's", square);
                }
                FullAction::Remove(square) => {
                    tokens -= 1;
                    let removable = matches!(
                        before.cell(square),
                        Cell::Token { team, locked: false } if Some(team) != mover
                    );
                    prop_assert!(removable, "{} held no removable token", square);
                }
                FullAction::Discard => prop_assert_eq!(before.tokens(), after.tokens()),
            }
            prop_assert_eq!(after.tokens(), tokens);
            for sequence in after.sequences() {
                for square in sequence.squares {
                    let held = matches!(
                        after.cell(square),
                        Cell::Corner | Cell::Token { locked: true, .. }
                    );
                    prop_assert!(held, "{} of a sequence is not locked", square);
                }
            }
        }
    }

    #[test]
    fn legal_full_games_are_legal_contract_games(seed: u64, three: bool) {
        let teams = if three { Teams::Three } else { Teams::Two };
        let game = simulate_seeded(&Config::full(teams).with_logged_discards(false), seed);
        let report = audit_contract(game.log().as_bytes()).unwrap();
        prop_assert_eq!(report.verdict, Verdict::Valid);
    }

    #[test]
    fn garbage_never_panics(bytes in prop::collection::vec(any::<u8>(), 0..200)) {
        let _ = audit_contract(&bytes);
        let _ = audit_full(&bytes, None);
    }

    #[test]
    fn damaged_logs_never_panic(seed: u64, line in 0usize..60, damage in "[ -~]{0,12}") {
        let game = simulate_seeded(&Config::full(Teams::Two), seed);
        let mut lines: Vec<String> = game.log().lines().map(str::to_string).collect();
        let at = line % lines.len();
        lines[at] = damage;
        let text = lines.join("\n");
        let _ = audit_contract(text.as_bytes());
        let _ = audit_full(text.as_bytes(), None);
    }
}

#[test]
fn the_simulator_injects_every_kind_and_games_are_won() {
    let mut contract = std::collections::BTreeSet::new();
    let mut full = std::collections::BTreeSet::new();
    let mut wins = 0;
    for seed in 0..300 {
        let game = simulate_seeded(&Config::contract().with_inject_rate(0.2), seed);
        contract.extend(game.injections.iter().map(|i| i.kind));
        let three = seed % 2 == 0;
        let teams = if three { Teams::Three } else { Teams::Two };
        let game = simulate_seeded(&Config::full(teams).with_inject_rate(0.2), seed);
        full.extend(game.injections.iter().map(|i| i.kind));
        wins += usize::from(simulate_seeded(&Config::full(teams), seed).winner.is_some());
    }
    assert_eq!(contract.len(), 7, "{contract:?}");
    assert_eq!(full.len(), IllegalKind::FULL.len(), "{full:?}");
    assert!(wins > 200, "{wins} of 300 games won");
}
