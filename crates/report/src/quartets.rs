//! Quartets: the human report and the JSON explanation of a verdict, and the plain words of
//! every part of an explanation (written once, for both).

use std::fmt::Write as _;

use fairplay_quartets::explain::{
    CardKnowledge, Claim, ClaimKind, Denied, Explanation, Hand, Knowledge, Need, PlayerKnowledge,
    Proof, Room, SeatView, Shown, Suspects, Why,
};
use fairplay_quartets::truth::{Impossible, Lie, Replay};
use fairplay_quartets::{Player, Verdict};
use schemars::JsonSchema;
use serde::Serialize;

use crate::words::{list, plural};
use crate::Style;

/// The Quartets report: the contract lines, then the parts asked for.
pub fn text(e: &Explanation, style: Style) -> String {
    let mut out = e.verdict.contract();
    if let Some(view) = &e.seat {
        if let Some(line) = seat_line(view) {
            let _ = writeln!(out, "\n{line}");
        }
    }
    let asked = e.proof.is_some() || e.suspects.is_some();
    if let Verdict::Cheated { since } = e.verdict {
        if asked {
            let _ = writeln!(
                out,
                "\n{}",
                style.red(&format!("Cheating is certain after action {since}."))
            );
        }
        if let Some(proof) = &e.proof {
            if proof.actions.is_empty() {
                let _ = writeln!(
                    out,
                    "{} no claim is needed: what everybody saw up to action {since} is impossible.",
                    style.bold("Proof:")
                );
            } else if proof.claims.len() == 1 {
                let _ = writeln!(
                    out,
                    "{} the claim of action {} cannot be true, whatever the deal:",
                    style.bold("Proof:"),
                    proof.actions[0]
                );
            } else {
                let _ = writeln!(
                    out,
                    "{} the claims of action{} {} cannot all be true (believe all but any one of them and some deal fits):",
                    style.bold("Proof:"),
                    if proof.actions.len() == 1 { "" } else { "s" },
                    list(&proof.actions, "and")
                );
            }
            if !proof.actions.is_empty() {
                let width = proof
                    .written
                    .iter()
                    .map(|a| a.to_string().len())
                    .max()
                    .unwrap_or(0);
                // Claims come in the order of their actions: each action takes its run.
                let mut rest = &proof.claims[..];
                for (&number, action) in proof.actions.iter().zip(&proof.written) {
                    let run = rest.iter().take_while(|c| c.action == number).count();
                    let claims: Vec<String> = rest[..run].iter().map(claim).collect();
                    rest = &rest[run..];
                    let _ = writeln!(
                        out,
                        "  action {number:<4} {:<width$}  {}",
                        action.to_string(),
                        claims.join("; ")
                    );
                }
            }
            let hand = e.seat.as_ref().map_or(String::new(), |view| {
                let cards: Vec<String> = view.hand.iter().map(ToString::to_string).collect();
                format!(
                    "player {} was dealt {} (their hand); ",
                    view.player,
                    cards.join(" ")
                )
            });
            let _ = writeln!(
                out,
                "{} {hand}{}.",
                style.bold("Why:"),
                why(&proof.why, since)
            );
        }
        if let Some(found) = &e.suspects {
            let _ = writeln!(
                out,
                "{} {}.",
                style.bold("Suspects:"),
                suspects(found, e.actions)
            );
        }
    } else if asked {
        let _ = writeln!(
            out,
            "\n{}",
            style.green("Every action can be honest: some deal fits the whole log.")
        );
    }
    if let Some(deal) = &e.deal {
        let _ = writeln!(
            out,
            "\n{}",
            style.bold("A possible deal (every action honest):")
        );
        for hand in deal {
            let cards: Vec<String> = hand.cards.iter().map(ToString::to_string).collect();
            let _ = writeln!(out, "  player {}: {}", hand.player, cards.join(" "));
        }
    }
    if let Some(k) = &e.knowledge {
        let _ = writeln!(
            out,
            "\n{}",
            style.bold(&format!(
                "What {} knows after action {}:",
                e.seat
                    .as_ref()
                    .map_or("a watcher".to_string(), |v| format!("player {}", v.player)),
                k.after
            ))
        );
        for card in &k.cards {
            let who = match (card.moved, card.holder()) {
                (true, Some(p)) => format!("player {p} (seen)"),
                (false, Some(p)) => format!("certainly player {p}"),
                (_, None) if card.possible.is_empty() => "nobody (no deal fits)".to_string(),
                _ => {
                    let ps: Vec<String> = card.possible.iter().map(ToString::to_string).collect();
                    format!("possibly players {}", ps.join(", "))
                }
            };
            let _ = writeln!(out, "  {:<4} {who}", card.card.to_string());
        }
        for p in &k.players {
            let sets = if p.sets.is_empty() {
                "no set for certain".to_string()
            } else {
                format!(
                    "certainly a card of set{} {}",
                    plural(p.sets.len()),
                    list(&p.sets, "and")
                )
            };
            let _ = writeln!(
                out,
                "  player {}: {} card{}, {sets}",
                p.player,
                p.cards,
                if p.cards == 1 { "" } else { "s" }
            );
        }
    }
    out
}

/// A note for `--deal` on a log where no deal fits.
pub fn no_deal_note(since: usize) -> String {
    format!("\nNo deal makes every action honest (cheating is certain since action {since}).\n")
}

/// What a claim says.
pub fn claim(claim: &Claim) -> String {
    match claim.kind {
        ClaimKind::Ask => format!(
            "player {} asked for {} holding no set-{} card in sight",
            claim.player,
            claim.card,
            claim.card.set()
        ),
        ClaimKind::Denial => format!("player {} denied holding {}", claim.player, claim.card),
    }
}

fn need(need: &Need) -> String {
    format!(
        "player {} needed a set-{} card (asked at action {} holding none in sight)",
        need.player, need.set, need.action
    )
}

fn room(room: &Room) -> String {
    format!(
        "player {} holds {} other never-moved card{}",
        room.player,
        room.cards,
        plural(room.cards as usize)
    )
}

fn shown(shown: &Shown) -> String {
    format!(
        "{} was dealt to player {} (it left their hand at action {})",
        shown.card, shown.player, shown.action
    )
}

fn denied(denied: &Denied) -> String {
    format!(
        "player {} denied {} (action {})",
        denied.player, denied.card, denied.action
    )
}

/// Why the claims of a proof cannot all be true, in one paragraph.
pub fn why(why: &Why, action: usize) -> String {
    match why {
        Why::HandedOverFromElsewhere {
            card,
            giver,
            holder,
            received_at,
        } => format!(
            "physically impossible: at action {action} player {giver} handed over {card}, but {card} \
             went to player {holder} at action {received_at} and has not moved since"
        ),
        Why::LaidAsideFromElsewhere {
            card,
            player,
            holder,
            received_at,
        } => format!(
            "physically impossible: at action {action} player {player} laid set {} aside, but {card} \
             went to player {holder} at action {received_at} and has not moved since",
            card.set()
        ),
        Why::DeniedCardInHand {
            card,
            player,
            received_at,
        } => format!(
            "player {player} denied holding {card} at action {action}, but {card} went to player \
             {player} at action {received_at} and has not moved since"
        ),
        Why::AgainstHand {
            card,
            player,
            seat,
            action,
        } if player == seat => format!(
            "the hand given for player {seat} contradicts the log: at action {action} {card} left \
             their hand, but they were not dealt it and it had never moved"
        ),
        Why::AgainstHand {
            card,
            player,
            seat,
            action,
        } => format!(
            "the hand given for player {seat} contradicts the log: at action {action} {card} left \
             player {player}'s hand, but it is in player {seat}'s hand and had never moved"
        ),
        Why::DeniedThenShown { denied: d, shown: s } => format!(
            "player {} denied {} at action {}, but {} was dealt to player {}: it left their hand \
             at action {} before it had ever moved",
            d.player, d.card, d.action, s.card, s.player, s.action
        ),
        Why::Overfull {
            player,
            dealt,
            shown: cards,
            needs,
        } => {
            let left = i64::from(*dealt) - cards.len() as i64;
            let gone: Vec<String> = cards
                .iter()
                .map(|s| format!("{} (action {})", s.card, s.action))
                .collect();
            let gone = if gone.is_empty() {
                String::new()
            } else {
                format!(": {}", list(&gone, "and"))
            };
            if needs.is_empty() {
                format!(
                    "physically impossible: player {player} was dealt {dealt} cards, but {} cards \
                     that had never moved left their hand{gone}",
                    cards.len()
                )
            } else {
                let needs: Vec<String> = needs.iter().map(need).collect();
                format!(
                    "player {player} was dealt {dealt} cards and {} of them left their hand{gone}, \
                     so they hold {left} never-moved card{}; but {}",
                    cards.len(),
                    plural(left.max(0) as usize),
                    list(&needs, "and")
                )
            }
        }
        Why::Shortage {
            needs,
            rooms,
            available,
            shown: cards,
            denied: denials,
        } => {
            let mut parts: Vec<String> = needs.iter().map(need).collect();
            parts.extend(rooms.iter().map(room));
            parts.extend(cards.iter().map(shown));
            parts.extend(denials.iter().map(denied));
            let places = needs.len() + rooms.iter().map(|r| r.cards as usize).sum::<usize>();
            let fill = match available.len() {
                0 => "no never-moved card may fill them".to_string(),
                n => format!(
                    "only {n} never-moved card{} may fill them: {}",
                    plural(n),
                    list(available, "and")
                ),
            };
            let needed = if places == 1 {
                "1 card is".to_string()
            } else {
                format!("{places} cards are")
            };
            format!("{}; so {needed} needed there, but {fill}", parts.join("; "))
        }
        Why::Surplus {
            cards,
            denied: denials,
            needs,
            rooms,
        } => {
            let (subject, pronoun) = if cards.len() == 1 {
                (format!("the never-moved card {} must be", cards[0]), "it")
            } else {
                (
                    format!("the never-moved cards {} must each be", list(cards, "and")),
                    "them",
                )
            };
            let mut parts = vec![format!("{subject} in someone's hand")];
            parts.extend(denials.iter().map(denied));
            let mut places: Vec<String> = needs
                .iter()
                .map(|n| format!("player {}'s set-{} need (action {})", n.player, n.set, n.action))
                .collect();
            places.extend(rooms.iter().map(|r| {
                format!(
                    "player {}'s {} other never-moved card{}",
                    r.player,
                    r.cards,
                    plural(r.cards as usize)
                )
            }));
            let room_count = needs.len() + rooms.iter().map(|r| r.cards as usize).sum::<usize>();
            let end = if places.is_empty() {
                format!("no hand has room for {pronoun}")
            } else {
                format!(
                    "the only places left for {pronoun} are {}, which take {room_count} card{}",
                    list(&places, "and"),
                    plural(room_count)
                )
            };
            format!("{}; {end}", parts.join("; "))
        }
    }
}

fn players(players: &[Player], last: &str) -> String {
    match (players, last) {
        ([one], _) => format!("player {one}"),
        (_, "or") => {
            let each: Vec<String> = players.iter().map(|p| format!("player {p}")).collect();
            list(&each, "or")
        }
        _ => format!("players {}", list(players, last)),
    }
}

/// The suspects in one paragraph.
pub fn suspects(suspects: &Suspects, judged: usize) -> String {
    let mut text = match (suspects.sole.as_slice(), suspects.minimum) {
        (_, None) => "none: what everybody saw is impossible whatever anyone claimed".to_string(),
        ([], Some(k)) => {
            let groups: Vec<String> = suspects
                .minimum_groups
                .iter()
                .map(|g| players(g, "and"))
                .collect();
            match (suspects.stopped, groups.is_empty()) {
                (false, _) => format!(
                    "no single player could be the only cheater; at least {k} players cheated: {}",
                    list(&groups, "or")
                ),
                (true, true) => format!(
                    "no single player could be the only cheater; at least {k} players cheated (search stopped)"
                ),
                (true, false) => format!(
                    "no single player could be the only cheater; at least {k} players cheated: {}, among others (search stopped)",
                    list(&groups, "or")
                ),
            }
        }
        (sole, Some(_)) => format!(
            "{} could be the only cheater; at least 1 player cheated",
            players(sole, "or")
        ),
    };
    if suspects.through < judged {
        text.push_str(&format!(
            " (judged on actions 1..{}: action {} breaks a rule anyone can check)",
            suspects.through,
            suspects.through + 1
        ));
    }
    text
}

/// A claim of a proof, with what it says in words.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ClaimDetails<'a> {
    /// The claim.
    #[serde(flatten)]
    pub claim: &'a Claim,
    /// What it says.
    pub text: String,
}

/// Why the claims of a proof cannot all be true, with the sentence that says it.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct WhyDetails<'a> {
    /// The certificate.
    #[serde(flatten)]
    pub why: &'a Why,
    /// Whether no claim is involved: what everybody saw is impossible by itself.
    pub physical: bool,
    /// The certificate in words.
    pub text: String,
}

/// A minimal proof, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ProofDetails<'a> {
    /// The actions, in order (empty when what everybody saw is impossible by itself).
    pub actions: &'a [usize],
    /// The same actions as written.
    pub written: &'a [fairplay_quartets::Action],
    /// The claims the contradiction rests on.
    pub claims: Vec<ClaimDetails<'a>>,
    /// Why they cannot all be true.
    pub why: WhyDetails<'a>,
}

/// The suspects, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SuspectsDetails<'a> {
    /// Who could have cheated.
    #[serde(flatten)]
    pub suspects: &'a Suspects,
    /// The suspects in words.
    pub text: String,
}

/// What a watcher knows about one card still in play, with its certain holder, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct CardDetails<'a> {
    /// The card, whether it moved, who possibly holds it.
    #[serde(flatten)]
    pub knowledge: &'a CardKnowledge,
    /// The player who certainly holds it, if only one may.
    pub holder: Option<Player>,
}

/// What a watcher knows after an action, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct KnowledgeDetails<'a> {
    /// After this many actions.
    pub after: usize,
    /// Every card still in play, in deck order.
    pub cards: Vec<CardDetails<'a>>,
    /// Every player: cards in hand, the sets they certainly hold a card of.
    pub players: &'a [PlayerKnowledge],
}

impl<'a> KnowledgeDetails<'a> {
    /// The details of what a watcher knows (`knowledge` of an explanation, or the answer of
    /// `explain::Stepper::knowledge`).
    pub fn new(k: &'a Knowledge) -> KnowledgeDetails<'a> {
        KnowledgeDetails {
            after: k.after,
            cards: k
                .cards
                .iter()
                .map(|knowledge| CardDetails {
                    knowledge,
                    holder: knowledge.holder(),
                })
                .collect(),
            players: &k.players,
        }
    }
}

/// The explanation of a Quartets verdict, for JSON: each part is `null` when it was not asked
/// or does not apply.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct QuartetsDetails<'a> {
    /// The proof, when cheating is certain.
    pub proof: Option<ProofDetails<'a>>,
    /// The suspects, when cheating is certain.
    pub suspects: Option<SuspectsDetails<'a>>,
    /// A deal making every action honest, when there is one.
    pub deal: Option<&'a [Hand]>,
    /// What a watcher knows (from a seat: what that player knows).
    pub knowledge: Option<KnowledgeDetails<'a>>,
    /// From a seat (`--seat`/`--hand`): whose view, and a watcher's verdict beside it.
    pub seat: Option<SeatDetails<'a>>,
    /// With the true deal (`--true-deal`): every false claim and impossible action.
    pub true_deal: Option<TrueDealDetails<'a>>,
}

impl<'a> QuartetsDetails<'a> {
    /// The details of an explanation.
    pub fn new(e: &'a Explanation) -> QuartetsDetails<'a> {
        let since = match e.verdict {
            Verdict::Honest => 0,
            Verdict::Cheated { since } => since,
        };
        QuartetsDetails {
            proof: e.proof.as_ref().map(|p: &'a Proof| ProofDetails {
                actions: &p.actions,
                written: &p.written,
                claims: p
                    .claims
                    .iter()
                    .map(|c| ClaimDetails {
                        claim: c,
                        text: claim(c),
                    })
                    .collect(),
                why: WhyDetails {
                    why: &p.why,
                    physical: p.why.is_physical(),
                    text: why(&p.why, since),
                },
            }),
            suspects: e.suspects.as_ref().map(|s| SuspectsDetails {
                suspects: s,
                text: suspects(s, e.actions),
            }),
            deal: e.deal.as_deref(),
            knowledge: e.knowledge.as_ref().map(KnowledgeDetails::new),
            seat: e.seat.as_ref().map(SeatDetails::new),
            true_deal: None,
        }
    }
}

/// The seat's verdict beside a watcher's, in one sentence: `None` when they are the same and
/// the hand agrees with the log (the contract lines say it all).
pub fn seat_line(view: &SeatView) -> Option<String> {
    let seat = view.player;
    let watcher = match view.watcher_since {
        Some(k) => format!("a watcher is certain after action {k}"),
        None => "a watcher is never certain".to_string(),
    };
    if view.against_hand {
        let at = view.seat_since.unwrap_or(0);
        return Some(format!(
            "The hand given for player {seat} contradicts the log at action {at} (a verdict, not an \
             error: the log cannot have happened with that hand); {watcher}."
        ));
    }
    match (view.watcher_since, view.seat_since) {
        (Some(w), Some(k)) if w != k => Some(format!(
            "A watcher is certain after action {w}; player {seat} after action {k}."
        )),
        (None, Some(k)) => Some(format!(
            "A watcher is never certain; player {seat} is certain after action {k}."
        )),
        (Some(w), None) => Some(format!(
            "A watcher is certain after action {w}; player {seat} never."
        )),
        _ => None,
    }
}

/// The seat's view, for JSON: whose view, the hand, both verdicts and the sentence.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct SeatDetails<'a> {
    /// Whose view, the hand, and both first certain actions.
    #[serde(flatten)]
    pub view: &'a SeatView,
    /// Both verdicts in words (`null` when they are the same and the hand agrees with the
    /// log).
    pub text: Option<String>,
}

impl<'a> SeatDetails<'a> {
    /// The details of a seat's view.
    pub fn new(view: &'a SeatView) -> SeatDetails<'a> {
        SeatDetails {
            view,
            text: seat_line(view),
        }
    }
}

/// A false claim in words.
pub fn lie(lie: &Lie) -> String {
    let c = &lie.claim;
    let what = match c.kind {
        ClaimKind::Ask => format!(
            "player {} asked for {} holding no set-{} card",
            c.player,
            c.card,
            c.card.set()
        ),
        ClaimKind::Denial => format!(
            "player {} denied holding {}, which they held",
            c.player, c.card
        ),
    };
    let proven = match lie.exposed {
        Some(k) if k == c.action => "a watcher could prove it at once".to_string(),
        Some(k) => format!("a watcher could prove it after action {k}"),
        None => "a watcher could never prove it".to_string(),
    };
    format!("{what}; {proven}")
}

/// A physically impossible action in words.
pub fn impossible(x: &Impossible) -> String {
    format!(
        "{} left player {}'s hand, but player {} held it",
        x.card, x.player, x.holder
    )
}

/// The report of a true-deal replay: every false claim, then every impossible action.
pub fn true_deal_text(replay: &Replay, style: Style) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "\n{}", style.bold("With the true deal:"));
    if let Some(broken) = replay.broken {
        let _ = writeln!(out, "  {}", broken_note(broken));
    }
    if replay.lies.is_empty() && replay.impossible.is_empty() {
        let _ = writeln!(out, "  every claim is true and every action possible.");
        return out;
    }
    if replay.lies.is_empty() {
        let _ = writeln!(out, "  no false claim.");
    }
    for l in &replay.lies {
        let _ = writeln!(out, "  action {:<4} {}", l.claim.action, lie(l));
    }
    for x in &replay.impossible {
        let _ = writeln!(
            out,
            "  action {:<4} physically impossible: {}",
            x.action,
            impossible(x)
        );
    }
    let liars: std::collections::BTreeSet<Player> =
        replay.lies.iter().map(|l| l.claim.player).collect();
    let liars: Vec<Player> = liars.into_iter().collect();
    let _ = writeln!(
        out,
        "  {} false claim{} ({}), {} of them provable by a watcher; {} impossible action{}.",
        replay.lies.len(),
        plural(replay.lies.len()),
        if liars.is_empty() {
            "nobody lied".to_string()
        } else {
            format!("by {}", players(&liars, "and"))
        },
        replay.lies.iter().filter(|l| l.exposed.is_some()).count(),
        replay.impossible.len(),
        plural(replay.impossible.len()),
    );
    out
}

/// Where a replay stopped: `replayed on actions 1..4: action 5 breaks a rule anyone can check`.
pub fn broken_note(broken: usize) -> String {
    format!(
        "replayed on actions 1..{}: action {broken} breaks a rule anyone can check",
        broken - 1
    )
}

/// A false claim with its words, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct LieDetails<'a> {
    /// The claim and when a watcher could prove it.
    #[serde(flatten)]
    pub lie: &'a Lie,
    /// In words.
    pub text: String,
}

/// An impossible action with its words, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct ImpossibleDetails<'a> {
    /// The action, card, who gave it up and who held it.
    #[serde(flatten)]
    pub impossible: &'a Impossible,
    /// In words.
    pub text: String,
}

/// A true-deal replay, for JSON.
#[derive(Clone, Debug, Serialize, JsonSchema)]
pub struct TrueDealDetails<'a> {
    /// The actions replayed: 1 to this one (all of the log's, unless an action breaks a rule
    /// anyone can check after cheating is certain: the replay stops before it).
    pub through: usize,
    /// Every false claim, in order.
    pub lies: Vec<LieDetails<'a>>,
    /// Every physically impossible action, in order.
    pub impossible: Vec<ImpossibleDetails<'a>>,
}

impl<'a> TrueDealDetails<'a> {
    /// The details of a replay.
    pub fn new(replay: &'a Replay) -> TrueDealDetails<'a> {
        TrueDealDetails {
            through: replay.actions,
            lies: replay
                .lies
                .iter()
                .map(|l| LieDetails {
                    lie: l,
                    text: lie(l),
                })
                .collect(),
            impossible: replay
                .impossible
                .iter()
                .map(|x| ImpossibleDetails {
                    impossible: x,
                    text: impossible(x),
                })
                .collect(),
        }
    }
}
