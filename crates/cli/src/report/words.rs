//! Plain words for the parts of an explanation, shared by the text and JSON printers.

use fairplay_quartets::explain::{Claim, ClaimKind, Denied, Need, Room, Shown, Suspects, Why};
use fairplay_quartets::{Player, Reason};

/// `a`, `a and b`, `a, b and c`.
pub fn list<T: ToString>(items: &[T], last: &str) -> String {
    let items: Vec<String> = items.iter().map(ToString::to_string).collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {last} {}", items[..n - 1].join(", "), items[n - 1]),
    }
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

fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
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

/// The contradiction the referee found, in a few words.
pub fn reason_kind(reason: &Reason) -> &'static str {
    match reason {
        Reason::HandedOverFromElsewhere { .. } => "handed-over-from-elsewhere",
        Reason::LaidAsideFromElsewhere { .. } => "laid-aside-from-elsewhere",
        Reason::DeniedCardInHand { .. } => "denied-card-in-hand",
        Reason::NoDeal => "no-deal",
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
            format!(
                "no single player could be the only cheater; at least {k} players cheated: {}",
                list(&groups, "or")
            )
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
