//! The result of judging a log: one type for every game and every printer.

use std::sync::Arc;

/// Why a log is a foul: a stable machine name and the sentence that explains it.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Reason {
    /// A stable kebab-case name (`no-deal`, `card-used-up`, ...): for programs and translation
    /// tables.
    pub kind: &'static str,
    /// The reason in plain words, as every printer shows it.
    pub message: String,
}

impl Reason {
    /// A reason of kind `kind` (kebab-case) told by `message`.
    pub fn new(kind: &'static str, message: impl Into<String>) -> Reason {
        Reason {
            kind,
            message: message.into(),
        }
    }
}

/// Where and why a log stopped being fair.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(deny_unknown_fields)
)]
#[non_exhaustive]
pub struct Foul {
    /// The number the game's contract prints: the 1-based action after which cheating is
    /// certain (Quartets), the turn of the first illegal move as written (Sequence).
    pub action: u64,
    /// Its 1-based line in the input.
    pub line: usize,
    /// Why.
    pub reason: Reason,
}

impl Foul {
    /// A foul at `action` (as the contract numbers it), on `line`, for `reason`.
    pub fn new(action: u64, line: usize, reason: Reason) -> Foul {
        Foul {
            action,
            line,
            reason,
        }
    }
}

/// The verdict on a log, in the one vocabulary every output uses: `fair` or `foul`.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)
)]
pub enum Verdict {
    /// Everybody may have played by the rules: some hidden state makes every action honest
    /// (Quartets), every move is legal (Sequence).
    Fair,
    /// Somebody certainly broke the rules.
    Foul(Foul),
}

impl Verdict {
    /// The foul, if the verdict is one.
    pub fn foul(&self) -> Option<&Foul> {
        match self {
            Verdict::Fair => None,
            Verdict::Foul(foul) => Some(foul),
        }
    }

    /// `fair` or `foul`.
    pub fn name(&self) -> &'static str {
        match self {
            Verdict::Fair => "fair",
            Verdict::Foul(_) => "foul",
        }
    }
}

/// A judged log.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[non_exhaustive]
pub struct Judgement {
    /// The game's name (`quartets`, `sequence`).
    pub game: &'static str,
    /// The rules it was judged by, in words (`4 players, 8 sets of 4 cards`, `contract`).
    #[cfg_attr(feature = "serde", schemars(with = "String"))]
    pub rules: Arc<str>,
    /// Actions (moves) in the log.
    pub actions: usize,
    /// The verdict.
    pub verdict: Verdict,
}

impl Judgement {
    /// The judgement of a log of `actions` actions of `game`, played by `rules`.
    pub fn new(game: &'static str, rules: Arc<str>, actions: usize, verdict: Verdict) -> Judgement {
        Judgement {
            game,
            rules,
            actions,
            verdict,
        }
    }
}
