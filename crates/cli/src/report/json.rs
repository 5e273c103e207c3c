//! The JSON report: one document per log, fields described in `schemas/report.schema.json`
//! and `docs/explain.md`. Every field is always present; a part that was not asked for (or does
//! not apply) is `null`.

use fairplay_quartets::explain::{
    Claim, ClaimKind, Denied, Explanation as QuartetsExplanation, Need, Room, Shown, Why,
};
use fairplay_quartets::{Player, Verdict as QuartetsVerdict};
use fairplay_sequence::explain::{BoardView, Explanation as SequenceExplanation, Mode};
use fairplay_sequence::{IllegalKind, Verdict as SequenceVerdict};
use serde_json::{json, Value};

use super::text::quartets_contract;
use super::words;

fn players(players: &[Player]) -> Value {
    players.iter().map(|p| p.number()).collect()
}

fn claim(c: &Claim) -> Value {
    json!({
        "action": c.action,
        "kind": match c.kind { ClaimKind::Ask => "ask", ClaimKind::Denial => "denial" },
        "player": c.player.number(),
        "card": c.card.to_string(),
        "text": words::claim(c),
    })
}

fn need(n: &Need) -> Value {
    json!({ "player": n.player.number(), "set": n.set.number(), "action": n.action })
}

fn room(r: &Room) -> Value {
    json!({ "player": r.player.number(), "cards": r.cards })
}

fn shown(s: &Shown) -> Value {
    json!({ "card": s.card.to_string(), "player": s.player.number(), "action": s.action })
}

fn denied(d: &Denied) -> Value {
    json!({ "card": d.card.to_string(), "player": d.player.number(), "action": d.action })
}

fn cards<T: ToString>(cards: &[T]) -> Value {
    cards.iter().map(ToString::to_string).collect()
}

fn why(w: &Why, action: usize) -> Value {
    let mut v = match w {
        Why::HandedOverFromElsewhere {
            card,
            giver,
            holder,
            received_at,
        } => json!({
            "kind": "handed-over-from-elsewhere", "card": card.to_string(),
            "giver": giver.number(), "holder": holder.number(), "received_at": received_at,
        }),
        Why::LaidAsideFromElsewhere {
            card,
            player,
            holder,
            received_at,
        } => json!({
            "kind": "laid-aside-from-elsewhere", "card": card.to_string(),
            "player": player.number(), "holder": holder.number(), "received_at": received_at,
        }),
        Why::DeniedCardInHand {
            card,
            player,
            received_at,
        } => json!({
            "kind": "denied-card-in-hand", "card": card.to_string(),
            "player": player.number(), "received_at": received_at,
        }),
        Why::DeniedThenShown {
            denied: d,
            shown: s,
        } => json!({
            "kind": "denied-then-shown", "card": d.card.to_string(), "player": d.player.number(),
            "denied_at": d.action, "shown_at": s.action,
        }),
        Why::Overfull {
            player,
            dealt,
            shown: s,
            needs,
        } => json!({
            "kind": "overfull", "player": player.number(), "dealt": dealt,
            "shown": s.iter().map(shown).collect::<Value>(),
            "needs": needs.iter().map(need).collect::<Value>(),
        }),
        Why::Shortage {
            needs,
            rooms,
            available,
            shown: s,
            denied: d,
        } => json!({
            "kind": "shortage",
            "needs": needs.iter().map(need).collect::<Value>(),
            "rooms": rooms.iter().map(room).collect::<Value>(),
            "available": cards(available),
            "shown": s.iter().map(shown).collect::<Value>(),
            "denied": d.iter().map(denied).collect::<Value>(),
        }),
        Why::Surplus {
            cards: c,
            denied: d,
            needs,
            rooms,
        } => json!({
            "kind": "surplus",
            "cards": cards(c),
            "denied": d.iter().map(denied).collect::<Value>(),
            "needs": needs.iter().map(need).collect::<Value>(),
            "rooms": rooms.iter().map(room).collect::<Value>(),
        }),
    };
    v["physical"] = json!(w.is_physical());
    v["text"] = json!(words::why(w, action));
    v
}

/// The Quartets report as one JSON document.
pub fn quartets(e: &QuartetsExplanation) -> Value {
    let since = match e.verdict {
        QuartetsVerdict::Honest => None,
        QuartetsVerdict::Cheated { since } => Some(since),
    };
    let proof = e.proof.as_ref().map(|p| {
        json!({
            "actions": p.actions,
            "written": cards(&p.written),
            "claims": p.claims.iter().map(claim).collect::<Value>(),
            "why": why(&p.why, since.unwrap_or(0)),
        })
    });
    let suspects = e.suspects.as_ref().map(|s| {
        json!({
            "through": s.through,
            "sole": players(&s.sole),
            "minimum": s.minimum,
            "minimum_groups": s.minimum_groups.iter().map(|g| players(g)).collect::<Value>(),
            "text": words::suspects(s, e.actions),
        })
    });
    let deal = e.deal.as_ref().map(|hands| {
        hands
            .iter()
            .map(|h| json!({ "player": h.player.number(), "cards": cards(&h.cards) }))
            .collect::<Value>()
    });
    let knowledge = e.knowledge.as_ref().map(|k| {
        json!({
            "after": k.after,
            "cards": k.cards.iter().map(|c| json!({
                "card": c.card.to_string(),
                "moved": c.moved,
                "holder": c.holder().map(Player::number),
                "possible": players(&c.possible),
            })).collect::<Value>(),
            "players": k.players.iter().map(|p| json!({
                "player": p.player.number(),
                "cards": p.cards,
                "sets": p.sets.iter().map(|s| s.number()).collect::<Value>(),
            })).collect::<Value>(),
        })
    });
    json!({
        "game": "quartets",
        "verdict": if since.is_some() { "cheated" } else { "honest" },
        "contract": quartets_contract(e.verdict),
        "actions": e.actions,
        "action": since,
        "reason": e.contradiction.map(|c| words::reason_kind(&c.reason)),
        "proof": proof,
        "suspects": suspects,
        "deal": deal,
        "knowledge": knowledge,
    })
}

/// Kebab-case name of an illegal move's kind.
pub fn kind_name(kind: IllegalKind) -> String {
    let debug = format!("{kind:?}");
    let mut name = String::new();
    for (i, ch) in debug.chars().enumerate() {
        if ch.is_ascii_uppercase() {
            if i > 0 {
                name.push('-');
            }
            name.push(ch.to_ascii_lowercase());
        } else {
            name.push(ch);
        }
    }
    name
}

/// The Sequence report as one JSON document.
pub fn sequence(e: &SequenceExplanation) -> Value {
    let turn = match &e.verdict {
        SequenceVerdict::Valid => None,
        SequenceVerdict::Invalid { turn, .. } => Some(*turn),
    };
    let illegal = e.illegal.as_ref().map(|i| {
        json!({
            "turn": i.turn,
            "line": i.line,
            "move": i.written,
            "kind": kind_name(i.kind()),
            "what": i.what,
            "rule": i.rule,
            "message": i.illegal.to_string(),
        })
    });
    let moment = match turn {
        None => format!("after {} moves", e.moves),
        Some(turn) => format!("before turn {turn}"),
    };
    let board = match &e.board {
        BoardView::Contract(_) => {
            let mut tokens = serde_json::Map::new();
            for (suit, row) in e.board.token_rows().expect("a contract board") {
                for (rank, count) in row {
                    tokens.insert(format!("{}{}", rank.symbol(), suit.letter()), json!(count));
                }
            }
            json!({ "moment": moment, "tokens": tokens, "rows": null })
        }
        BoardView::Full(_) => {
            json!({ "moment": moment, "tokens": null, "rows": e.board.grid_rows() })
        }
    };
    let sequences = match e.mode {
        Mode::Contract => Value::Null,
        Mode::Full => e
            .sequences()
            .into_iter()
            .map(|(team, n)| (team.to_string(), json!(n)))
            .collect::<serde_json::Map<_, _>>()
            .into(),
    };
    json!({
        "game": "sequence",
        "rules": match e.mode { Mode::Contract => "contract", Mode::Full => "full" },
        "verdict": if turn.is_some() { "invalid" } else { "valid" },
        "contract": format!("{}\n", e.verdict),
        "moves": e.moves,
        "turn": turn,
        "illegal": illegal,
        "board": board,
        "sequences": sequences,
        "winner": e.winner().map(|t| t.to_string()),
    })
}
