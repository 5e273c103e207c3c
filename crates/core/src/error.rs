//! Why a log could not be judged.

/// What kind of problem stopped the judging.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, schemars::JsonSchema),
    serde(rename_all = "kebab-case")
)]
#[non_exhaustive]
pub enum ErrorKind {
    /// The text is not a log of the game: a bad line, a count line that disagrees.
    Malformed,
    /// An action breaks a rule anyone can check whatever is hidden (out of turn, asking
    /// oneself), or names something the game does not have.
    Rule,
    /// A line longer than the reader accepts.
    LineTooLong,
    /// The game could not be recognised.
    UnknownGame,
    /// The input could not be read (on no line: `line` is 0).
    Io,
    /// The log is longer than a report that keeps it accepts (the input limit of an
    /// explanation).
    LogTooLong,
    /// The command cannot be carried out as asked: an option that does not fit the rules or
    /// the log (such as knowledge after an action past its end), or a command line that
    /// names something wrong. Only a command writes it, never for a log of a batch.
    Usage,
}

impl ErrorKind {
    /// The kind's kebab-case name, as JSON and batch rows write it.
    pub fn name(self) -> &'static str {
        match self {
            ErrorKind::Malformed => "malformed",
            ErrorKind::Rule => "rule",
            ErrorKind::LineTooLong => "line-too-long",
            ErrorKind::UnknownGame => "unknown-game",
            ErrorKind::Io => "io",
            ErrorKind::LogTooLong => "log-too-long",
            ErrorKind::Usage => "usage",
        }
    }
}

/// Why a log could not be judged, and where.
///
/// ```
/// use fairplay_core::{ErrorKind, LogError};
/// let error = LogError::new(ErrorKind::Rule, 3, Some(2), "player 1 acts, but it is player 2's turn");
/// assert_eq!(error.to_string(), "line 3 (action 2): player 1 acts, but it is player 2's turn");
/// ```
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, schemars::JsonSchema))]
#[error("{}{message}", Self::place(*line, *action))]
#[non_exhaustive]
pub struct LogError {
    /// What kind of problem.
    pub kind: ErrorKind,
    /// The 1-based line it is on (0: not on a line, such as an unreadable file).
    pub line: usize,
    /// The 1-based action it concerns, when it is an action.
    pub action: Option<usize>,
    /// What is wrong, in plain words (without the line).
    pub message: String,
}

impl LogError {
    /// An error of `kind` on `line` (about `action`, if it is one).
    pub fn new(
        kind: ErrorKind,
        line: usize,
        action: Option<usize>,
        message: impl Into<String>,
    ) -> LogError {
        LogError {
            kind,
            line,
            action,
            message: message.into(),
        }
    }

    fn place(line: usize, action: Option<usize>) -> String {
        match (line, action) {
            (0, _) => String::new(),
            (line, None) => format!("line {line}: "),
            (line, Some(action)) => format!("line {line} (action {action}): "),
        }
    }
}
