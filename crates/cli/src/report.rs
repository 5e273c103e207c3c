//! The report options (`--explain`, `--deal`, `--knowledge`, `--format json`) and how a command
//! turns a log into its output through the printers of `fairplay-report`.

use clap::ValueEnum;
use fairplay_core::{ErrorKind, Game, Judgement, LogError, Registry};
use fairplay_quartets::{Quartets, Rules};
use fairplay_report::json::{Document, ErrorDocument};
use fairplay_report::Style;
use fairplay_sequence::{Sequence, SequenceRules};

use crate::error::Failure;
use crate::input::Input;
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

/// The style of human text on standard output: as `--color` says, else colour on a terminal
/// unless `NO_COLOR` is set or `TERM=dumb`, and always with `CLICOLOR_FORCE` (anstream's
/// reading of the environment).
pub fn style() -> Style {
    let choice = anstream::AutoStream::choice(&std::io::stdout());
    Style {
        colour: choice != anstream::ColorChoice::Never,
    }
}

/// The exit status for a judged log: 1 for a foul when `--exit-code` asks for it, else 0.
pub fn status(exit_code: bool, verdict: &fairplay_core::Verdict) -> u8 {
    u8::from(exit_code && verdict.foul().is_some())
}

/// The options every judging command shares besides its report.
#[derive(clap::Args, Debug, Default)]
pub struct Conventions {
    /// Exit with 1 when cheating is certain or a move is illegal, 0 when the log is fair (as
    /// `git diff --exit-code`); 2 stays for errors. Without it, any verdict exits with 0.
    #[arg(long)]
    pub exit_code: bool,
    /// More logs: not judged here (one log at a time), but named in the error that points to
    /// `fairplay batch`.
    #[arg(hide = true, value_name = "MORE")]
    pub more: Vec<std::path::PathBuf>,
}

impl Conventions {
    /// An error when more than one log was given: `batch` judges many.
    pub fn one_log(&self, first: Option<&std::path::Path>, command: &str) -> anyhow::Result<()> {
        if self.more.is_empty() {
            return Ok(());
        }
        let all: Vec<String> = first
            .into_iter()
            .chain(self.more.iter().map(|p| p.as_path()))
            .map(|p| p.display().to_string())
            .collect();
        let failure = Failure::new(
            self.more[0].display(),
            format!("a second log: `fairplay {command}` judges one log"),
        );
        Err(failure
            .hint(format!(
                "to judge several: fairplay batch {}",
                all.join(" ")
            ))
            .into())
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
    /// Output format: `text` (the contract lines, then the report) or `json` (one document;
    /// with --live, one JSON object per line read).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The report options of `fairplay sequence`.
#[derive(clap::Args, Debug, Default)]
pub struct SequenceReportArgs {
    /// After the verdict, explain it: the illegal move in plain words, the rule it breaks and
    /// (contract rules) the board at that moment.
    #[arg(long, conflicts_with = "live")]
    pub explain: bool,
    /// Output format: `text` (the usual output, then the report) or `json` (one document;
    /// with --live, one JSON object per line read).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// The output for a log that could not be judged: with `--format json` an error document on
/// standard output and exit status 2, otherwise an error naming the input, with a hint where
/// one helps.
pub fn failure(
    format: Format,
    game: &dyn Game,
    input: &Input,
    error: LogError,
) -> anyhow::Result<Output> {
    match format {
        Format::Json => Ok(error_document(game.name(), error)),
        Format::Text => Err(explained(game, input, &error).into()),
    }
}

/// The error of a log that could not be judged, as printed: its name and the error, with a
/// hint for the usual causes (a line over --max-line, another game's log, old Mac line ends).
fn explained(game: &dyn Game, input: &Input, error: &LogError) -> Failure {
    let name = input.name();
    let head = input.head();
    let file = match input.path() {
        Some(_) => format!(" {name}"),
        None => " -".to_string(),
    };
    if error.kind == ErrorKind::LineTooLong {
        return Failure::new(name, error).hint("--max-line BYTES accepts longer lines");
    }
    // The first line break is a lone CR: the log was written with old Mac line ends, and
    // reads as one long line.
    let first_break = head.iter().position(|&b| b == b'\r' || b == b'\n');
    if let Some(at) = first_break {
        if head[at] == b'\r' && head.get(at + 1).is_some_and(|&b| b != b'\n') {
            let command = format!("fairplay {}", game.name());
            let hint = match input.path() {
                Some(path) => format!(
                    "convert them: tr '\\r' '\\n' < {} | {command}",
                    path.display()
                ),
                None => format!("convert them: ... | tr '\\r' '\\n' | {command}"),
            };
            return Failure::new(
                format!("{name}: line {}", error.line.max(1)),
                "the lines end with a lone carriage return (\\r); expected \\n or \\r\\n line ends",
            )
            .hint(hint);
        }
    }
    let wrong_game = matches!(
        error.kind,
        ErrorKind::Malformed | ErrorKind::Rule | ErrorKind::UnknownGame
    );
    let mut games = Registry::new();
    games
        .register(Quartets::new(Rules::default()))
        .register(Sequence::new(SequenceRules::Contract))
        .register(fairplay_gofish::GoFish::new(
            fairplay_gofish::Rules::default(),
        ));
    let other = match games.detect(&head) {
        Ok(other) if wrong_game && other.name() != game.name() => Some(other),
        _ => None,
    };
    let failure = Failure::new(name, error);
    match other {
        Some(other) => failure.hint(format!(
            "this looks like a {} log: fairplay {}{file}",
            other.words().game,
            other.name()
        )),
        None => failure,
    }
}

/// The judged log of `read`, or with `--format json` a log that could not be read (such as a
/// missing file) as an `io` error on no line, for its error document; otherwise the error
/// itself, as the input words it.
pub fn opened<T: Default>(
    format: Format,
    read: anyhow::Result<(Result<Judgement, LogError>, T)>,
) -> anyhow::Result<(Result<Judgement, LogError>, T)> {
    match (format, read) {
        (Format::Json, Err(error)) => {
            let message = format!("{error:#}");
            Ok((
                Err(LogError::new(ErrorKind::Io, 0, None, message)),
                T::default(),
            ))
        }
        (_, read) => read,
    }
}

/// A command's result with every failure left, under `--format json`, turned into a `usage`
/// error document of `game` (exit status 2): an option the log cannot answer, or one that does
/// not fit the rules. With `--format json` every outcome is one document.
pub fn or_document(
    format: Format,
    game: &str,
    result: anyhow::Result<Output>,
) -> anyhow::Result<Output> {
    match (format, result) {
        (Format::Json, Err(error)) => Ok(error_document(
            game,
            LogError::new(ErrorKind::Usage, 0, None, format!("{error:#}")),
        )),
        (_, result) => result,
    }
}

fn error_document(game: &str, error: LogError) -> Output {
    Output {
        text: ErrorDocument::new(Some(game), &error).to_json(),
        status: 2,
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
