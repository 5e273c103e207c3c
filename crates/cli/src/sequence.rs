//! `fairplay sequence`: find the first illegal move of a Sequence log.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{Game, LogError};
use fairplay_report::sequence::{text, SequenceDetails};
use fairplay_sequence::explain::{explain_contract, explain_full_with, explain_streamed};
use fairplay_sequence::{
    FullOptions, OptionsError, Sequence, SequenceReferee, SequenceRules, Team, Teams,
};

use crate::input::{Input, Keep};
use crate::report::{self, Format, SequenceReportArgs};
use crate::Output;

/// Which rules judge the log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum RulesMode {
    /// The spec's rules: tokens counted per card; prints only `VALID GAME` or `INVALID <turn>`.
    Contract,
    /// The real game: squares, teams in turn, sequences, the win; prints a report and the board.
    Full,
}

impl RulesMode {
    /// The engine's rules, with `teams` (2 or 3) for the full rules.
    pub fn rules(self, teams: Option<u8>) -> anyhow::Result<SequenceRules> {
        let teams = teams.and_then(|n| Teams::new(usize::from(n)));
        match self {
            RulesMode::Contract if teams.is_some() => {
                anyhow::bail!("--teams: applies only with --rules full")
            }
            RulesMode::Contract => Ok(SequenceRules::Contract),
            RulesMode::Full => Ok(SequenceRules::Full(teams)),
        }
    }
}

/// How often each card may be played: a number, or `unlimited`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardPlays(Option<u8>);

fn card_plays(text: &str) -> Result<CardPlays, String> {
    match text {
        "unlimited" => Ok(CardPlays(None)),
        _ => match text.parse::<u8>() {
            Ok(n) if n >= 1 => Ok(CardPlays(Some(n))),
            _ => Err(format!(
                "expected a number of plays from 1 to 255, or `unlimited`, found `{text}`"
            )),
        },
    }
}

fn team(text: &str) -> Result<Team, String> {
    Team::parse(text.as_bytes())
        .ok_or_else(|| format!("expected blue, green or red, found `{text}`"))
}

/// The options of the full rules beyond the teams (shared by `sequence`, `batch` and
/// `simulate sequence`).
#[derive(Args, Clone, Copy, Debug)]
pub struct FullRuleArgs {
    /// --rules full: the team that plays first (blue, green or red) [default: blue].
    #[arg(long, value_name = "TEAM", value_parser = team)]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub first: Option<Team>,
    /// --rules full: how often each card may be played or discarded, or `unlimited` when
    /// the draw pile is reshuffled [default: 2, two decks].
    #[arg(long, value_name = "N|unlimited", value_parser = card_plays)]
    #[arg(value_hint = clap::ValueHint::Other)]
    pub card_plays: Option<CardPlays>,
}

impl FullRuleArgs {
    /// The options for `rules`, checked against them.
    pub fn options(&self, rules: SequenceRules) -> anyhow::Result<FullOptions> {
        let card_plays = self.card_plays.map(|c| c.0);
        FullOptions::checked(rules, self.first, card_plays).map_err(|error| match error {
            OptionsError::NotFullRules => {
                anyhow::anyhow!("--first, --card-plays: apply only with --rules full")
            }
            OptionsError::FirstDoesNotPlay { first } => {
                anyhow::anyhow!("--first {first}: needs three teams (--teams 3)")
            }
        })
    }
}

/// Options of `fairplay sequence`.
#[derive(Args, Debug)]
#[command(after_help = "\
Log format: a first line with the number of moves N, then N lines `turn card P|R spot`:
  3 5s P 5s       turn 3: the 5 of spades places a token on a spot showing 5s
  4 Jh R 5s       turn 4: a one-eyed Jack (Jh, Js) removes a token from a 5s spot
  5 Jd P 7h       turn 5: a two-eyed Jack (Jd, Jc) places a token on a 7h spot
Cards: rank 2-9, X, J, Q, K, A and suit h, c, d, s; `10` is accepted for `X` (10h = Xh).
Turn numbers run from 1 to N and increase; blank lines and \\r\\n line ends are fine.

Output (contract, the default): `VALID GAME` if every move is legal, otherwise `INVALID`
and the turn number of the first illegal move. A card played a third time (there are only
two decks) and a spot written as a Jack (the board shows none) are illegal moves.

Extended format (for --rules full): the spot may be a square, alone (`E1`) or after the card
it shows (`5s@E1`); columns A-J, rows 1-10, A1 top left. A last field may name the team that
moved (blue, green, red), and `turn card D [team]` discards a dead card (both its squares
covered; one per turn, before playing). In --rules full every P and R must name its square.
Teams move in turn, blue first (--first); without --teams, a log that names `red` is a
three-team game, any other a two-team game. Each card is played at most twice (--card-plays).
A placement completing a sequence may end with the squares marked: `7 Kh P G2 blue E2-I2`;
without it, every marking consistent with the log is considered (fairplay help sequence). The report gives the verdict, the winner or the illegal move, the
sequences and the board (after the log, or before the illegal move): `*` free corner,
`.` empty, `b g r` tokens of blue, green, red, `B G R` tokens in a completed sequence,
`?` tokens in a sequence under some markings consistent with the log but not all.
In contract mode squares stand for the card they show and team names are not judged.

Live mode (--live): one move per line as it is typed or piped; after each line, one line of
output: `turn N: legal` or `turn N: ILLEGAL: <reason>`, and the game goes on (an illegal move
changes nothing). A malformed line gets `error: line L: ... (line ignored)`. A first line
holding a single number is skipped as a count. More: fairplay help live.

Exit status: 0 when judged (either verdict; with --exit-code: 0 valid, 1 an illegal move),
2 for unreadable or malformed logs (the message names the line); with --format json such an
error is a JSON document on standard output. With --live --format json, each line read gets
one JSON object.

Colour (the report, live lines): --color auto|always|never; auto colours a terminal unless
NO_COLOR is set or TERM=dumb; CLICOLOR_FORCE=1 colours a pipe too.

Formats, contracts and the rules: fairplay help sequence (reports and JSON: fairplay help
explain; every guide: fairplay help; the man page: man fairplay-sequence).

Examples:
  fairplay sequence examples/sequence/sample1.log
  fairplay sequence --rules full examples/sequence/full-game.log
  fairplay sequence --rules full --teams 3 three-teams.log
  cat game.log | fairplay sequence
  fairplay sequence --live --rules full")]
pub struct SequenceArgs {
    /// The log to judge; `-` or nothing reads standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: Option<PathBuf>,
    /// The rules to judge by.
    #[arg(long, value_enum, default_value_t = RulesMode::Contract)]
    rules: RulesMode,
    /// Number of teams (2 or 3), for --rules full [default: 3 if the log names red, else 2].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=3))]
    #[arg(value_hint = clap::ValueHint::Other)]
    teams: Option<u8>,
    #[command(flatten)]
    full: FullRuleArgs,
    /// Judge the game as it is played: read one move per line (no count line needed) and
    /// print at once whether it is legal (--rules full: two teams unless --teams 3).
    #[arg(long)]
    live: bool,
    /// The longest line accepted, in bytes; a longer one is an error naming it.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_LINE)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_line: usize,
    /// With --explain: the most bytes of the log kept to explain it (a longer log is an
    /// error); KiB and MiB are understood. The verdict, the report of --rules full and
    /// --format json without --explain are judged as the log is read and need no limit.
    #[arg(long, value_name = "BYTES", default_value = crate::input::DEFAULT_MAX_INPUT, value_parser = crate::input::max_input)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_input: u64,
    #[command(flatten)]
    conventions: report::Conventions,
    #[command(flatten)]
    report: SequenceReportArgs,
}

impl SequenceArgs {
    /// Every option at its default, as clap gives them for `fairplay sequence [FILE]` (a test
    /// in main.rs compares the two).
    pub fn defaults(file: Option<PathBuf>) -> SequenceArgs {
        SequenceArgs {
            file,
            rules: RulesMode::Contract,
            teams: None,
            full: FullRuleArgs {
                first: None,
                card_plays: None,
            },
            live: false,
            max_line: DEFAULT_MAX_LINE,
            max_input: crate::input::DEFAULT_MAX_INPUT_BYTES,
            conventions: report::Conventions::default(),
            report: SequenceReportArgs::default(),
        }
    }
}

pub fn run(args: SequenceArgs) -> anyhow::Result<Output> {
    // Live JSON writes its own objects, line by line.
    let format = if args.live {
        Format::Text
    } else {
        args.report.format
    };
    report::or_document(format, "sequence", judge(args))
}

fn judge(args: SequenceArgs) -> anyhow::Result<Output> {
    args.conventions.one_log(args.file.as_deref(), "sequence")?;
    let rules = args.rules.rules(args.teams)?;
    let options = args.full.options(rules)?;
    let game = Sequence::new(rules).with_options(options);
    if args.live {
        let options = crate::live::Options {
            exit_code: args.conventions.exit_code,
            json: args.report.format == Format::Json,
        };
        return crate::live::run(&game, args.file.as_deref(), args.max_line, &options);
    }
    let input = Input::new(args.file);
    let format = args.report.format;
    if !args.report.explain {
        // The verdict, the report of the full rules and the JSON document judged as the log is
        // read: memory holds one line and the game's state (the JSON's explanation is built
        // from what the referee kept: the board, the first illegal move, the turns its marking
        // notes name).
        let mut referee = SequenceReferee::with_options(rules, options);
        let (judged, _) = report::opened(
            format,
            input.audit_with(&game, &mut referee, Keep::Nothing, args.max_line),
        )?;
        let judgement = match judged {
            Ok(judgement) => judgement,
            Err(error) => return report::failure(format, &game, &input, error),
        };
        let status = report::status(args.conventions.exit_code, &judgement.verdict);
        if format == Format::Json {
            let explanation = explain_streamed(&referee, judgement.actions);
            let document =
                report::document(&game, &judgement, Some(SequenceDetails::new(&explanation)));
            return Ok(document.with_status(status));
        }
        let text = match referee.full_report(judgement.actions) {
            Some(report) => report.to_string(),
            None => game.contract(&judgement.verdict),
        };
        return Ok(Output::from(text).with_status(status));
    }
    // --explain reads the whole log again: kept up to --max-input.
    let (judged, bytes) = report::opened(
        format,
        input.audit(&game, Keep::Upto(args.max_input), args.max_line),
    )?;
    let judgement = match judged {
        Ok(judgement) => judgement,
        Err(error) => return report::failure(format, &game, &input, error),
    };
    let status = report::status(args.conventions.exit_code, &judgement.verdict);
    let explained = match rules {
        SequenceRules::Contract => explain_contract(&bytes),
        SequenceRules::Full(teams) => explain_full_with(&bytes, teams, options),
    };
    let explanation = match explained {
        Ok(explanation) => explanation,
        Err(error) => return report::failure(format, &game, &input, LogError::from(error)),
    };
    let output = match format {
        Format::Json => {
            report::document(&game, &judgement, Some(SequenceDetails::new(&explanation)))
        }
        Format::Text => text(&explanation, report::style()).into(),
    };
    Ok(output.with_status(status))
}
