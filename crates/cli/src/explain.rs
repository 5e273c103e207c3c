//! Short explanations of verdicts, shared by `batch` and `--live`.

use fairplay_quartets::Reason;

/// Why cheating is certain, in a few words.
pub fn quartets_reason(reason: &Reason) -> String {
    match *reason {
        Reason::HandedOverFromElsewhere {
            card,
            giver,
            holder,
        } => format!("player {giver} handed over {card}, but it is known to be in player {holder}'s hand"),
        Reason::LaidAsideFromElsewhere {
            card,
            player,
            holder,
        } => format!(
            "player {player} laid set {} aside, but {card} is known to be in player {holder}'s hand",
            card.set()
        ),
        Reason::DeniedCardInHand { card, player } => {
            format!("player {player} denied holding {card}, which is known to be in their hand")
        }
        Reason::NoDeal => "no deal of the cards makes every action so far honest".to_string(),
    }
}
