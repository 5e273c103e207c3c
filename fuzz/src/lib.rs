//! What the fuzz targets and the seed-corpus generator (`examples/seed.rs`) share: how the
//! leading bytes of an input choose the game's rules and the questions asked, and two
//! independent checks of the Quartets referee (a replay of a witness deal, and a brute-force
//! oracle for tiny games).
//!
//! Input layouts (the first bytes are a fixed-size header, the rest is the log as text):
//!
//! | target             | header                                  | body                       |
//! |--------------------|-----------------------------------------|----------------------------|
//! | `quartets_audit`   | 1 byte: variant ([`quartets_rules`])    | a log, count line first    |
//! | `quartets_referee` | 1 byte: variant                         | action lines, no count line|
//! | `quartets_explain` | 3 bytes: variant ([`explain_rules`]), questions ([`questions`]), `at` | a log |
//! | `sequence`         | none                                    | a Sequence log             |
//! | `json_fields`      | none                                    | a JSON Lines record        |
//! | `quartets_seat`    | 6 bytes: variant ([`explain_rules`]), seat, deal seed (2 bytes, [`deal_of`]), questions, `at` | a log |
//! | `quartets_truth`   | 3 bytes: variant ([`quartets_rules`]), deal seed (2 bytes)           | a log |
//! | `gofish`           | 1 byte: variant ([`gofish_rules`])      | a Go Fish log              |
//! | `gofish_truth`     | 3 bytes: variant ([`gofish_rules`]), deal seed (2 bytes, [`gofish_deal_of`]) | a Go Fish log |
//! | `knowledge`        | 2 bytes: game and variant (even: Quartets, [`explain_rules`] of byte / 2; odd: Go Fish, [`gofish_rules`] of byte / 2), `at` | a log |

use std::sync::OnceLock;

use fairplay_quartets::explain::Questions;
use fairplay_quartets::notation::RawAction;
use fairplay_quartets::Rules;

/// Game sizes a Quartets input may select: `(players, sets, cards per set, hand sizes)`.
/// Index 0 is the standard game; the others are small or odd on purpose (one card, one set,
/// one card per set, empty hands, two-digit names, the largest sizes).
pub const VARIANTS: [(usize, usize, usize, Option<&[u32]>); 16] = [
    (4, 8, 4, None),                // 0: the standard game
    (2, 1, 1, Some(&[1, 0])),       // 1: one card, player 2 has none
    (2, 2, 2, None),                // 2
    (3, 3, 3, None),                // 3
    (3, 4, 2, Some(&[0, 5, 3])),    // 4: player 1 is dealt nothing
    (2, 4, 3, None),                // 5
    (3, 2, 4, Some(&[4, 2, 2])),    // 6
    (4, 3, 3, Some(&[3, 2, 2, 2])), // 7
    (3, 5, 1, Some(&[2, 2, 1])),    // 8: one card per set
    (2, 5, 3, Some(&[8, 7])),       // 9
    (4, 4, 4, None),                // 10
    (5, 4, 5, None),                // 11
    (2, 12, 2, None),               // 12: two-digit set numbers
    (11, 11, 1, None),              // 13: two-digit player numbers
    (3, 3, 2, Some(&[0, 6, 0])),    // 14: one player holds every card
    (16, 16, 26, None),             // 15: the largest players and set sizes
];

/// The variants `quartets_explain` may select (explanations re-run the referee many times):
/// at most 5 players and 32 cards.
pub const EXPLAIN_VARIANTS: [usize; 14] = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 14];

/// The rules of variant `VARIANTS[index]`.
pub fn variant_rules(index: usize) -> Rules {
    let (players, sets, cards_per_set, hands) = VARIANTS[index];
    Rules::new(players, sets, cards_per_set, hands.map(<[u32]>::to_vec))
        .expect("the variants are valid rules")
}

/// The variant index a `quartets_audit` / `quartets_referee` selector byte chooses.
pub fn quartets_variant(selector: u8) -> usize {
    selector as usize % VARIANTS.len()
}

/// The rules a `quartets_audit` / `quartets_referee` selector byte chooses.
pub fn quartets_rules(selector: u8) -> Rules {
    variant_rules(quartets_variant(selector))
}

/// The variant index a `quartets_explain` selector byte chooses.
pub fn explain_variant(selector: u8) -> usize {
    EXPLAIN_VARIANTS[selector as usize % EXPLAIN_VARIANTS.len()]
}

/// The rules a `quartets_explain` selector byte chooses.
pub fn explain_rules(selector: u8) -> Rules {
    variant_rules(explain_variant(selector))
}

/// The selector byte of variant `index` for `quartets_explain`, if it is one of its variants.
pub fn explain_selector(index: usize) -> Option<u8> {
    EXPLAIN_VARIANTS
        .iter()
        .position(|&v| v == index)
        .map(|p| p as u8)
}

/// Bits of the `quartets_explain` questions byte.
pub const PROOF: u8 = 1;
/// Ask for the suspects.
pub const SUSPECTS: u8 = 2;
/// Ask for a deal.
pub const DEAL: u8 = 4;
/// Ask for the knowledge.
pub const KNOWLEDGE: u8 = 8;
/// Ask for the knowledge after action `at` (the third header byte).
pub const AT: u8 = 16;

/// The questions of a `quartets_explain` input: bits of `bits` (see [`PROOF`] ..) and `at`.
// Every field is set, and `..default()` keeps this compiling if fields (with defaults) are added.
#[allow(clippy::needless_update)]
pub fn questions(bits: u8, at: u8) -> Questions {
    Questions {
        proof: bits & PROOF != 0,
        suspects: bits & SUSPECTS != 0,
        deal: bits & DEAL != 0,
        knowledge: bits & KNOWLEDGE != 0,
        at: (bits & AT != 0).then_some(usize::from(at)),
        ..Questions::default()
    }
}

/// A deal of `rules` chosen by `seed`: the 0-based player dealt each card (by card index),
/// every hand of its size. The deck is shuffled by a xorshift generator seeded with `seed`
/// and dealt in order, so every seed gives a deal and nearby seeds give unrelated ones.
pub fn deal_of(rules: &Rules, seed: u16) -> Vec<u8> {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64 ^ u64::from(seed).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut cards: Vec<usize> = (0..rules.deck_size()).collect();
    for i in (1..cards.len()).rev() {
        cards.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let mut owner = vec![0u8; cards.len()];
    let mut dealt = cards.into_iter();
    for (p, &size) in rules.hand_sizes().iter().enumerate() {
        for card in dealt.by_ref().take(size as usize) {
            owner[card] = p as u8;
        }
    }
    owner
}

/// Replays `actions` (already accepted by a referee of `rules`, so every name is in range) on
/// the deal `owner` (the 0-based player dealt each card, by card index) with real hands: the
/// 1-based number of the first action that cannot be honest under this deal, or `None`.
///
/// An ask is honest when the asker holds a card of the set; a "yes" needs the asked player to
/// hold the card (it then changes hands); a "no" is honest when they do not; a lay-aside needs
/// the player to hold the whole set. Written independently of the referee's deal model.
pub fn first_dishonest(rules: &Rules, owner: &[u8], actions: &[RawAction]) -> Option<usize> {
    const OUT: u8 = u8::MAX;
    let per_set = rules.cards_per_set();
    let mut owner = owner.to_vec();
    for (i, action) in actions.iter().enumerate() {
        let honest = match *action {
            RawAction::Ask {
                asker,
                target,
                set,
                letter,
                granted,
            } => {
                let (x, y) = ((asker - 1) as u8, (target - 1) as u8);
                let first = (set as usize - 1) * per_set;
                let card = first + letter as usize;
                let holds_set = owner[first..first + per_set].contains(&x);
                let has = owner[card] == y;
                if granted && has {
                    owner[card] = x;
                }
                holds_set && has == granted
            }
            RawAction::LayAside { player, set } => {
                let first = (set as usize - 1) * per_set;
                let cards = &mut owner[first..first + per_set];
                let whole = cards.iter().all(|&p| p == (player - 1) as u8);
                cards.fill(OUT);
                whole
            }
        };
        if !honest {
            return Some(i + 1);
        }
    }
    None
}

/// Most deals the brute-force oracle enumerates for a variant.
const MAX_DEALS: u64 = 10_000;

/// Every deal of a tiny game, to judge logs by brute force.
pub struct Oracle {
    /// Per deal, the 0-based player dealt each card (by card index).
    deals: Vec<Vec<u8>>,
    rules: Rules,
}

impl Oracle {
    fn new(rules: Rules) -> Option<Oracle> {
        let hands = rules.hand_sizes();
        let mut count: u64 = 1;
        let mut n: u64 = 0;
        for &h in hands {
            for k in 1..=u64::from(h) {
                n += 1;
                count = count * n / k;
                if count > MAX_DEALS {
                    return None;
                }
            }
        }
        let mut deals = Vec::new();
        let mut left = hands.to_vec();
        let mut owner = vec![0u8; rules.deck_size()];
        fn deal(card: usize, left: &mut [u32], owner: &mut Vec<u8>, deals: &mut Vec<Vec<u8>>) {
            if card == owner.len() {
                deals.push(owner.clone());
                return;
            }
            for p in 0..left.len() {
                if left[p] > 0 {
                    left[p] -= 1;
                    owner[card] = p as u8;
                    deal(card + 1, left, owner, deals);
                    left[p] += 1;
                }
            }
        }
        deal(0, &mut left, &mut owner, &mut deals);
        assert_eq!(
            deals.len() as u64,
            count,
            "the oracle enumerates every deal"
        );
        Some(Oracle { deals, rules })
    }

    /// The oracle of variant `index`, if it has few enough deals.
    pub fn of_variant(index: usize) -> Option<&'static Oracle> {
        static ORACLES: [OnceLock<Option<Oracle>>; VARIANTS.len()] =
            [const { OnceLock::new() }; VARIANTS.len()];
        ORACLES[index]
            .get_or_init(|| Oracle::new(variant_rules(index)))
            .as_ref()
    }

    /// The rules of this oracle's game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// `None` if some deal makes every action honest, else the smallest `k` such that no deal
    /// makes actions `1..=k` honest.
    pub fn first_cheat(&self, actions: &[RawAction]) -> Option<usize> {
        let mut latest = 0;
        for deal in &self.deals {
            match first_dishonest(&self.rules, deal, actions) {
                None => return None,
                Some(k) => latest = latest.max(k),
            }
        }
        Some(latest)
    }
}

/// Go Fish games an input may select: `(players, ranks, hand, fish turn to the asked player)`:
/// the standard game, the largest table, and tiny decks (from index [`GOFISH_TINY`]).
pub const GOFISH_VARIANTS: [(usize, usize, Option<usize>, bool); 12] = [
    (4, 13, None, false),
    (2, 13, None, true),
    (10, 13, Some(5), false),
    (3, 6, Some(4), true),
    (2, 1, Some(1), false),
    (2, 2, Some(2), true),
    (2, 2, Some(0), false),
    (2, 2, Some(4), false),
    (2, 3, Some(3), false),
    (3, 2, Some(2), true),
    (3, 3, Some(1), false),
    (3, 3, Some(3), true),
];

/// The first tiny Go Fish variant (at most 3 players and 3 ranks).
pub const GOFISH_TINY: usize = 4;

/// The Go Fish rules a selector byte chooses (modulo the number of [`GOFISH_VARIANTS`]).
pub fn gofish_rules(selector: u8) -> fairplay_gofish::Rules {
    let (players, ranks, hand, asked) =
        GOFISH_VARIANTS[usize::from(selector) % GOFISH_VARIANTS.len()];
    let fish = if asked {
        fairplay_gofish::FishTurn::Asked
    } else {
        fairplay_gofish::FishTurn::Next
    };
    fairplay_gofish::Rules::new(players, ranks, hand, fish).expect("the variants are valid rules")
}

/// A Go Fish deal of `rules` chosen by `seed`: the deck (four cards of each rank) shuffled by
/// a xorshift generator seeded with `seed`, dealt to the players in turn order, the rest the
/// stock from the top.
pub fn gofish_deal_of(
    rules: &fairplay_gofish::Rules,
    seed: u16,
) -> fairplay_gofish::truth::TrueDeal {
    let mut state = 0x9e37_79b9_7f4a_7c15_u64 ^ u64::from(seed).wrapping_mul(0x2545_f491_4f6c_dd1d);
    let mut next = move || {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        state
    };
    let mut deck: Vec<String> = rules
        .all_ranks()
        .flat_map(|r| std::iter::repeat_n(r.to_string(), 4))
        .collect();
    for i in (1..deck.len()).rev() {
        deck.swap(i, (next() % (i as u64 + 1)) as usize);
    }
    let hands: Vec<Vec<String>> = deck[..rules.players() * rules.hand()]
        .chunks(rules.hand().max(1))
        .map(<[String]>::to_vec)
        .collect();
    // Hands of no card: `chunks` gives none.
    let hands = if rules.hand() == 0 {
        vec![Vec::new(); rules.players()]
    } else {
        hands
    };
    let stock = &deck[rules.players() * rules.hand()..];
    fairplay_gofish::truth::TrueDeal::new(rules, &hands, stock).expect("a deal of the rules")
}
