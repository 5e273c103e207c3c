//! `fairplay quartets`: judge a Quartets log.

use std::path::PathBuf;

use clap::Args;
use fairplay_quartets::audit;

use crate::input::Input;
use crate::variant::QuartetsVariant;

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

Exit status: 0 when judged (either verdict), 2 for unreadable or malformed logs and for
actions that break a rule anyone can check (out of turn, asking oneself, ...).

Examples:
  fairplay quartets examples/quartets/sample1.log
  fairplay quartets --players 3 --sets 3 --cards-per-set 3 small.log
  fairplay quartets --players 3 --sets 4 --cards-per-set 4 --hands 6,5,5 uneven.log
  cat game.log | fairplay quartets
  fairplay quartets --live")]
pub struct QuartetsArgs {
    /// The log to judge; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    #[command(flatten)]
    variant: QuartetsVariant,
    /// Judge the game as it is played: read one action per line (no count line needed) and,
    /// after each, print at once whether an honest game is still possible.
    #[arg(long)]
    live: bool,
    #[command(flatten)]
    report: crate::report::QuartetsReportArgs,
}

pub fn run(args: QuartetsArgs) -> anyhow::Result<String> {
    let rules = args.variant.rules()?;
    if args.live {
        return crate::live::quartets(rules, args.file.as_deref());
    }
    let input = Input::new(args.file);
    let bytes = input.read()?;
    if args.report.wanted() {
        return crate::report::quartets(&args.report, &bytes, &rules, &input.name());
    }
    let report = audit(&bytes, &rules).map_err(|e| anyhow::anyhow!("{}: {e}", input.name()))?;
    Ok(report.contract())
}
