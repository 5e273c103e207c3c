//! The human report: the contract lines, then what was asked.

use std::fmt::Write;

use fairplay_quartets::explain::Explanation as QuartetsExplanation;
use fairplay_quartets::Verdict as QuartetsVerdict;
use fairplay_sequence::explain::{BoardView, Explanation as SequenceExplanation, Mode};
use fairplay_sequence::{FullReport, Verdict as SequenceVerdict};

use super::words::{self, list};
use super::Style;

/// The contract lines of a Quartets verdict: `yes`, or `no` and the action.
pub fn quartets_contract(verdict: QuartetsVerdict) -> String {
    match verdict {
        QuartetsVerdict::Honest => "yes\n".to_string(),
        QuartetsVerdict::Cheated { since } => format!("no\n{since}\n"),
    }
}

/// The Quartets report: the contract lines, then the parts asked for.
pub fn quartets(e: &QuartetsExplanation, style: Style) -> String {
    let mut out = quartets_contract(e.verdict);
    let asked = e.proof.is_some() || e.suspects.is_some();
    if let QuartetsVerdict::Cheated { since } = e.verdict {
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
                for (&number, action) in proof.actions.iter().zip(&proof.written) {
                    let claims: Vec<String> = proof
                        .claims
                        .iter()
                        .filter(|c| c.action == number)
                        .map(words::claim)
                        .collect();
                    let _ = writeln!(
                        out,
                        "  action {number:<4} {:<width$}  {}",
                        action.to_string(),
                        claims.join("; ")
                    );
                }
            }
            let _ = writeln!(
                out,
                "{} {}.",
                style.bold("Why:"),
                words::why(&proof.why, since)
            );
        }
        if let Some(suspects) = &e.suspects {
            let _ = writeln!(
                out,
                "{} {}.",
                style.bold("Suspects:"),
                words::suspects(suspects, e.actions)
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
            style.bold(&format!("What a watcher knows after action {}:", k.after))
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
                format!("certainly a card of set {}", list(&p.sets, "and"))
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

/// The Sequence report: the usual output (the contract line, or the full-rules report), then
/// the illegal move in plain words, the rule it breaks and, for the contract rules, the board.
pub fn sequence(e: &SequenceExplanation, full: Option<&FullReport>, style: Style) -> String {
    let mut out = match full {
        Some(report) => report.to_string(),
        None => format!("{}\n", e.verdict),
    };
    match &e.illegal {
        None => {
            let _ = writeln!(out, "\n{}", style.green("Every move is legal."));
        }
        Some(illegal) => {
            let _ = writeln!(out, "\n{}", style.red(&illegal.what));
            let _ = writeln!(out, "{} {}", style.bold("rule:"), illegal.rule);
            let _ = writeln!(
                out,
                "{} {}",
                style.bold(&format!("line {}:", illegal.line)),
                illegal.written
            );
        }
    }
    if let (Mode::Contract, BoardView::Contract(_)) = (e.mode, &e.board) {
        let moment = match &e.verdict {
            SequenceVerdict::Valid => format!("after {} moves", e.moves),
            SequenceVerdict::Invalid { turn, .. } => format!("before turn {turn}"),
        };
        let _ = writeln!(
            out,
            "{}",
            style.bold(&format!(
                "board {moment} (tokens on each card's two squares):"
            ))
        );
        let rows = e.board.token_rows().expect("a contract board");
        out.push_str("  ");
        for (rank, _) in &rows[0].1 {
            let _ = write!(out, " {}", rank.symbol());
        }
        out.push('\n');
        for (suit, row) in &rows {
            let _ = write!(out, " {}", suit.letter());
            for (_, tokens) in row {
                let mark = match tokens {
                    0 => '.',
                    n => char::from(b'0' + n),
                };
                let _ = write!(out, " {mark}");
            }
            out.push('\n');
        }
    }
    out
}
