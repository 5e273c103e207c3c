//! The Quartets variant options (`--players`, `--sets`, ...) shared by `quartets`, `batch`
//! and `simulate`.

use clap::Args;
use fairplay_quartets::Rules;

/// The sizes of a Quartets game.
#[derive(Args, Debug, Clone)]
pub struct QuartetsVariant {
    /// Number of players (2 to 16).
    #[arg(long, default_value_t = 4, value_name = "N")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub players: usize,
    /// Number of sets.
    #[arg(long, default_value_t = 8, value_name = "N")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub sets: usize,
    /// Cards in each set (1 to 26, letters A..Z).
    #[arg(long, default_value_t = 4, value_name = "N")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub cards_per_set: usize,
    /// Cards dealt to each player, comma-separated, player 1 first [default: an even
    /// split].
    #[arg(long, value_delimiter = ',', value_name = "H1,H2,...")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub hands: Option<Vec<u32>>,
}

impl QuartetsVariant {
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
