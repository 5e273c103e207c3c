//! A referee reset for the next log judges it exactly as a new one does: `audit` keeps one
//! referee per thread and resets it between logs, so that a batch allocates nothing per log.

use fairplay_quartets::notation::LogReader;
use fairplay_quartets::{Referee, Rules};
use fairplay_sim::quartets::{simulate_seeded, Config};

/// Everything a referee tells after judging `log`: verdict and contradiction, turn, counts,
/// witness and knowledge table.
fn judged(referee: &mut Referee, log: &str) -> String {
    for record in LogReader::new(log.as_bytes()).unwrap() {
        if referee.apply_raw(record.unwrap().action).is_err() {
            break;
        }
    }
    let counts: Vec<u32> = referee
        .rules()
        .all_players()
        .map(|p| referee.card_count(p))
        .collect();
    format!(
        "{:?} {:?} {:?} {counts:?} {:?} {:?}",
        referee.verdict(),
        referee.contradiction(),
        referee.turn(),
        referee.witness(),
        referee.knowledge_table()
    )
}

#[test]
fn a_reset_referee_judges_like_a_new_one() {
    for rules in [Rules::standard(), Rules::new(3, 3, 3, None).unwrap()] {
        let config = Config::new(rules.clone())
            .with_cheat_rate(0.02)
            .with_foolish_rate(0.1);
        let mut reused = Referee::new(rules.clone());
        for seed in 0..300 {
            let log = simulate_seeded(&config, seed).log();
            reused.reset();
            let again = judged(&mut reused, &log);
            let fresh = judged(&mut Referee::new(rules.clone()), &log);
            assert_eq!(again, fresh, "seed {seed}");
        }
    }
}
