//! The games a program knows, and telling a log's game.

use fairplay_text::show;

use crate::lines::is_count_line;
use crate::{ErrorKind, Game, LogError};

/// The games a program judges, in the order they are tried by [`Registry::detect`].
#[derive(Default)]
pub struct Registry {
    games: Vec<Box<dyn Game>>,
}

impl Registry {
    /// No games yet.
    pub fn new() -> Registry {
        Registry::default()
    }

    /// Adds a game; a game of the same name is replaced.
    pub fn register(&mut self, game: impl Game + 'static) -> &mut Registry {
        self.games.retain(|g| g.name() != game.name());
        self.games.push(Box::new(game));
        self
    }

    /// The game called `name`.
    pub fn get(&self, name: &str) -> Option<&dyn Game> {
        self.games.iter().find(|g| g.name() == name).map(|g| &**g)
    }

    /// The games, in order.
    pub fn games(&self) -> impl Iterator<Item = &dyn Game> {
        self.games.iter().map(|g| &**g)
    }

    /// The game of a log, told from its first action line (after an optional count line):
    /// the first registered game that recognises it.
    pub fn detect(&self, log: &[u8]) -> Result<&dyn Game, LogError> {
        let log = log.strip_prefix(fairplay_text::BOM).unwrap_or(log);
        let mut first = true;
        for (index, line) in log.split(|&b| b == b'\n').enumerate() {
            let trimmed = line.trim_ascii();
            if trimmed.is_empty() {
                continue;
            }
            if std::mem::take(&mut first) && is_count_line(trimmed) {
                continue;
            }
            return self.detect_line(line, index + 1);
        }
        Err(Registry::no_action_line())
    }

    /// The game of a log whose first action line is `line`, the log's line `number`: the
    /// first registered game that recognises it, or an error naming the line.
    pub fn detect_line(&self, line: &[u8], number: usize) -> Result<&dyn Game, LogError> {
        if let Some(game) = self.games().find(|g| g.recognises(line)) {
            return Ok(game);
        }
        let known: Vec<String> = self
            .games()
            .map(|g| {
                format!(
                    "a {} {} ({})",
                    g.words().game,
                    g.words().action,
                    g.words().example
                )
            })
            .collect();
        Err(LogError::new(
            ErrorKind::UnknownGame,
            number,
            None,
            format!(
                "cannot tell the game: {} is neither {}",
                show(line.trim_ascii()),
                known.join(" nor ")
            ),
        ))
    }

    /// The error for a log without an action line: its game cannot be told.
    pub(crate) fn no_action_line() -> LogError {
        LogError::new(
            ErrorKind::UnknownGame,
            0,
            None,
            "cannot tell the game: the log has no action line (name the game)",
        )
    }
}
