//! The one-pass knowledge table ([`Referee::knowledge_table`]) against the question-by-question
//! methods it replaces in `explain` ([`Referee::could_hold_unmoved`], which pins the card on a
//! copy of the deal model, and [`Referee::must_hold_set`], which bans the set on a copy): the
//! same answers for every card, player and set, after every action of many simulated logs, with
//! every claim believed and with one player's claims doubted. Game sizes go beyond what the
//! brute-force oracle of `explain_props.rs` can enumerate: up to 16 players, players dealt
//! nothing, hands of one card.
//!
//! `FAIRPLAY_KNOWLEDGE_SEEDS=N` runs `N` simulated logs per variant instead of the default.

use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{Place, Referee, Rules, Trust};
use fairplay_sim::quartets::{simulate_seeded, Config};

/// Compares the table with the per-question methods in the referee's current state.
fn compare(referee: &Referee, context: &dyn Fn() -> String) -> bool {
    let rules = referee.rules();
    let Some(table) = referee.knowledge_table() else {
        assert!(
            referee.contradiction().is_some(),
            "no table while honest\n{}",
            context()
        );
        return false;
    };
    assert!(referee.contradiction().is_none());
    assert_eq!(table.possible.len(), rules.deck_size());
    assert_eq!(table.certain.len(), rules.sets());
    for card in rules.all_cards() {
        let index = rules.card_index(card);
        let expected: u16 = match referee.place(card) {
            Place::Out => 0,
            Place::Hand(p) => 1 << p.index(),
            Place::Unmoved => rules
                .all_players()
                .filter(|&p| referee.could_hold_unmoved(card, p))
                .fold(0, |mask, p| mask | 1 << p.index()),
        };
        assert_eq!(
            table.possible[index],
            expected,
            "card {card} after {} actions\n{}",
            referee.actions(),
            context()
        );
    }
    for set in (1..=rules.sets() as u32).filter_map(|n| rules.set(n)) {
        let expected = rules
            .all_players()
            .filter(|&p| referee.must_hold_set(p, set))
            .fold(0u16, |mask, p| mask | 1 << p.index());
        assert_eq!(
            table.certain[set.index()],
            expected,
            "set {set} after {} actions\n{}",
            referee.actions(),
            context()
        );
    }
    true
}

/// Replays simulated logs of `rules` and compares after every action; returns how many states
/// were compared (while some deal fits).
fn run_variant(rules: Rules, seeds: u64, max_actions: usize) -> usize {
    let seeds = std::env::var("FAIRPLAY_KNOWLEDGE_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(seeds);
    let mut compared = 0;
    for seed in 0..seeds {
        let config = Config::new(rules.clone())
            .with_cheat_rate([0.0, 0.05, 0.2][seed as usize % 3])
            .with_foolish_rate([0.1, 0.3][seed as usize % 2])
            .with_lay_aside_rate(if seed % 4 == 0 { 0.0 } else { 0.5 })
            .with_max_actions(max_actions);
        let log = simulate_seeded(&config, seed).log();
        let records: Vec<_> = LogReader::new(log.as_bytes())
            .unwrap()
            .map(|r| r.unwrap().action)
            .collect();
        // Every claim believed, then one player's claims doubted (other states of the model).
        let doubted = rules
            .player(1 + (seed % rules.players() as u64) as u32)
            .unwrap();
        for trust in [None, Some(doubted)] {
            let referee_trust = trust.map_or_else(Trust::everyone, |p| {
                let mut t = Trust::everyone();
                t.distrust_player(p);
                t
            });
            let mut referee = Referee::with_trust(rules.clone(), referee_trust);
            let context = || format!("seed {seed}, doubting {trust:?}\n{log}");
            compared += usize::from(compare(&referee, &context));
            for &action in &records {
                referee
                    .apply_raw(action)
                    .expect("simulated logs keep the rules");
                if !compare(&referee, &context) {
                    break;
                }
                compared += 1;
            }
        }
    }
    eprintln!("{}: {compared} states compared", rules_name(&rules));
    compared
}

fn rules_name(rules: &Rules) -> String {
    format!(
        "{} players, {} sets of {}, hands {:?}",
        rules.players(),
        rules.sets(),
        rules.cards_per_set(),
        rules.hand_sizes()
    )
}

#[test]
fn standard_game() {
    assert!(run_variant(Rules::standard(), 120, 200) > 5_000);
}

#[test]
fn three_players_three_sets_of_three() {
    assert!(run_variant(Rules::new(3, 3, 3, None).unwrap(), 300, 40) > 2_000);
}

#[test]
fn a_player_dealt_nothing() {
    let rules = Rules::new(3, 4, 3, Some(vec![7, 5, 0])).unwrap();
    assert!(run_variant(rules, 300, 40) > 2_000);
}

#[test]
fn six_players_uneven_hands() {
    let rules = Rules::new(6, 6, 3, Some(vec![5, 4, 3, 3, 2, 1])).unwrap();
    assert!(run_variant(rules, 150, 80) > 2_000);
}

#[test]
fn sixteen_players_small_hands() {
    let hands = vec![3, 2, 2, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 0];
    let rules = Rules::new(16, 4, 5, Some(hands)).unwrap();
    assert!(run_variant(rules, 100, 80) > 1_000);
}

#[test]
fn one_card_per_set() {
    let rules = Rules::new(4, 10, 1, Some(vec![4, 3, 2, 1])).unwrap();
    assert!(run_variant(rules, 200, 40) > 1_000);
}

#[test]
fn the_empty_log_of_a_big_game() {
    // Nobody knows anything: every card may be anywhere, no set is certain.
    let rules = Rules::new(16, 60, 16, None).unwrap();
    let referee = Referee::new(rules.clone());
    let table = referee.knowledge_table().unwrap();
    assert!(table.possible.iter().all(|&m| m == u16::MAX));
    assert!(table.certain.iter().all(|&m| m == 0));
    assert!(compare(&referee, &|| "the empty log".to_string()));
}
