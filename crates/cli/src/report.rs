//! The report options (`--explain`, `--deal`, `--knowledge`, `--format json`) and how a command
//! turns a log into its output through the printers of `fairplay-report`.

use std::io::IsTerminal;

use clap::ValueEnum;
use fairplay_core::{Game, Judgement, LogError};
use fairplay_report::json::{Document, ErrorDocument};
use fairplay_report::Style;

use crate::Output;

/// How a report is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human text (the default): the contract lines, then the report.
    #[default]
    Text,
    /// One JSON document (see schemas/report.schema.json); errors too, with exit status 2.
    Json,
}

/// The style of human text: colour only on a terminal, and never when `NO_COLOR` is set (to
/// anything but the empty string, as <https://no-color.org> says).
pub fn style() -> Style {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    Style {
        colour: !no_color && std::io::stdout().is_terminal(),
    }
}

/// The report options of `fairplay quartets`.
#[derive(clap::Args, Debug, Default)]
pub struct QuartetsReportArgs {
    /// After the verdict, explain it: a minimal proof (the actions whose claims cannot all be
    /// true, and why) and the suspects (who could be the only cheater, how many cheated at
    /// least).
    #[arg(long, conflicts_with = "live")]
    pub explain: bool,
    /// When some deal makes every action honest, print one (every player's starting cards).
    #[arg(long, conflicts_with = "live")]
    pub deal: bool,
    /// Print what a watcher knows: who certainly or possibly holds each card still in play, and
    /// the sets each player certainly holds a card of (after the log, or just before cheating
    /// became certain).
    #[arg(long, conflicts_with = "live")]
    pub knowledge: bool,
    /// With --knowledge: after action K instead.
    #[arg(long, value_name = "K", requires = "knowledge")]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub at: Option<usize>,
    /// Output format: `text` (the contract lines, then the report) or `json` (one document).
    #[arg(long, value_enum, default_value_t = Format::Text, conflicts_with = "live")]
    pub format: Format,
}

impl QuartetsReportArgs {
    /// Whether anything beyond the contract output was asked for.
    pub fn wanted(&self) -> bool {
        self.explain || self.deal || self.knowledge || self.format != Format::Text
    }
}

/// The report options of `fairplay sequence`.
#[derive(clap::Args, Debug, Default)]
pub struct SequenceReportArgs {
    /// After the verdict, explain it: the illegal move in plain words, the rule it breaks and
    /// (contract rules) the board at that moment.
    #[arg(long, conflicts_with = "live")]
    pub explain: bool,
    /// Output format: `text` (the usual output, then the report) or `json` (one document).
    #[arg(long, value_enum, default_value_t = Format::Text, conflicts_with = "live")]
    pub format: Format,
}

impl SequenceReportArgs {
    /// Whether anything beyond the usual output was asked for.
    pub fn wanted(&self) -> bool {
        self.explain || self.format != Format::Text
    }
}

/// The output for a log that could not be judged: with `--format json` an error document on
/// standard output and exit status 2, otherwise an error naming the input.
pub fn failure(
    format: Format,
    game: &dyn Game,
    name: &str,
    error: LogError,
) -> anyhow::Result<Output> {
    match format {
        Format::Json => Ok(Output {
            text: ErrorDocument::new(Some(game.name()), &error).to_json(),
            status: 2,
        }),
        Format::Text => Err(anyhow::anyhow!("{name}: {error}")),
    }
}

/// The JSON document of a judged log with its explanation, if one was asked.
pub fn document<D: serde::Serialize>(
    game: &dyn Game,
    judgement: &Judgement,
    details: Option<D>,
) -> Output {
    Document::new(game, judgement, details).to_json().into()
}
