//! `fairplay quartets`: judge a Quartets log.

use std::path::PathBuf;

use clap::Args;
use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{Game, LogError};
use fairplay_quartets::explain::{explain, ExplainError, Questions};
use fairplay_quartets::{Quartets, Verdict};
use fairplay_report::quartets::{no_deal_note, text, QuartetsDetails};

use crate::input::Input;
use crate::report::{self, Format, QuartetsReportArgs};
use crate::variant::QuartetsVariant;
use crate::Output;

/// Options of `fairplay quartets`.
#[derive(Args, Debug)]
#[command(after_help = "\
Log format: a first line with the number of actions, then one action per line:
  x A y sk yes    player x asks player y for card sk (set s, letter k); y hands it over
  x A y sk no     y says no; it becomes y's turn
  x Q s           player x lays set s aside

Output: `yes` if some deal makes every action honest; otherwise `no` and, on the next
line, the number of the first action after which cheating is certain.

Live mode (--live): one action per line as it is typed or piped; after each line, one line of
output: `N: honest game still possible`, `N: CHEATING CERTAIN: <reason>`, then
`N: (cheating already certain since action K)`. A malformed line or an action that breaks a
rule gets `error: line L: ... (line ignored)` and is not applied. A first line holding a single
number is skipped as a count. See docs/batch-and-live.md.

Exit status: 0 when judged (either verdict; with --exit-code: 0 fair, 1 cheating certain),
2 for unreadable or malformed logs and for actions that break a rule anyone can check (out of
turn, asking oneself, ...); with --format json such an error is a JSON document on standard
output. With --live --format json, each line read gets one JSON object.

Colour (the report, live lines): --color auto|always|never; auto colours a terminal unless
NO_COLOR is set or TERM=dumb; CLICOLOR_FORCE=1 colours a pipe too.

Formats, contracts and the rules: docs/quartets.md.

Examples:
  fairplay quartets examples/quartets/sample1.log
  fairplay quartets --players 3 --sets 3 --cards-per-set 3 small.log
  fairplay quartets --players 3 --sets 4 --cards-per-set 4 --hands 6,5,5 uneven.log
  cat game.log | fairplay quartets
  fairplay quartets --live")]
pub struct QuartetsArgs {
    /// The log to judge; `-` or nothing reads standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: Option<PathBuf>,
    #[command(flatten)]
    variant: QuartetsVariant,
    /// Judge the game as it is played: read one action per line (no count line needed) and,
    /// after each, print at once whether an honest game is still possible.
    #[arg(long)]
    live: bool,
    /// The longest line accepted, in bytes; a longer one is an error naming it.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_LINE)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_line: usize,
    #[command(flatten)]
    conventions: report::Conventions,
    #[command(flatten)]
    report: QuartetsReportArgs,
}

pub fn run(args: QuartetsArgs) -> anyhow::Result<Output> {
    args.conventions.one_log(args.file.as_deref(), "quartets")?;
    let game = Quartets::new(args.variant.rules()?);
    if args.live {
        return crate::live::run(
            &game,
            args.file.as_deref(),
            args.max_line,
            &args.live_options(),
        );
    }
    let input = Input::new(args.file);
    let (judged, bytes) = input.audit(&game, args.report.wanted(), args.max_line)?;
    let format = args.report.format;
    let judgement = match judged {
        Ok(judgement) => judgement,
        Err(error) => return report::failure(format, &game, &input.name(), error),
    };
    let status = report::status(args.conventions.exit_code, &judgement.verdict);
    if !args.report.wanted() {
        return Ok(Output::from(game.contract(&judgement.verdict)).with_status(status));
    }
    let questions = Questions {
        proof: args.report.explain,
        suspects: args.report.explain,
        deal: args.report.deal,
        knowledge: args.report.knowledge,
        at: args.report.at,
        ..Questions::default()
    };
    let explanation = match explain(&bytes, game.rules(), &questions) {
        Ok(explanation) => explanation,
        Err(ExplainError::Log(error)) => {
            return report::failure(format, &game, &input.name(), LogError::from(error))
        }
        Err(error) => anyhow::bail!("{}: {error}", input.name()),
    };
    let output = match format {
        Format::Json if questions == Questions::default() => {
            report::document::<QuartetsDetails>(&game, &judgement, None)
        }
        Format::Json => {
            report::document(&game, &judgement, Some(QuartetsDetails::new(&explanation)))
        }
        Format::Text => {
            let mut out = text(&explanation, report::style());
            if let (true, Verdict::Cheated { since }) = (args.report.deal, explanation.verdict) {
                out.push_str(&no_deal_note(since));
            }
            out.into()
        }
    };
    Ok(output.with_status(status))
}

impl QuartetsArgs {
    fn live_options(&self) -> crate::live::Options {
        crate::live::Options {
            exit_code: self.conventions.exit_code,
            json: self.report.format == Format::Json,
        }
    }
}
