//! The rules taken literally, one whole deal at a time: real hands, a stock in a fixed order,
//! every action replayed and checked. Slow, and the plainest statement of what "honest" means;
//! it checks the state sets of [`super::hidden`] on the smallest decks, and replays true deals.

use super::hidden;
use super::table::Event;
use super::Variant;

/// A whole deal: each hand's count of every rank, and the stock from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub hands: Vec<Vec<u8>>,
    pub stock: Vec<usize>,
}

/// A false claim found replaying a true deal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Lie {
    /// Asked for a rank holding none of it.
    AskWithout,
    /// Handed over fewer cards than held ("Go fish" while holding some).
    ShortHandover,
    /// Kept a drawn card of the rank just asked for unseen.
    HiddenCatch,
    /// Held four of a rank and the next action was not that book.
    KeptBook,
}

/// What a replay of a deal found at one action.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Finding {
    /// A false claim by this player.
    Lie(usize, Lie),
    /// What everybody saw cannot happen with these cards (a handover, a shown draw or a book
    /// of cards that are not there): the replay stops.
    Impossible,
}

/// Replays `events` on `deal` and lists what each action does wrong, by action index
/// (0-based). The replay goes on after a lie as the cards really moved; it stops at the first
/// impossible action.
pub fn replay(deal: &Deal, variant: &Variant, events: &[Event]) -> Vec<(usize, Finding)> {
    let ranks = variant.ranks;
    let mut hands = deal.hands.clone();
    let mut top = 0;
    let mut findings = Vec::new();
    for (i, &event) in events.iter().enumerate() {
        let four: Vec<(usize, usize)> = (0..variant.players)
            .flat_map(|p| (0..ranks).map(move |r| (p, r)))
            .filter(|&(p, r)| hands[p][r] == 4)
            .collect();
        let laid = match event {
            Event::Book { x, r, opening } => four.contains(&(x, r)) && (opening || four.len() == 1),
            _ => false,
        };
        // Dealt fours are laid in any order before the first action that is not a book.
        let opening_book = matches!(event, Event::Book { opening: true, .. });
        if !laid && !opening_book {
            // Every four still held (but the one being laid) is kept against the rule.
            for &(p, r) in &four {
                let laying = matches!(event, Event::Book { x, r: b, .. } if x == p && b == r);
                let finding = (i, Finding::Lie(p, Lie::KeptBook));
                if !laying && !findings.contains(&finding) {
                    findings.push(finding);
                }
            }
        }
        match event {
            Event::Book { x, r, .. } => {
                if hands[x][r] != 4 {
                    findings.push((i, Finding::Impossible));
                    return findings;
                }
                hands[x][r] = 0;
            }
            Event::Ask { x, y, r, k } => {
                if hands[x][r] == 0 {
                    findings.push((i, Finding::Lie(x, Lie::AskWithout)));
                }
                let held = usize::from(hands[y][r]);
                if held < k {
                    findings.push((i, Finding::Impossible));
                    return findings;
                }
                if held > k {
                    findings.push((i, Finding::Lie(y, Lie::ShortHandover)));
                }
                hands[y][r] -= k as u8;
                hands[x][r] += k as u8;
            }
            Event::EmptyDraw { x } | Event::FishDraw { x, .. } => {
                let Some(&d) = deal.stock.get(top) else {
                    findings.push((i, Finding::Impossible));
                    return findings;
                };
                top += 1;
                if let Event::FishDraw { asked, shown, .. } = event {
                    if shown && d != asked {
                        findings.push((i, Finding::Impossible));
                        return findings;
                    }
                    if !shown && d == asked {
                        findings.push((i, Finding::Lie(x, Lie::HiddenCatch)));
                    }
                }
                hands[x][d] += 1;
            }
        }
    }
    findings
}

/// How many leading actions `deal` makes honest.
pub fn honest_prefix(deal: &Deal, variant: &Variant, events: &[Event]) -> usize {
    replay(deal, variant, events)
        .first()
        .map_or(events.len(), |&(i, _)| i)
}

/// Every distinct order of a multiset of ranks (`counts[r]` cards of rank `r`).
fn orders(counts: &mut [usize], prefix: &mut Vec<usize>, out: &mut dyn FnMut(&[usize])) {
    if counts.iter().all(|&c| c == 0) {
        out(prefix);
        return;
    }
    for r in 0..counts.len() {
        if counts[r] > 0 {
            counts[r] -= 1;
            prefix.push(r);
            orders(counts, prefix, out);
            prefix.pop();
            counts[r] += 1;
        }
    }
}

/// Every deal of the variant, hands and stock order, passed to `visit`.
pub fn every_deal(variant: &Variant, visit: &mut dyn FnMut(&Deal)) {
    let no_books = vec![false; variant.ranks];
    for hands in hidden::deals(variant) {
        let mut counts: Vec<usize> = (0..variant.ranks)
            .map(|r| hidden::in_stock(&hands, variant, &no_books, r))
            .collect();
        let mut deal = Deal {
            hands: hands.chunks(variant.ranks).map(|h| h.to_vec()).collect(),
            stock: Vec::new(),
        };
        orders(&mut counts, &mut Vec::new(), &mut |stock| {
            deal.stock.clear();
            deal.stock.extend_from_slice(stock);
            visit(&deal);
        });
    }
}

/// The most leading actions any deal makes honest.
pub fn best_prefix(variant: &Variant, events: &[Event]) -> usize {
    let mut best = 0;
    every_deal(variant, &mut |deal| {
        if best < events.len() {
            best = best.max(honest_prefix(deal, variant, events));
        }
    });
    best
}
