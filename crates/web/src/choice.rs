//! Which game a request is about, with its rules: the options of the command line.

use fairplay_core::{Game, LogError, Registry};
use fairplay_gofish::{FishTurn, GoFish};
use fairplay_quartets::{HandError, Quartets, Rules, RulesError, SeatHand};
use fairplay_sequence::{Sequence, SequenceRules, Teams};
use serde::Deserialize;

/// The game and rules of a request.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Choice {
    /// `quartets`, `sequence`, `gofish`, or `auto`/nothing to tell the game from the log.
    pub game: Option<String>,
    /// The Quartets variant (`--players`, `--sets`, `--cards-per-set`, `--hands`).
    pub quartets: Variant,
    /// The Sequence rules (`--rules`, `--teams`).
    pub sequence: SequenceChoice,
    /// The Go Fish rules (`--players`, `--ranks`, `--hand`, `--fish-turn`).
    pub gofish: GoFishChoice,
    /// Quartets from a player's seat (`--seat N --hand CARDS`); a watcher's view without.
    pub seat: Option<SeatChoice>,
}

/// A player's seat: who they are and the cards they were dealt.
#[derive(Clone, Debug, Deserialize)]
pub struct SeatChoice {
    /// The player (`--seat`).
    pub player: u32,
    /// Their dealt cards as logs write them, separated by commas or blanks (`--hand`).
    pub hand: String,
}

/// A Quartets variant; every size left out is the standard one.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct Variant {
    /// Players (2..16; 4).
    pub players: Option<usize>,
    /// Sets (8).
    pub sets: Option<usize>,
    /// Cards per set (1..26; 4).
    pub cards_per_set: Option<usize>,
    /// Cards dealt to each player (an even split).
    pub hands: Option<Vec<u32>>,
}

/// The Sequence rules.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct SequenceChoice {
    /// `full` for the real game, else the contract rules.
    pub rules: Option<String>,
    /// Teams for the full rules (2 or 3; told from the log when left out).
    pub teams: Option<u8>,
}

/// The Go Fish rules; every size left out is the standard one.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(default)]
pub struct GoFishChoice {
    /// Players (2..10; 4).
    pub players: Option<usize>,
    /// Ranks (1..13; 13).
    pub ranks: Option<usize>,
    /// Cards dealt to each player (7 with 2 or 3 players, else 5).
    pub hand: Option<usize>,
    /// Whose turn follows a "Go fish": `next` (the default) or `asked`.
    pub fish_turn: Option<String>,
}

impl GoFishChoice {
    /// The rules, or why they are not a playable game.
    pub fn rules(&self) -> Result<fairplay_gofish::Rules, Usage> {
        let fish_turn = match self.fish_turn.as_deref() {
            None | Some("next") => FishTurn::Next,
            Some("asked") => FishTurn::Asked,
            Some(other) => return Err(Usage::FishTurn(other.to_string())),
        };
        let standard = fairplay_gofish::Rules::standard();
        fairplay_gofish::Rules::new(
            self.players.unwrap_or(standard.players()),
            self.ranks.unwrap_or(standard.ranks()),
            self.hand,
            fish_turn,
        )
        .map_err(Usage::GoFishRules)
    }
}

impl Variant {
    /// The rules, or why they are not a playable game.
    pub fn rules(&self) -> Result<Rules, RulesError> {
        let mut builder = Rules::builder();
        if let Some(players) = self.players {
            builder = builder.players(players);
        }
        if let Some(sets) = self.sets {
            builder = builder.sets(sets);
        }
        if let Some(cards) = self.cards_per_set {
            builder = builder.cards_per_set(cards);
        }
        if let Some(hands) = &self.hands {
            builder = builder.hands(hands.clone());
        }
        builder.build()
    }
}

impl SequenceChoice {
    /// The rules, or why they are not.
    pub fn rules(&self) -> Result<SequenceRules, Usage> {
        let teams = match self.teams {
            None => None,
            Some(2) => Some(Teams::Two),
            Some(3) => Some(Teams::Three),
            Some(n) => return Err(Usage::Teams(n)),
        };
        match self.rules.as_deref() {
            None | Some("contract") => Ok(SequenceRules::Contract),
            Some("full") => Ok(SequenceRules::Full(teams)),
            Some(other) => Err(Usage::SequenceRules(other.to_string())),
        }
    }
}

/// The game a request names, or the one its log is written for.
pub enum Chosen {
    /// A Quartets variant.
    Quartets(Quartets),
    /// Sequence by some rules.
    Sequence(Sequence),
    /// Go Fish by some rules.
    GoFish(GoFish),
}

impl Chosen {
    /// The game as the game-neutral model sees it.
    pub fn game(&self) -> &dyn Game {
        match self {
            Chosen::Quartets(game) => game,
            Chosen::Sequence(game) => game,
            Chosen::GoFish(game) => game,
        }
    }
}

/// A request that asks for what cannot be: an impossible variant or hand, rules or a game
/// that do not exist. Its words are the command line's (`Display`); [`Usage::detail`] gives
/// its kind and parameters for the page's translations.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Usage {
    /// The Quartets variant is not a playable game.
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The seat's hand is not one the player could be dealt.
    #[error(transparent)]
    Hand(#[from] HandError),
    /// Sequence by a number of teams other than 2 or 3.
    #[error("Sequence is played by 2 or 3 teams, not {0}")]
    Teams(u8),
    /// Sequence rules other than `contract` and `full`.
    #[error("unknown Sequence rules `{0}`: `contract` or `full`")]
    SequenceRules(String),
    /// The Go Fish rules are not a playable game.
    #[error(transparent)]
    GoFishRules(fairplay_gofish::RulesError),
    /// Whose turn follows a "Go fish", other than `next` and `asked`.
    #[error("unknown turn after \"Go fish\" `{0}`: `next` or `asked`")]
    FishTurn(String),
    /// A game other than `quartets`, `sequence`, `gofish` and `auto`.
    #[error("unknown game `{0}`: `quartets`, `sequence`, `gofish` or `auto`")]
    Game(String),
}

/// Why no game could be chosen: the request is wrong, or the log names no known game.
pub enum NoGame {
    /// A usage error (an impossible variant, an unknown game name).
    Usage(Usage),
    /// The game cannot be told from the log.
    Log(LogError),
}

impl Choice {
    /// The seat's hand under `rules`, if a seat is chosen, or why it is not one (the words of
    /// `--seat`/`--hand`).
    pub fn seat_hand(&self, rules: &Rules) -> Result<Option<SeatHand>, HandError> {
        match &self.seat {
            None => Ok(None),
            Some(seat) => SeatHand::parse(rules, seat.player, &seat.hand).map(Some),
        }
    }

    /// The game for `log`: the one named, or the one the log is written for.
    pub fn choose(&self, log: &[u8]) -> Result<Chosen, NoGame> {
        let rules = self.quartets.rules().map_err(|e| NoGame::Usage(e.into()))?;
        let quartets = Quartets::new(rules);
        let sequence = Sequence::new(self.sequence.rules().map_err(NoGame::Usage)?);
        let gofish = GoFish::new(self.gofish.rules().map_err(NoGame::Usage)?);
        let name = match self.game.as_deref() {
            None | Some("auto") => {
                let mut registry = Registry::new();
                registry
                    .register(quartets.clone())
                    .register(sequence)
                    .register(gofish.clone());
                match registry.detect(log) {
                    Ok(game) => game.name(),
                    // A first line that is neither a count nor an action (a count written
                    // `three`): the game is told from the next line, so that its own reader
                    // says what is wrong with the first.
                    Err(error) => match told_after_first_line(&registry, log) {
                        Some(game) => game.name(),
                        None => return Err(NoGame::Log(error)),
                    },
                }
            }
            Some(name) => name,
        };
        match name {
            "quartets" => Ok(Chosen::Quartets(quartets)),
            "sequence" => Ok(Chosen::Sequence(sequence)),
            "gofish" => Ok(Chosen::GoFish(gofish)),
            other => Err(NoGame::Usage(Usage::Game(other.to_string()))),
        }
    }
}

/// The game of the first non-blank line after the first one, when the first is no action of
/// any game (nor a count line, which `detect` skips).
fn told_after_first_line<'a>(registry: &'a Registry, log: &[u8]) -> Option<&'a dyn Game> {
    let log = log.strip_prefix(fairplay_text::BOM).unwrap_or(log);
    let mut lines = log
        .split(|&b| b == b'\n')
        .filter(|line| !line.trim_ascii().is_empty());
    let first = lines.next()?;
    if registry.games().any(|g| g.recognises(first)) {
        return None;
    }
    let next = lines.next()?;
    registry.games().find(|g| g.recognises(next))
}
