//! The seat's view (`fairplay_gofish::judge_seat`, `explain::explain_seat`: a player's dealt
//! hand and unseen draws known) against the oracle judging over the deals that give the seat
//! its hand and draws: the verdict, and every explanation as `explain_check::check` checks a
//! watcher's (the deal must also give the seat its hand and its draws).
//!
//! `GOFISH_SEAT_LOGS=N` sets how many logs (default 3 000).

use fairplay_gofish::explain::{explain_seat, Explanation, Questions};
use fairplay_gofish::{judge_seat, Seat, Verdict};
use fairplay_sim::gofish::{simulate_seeded, Config};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::cross_check::variants;
use crate::explain_check::{check, engine_rules, rank_of};
use crate::oracle::notation::RANK_NAMES;
use crate::oracle::table::Event;
use crate::oracle::{self, judge_as, Outcome, Run};
use crate::sim_logs::variant_of;

/// The seat's own part of a deal: its dealt hand, and its unseen draws where the stock has
/// them, as given.
fn check_seat(run: &Run, seat: &oracle::Seat, explanation: &Explanation) -> Result<(), String> {
    let deal = explanation.deal.as_ref().ok_or("no deal")?;
    let mut hand = vec![0u8; run.variant.ranks];
    for name in &deal.hands[seat.player] {
        hand[rank_of(name)] += 1;
    }
    if hand != seat.hand {
        return Err(format!(
            "the deal gives the seat {hand:?}, not {:?}",
            seat.hand
        ));
    }
    let (mut top, mut own) = (0, 0);
    for event in &run.events[..deal.fits] {
        match *event {
            Event::EmptyDraw { x }
            | Event::FishDraw {
                x, shown: false, ..
            } if x == seat.player => {
                let drawn = rank_of(&deal.stock[top]);
                if seat.draws.get(own).is_some_and(|&d| d != drawn) {
                    return Err(format!("the seat's draw {own} is {drawn}, not as given"));
                }
                own += 1;
                top += 1;
            }
            Event::EmptyDraw { .. } | Event::FishDraw { .. } => top += 1,
            Event::Ask { .. } | Event::Book { .. } => {}
        }
    }
    let view = explanation.seat.as_ref().ok_or("no seat view")?;
    let since = match run.outcome {
        Outcome::No(k) => Some(k),
        _ => None,
    };
    if view.player.index() != seat.player || view.seat_since != since {
        return Err(format!("the seat's view {view:?}"));
    }
    Ok(())
}

/// A hand of `hand` cards of `ranks` ranks, at random, with no rank more than four times
/// together with `draws`.
fn random_hand(rng: &mut SmallRng, ranks: usize, hand: usize, draws: &[usize]) -> Option<Vec<u8>> {
    let mut counts = vec![0u8; ranks];
    for &d in draws {
        counts[d] += 1;
    }
    let mut out = vec![0u8; ranks];
    for _ in 0..hand {
        let open: Vec<usize> = (0..ranks).filter(|&r| counts[r] < 4).collect();
        let r = *open.get(rng.random_range(0..open.len().max(1)))?;
        counts[r] += 1;
        out[r] += 1;
    }
    Some(out)
}

#[test]
fn the_seat_view_agrees_with_the_oracle() {
    let count: u64 = std::env::var("GOFISH_SEAT_LOGS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3_000);
    let variants = variants();
    let mut rng = SmallRng::seed_from_u64(36);
    let (mut fouls, mut earlier, mut made_up) = (0, 0, 0);
    let mut failures = Vec::new();
    let questions = Questions {
        proof: true,
        suspects: true,
        deal: true,
        knowledge: true,
        at: None,
    };
    for seed in 0..count {
        let rules = variants[seed as usize % variants.len()];
        let v = variant_of(&rules);
        let config = Config::new(rules)
            .with_cheat_rate([0.0, 0.05, 0.2][seed as usize % 3])
            .with_memory(rng.random());
        let game = simulate_seeded(&config, seed);
        let log = game.log();
        let p = rng.random_range(0..v.players);
        // The seat's unseen draws, from the true stock; sometimes only the first few.
        let events = oracle::public_events(&log, &v).expect("legal");
        let mut top = 0;
        let mut draws = Vec::new();
        for event in events {
            match event {
                Event::EmptyDraw { x }
                | Event::FishDraw {
                    x, shown: false, ..
                } => {
                    if x == p {
                        draws.push(usize::from(game.stock[top]));
                    }
                    top += 1;
                }
                Event::FishDraw { .. } => top += 1,
                _ => {}
            }
        }
        if rng.random::<bool>() {
            draws.truncate(rng.random_range(0..=draws.len()));
        }
        let mut hand = vec![0u8; v.ranks];
        for &r in &game.deal[p] {
            hand[usize::from(r)] += 1;
        }
        // One seat in eight is told a hand at random, which the log may rule out.
        if seed % 8 == 7 {
            if let Some(other) = random_hand(&mut rng, v.ranks, v.hand, &draws) {
                made_up += usize::from(other != hand);
                hand = other;
            }
        }
        let seat = oracle::Seat {
            player: p,
            hand: hand.clone(),
            draws: draws.clone(),
        };
        let run = judge_as(&log, &v, Some(&seat));
        let expected = run.outcome.clone();
        let names =
            |ranks: &[usize]| -> Vec<&str> { ranks.iter().map(|&r| RANK_NAMES[r]).collect() };
        let dealt: Vec<usize> = (0..v.ranks)
            .flat_map(|r| std::iter::repeat_n(r, hand[r].into()))
            .collect();
        let engine_seat = Seat::new(
            &engine_rules(&rules),
            p as u32 + 1,
            &names(&dealt),
            &names(&draws),
        )
        .expect("a seat");
        let report =
            judge_seat(log.as_bytes(), &engine_rules(&rules), &engine_seat).expect("judged");
        let got = match report.verdict() {
            Verdict::Honest => Outcome::Yes,
            Verdict::Cheated { since } => Outcome::No(since),
        };
        assert_eq!(
            got,
            expected,
            "{rules:?}, seat {} hand {dealt:?} draws {draws:?}\n{log}",
            p + 1
        );
        if let Outcome::No(k) = expected {
            fouls += 1;
            let watcher = oracle::judge(&log, &v).outcome;
            earlier += usize::from(!matches!(watcher, Outcome::No(w) if w <= k));
        }
        // Every explanation from the seat, and the knowledge at an earlier action too.
        let rules_e = engine_rules(&rules);
        let explanation =
            explain_seat(log.as_bytes(), &rules_e, &engine_seat, &questions).expect("explained");
        let at = rng.random_range(0..=run.fitting());
        let asked = Questions {
            knowledge: true,
            at: Some(at),
            ..Questions::default()
        };
        let earlier_knowledge = explain_seat(log.as_bytes(), &rules_e, &engine_seat, &asked)
            .expect("explained")
            .knowledge
            .expect("knowledge");
        let (ranges, _) = run.knowledge(at);
        let mut wrong = check(&run, &explanation)
            .and_then(|()| check_seat(&run, &seat, &explanation))
            .err();
        for (q, holding) in earlier_knowledge.hands.iter().enumerate() {
            for range in &holding.ranks {
                let want = ranges[q][rank_of(range.rank)];
                if (usize::from(range.min), usize::from(range.max)) != want {
                    wrong = Some(format!(
                        "at {at}, player {} {}: {}..{}, not {want:?}",
                        q + 1,
                        range.rank,
                        range.min,
                        range.max
                    ));
                }
            }
        }
        if let Some(why) = wrong {
            if failures.len() < 10 {
                failures.push(format!(
                    "{rules:?}, seat {} hand {dealt:?} draws {draws:?}: {why}\n{log}",
                    p + 1
                ));
            }
        }
    }
    eprintln!("{count} seats: {fouls} fouls, {earlier} seen earlier than a watcher, {made_up} hands made up");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    // The seat knows more: some cheats it sees earlier than a watcher, or at all.
    assert!(
        fouls > count as usize / 10 && earlier > count as usize / 60 && made_up > 0,
        "{fouls} fouls, {earlier} seen earlier by the seat, {made_up} hands made up"
    );
}
