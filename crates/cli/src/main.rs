//! `fairplay`: a referee for recorded card games.

mod batch;
mod completions;
mod error;
mod gofish;
mod help;
mod input;
mod live;
mod quartets;
mod report;
mod sequence;
mod simulate;
mod variant;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};

/// A referee for recorded card games: did everybody play by the rules?
///
/// Give it the log of a game; it prints its verdict in the game's contract format
/// (`fairplay help quartets`, `fairplay help sequence` and `fairplay help gofish` tell the
/// rules, the log formats and the contracts; `fairplay help` lists every guide).
#[derive(Parser, Debug)]
#[command(
    name = "fairplay",
    version,
    propagate_version = true,
    disable_help_subcommand = true
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// When to colour the human output: `auto` on a terminal unless NO_COLOR is set or
    /// TERM=dumb (CLICOLOR_FORCE forces it), `always`, or `never`.
    #[arg(long, global = true, value_enum, value_name = "WHEN", default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
}

/// When to colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum ColorWhen {
    /// On a terminal, as the environment allows.
    Auto,
    /// Always.
    Always,
    /// Never.
    Never,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Judge a Quartets log: does any deal make every action honest?
    Quartets(quartets::QuartetsArgs),
    /// Validate a Sequence log: find the first illegal move.
    Sequence(sequence::SequenceArgs),
    /// Judge a Go Fish log: do some hands and stock order make every action honest?
    Gofish(gofish::GoFishArgs),
    /// Judge many logs (files, directories, JSON Lines) in parallel: one row per log.
    Batch(batch::BatchArgs),
    /// Write a random log from the simulators, to try the referee.
    Simulate(simulate::SimulateArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(completions::ManArgs),
    /// Print a guide: the rules and log formats, reports, batch and live, conventions.
    Help(help::HelpArgs),
}

/// The single-log commands alone, with the options every command shares: a command line
/// that judges one log is parsed with this tree first, which builds only their arguments
/// (building every subcommand's cost more than judging a short log). Anything it does not
/// parse (help, version, an error, another command) is parsed again with the whole tree, so
/// every message is the same.
#[derive(Parser, Debug)]
#[command(name = "fairplay")]
struct OneLog {
    #[command(subcommand)]
    command: OneLogCommand,
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
}

#[derive(Subcommand, Debug)]
enum OneLogCommand {
    Quartets(quartets::QuartetsArgs),
    Sequence(sequence::SequenceArgs),
    Gofish(gofish::GoFishArgs),
}

impl OneLog {
    /// The command line, when it judges one log and parses as such.
    fn parse(args: &[std::ffi::OsString]) -> Option<Cli> {
        let first = args.get(1)?.to_str()?;
        if !matches!(first, "quartets" | "sequence" | "gofish") {
            return None;
        }
        let mut parser = OneLog::command();
        let mut matches = parser.try_get_matches_from_mut(args).ok()?;
        let one = OneLog::from_arg_matches_mut(&mut matches).ok()?;
        // Freed with the process, as the whole tree is in `main`.
        std::mem::forget(matches);
        std::mem::forget(parser);
        Some(Cli {
            color: one.color,
            command: match one.command {
                OneLogCommand::Quartets(args) => Command::Quartets(args),
                OneLogCommand::Sequence(args) => Command::Sequence(args),
                OneLogCommand::Gofish(args) => Command::Gofish(args),
            },
        })
    }
}

/// What a command prints on standard output, and the exit status after it.
pub struct Output {
    /// The text for standard output.
    pub text: String,
    /// The exit status: 0; 1 for a foul with `--exit-code`; 2 when the text is a JSON error
    /// document.
    pub status: u8,
}

impl Output {
    /// The same output with exit status `status`.
    pub fn with_status(self, status: u8) -> Output {
        Output { status, ..self }
    }
}

impl From<String> for Output {
    fn from(text: String) -> Output {
        Output { text, status: 0 }
    }
}

/// The command line as parsed, with every subcommand's `--version` saying `fairplay` (clap
/// would name the subcommand, `fairplay-quartets`).
fn command() -> clap::Command {
    let mut command = Cli::command();
    let names: Vec<String> = command
        .get_subcommands()
        .map(|s| s.get_name().to_string())
        .collect();
    for name in names {
        command = command.mut_subcommand(name, |s| s.display_name("fairplay"));
    }
    command
}

fn main() -> ExitCode {
    // As given: a path that is not UTF-8 is still a path.
    let args: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(cli) = OneLog::parse(&args) {
        return run(cli);
    }
    let mut parser = command();
    let parsed = parser
        .try_get_matches_from_mut(&args)
        .and_then(|mut matches| {
            // Taken from the matches rather than from a copy of them (`from_arg_matches`
            // clones every match), and the matches left to the end of the process.
            let cli = Cli::from_arg_matches_mut(&mut matches);
            std::mem::forget(matches);
            cli
        });
    let cli = match parsed {
        Ok(cli) => cli,
        // `--help` and `--version` are output like any other: a failed write is an error.
        Err(e) if !e.use_stderr() => {
            let status = u8::try_from(e.exit_code()).unwrap_or(2);
            return written(e.print().and_then(|()| std::io::stdout().flush()), status);
        }
        // A command given no subcommand (`fairplay`, `fairplay simulate`) gets clap's help,
        // which lists them, on standard error.
        Err(e) if e.kind() == clap::error::ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            e.exit()
        }
        Err(e) => {
            let words: Vec<String> = args.iter().map(|a| a.to_string_lossy().into()).collect();
            let failure = error::usage(&e, &mut parser, &words);
            eprint!("{}", error::lines(&failure.into()));
            return ExitCode::from(2);
        }
    };
    // The command line's tree is freed with the process: dropping it piece by piece cost
    // more instructions than judging a short log (issue 31, point 1; callgrind).
    std::mem::forget(parser);
    run(cli)
}

/// Runs the command as parsed: its output on standard output, its exit status.
fn run(cli: Cli) -> ExitCode {
    match cli.color {
        ColorWhen::Auto => {}
        ColorWhen::Always => anstream::ColorChoice::Always.write_global(),
        ColorWhen::Never => anstream::ColorChoice::Never.write_global(),
    }
    let result = match cli.command {
        Command::Quartets(args) => quartets::run(args),
        Command::Sequence(args) => sequence::run(args),
        Command::Gofish(args) => gofish::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Simulate(args) => simulate::run(args).map(Output::from),
        // The pages and scripts are named after each subcommand: from clap's own names.
        Command::Completions(args) => {
            completions::completions(args, Cli::command()).map(Output::from)
        }
        Command::Man(args) => completions::man(args, Cli::command()).map(Output::from),
        Command::Help(args) => help::run(args).map(Output::from),
    };
    match result {
        Ok(output) => {
            let mut out = std::io::stdout().lock();
            written(
                out.write_all(output.text.as_bytes())
                    .and_then(|()| out.flush()),
                output.status,
            )
        }
        Err(error) => {
            eprint!("{}", error::lines(&error));
            ExitCode::from(2)
        }
    }
}

/// The exit status after writing the output: `status` once written, and when the reader has
/// gone (a closed pipe, `| head`: not an error worth reporting); 2 for any other failed write
/// (a full disk), said on standard error (`fairplay: <stdout>: cannot write: ...`).
fn written(result: std::io::Result<()>, status: u8) -> ExitCode {
    match result {
        Ok(()) => ExitCode::from(status),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::from(status),
        Err(e) => {
            let failure = error::Failure::new("<stdout>", format!("cannot write: {e}"));
            eprint!("{}", error::lines(&failure.into()));
            ExitCode::from(2)
        }
    }
}
