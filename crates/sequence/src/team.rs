//! Teams (colours) of the full rules.

use std::fmt;

/// A team, named by its colour: `blue`, `green` or `red`. Turns go blue, green (, red).
///
/// ```
/// use fairplay_sequence::Team;
/// assert_eq!(Team::parse(b"green"), Some(Team::GREEN));
/// assert_eq!(Team::GREEN.to_string(), "green");
/// assert_eq!(Team::RED.mark(), 'r');
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Team(u8);

const NAMES: [&str; 3] = ["blue", "green", "red"];

impl Team {
    /// The team that moves first.
    pub const BLUE: Team = Team(0);
    /// The team that moves second.
    pub const GREEN: Team = Team(1);
    /// The third team (three-team games only).
    pub const RED: Team = Team(2);

    /// The 0-based index: blue 0, green 1, red 2.
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// The colour's name.
    pub fn name(self) -> &'static str {
        NAMES[self.index()]
    }

    /// The mark of the team's tokens on a printed board: `b`, `g` or `r`.
    pub fn mark(self) -> char {
        self.name().as_bytes()[0] as char
    }

    /// Reads a colour name (lowercase).
    pub fn parse(token: &[u8]) -> Option<Team> {
        let at = NAMES.iter().position(|n| n.as_bytes() == token)?;
        Some(Team(at as u8))
    }
}

impl fmt::Display for Team {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How many teams play: two (blue, green) or three (blue, green, red).
///
/// ```
/// use fairplay_sequence::{Team, Teams};
/// assert_eq!(Teams::new(3), Some(Teams::Three));
/// assert_eq!(Teams::Two.sequences_to_win(), 2);
/// assert_eq!(Teams::Two.after(Team::GREEN), Team::BLUE);
/// assert!(!Teams::Two.contains(Team::RED));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Teams {
    /// Blue and green; two sequences win.
    Two,
    /// Blue, green and red; one sequence wins.
    Three,
}

impl Teams {
    /// The game of `count` teams, if it is 2 or 3.
    pub fn new(count: usize) -> Option<Teams> {
        match count {
            2 => Some(Teams::Two),
            3 => Some(Teams::Three),
            _ => None,
        }
    }

    /// The number of teams.
    pub fn count(self) -> usize {
        match self {
            Teams::Two => 2,
            Teams::Three => 3,
        }
    }

    /// Sequences a team needs to win: 2 with two teams, 1 with three.
    pub fn sequences_to_win(self) -> usize {
        match self {
            Teams::Two => 2,
            Teams::Three => 1,
        }
    }

    /// Whether `team` plays in this game.
    pub fn contains(self, team: Team) -> bool {
        team.index() < self.count()
    }

    /// The teams in turn order.
    pub fn all(self) -> impl Iterator<Item = Team> {
        (0..self.count() as u8).map(Team)
    }

    /// The team whose turn follows `team`'s.
    pub fn after(self, team: Team) -> Team {
        Team(((team.index() + 1) % self.count()) as u8)
    }
}

impl fmt::Display for Teams {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = self.all().map(Team::name).collect();
        write!(f, "{}-team game ({})", self.count(), names.join(", "))
    }
}
