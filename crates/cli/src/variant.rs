//! The Quartets variant options (`--players`, `--sets`, ...) shared by `quartets`, `batch`
//! and `simulate`.

use clap::Args;
use fairplay_quartets::Rules;

/// The sizes of a Quartets game.
#[derive(Args, Debug, Clone)]
pub struct QuartetsVariant {
    /// Number of players (2 to 16).
    #[arg(long, default_value_t = QuartetsVariant::PLAYERS, value_name = "N")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub players: usize,
    /// Number of sets.
    #[arg(long, default_value_t = QuartetsVariant::SETS, value_name = "N")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub sets: usize,
    /// Cards in each set (1 to 26, letters A..Z).
    #[arg(long, default_value_t = QuartetsVariant::CARDS_PER_SET, value_name = "N")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub cards_per_set: usize,
    /// Cards dealt to each player, comma-separated, player 1 first [default: an even
    /// split].
    #[arg(long, value_delimiter = ',', value_name = "H1,H2,...")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub hands: Option<Vec<u32>>,
}

impl QuartetsVariant {
    /// `--players`'s default.
    pub const PLAYERS: usize = 4;
    /// `--sets`'s default.
    pub const SETS: usize = 8;
    /// `--cards-per-set`'s default.
    pub const CARDS_PER_SET: usize = 4;

    /// The options' defaults: the standard game.
    pub fn standard() -> QuartetsVariant {
        QuartetsVariant {
            players: Self::PLAYERS,
            sets: Self::SETS,
            cards_per_set: Self::CARDS_PER_SET,
            hands: None,
        }
    }

    /// The rules these options describe (an error names what is wrong with them).
    pub fn rules(&self) -> anyhow::Result<Rules> {
        let mut builder = Rules::builder()
            .players(self.players)
            .sets(self.sets)
            .cards_per_set(self.cards_per_set);
        if let Some(hands) = &self.hands {
            builder = builder.hands(hands.clone());
        }
        // The sizes given name the error: `--players 3: 32 cards do not split evenly ...`.
        builder.build().map_err(|e| {
            let given = match &self.hands {
                Some(hands) => format!("--hands {}", join(hands)),
                None => format!(
                    "--players {} --sets {} --cards-per-set {}",
                    self.players, self.sets, self.cards_per_set
                ),
            };
            anyhow::anyhow!("{given}: {e}")
        })
    }
}

fn join(hands: &[u32]) -> String {
    let hands: Vec<String> = hands.iter().map(u32::to_string).collect();
    hands.join(",")
}

/// Whose turn follows a "Go fish" that caught nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum FishTurnArg {
    /// The next player still in the game.
    #[default]
    Next,
    /// The player who said "Go fish".
    Asked,
}

impl From<FishTurnArg> for fairplay_gofish::FishTurn {
    fn from(arg: FishTurnArg) -> fairplay_gofish::FishTurn {
        match arg {
            FishTurnArg::Next => fairplay_gofish::FishTurn::Next,
            FishTurnArg::Asked => fairplay_gofish::FishTurn::Asked,
        }
    }
}

/// The Go Fish options beyond the players (`--ranks`, `--hand`, `--fish-turn`), shared by
/// `gofish` and `batch`.
#[derive(Args, Debug, Clone, Default)]
pub struct GoFishOptions {
    /// Number of ranks (1 to 13): the first N of A 2 3 4 5 6 7 8 9 10 J Q K, four cards each.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(1..=13))]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub ranks: Option<u8>,
    /// Cards dealt to each player [default: 7 with 2 or 3 players, else 5].
    #[arg(long, value_name = "N")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub hand: Option<usize>,
    /// Whose turn follows a "Go fish" that caught nothing: the next player, or the one who
    /// said it.
    #[arg(long, value_enum, value_name = "WHO")]
    pub fish_turn: Option<FishTurnArg>,
}

impl GoFishOptions {
    /// Whether any Go Fish option was given.
    pub fn given(&self) -> bool {
        self.ranks.is_some() || self.hand.is_some() || self.fish_turn.is_some()
    }

    /// The rules for `players` players with these options (an error names what is wrong).
    pub fn rules(&self, players: usize) -> anyhow::Result<fairplay_gofish::Rules> {
        let ranks = self.ranks.unwrap_or(13);
        fairplay_gofish::Rules::new(
            players,
            usize::from(ranks),
            self.hand,
            self.fish_turn.unwrap_or_default().into(),
        )
        .map_err(|e| {
            let hand = self
                .hand
                .map(|h| format!(" --hand {h}"))
                .unwrap_or_default();
            anyhow::anyhow!("--players {players} --ranks {ranks}{hand}: {e}")
        })
    }
}

/// The sizes of a Go Fish game.
#[derive(Args, Debug, Clone)]
pub struct GoFishVariant {
    /// Number of players (2 to 10).
    #[arg(long, default_value_t = GoFishVariant::PLAYERS, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=10))]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub players: u8,
    #[command(flatten)]
    pub options: GoFishOptions,
}

impl GoFishVariant {
    /// `--players`'s default.
    pub const PLAYERS: u8 = 4;

    /// The options' defaults: the standard game.
    pub fn standard() -> GoFishVariant {
        GoFishVariant {
            players: Self::PLAYERS,
            options: GoFishOptions::default(),
        }
    }

    /// The rules these options describe.
    pub fn rules(&self) -> anyhow::Result<fairplay_gofish::Rules> {
        self.options.rules(usize::from(self.players))
    }
}
