//! The oracle's own reading of a log line, written from the rules of the notation alone.

use super::Variant;

/// The ranks in their order, as logs write them.
pub const RANK_NAMES: [&str; 13] = [
    "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
];

/// One action, with 0-based players and ranks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Act {
    /// `x A y r k`, or `x A y r fish` when `k` is 0.
    Ask {
        x: usize,
        y: usize,
        r: usize,
        k: usize,
    },
    /// `x D` (unseen) or `x D r` (shown).
    Draw { x: usize, shown: Option<usize> },
    /// `x B r`.
    Book { x: usize, r: usize },
}

impl Act {
    /// The player who acts.
    pub fn actor(self) -> usize {
        match self {
            Act::Ask { x, .. } | Act::Draw { x, .. } | Act::Book { x, .. } => x,
        }
    }

    /// The line as a log writes it.
    pub fn line(self) -> String {
        match self {
            Act::Ask { x, y, r, k: 0 } => format!("{} A {} {} fish", x + 1, y + 1, RANK_NAMES[r]),
            Act::Ask { x, y, r, k } => format!("{} A {} {} {k}", x + 1, y + 1, RANK_NAMES[r]),
            Act::Draw { x, shown: None } => format!("{} D", x + 1),
            Act::Draw { x, shown: Some(r) } => format!("{} D {}", x + 1, RANK_NAMES[r]),
            Act::Book { x, r } => format!("{} B {}", x + 1, RANK_NAMES[r]),
        }
    }
}

/// Why a line is not an action of this game: malformed, or naming an unknown player or rank.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unreadable(pub String);

/// A rank token of any of the 13 ranks (either case; `1`, `11`, `12`, `13` for A, J, Q, K).
fn rank_of(token: &str) -> Option<usize> {
    let upper = token.to_ascii_uppercase();
    let aliases = [("1", 0), ("11", 10), ("12", 11), ("13", 12)];
    RANK_NAMES
        .iter()
        .position(|&name| name == upper)
        .or_else(|| aliases.iter().find(|(a, _)| *a == upper).map(|&(_, r)| r))
}

/// A player number of this variant, 0-based.
fn player_of(token: &str, variant: &Variant) -> Result<usize, Unreadable> {
    if token.is_empty() || !token.bytes().all(|b| b.is_ascii_digit()) {
        return Err(Unreadable(format!("a player number, not `{token}`")));
    }
    match token.parse::<usize>() {
        Ok(n) if (1..=variant.players).contains(&n) => Ok(n - 1),
        _ => Err(Unreadable(format!("unknown player `{token}`"))),
    }
}

/// A rank of this variant, 0-based.
fn rank_in(token: &str, variant: &Variant) -> Result<usize, Unreadable> {
    match rank_of(token) {
        Some(r) if r < variant.ranks => Ok(r),
        Some(_) => Err(Unreadable(format!("unknown rank `{token}`"))),
        None => Err(Unreadable(format!("a rank, not `{token}`"))),
    }
}

/// Reads one line (its line break removed): `Ok(None)` when it is blank.
pub fn read(line: &str, variant: &Variant) -> Result<Option<Act>, Unreadable> {
    let line = line.strip_suffix('\r').unwrap_or(line);
    let tokens: Vec<&str> = line
        .split([' ', '\t'])
        .filter(|token| !token.is_empty())
        .collect();
    if tokens.is_empty() {
        return Ok(None);
    }
    let x = player_of(tokens[0], variant)?;
    let verb = tokens.get(1).map(|t| t.to_ascii_uppercase());
    let act = match (verb.as_deref(), tokens.len()) {
        (Some("A"), 5) => {
            let y = player_of(tokens[2], variant)?;
            let r = rank_in(tokens[3], variant)?;
            let k = match tokens[4].to_ascii_lowercase().as_str() {
                "fish" => 0,
                "1" => 1,
                "2" => 2,
                "3" => 3,
                other => return Err(Unreadable(format!("1, 2, 3 or fish, not `{other}`"))),
            };
            Act::Ask { x, y, r, k }
        }
        (Some("D"), 2) => Act::Draw { x, shown: None },
        (Some("D"), 3) => Act::Draw {
            x,
            shown: Some(rank_in(tokens[2], variant)?),
        },
        (Some("B"), 3) => Act::Book {
            x,
            r: rank_in(tokens[2], variant)?,
        },
        _ => return Err(Unreadable(format!("an action, not `{line}`"))),
    };
    Ok(Some(act))
}
