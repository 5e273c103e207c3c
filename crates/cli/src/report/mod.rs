//! Printers of explained verdicts (`--explain`, `--deal`, `--knowledge`, `--format json`).
//!
//! One result type per game (`fairplay_quartets::explain::Explanation`,
//! `fairplay_sequence::explain::Explanation`), several printers over it: human text
//! ([`text`]) and JSON ([`json`], described by `schemas/report.schema.json`). The plain-words
//! reasons both printers give come from [`words`].

pub mod json;
pub mod text;
pub mod words;

use std::io::IsTerminal;

use clap::ValueEnum;

/// How a report is written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// Human text (the default): the contract lines, then the report.
    #[default]
    Text,
    /// One JSON document (see schemas/report.schema.json).
    Json,
}

/// Whether text may be coloured: only on a terminal, and never when `NO_COLOR` is set (to
/// anything but the empty string, as <https://no-color.org> says).
pub fn colour_wanted() -> bool {
    let no_color = std::env::var_os("NO_COLOR").is_some_and(|v| !v.is_empty());
    !no_color && std::io::stdout().is_terminal()
}

/// ANSI styling, or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Whether escape codes are written.
    pub colour: bool,
}

impl Style {
    fn wrap(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }
    /// A heading.
    pub fn bold(self, text: &str) -> String {
        self.wrap("1", text)
    }
    /// Bad news.
    pub fn red(self, text: &str) -> String {
        self.wrap("1;31", text)
    }
    /// Good news.
    pub fn green(self, text: &str) -> String {
        self.wrap("32", text)
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

/// `fairplay quartets` with report options: the report as text or JSON.
pub fn quartets(
    args: &QuartetsReportArgs,
    bytes: &[u8],
    rules: &fairplay_quartets::Rules,
    name: &str,
) -> anyhow::Result<String> {
    use fairplay_quartets::explain::{explain, Questions};
    let questions = Questions {
        proof: args.explain,
        suspects: args.explain,
        deal: args.deal,
        knowledge: args.knowledge,
        at: args.at,
    };
    let explanation =
        explain(bytes, rules, &questions).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    Ok(match args.format {
        Format::Json => format!("{:#}\n", json::quartets(&explanation)),
        Format::Text => {
            let mut out = text::quartets(
                &explanation,
                Style {
                    colour: colour_wanted(),
                },
            );
            if let (true, fairplay_quartets::Verdict::Cheated { since }) =
                (args.deal, explanation.verdict)
            {
                out.push_str(&text::no_deal_note(since));
            }
            out
        }
    })
}

/// `fairplay sequence` with report options. `teams`: `Some` for the full rules (with the teams,
/// or `None` inside to infer them), `None` for the contract rules.
pub fn sequence(
    args: &SequenceReportArgs,
    bytes: &[u8],
    full: Option<Option<fairplay_sequence::Teams>>,
    name: &str,
) -> anyhow::Result<String> {
    use fairplay_sequence::explain::{explain_contract, explain_full};
    let located = |e| anyhow::anyhow!("{name}: {e}");
    let explanation = match full {
        None => explain_contract(bytes).map_err(located)?,
        Some(teams) => explain_full(bytes, teams).map_err(located)?,
    };
    Ok(match args.format {
        Format::Json => format!("{:#}\n", json::sequence(&explanation)),
        Format::Text => {
            let report = match (&explanation.board, full) {
                (fairplay_sequence::explain::BoardView::Full(game), Some(_)) => {
                    Some(fairplay_sequence::FullReport {
                        verdict: explanation.verdict.clone(),
                        moves: explanation.moves,
                        game: (**game).clone(),
                    })
                }
                _ => None,
            };
            let style = Style {
                colour: colour_wanted(),
            };
            if args.explain {
                text::sequence(&explanation, report.as_ref(), style)
            } else {
                match report {
                    Some(report) => report.to_string(),
                    None => format!("{}\n", explanation.verdict),
                }
            }
        }
    })
}
