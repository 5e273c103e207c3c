//! The engine against an exhaustive search over every deal and stock order of tiny decks.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::action::{Action, Answer};
use crate::rules::{FishTurn, Rules};
use crate::table::Table;
use crate::{judge, Referee, Verdict};

/// Every arrangement of the deck (four of each rank): the first `hand` cards to player 1,
/// the next to player 2, ..., the rest the stock from the top.
fn arrangements(ranks: usize) -> Vec<Vec<u8>> {
    fn go(left: &mut [u8], current: &mut Vec<u8>, out: &mut Vec<Vec<u8>>) {
        if left.iter().all(|&l| l == 0) {
            out.push(current.clone());
            return;
        }
        for r in 0..left.len() {
            if left[r] > 0 {
                left[r] -= 1;
                current.push(r as u8);
                go(left, current, out);
                current.pop();
                left[r] += 1;
            }
        }
    }
    let mut out = Vec::new();
    go(&mut vec![4; ranks], &mut Vec::new(), &mut out);
    out
}

/// How many actions of `log` the deal `cards` makes honest, read as the rules say, by plain
/// simulation.
fn honest_prefix(rules: &Rules, cards: &[u8], log: &[Action]) -> usize {
    let (players, hand) = (rules.players(), rules.hand());
    let mut held = vec![[0u8; 13]; players];
    for (i, &c) in cards[..players * hand].iter().enumerate() {
        held[i / hand][c as usize] += 1;
    }
    let mut top = players * hand;
    let mut opening = true;
    let mut fished: Option<u8> = None;
    for (i, &action) in log.iter().enumerate() {
        let is_book = matches!(action, Action::Book { .. });
        // Fours owed: after the opening, any four must be booked by the very next action.
        if !(opening && is_book) {
            for (p, h) in held.iter().enumerate() {
                for (r, &n) in h.iter().enumerate() {
                    let booking = matches!(action, Action::Book { player, rank }
                        if player.index() == p && rank.index() == r);
                    if n == 4 && !booking {
                        return i;
                    }
                }
            }
        }
        if !is_book {
            opening = false;
        }
        let was_fish = fished.take();
        match action {
            Action::Ask {
                asker,
                target,
                rank,
                answer,
            } => {
                let k = match answer {
                    Answer::Fish => 0,
                    Answer::Cards(k) => k,
                };
                let (a, t, r) = (asker.index(), target.index(), rank.index());
                if held[a][r] == 0 || held[t][r] != k {
                    return i;
                }
                held[t][r] = 0;
                held[a][r] += k;
                if k == 0 {
                    fished = Some(r as u8);
                }
            }
            Action::Draw { player, shown } => {
                let card = cards[top];
                top += 1;
                match shown {
                    Some(rank) if rank.index() as u8 != card => return i,
                    None if was_fish == Some(card) => return i,
                    _ => {}
                }
                held[player.index()][card as usize] += 1;
            }
            Action::Book { player, rank } => {
                if held[player.index()][rank.index()] != 4 {
                    return i;
                }
                held[player.index()][rank.index()] = 0;
            }
        }
    }
    log.len()
}

/// The verdict by trying every deal.
fn exhaustive(rules: &Rules, deals: &[Vec<u8>], log: &[Action]) -> Verdict {
    let best = deals
        .iter()
        .map(|d| honest_prefix(rules, d, log))
        .max()
        .unwrap_or(0);
    if best == log.len() {
        Verdict::Honest
    } else {
        Verdict::Cheated { since: best + 1 }
    }
}

/// Every legal action now (by the public rules).
fn legal(rules: &Rules, table: &Table) -> Vec<Action> {
    let mut all = Vec::new();
    for x in rules.all_players() {
        for r in rules.all_ranks() {
            all.push(Action::Book { player: x, rank: r });
            all.push(Action::Draw {
                player: x,
                shown: Some(r),
            });
            for y in rules.all_players() {
                for answer in [
                    Answer::Fish,
                    Answer::Cards(1),
                    Answer::Cards(2),
                    Answer::Cards(3),
                ] {
                    all.push(Action::Ask {
                        asker: x,
                        target: y,
                        rank: r,
                        answer,
                    });
                }
            }
        }
        all.push(Action::Draw {
            player: x,
            shown: None,
        });
    }
    all.retain(|&a| table.clone().apply(a).is_ok());
    all
}

/// A log played from the deal `cards`: honest moves, and a random legal move (often a lie)
/// with probability `lie`.
fn play(rules: &Rules, cards: &[u8], lie: f64, rng: &mut SmallRng, max: usize) -> Vec<Action> {
    let (players, hand) = (rules.players(), rules.hand());
    let mut held = vec![[0u8; 13]; players];
    for (i, &c) in cards[..players * hand].iter().enumerate() {
        held[i / hand][c as usize] += 1;
    }
    let mut top = players * hand;
    let mut table = Table::new(*rules);
    let mut log = Vec::new();
    let mut fished = None;
    while log.len() < max {
        let options = legal(rules, &table);
        if options.is_empty() {
            break;
        }
        let honest: Vec<Action> = options
            .iter()
            .copied()
            .filter(|&a| match a {
                Action::Ask {
                    asker,
                    target,
                    rank,
                    answer,
                } => {
                    let k = match answer {
                        Answer::Fish => 0,
                        Answer::Cards(k) => k,
                    };
                    held[asker.index()][rank.index()] > 0 && held[target.index()][rank.index()] == k
                }
                Action::Draw { shown, .. } => match (shown, fished) {
                    (Some(r), _) => cards.get(top) == Some(&(r.index() as u8)),
                    (None, Some(r)) => cards.get(top) != Some(&r),
                    (None, None) => true,
                },
                Action::Book { player, rank } => held[player.index()][rank.index()] == 4,
            })
            .collect();
        // An honest player lays a book they hold before anything else.
        let books: Vec<Action> = honest
            .iter()
            .copied()
            .filter(|a| matches!(a, Action::Book { .. }))
            .collect();
        let pick = if !books.is_empty() && !rng.random_bool(lie) {
            books[rng.random_range(0..books.len())]
        } else if !honest.is_empty() && !rng.random_bool(lie) {
            honest[rng.random_range(0..honest.len())]
        } else {
            options[rng.random_range(0..options.len())]
        };
        table.apply(pick).unwrap();
        log.push(pick);
        fished = None;
        match pick {
            Action::Ask {
                asker,
                target,
                rank,
                answer,
            } => {
                let (a, t, r) = (asker.index(), target.index(), rank.index());
                let k = match answer {
                    Answer::Fish => 0,
                    Answer::Cards(k) => k,
                };
                // What really moves: the cards the asked player holds, as many as said.
                let moved = k.min(held[t][r]);
                held[t][r] -= moved;
                held[a][r] += moved;
                if k == 0 {
                    fished = Some(r as u8);
                }
            }
            Action::Draw { player, .. } => {
                held[player.index()][cards[top] as usize] += 1;
                top += 1;
            }
            Action::Book { player, rank } => {
                let h = &mut held[player.index()][rank.index()];
                *h = h.saturating_sub(4);
            }
        }
        // A lie about counts makes the real hands drift from the public sizes; the log stays
        // legal, which is all the check needs.
    }
    log
}

fn check_many(rules: Rules, logs: usize, lie: f64, seed: u64) -> (usize, usize) {
    let deals = arrangements(rules.ranks());
    let mut rng = SmallRng::seed_from_u64(seed);
    let (mut honest, mut cheated) = (0, 0);
    for n in 0..logs {
        let deal = &deals[rng.random_range(0..deals.len())];
        let log = play(&rules, deal, lie, &mut rng, 40);
        let mut referee = Referee::new(rules);
        let mut verdict = Verdict::Honest;
        let mut shown = [0u8; 13];
        for &action in &log {
            verdict = referee.apply(action).unwrap();
            if let Action::Draw { shown: Some(r), .. } = action {
                shown[r.index()] += 1;
            }
            if verdict == Verdict::Honest {
                // The witness meets every bound and balances every node.
                referee.deal_model().check(&shown, referee.stock_size());
                for p in rules.all_players() {
                    for r in rules.all_ranks() {
                        let (lo, hi) = referee.deal_model().bounds(p.index(), r.index());
                        assert!(lo <= hi);
                    }
                }
            }
        }
        let expected = exhaustive(&rules, &deals, &log);
        let text: Vec<String> = log.iter().map(ToString::to_string).collect();
        assert_eq!(
            verdict,
            expected,
            "log {n} of {rules:?}:\n{}",
            text.join("\n")
        );
        match verdict {
            Verdict::Honest => honest += 1,
            Verdict::Cheated { .. } => cheated += 1,
        }
    }
    (honest, cheated)
}

#[test]
fn two_ranks_two_players_agree_with_every_deal() {
    for (hand, fish) in [
        (2, FishTurn::Next),
        (3, FishTurn::Asked),
        (4, FishTurn::Next),
        (0, FishTurn::Next),
    ] {
        let rules = Rules::new(2, 2, Some(hand), fish).unwrap();
        let (honest, cheated) = check_many(rules, 300, 0.2, hand as u64);
        assert!(honest > 20 && cheated > 20, "{hand}: {honest} {cheated}");
    }
}

#[test]
fn three_ranks_agree_with_every_deal() {
    for (players, hand, fish) in [
        (2, 3, FishTurn::Next),
        (2, 4, FishTurn::Asked),
        (3, 2, FishTurn::Next),
        (3, 4, FishTurn::Asked),
        (2, 5, FishTurn::Next),
    ] {
        let rules = Rules::new(players, 3, Some(hand), fish).unwrap();
        let (honest, cheated) = check_many(rules, 150, 0.15, (players * 10 + hand) as u64);
        assert!(
            honest > 10 && cheated > 10,
            "{players} {hand}: {honest} {cheated}"
        );
    }
}

#[test]
fn one_rank_games() {
    let rules = Rules::new(2, 1, Some(2), FishTurn::Next).unwrap();
    let (honest, cheated) = check_many(rules, 100, 0.3, 7);
    assert!(honest > 0 && cheated > 0, "{honest} {cheated}");
}

#[test]
fn the_samples_of_the_rules() {
    let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
    let report = judge(b"1 A 2 A fish\n1 D\n2 A 1 A 1\n", &rules).unwrap();
    assert_eq!(report.verdict(), Verdict::Cheated { since: 3 });
    let honest = b"1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 1\n";
    assert_eq!(judge(honest, &rules).unwrap().verdict(), Verdict::Honest);
}

fn error_of(rules: &Rules, log: &str) -> String {
    judge(log.as_bytes(), rules).unwrap_err().to_string()
}

#[test]
fn rule_errors_name_the_line_and_the_rule() {
    let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
    let cases = [
        ("2 A 1 A fish", "line 1 (action 1): player 2 acts, but it is player 1's turn to ask"),
        ("1 A 1 A fish", "player 1 asks themselves"),
        ("1 A 3 A fish", "there is no player 3"),
        ("1 A 2 4 fish", "there is no rank 4: the ranks are A 2 3"),
        ("1 D", "player 1 draws, but no draw is due"),
        ("1 A 2 A fish\n2 A 1 A fish", "line 2 (action 2): player 1 must draw from the stock after \"Go fish\""),
        ("1 A 2 A fish\n1 D 2", "shows a drawn 2, but only a card of the rank just asked for (A) is shown"),
        ("1 A 2 A 3\n1 A 2 2 1", "player 1 acts, but it is player 2's turn, who must draw"),
        ("1 A 2 A 2\n1 A 2 2 2", "player 2 hands over 2 cards, but holds only 1"),
        ("1 B A", "player 1 lays down a book, but holds only 3 cards"),
        ("1 A 2 A fish\n1 D\n2 B A", "a book is laid only at the start of the log or right after an action that gave that player cards"),
        ("1 a 2 a FISH\n1 d\n2 A 1 2 fish\n2 D\n1 A 2 x fish", "line 5: expected a rank"),
    ];
    for (log, message) in cases {
        let error = error_of(&rules, log);
        assert!(error.contains(message), "{log}: {error}");
    }
    let three = Rules::new(3, 3, Some(3), FishTurn::Next).unwrap();
    let error = error_of(&three, "1 A 2 A 3\n1 A 2 2 1");
    assert!(
        error.contains("player 1 asks player 2, who holds no cards"),
        "{error}"
    );
}

#[test]
fn a_book_that_empties_the_hand_makes_the_asker_draw() {
    // Player 1 is dealt A A A 2, asks for the last A, books and holds one 2: the turn goes on.
    let rules = Rules::new(2, 2, Some(4), FishTurn::Next).unwrap();
    let log = "1 A 2 A 1\n1 B A\n1 A 2 2 3\n1 B 2\n";
    assert_eq!(
        judge(log.as_bytes(), &rules).unwrap().verdict(),
        Verdict::Honest
    );
    // All books are laid: the game is over.
    let over = format!("{log}2 D\n");
    assert!(error_of(&rules, &over).contains("the game is over (all 2 books are laid)"));
    // A book that empties the asker's hand with cards in the stock: the asker draws first.
    let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
    let log = "1 A 2 A 1\n1 B A\n1 D\n1 A 2 2 fish\n1 D\n2 A 1 3 fish\n";
    let report = judge(log.as_bytes(), &rules).unwrap();
    assert_eq!(report.actions, 6);
    let asks = "1 A 2 A 1\n1 B A\n1 A 2 2 fish\n";
    assert!(error_of(&rules, asks).contains("player 1 asks with an empty hand"));
}

#[test]
fn a_dealt_book_is_laid_before_anything_else() {
    let rules = Rules::new(2, 2, Some(4), FishTurn::Next).unwrap();
    // Player 2 says "Go fish" to A, then both are dealt books: the two books come first.
    assert_eq!(
        judge(b"2 B 2\n1 B A\n", &rules).unwrap().verdict(),
        Verdict::Honest
    );
    // One hand of four cards of two ranks: if player 1 holds no A after "Go fish" by 2, ...
    let report = judge(b"1 A 2 A fish\n", &rules).unwrap();
    // ... player 1 holds four 2s and 2 four As: a book is owed before the first ask.
    assert_eq!(report.verdict(), Verdict::Cheated { since: 1 });
}

#[test]
fn a_cheat_can_surface_many_actions_later() {
    // Player 2 keeps an A and says "Go fish"; it shows when all four As are accounted for.
    let rules = Rules::new(2, 3, Some(3), FishTurn::Next).unwrap();
    let log = "1 A 2 A fish\n1 D\n2 A 1 2 fish\n2 D\n1 A 2 3 fish\n1 D\n2 A 1 3 fish\n2 D\n";
    let report = judge(log.as_bytes(), &rules).unwrap();
    let verdict = report.verdict();
    let deals = arrangements(3);
    let actions: Vec<Action> = log
        .lines()
        .map(|l| {
            let raw = crate::notation::parse_action(l.as_bytes(), 1)
                .unwrap()
                .unwrap();
            rules.check(raw).unwrap()
        })
        .collect();
    assert_eq!(verdict, exhaustive(&rules, &deals, &actions));
}

/// The hands and stock after the first `n` actions of `log` played from `cards` (which must
/// make them honest): per player and rank, then per rank in the stock.
fn counts_after(
    rules: &Rules,
    cards: &[u8],
    log: &[Action],
    n: usize,
) -> (Vec<[u8; 13]>, [u8; 13]) {
    let (players, hand) = (rules.players(), rules.hand());
    let mut held = vec![[0u8; 13]; players];
    for (i, &c) in cards[..players * hand].iter().enumerate() {
        held[i / hand][c as usize] += 1;
    }
    let mut top = players * hand;
    for &action in &log[..n] {
        match action {
            Action::Ask {
                asker,
                target,
                rank,
                answer: Answer::Cards(k),
            } => {
                held[target.index()][rank.index()] -= k;
                held[asker.index()][rank.index()] += k;
            }
            Action::Ask { .. } => {}
            Action::Draw { player, .. } => {
                held[player.index()][cards[top] as usize] += 1;
                top += 1;
            }
            Action::Book { player, rank } => held[player.index()][rank.index()] = 0,
        }
    }
    let mut stock = [0u8; 13];
    for &c in &cards[top..] {
        stock[c as usize] += 1;
    }
    (held, stock)
}

fn rank_index(name: &str) -> u8 {
    crate::rules::RANK_NAMES
        .iter()
        .position(|&n| n == name)
        .unwrap() as u8
}

#[test]
fn deals_knowledge_and_proofs_agree_with_every_deal() {
    use crate::explain::{explain, Questions};
    let questions = Questions {
        proof: true,
        suspects: true,
        deal: true,
        knowledge: true,
        at: None,
    };
    for (players, ranks, hand, fish) in [
        (2, 2, 3, FishTurn::Next),
        (2, 3, 3, FishTurn::Asked),
        (3, 3, 2, FishTurn::Next),
    ] {
        let rules = Rules::new(players, ranks, Some(hand), fish).unwrap();
        let deals = arrangements(ranks);
        let mut rng = SmallRng::seed_from_u64(99 + hand as u64);
        for _ in 0..60 {
            let deal = &deals[rng.random_range(0..deals.len())];
            let log = play(&rules, deal, 0.15, &mut rng, 30);
            let text: String = log.iter().map(|a| format!("{a}\n")).collect();
            let e = explain(text.as_bytes(), &rules, &questions).unwrap();
            let fits = match e.verdict {
                Verdict::Honest => log.len(),
                Verdict::Cheated { since } => since - 1,
            };
            // The deal shown makes the actions it claims to honest, by plain simulation.
            let shown = e.deal.as_ref().unwrap();
            assert_eq!(shown.fits, fits);
            let cards: Vec<u8> = shown
                .hands
                .iter()
                .flatten()
                .chain(&shown.stock)
                .map(|n| rank_index(n))
                .collect();
            assert_eq!(cards.len(), 4 * ranks, "{text}");
            assert!(honest_prefix(&rules, &cards, &log) >= fits, "{text}");
            // The ranges are the fewest and most over every deal that fits.
            let k = e.knowledge.as_ref().unwrap();
            let fitting: Vec<_> = deals
                .iter()
                .filter(|d| honest_prefix(&rules, d, &log) >= fits)
                .map(|d| counts_after(&rules, d, &log, fits))
                .collect();
            for (p, hand) in k.hands.iter().enumerate() {
                for range in &hand.ranks {
                    let r = rank_index(range.rank) as usize;
                    let lo = fitting.iter().map(|(h, _)| h[p][r]).min().unwrap();
                    let hi = fitting.iter().map(|(h, _)| h[p][r]).max().unwrap();
                    assert_eq!(
                        (range.min, range.max),
                        (lo, hi),
                        "player {p} rank {r}\n{text}"
                    );
                }
            }
            for range in &k.stock.ranks {
                let r = rank_index(range.rank) as usize;
                let lo = fitting.iter().map(|(_, s)| s[r]).min().unwrap();
                let hi = fitting.iter().map(|(_, s)| s[r]).max().unwrap();
                assert_eq!((range.min, range.max), (lo, hi), "stock rank {r}\n{text}");
            }
            if let Verdict::Cheated { since } = e.verdict {
                // A proof ends at the foul's action at the latest; it is empty only when
                // what everybody saw fits no deal whatever anyone claimed.
                let proof = e.proof.as_ref().unwrap();
                assert!(proof.iter().all(|s| s.action <= since), "{text}");
                let mut nobody = crate::Trust::everyone();
                for p in rules.all_players() {
                    nobody.distrust_player(p);
                }
                let mut referee = Referee::with_trust(rules, nobody);
                for &action in &log[..since] {
                    referee.apply(action).unwrap();
                }
                let physical = referee.verdict() != Verdict::Honest;
                assert_eq!(proof.is_empty(), physical, "{text}");
            }
        }
    }
}

#[test]
fn the_true_deal_names_a_lie_whenever_a_watcher_proves_one() {
    use crate::truth::{replay, TrueDeal};
    for (players, ranks, hand) in [(2, 3, 3), (3, 3, 2), (2, 2, 4)] {
        let rules = Rules::new(players, ranks, Some(hand), FishTurn::Next).unwrap();
        let deals = arrangements(ranks);
        let mut rng = SmallRng::seed_from_u64(5 + hand as u64);
        let (mut clean, mut caught) = (0, 0);
        for n in 0..200 {
            let cards = &deals[rng.random_range(0..deals.len())];
            let lie = if n % 4 == 0 { 0.0 } else { 0.2 };
            let log = play(&rules, cards, lie, &mut rng, 30);
            let text: String = log.iter().map(|a| format!("{a}\n")).collect();
            let name = |c: &u8| crate::rules::RANK_NAMES[usize::from(*c)];
            let hands: Vec<Vec<&str>> = (0..players)
                .map(|p| cards[p * hand..(p + 1) * hand].iter().map(name).collect())
                .collect();
            let stock: Vec<&str> = cards[players * hand..].iter().map(name).collect();
            let deal = TrueDeal::new(&rules, &hands, &stock).unwrap();
            let replayed = replay(text.as_bytes(), &rules, &deal).unwrap();
            let verdict = judge(text.as_bytes(), &rules).unwrap().verdict();
            assert_eq!(
                replayed.proved,
                match verdict {
                    Verdict::Honest => None,
                    Verdict::Cheated { since } => Some(since),
                },
                "{players} {ranks} {hand}\n{text}"
            );
            if lie == 0.0 {
                assert!(replayed.wrong.is_empty(), "{text}{:?}", replayed.wrong);
            }
            if replayed.wrong.is_empty() {
                // The true deal fits every action: no watcher can prove anything.
                assert_eq!(verdict, Verdict::Honest, "{text}");
                clean += 1;
            }
            if let Verdict::Cheated { since } = verdict {
                assert!(replayed.wrong.iter().any(|w| w.action <= since), "{text}");
                caught += 1;
            }
        }
        assert!(clean > 20 && caught > 20, "{clean} {caught}");
    }
}

#[test]
fn a_seat_judges_with_every_deal_of_its_hand_and_draws() {
    use crate::{Referee, Seat};
    for (players, ranks, hand) in [(2, 3, 3), (3, 3, 2), (2, 2, 3)] {
        let rules = Rules::new(players, ranks, Some(hand), FishTurn::Next).unwrap();
        let deals = arrangements(ranks);
        let mut rng = SmallRng::seed_from_u64(17 + hand as u64);
        let mut earlier = 0;
        for _ in 0..120 {
            let cards = &deals[rng.random_range(0..deals.len())];
            let log = play(&rules, cards, 0.15, &mut rng, 30);
            let seat = rng.random_range(0..players);
            // The seat's own hand and unseen draws, from the true deal.
            let dealt = |d: &[u8]| {
                let mut h = d[seat * hand..(seat + 1) * hand].to_vec();
                h.sort_unstable();
                h
            };
            // For each deal: its hidden draws by the seat, with the action of each.
            let seat_draws = |d: &[u8]| {
                let mut top = players * hand;
                let mut out = Vec::new();
                for (i, a) in log.iter().enumerate() {
                    if let Action::Draw { player, shown } = a {
                        if player.index() == seat && shown.is_none() {
                            out.push((i, d[top]));
                        }
                        top += 1;
                    }
                }
                out
            };
            let truth = seat_draws(cards);
            let name = |c: &u8| crate::rules::RANK_NAMES[usize::from(*c)];
            let given: Vec<&str> = dealt(cards).iter().map(name).collect();
            let draws: Vec<&str> = truth.iter().map(|(_, c)| name(c)).collect();
            let seated = Seat::new(&rules, seat as u32 + 1, &given, &draws).unwrap();
            let mut referee = Referee::seated(rules, &seated);
            let mut verdict = Verdict::Honest;
            for &a in &log {
                verdict = referee.apply(a).unwrap();
            }
            let best = deals
                .iter()
                .filter(|d| dealt(d) == dealt(cards))
                .map(|d| {
                    let mismatch = seat_draws(d)
                        .iter()
                        .zip(&truth)
                        .find(|(a, b)| a.1 != b.1)
                        .map_or(log.len(), |(a, _)| a.0);
                    honest_prefix(&rules, d, &log).min(mismatch)
                })
                .max()
                .unwrap();
            let expected = if best == log.len() {
                Verdict::Honest
            } else {
                Verdict::Cheated { since: best + 1 }
            };
            let text: String = log.iter().map(|a| format!("{a}\n")).collect();
            assert_eq!(verdict, expected, "seat {}\n{text}", seat + 1);
            let watcher = judge(text.as_bytes(), &rules).unwrap().verdict();
            if verdict != watcher {
                earlier += 1;
            }
        }
        assert!(earlier > 0, "a seat never knew more than a watcher");
    }
}

#[test]
fn judging_a_whole_log_finds_what_a_plain_referee_finds() {
    // `judge` reads ahead: the first witness deal follows the first actions, and a draw is
    // given its drawer's next ask. Neither may change a verdict or its reason. The first
    // actions here want more cards of A (1 + 2 + 2) than there are: the witness deal they
    // suggest must still be a deal.
    let rules = Rules::new(3, 3, Some(2), FishTurn::Next).unwrap();
    let log = "1 A 2 A 2\n1 A 3 A 2\n2 D\n2 A 1 3 2\n";
    assert_eq!(
        judge(log.as_bytes(), &rules).unwrap().verdict(),
        Verdict::Cheated { since: 2 }
    );
    // Two honest games in which a player lays a book right after drawing its fourth card
    // unseen (actions 20 and 21 of the first; 14 and 15, and 17 and 18, of the second).
    let three = Rules::new(3, 4, Some(3), FishTurn::Next).unwrap();
    for log in [
        "1 A 3 2 fish\n1 D\n2 A 1 3 1\n2 A 1 4 fish\n2 D\n3 A 1 4 fish\n3 D\n1 A 2 A 1\n\
         1 A 2 A fish\n1 D\n2 A 3 3 1\n2 A 3 4 2\n2 A 3 2 fish\n2 D 2\n2 A 1 2 1\n\
         2 A 3 2 fish\n2 D 2\n2 B 2\n2 A 3 4 fish\n2 D\n2 B 3\n3 A 1 A 3\n3 B A\n\
         1 A 2 4 3\n1 B 4\n",
        "1 A 3 4 1\n1 A 2 A fish\n1 D\n2 A 3 3 1\n2 A 1 2 1\n2 A 3 2 1\n2 A 1 3 fish\n2 D\n\
         3 D\n3 A 2 4 fish\n3 D\n1 A 3 4 1\n1 A 3 A fish\n1 D\n1 B 4\n2 A 3 A fish\n2 D\n\
         2 B 2\n3 A 2 3 3\n3 B 3\n3 D\n3 A 2 A 1\n3 A 1 A 2\n3 B A\n",
    ] {
        assert_eq!(
            judge(log.as_bytes(), &three).unwrap().verdict(),
            Verdict::Honest,
            "{log}"
        );
    }
    // Games from random deals, honest and lying, against a referee fed action by action (the
    // sorted first witness, nothing read ahead).
    let logs: usize = std::env::var("GOFISH_PLAIN_REFEREE_LOGS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(20_000);
    let mut rng = SmallRng::seed_from_u64(11);
    let variants = [
        (2, 3, 3),
        (2, 4, 4),
        (3, 4, 3),
        (2, 3, 4),
        (3, 3, 3),
        (4, 5, 4),
    ];
    let (mut foul, mut fair) = (0, 0);
    for n in 0..logs {
        let (players, ranks, hand) = variants[n % variants.len()];
        let rules = Rules::new(players, ranks, Some(hand), FishTurn::Next).unwrap();
        let mut cards: Vec<u8> = (0..4 * ranks as u8).map(|c| c / 4).collect();
        for i in (1..cards.len()).rev() {
            cards.swap(i, rng.random_range(0..=i));
        }
        let lie = [0.0, 0.02, 0.1, 0.3][n % 4];
        let log = play(&rules, &cards, lie, &mut rng, 60);
        let text: String = log.iter().map(|a| format!("{a}\n")).collect();
        let mut referee = Referee::new(rules);
        for &action in &log {
            referee.apply(action).unwrap();
        }
        let report = judge(text.as_bytes(), &rules).unwrap();
        assert_eq!(
            report.cheating.map(|(c, _)| c),
            referee.contradiction(),
            "{players} {ranks} {hand}\n{text}"
        );
        if referee.contradiction().is_some() {
            foul += 1;
        } else {
            fair += 1;
        }
    }
    assert!(
        foul > logs / 10 && fair > logs / 10,
        "{foul} foul, {fair} fair"
    );
}

#[test]
fn every_range_is_what_searches_alone_find() {
    // Decks too large for the brute force, standard among them: after every action some deal
    // fits, each count's range (found from the limits that the bounds and totals set, and the
    // flows met while finding other ranges) against the same range found by searches alone.
    // Seats too: their draws known make draws that can be one rank only.
    use crate::Seat;
    let mut rng = SmallRng::seed_from_u64(33);
    let (mut ranges, mut narrowed) = (0usize, 0usize);
    for (players, ranks, hand, games) in
        [(4, 13, 5, 12), (2, 13, 7, 6), (3, 6, 4, 20), (5, 4, 3, 20)]
    {
        let rules = Rules::new(players, ranks, Some(hand), FishTurn::Next).unwrap();
        for n in 0..games {
            let mut cards: Vec<u8> = (0..4 * ranks).map(|c| (c % ranks) as u8).collect();
            for i in (1..cards.len()).rev() {
                cards.swap(i, rng.random_range(0..=i));
            }
            let log = play(&rules, &cards, [0.0, 0.03][n % 2], &mut rng, 160);
            let mut referee = if n % 3 == 2 {
                let seat = rng.random_range(0..players);
                let name = |c: &u8| crate::rules::RANK_NAMES[usize::from(*c)];
                let given: Vec<&str> = cards[seat * hand..(seat + 1) * hand]
                    .iter()
                    .map(name)
                    .collect();
                let mut top = players * hand;
                let mut draws = Vec::new();
                for a in &log {
                    if let Action::Draw { player, shown } = a {
                        if player.index() == seat && shown.is_none() {
                            draws.push(name(&cards[top]));
                        }
                        top += 1;
                    }
                }
                Referee::seated(
                    rules,
                    &Seat::new(&rules, seat as u32 + 1, &given, &draws).unwrap(),
                )
            } else {
                Referee::new(rules)
            };
            for &action in &log {
                if referee.apply(action).unwrap() != Verdict::Honest {
                    break;
                }
                let model = referee.deal_model();
                let got = model.ranges(u16::MAX >> (16 - ranks));
                let searched = model.ranges_by_search();
                let text: String = log.iter().map(|a| format!("{a}\n")).collect();
                assert_eq!(got, searched, "after {action} of\n{text}");
                ranges += got.len();
                narrowed += got.iter().filter(|(lo, hi)| hi - lo < 4).count();
            }
        }
    }
    // Most ranges are narrower than none to four, so the limits are put to the test.
    assert!(
        ranges > 20_000 && narrowed * 2 > ranges,
        "{narrowed} of {ranges}"
    );
}
