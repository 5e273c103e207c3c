//! The human report of an explained Go Fish verdict, and its JSON details.

use fairplay_gofish::explain::{
    Explanation, Holding, Knowledge, PossibleDeal, ProofStep, SeatView,
};
use fairplay_gofish::truth::Replay;
use fairplay_gofish::{Reason, Verdict};
use schemars::JsonSchema;
use serde::Serialize;

use crate::Style;

/// The suspects in one sentence.
fn suspects(players: &[fairplay_gofish::Player]) -> String {
    let names: Vec<String> = players.iter().map(|p| format!("player {p}")).collect();
    match names.as_slice() {
        [] => "no player alone: with any one player's claims set aside, still no deal fits, so at least two players made false claims".to_string(),
        [one] => format!("only {one} could be the one cheater: with their claims set aside, some deal fits"),
        many => format!(
            "{} could each be the one cheater: with the claims of any of them set aside, some deal fits",
            many.join(", ")
        ),
    }
}

fn holding(h: &Holding) -> String {
    let who = match h.player {
        Some(p) => format!("player {p}"),
        None => "stock".to_string(),
    };
    let cards = if h.cards == 1 { "card" } else { "cards" };
    let ranks: Vec<String> = h
        .ranks
        .iter()
        .filter(|r| r.max > 0)
        .map(|r| {
            if r.min == r.max {
                format!("{}×{}", r.min, r.rank)
            } else {
                format!("{}-{}×{}", r.min, r.max, r.rank)
            }
        })
        .collect();
    let ranks = if ranks.is_empty() {
        "nothing".to_string()
    } else {
        ranks.join(", ")
    };
    format!("  {who}, {} {cards}: {ranks}\n", h.cards)
}

/// The knowledge table in words.
pub fn knowledge_text(k: &Knowledge, style: Style) -> String {
    knowledge_text_of(k, None, style)
}

/// Who knows: a watcher, or the player of a seat.
fn knower(seat: Option<&SeatView>) -> String {
    match seat {
        Some(view) => format!("player {}", view.player),
        None => "a watcher".to_string(),
    }
}

/// The knowledge table in words, as a watcher or the player of `seat` knows it.
pub fn knowledge_text_of(k: &Knowledge, seat: Option<&SeatView>, style: Style) -> String {
    let mut out = style.bold(&format!(
        "What {} knows after action {} (the cards of each rank held in every deal that fits: `2×A` exactly two, `0-3×K` from none to three; ranks none can be left out):",
        knower(seat),
        k.after
    ));
    out.push('\n');
    for h in &k.hands {
        out.push_str(&holding(h));
    }
    out.push_str(&holding(&k.stock));
    if !k.booked.is_empty() {
        out.push_str(&format!("  books laid: {}\n", k.booked.join(" ")));
    }
    out
}

/// A possible deal in words.
pub fn deal_text(d: &PossibleDeal, style: Style) -> String {
    deal_text_of(d, None, style)
}

/// A possible deal in words; from a seat, one that gives it its hand and draws.
pub fn deal_text_of(d: &PossibleDeal, seat: Option<&SeatView>, style: Style) -> String {
    let given = match seat {
        Some(view) => format!(" with player {}'s hand and draws as given", view.player),
        None => String::new(),
    };
    let mut out = style.bold(&format!(
        "A deal that makes actions 1 to {} honest{given}:",
        d.fits
    ));
    out.push('\n');
    for (i, hand) in d.hands.iter().enumerate() {
        let cards = if hand.is_empty() {
            "nothing".to_string()
        } else {
            hand.join(" ")
        };
        out.push_str(&format!("  player {}: {cards}\n", i + 1));
    }
    let stock = if d.stock.is_empty() {
        "empty".to_string()
    } else {
        d.stock.join(" ")
    };
    out.push_str(&format!("  stock, from the top: {stock}\n"));
    out
}

/// A seat's view: what the player knows, and when they and a watcher are certain.
pub fn seat_text(view: &SeatView) -> String {
    let list = |ranks: &[fairplay_gofish::Rank]| {
        let names: Vec<String> = ranks.iter().map(ToString::to_string).collect();
        if names.is_empty() {
            "nothing".to_string()
        } else {
            names.join(" ")
        }
    };
    let p = view.player;
    let when = match (view.watcher_since, view.seat_since) {
        (Some(w), Some(s)) if w == s => {
            format!("a watcher and player {p} are certain of cheating after action {s}")
        }
        (Some(w), Some(s)) => {
            format!(
                "a watcher is certain of cheating after action {w}; player {p} after action {s}"
            )
        }
        (None, Some(s)) => {
            format!(
                "a watcher is never certain of cheating; player {p} is certain after action {s}"
            )
        }
        (Some(w), None) => {
            format!("a watcher is certain of cheating after action {w}; player {p} never is")
        }
        (None, None) => format!("neither a watcher nor player {p} is ever certain of cheating"),
    };
    let draws = if view.draws.is_empty() {
        "no unseen draw given".to_string()
    } else {
        format!("drew unseen {}", list(&view.draws))
    };
    format!(
        "As player {p} knows the game (dealt {}; {draws}): {when}.",
        list(&view.hand)
    )
}

/// The report: the contract lines, then each part that was asked for.
pub fn text(e: &Explanation, style: Style) -> String {
    let mut out = e.verdict.contract();
    let seat = e.seat.as_ref();
    if let Some(view) = seat {
        out.push('\n');
        out.push_str(&seat_text(view));
        out.push('\n');
    }
    if let Some(c) = &e.contradiction {
        out.push('\n');
        out.push_str(&style.red("Why: "));
        out.push_str(&c.reason.to_string());
        out.push('\n');
    }
    if let Some(proof) = &e.proof {
        out.push('\n');
        let known = match seat {
            Some(view) => format!(
                " and the hand and draws of player {} (never doubted)",
                view.player
            ),
            None => String::new(),
        };
        out.push_str(&style.bold(&format!(
            "Proof: the claims of these actions cannot all be true, given what everybody saw{known}:"
        )));
        out.push('\n');
        if proof.is_empty() {
            out.push_str(&format!("  no claim is needed: what everybody saw (cards handed over, shown or laid down, the sizes of the hands and the stock){known} fits no deal\n"));
        }
        for step in proof {
            out.push_str(&format!(
                "  action {} (line {}) `{}`: {}\n",
                step.action,
                step.line,
                step.text,
                step.claims.join("; ")
            ));
        }
    }
    if let Some(s) = &e.suspects {
        out.push('\n');
        out.push_str(&style.bold("Suspects: "));
        out.push_str(&suspects(s));
        out.push('\n');
    }
    if let Some(d) = &e.deal {
        out.push('\n');
        out.push_str(&deal_text_of(d, seat, style));
    }
    if let Some(k) = &e.knowledge {
        out.push('\n');
        out.push_str(&knowledge_text_of(k, seat, style));
    }
    if e.verdict == Verdict::Honest
        && e.proof.is_none()
        && e.deal.is_none()
        && e.knowledge.is_none()
    {
        out.push('\n');
        out.push_str(&style.green("Some deal makes every action honest."));
        out.push('\n');
    }
    out
}

/// The suspects for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GoFishSuspects {
    /// The players who could each be the one cheater.
    pub players: Vec<u32>,
    /// In words.
    pub text: String,
}

/// The explanation of a Go Fish verdict, for JSON: each part is `null` when it was not asked
/// or does not apply.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GoFishDetails<'a> {
    /// The claim no deal can make true any more, for a foul.
    pub reason: Option<&'a Reason>,
    /// A minimal set of actions whose claims cannot all be true, for a foul.
    pub proof: Option<&'a [ProofStep]>,
    /// Who alone could be the cheater, for a foul.
    pub suspects: Option<GoFishSuspects>,
    /// A deal (hands and stock order) that makes every action honest (before the foul).
    pub deal: Option<&'a PossibleDeal>,
    /// The range of every count.
    pub knowledge: Option<&'a Knowledge>,
    /// With the true deal (`--true-deal`): every false claim and impossible action.
    pub true_deal: Option<&'a Replay>,
    /// From a seat (`--seat`): whose view the parts are, and when a watcher is certain.
    pub seat: Option<GoFishSeat<'a>>,
}

/// A seat's view, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct GoFishSeat<'a> {
    /// The player, their dealt hand and unseen draws, and when each is certain.
    #[serde(flatten)]
    pub view: &'a SeatView,
    /// In words.
    pub text: String,
}

impl<'a> GoFishDetails<'a> {
    /// The details of an explanation.
    pub fn new(e: &'a Explanation) -> GoFishDetails<'a> {
        GoFishDetails {
            reason: e.contradiction.as_ref().map(|c| &c.reason),
            proof: e.proof.as_deref(),
            suspects: e.suspects.as_ref().map(|s| GoFishSuspects {
                players: s.iter().map(|p| p.number()).collect(),
                text: suspects(s),
            }),
            deal: e.deal.as_ref(),
            knowledge: e.knowledge.as_ref(),
            true_deal: None,
            seat: e.seat.as_ref().map(|view| GoFishSeat {
                view,
                text: seat_text(view),
            }),
        }
    }
}

/// The true-deal replay in words.
pub fn true_deal_text(r: &Replay, style: Style) -> String {
    let lies = r.wrong.iter().filter(|w| w.lie).count();
    let impossible = r.wrong.len() - lies;
    let plural =
        |n: usize, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    let proved = match r.proved {
        Some(k) => format!("a watcher can prove cheating after action {k}"),
        None => "a watcher cannot prove any cheating".to_string(),
    };
    let mut out = style.bold(&format!(
        "On the true deal: {}, {}; {proved}:",
        plural(lies, "false claim", "false claims"),
        plural(impossible, "impossible action", "impossible actions"),
    ));
    out.push('\n');
    for w in &r.wrong {
        let kind = if w.lie { "false" } else { "impossible" };
        out.push_str(&format!(
            "  action {} (line {}) `{}`: {kind}: {}\n",
            w.action, w.line, w.text, w.what
        ));
    }
    out
}
