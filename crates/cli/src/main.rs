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

/// The options every command shares, alone: with one subcommand, the tree a command line that
/// judges logs is parsed with first.
#[derive(clap::Args, Debug)]
struct Shared {
    #[arg(long, global = true, value_enum, default_value_t = ColorWhen::Auto)]
    color: ColorWhen,
}

/// The commands that judge logs, as parsed from a tree of one of them (see [`OneCommand::parse`]).
#[derive(Subcommand, Debug)]
enum Judging {
    Quartets(quartets::QuartetsArgs),
    Sequence(sequence::SequenceArgs),
    Gofish(gofish::GoFishArgs),
    Batch(batch::BatchArgs),
}

/// A command line that judges logs (`quartets`, `sequence`, `gofish`, `batch`), parsed with a
/// tree of the options every command shares and the one subcommand it names: building every
/// subcommand's arguments cost more than judging a short log (issue 31, point 1). Anything it
/// does not parse (help, version, an error, another command) is parsed again with the whole
/// tree, so every message is the same.
struct OneCommand;

impl OneCommand {
    /// `fairplay GAME` or `fairplay GAME FILE`, the commonest command lines: every option at
    /// its default (`QuartetsArgs::defaults`, ...), without building clap's tree of the
    /// options, which cost more than judging a short log (150 K instructions; issue 31, point
    /// 1). What clap would refuse or read as an option (an empty name, one starting with `-`
    /// other than `-` itself) is left to clap.
    fn bare(args: &[std::ffi::OsString]) -> Option<Cli> {
        let file = match args {
            [_, _] => None,
            [_, _, file]
                if file.as_os_str() == "-"
                    || !(file.is_empty() || file.as_encoded_bytes().starts_with(b"-")) =>
            {
                Some(std::path::PathBuf::from(file))
            }
            _ => return None,
        };
        let command = match args[1].to_str()? {
            "quartets" => Command::Quartets(quartets::QuartetsArgs::defaults(file)),
            "sequence" => Command::Sequence(sequence::SequenceArgs::defaults(file)),
            "gofish" => Command::Gofish(gofish::GoFishArgs::defaults(file)),
            _ => return None,
        };
        Some(Cli {
            color: ColorWhen::Auto,
            command,
        })
    }

    /// The command line, when it judges logs and parses as such.
    fn parse(args: &[std::ffi::OsString]) -> Option<Cli> {
        use clap::Args as _;
        if let Some(cli) = OneCommand::bare(args) {
            return Some(cli);
        }
        let subcommand = match args.get(1)?.to_str()? {
            "quartets" => quartets::QuartetsArgs::augment_args(clap::Command::new("quartets")),
            "sequence" => sequence::SequenceArgs::augment_args(clap::Command::new("sequence")),
            "gofish" => gofish::GoFishArgs::augment_args(clap::Command::new("gofish")),
            "batch" => batch::BatchArgs::augment_args(clap::Command::new("batch")),
            _ => return None,
        };
        let mut parser = Shared::augment_args(clap::Command::new("fairplay"))
            .subcommand(subcommand)
            .subcommand_required(true);
        let mut matches = parser.try_get_matches_from_mut(args).ok()?;
        let shared = Shared::from_arg_matches_mut(&mut matches).ok()?;
        let command = Judging::from_arg_matches_mut(&mut matches).ok()?;
        // Freed with the process, as the whole tree is in `main`.
        std::mem::forget(matches);
        std::mem::forget(parser);
        Some(Cli {
            color: shared.color,
            command: match command {
                Judging::Quartets(args) => Command::Quartets(args),
                Judging::Sequence(args) => Command::Sequence(args),
                Judging::Gofish(args) => Command::Gofish(args),
                Judging::Batch(args) => Command::Batch(args),
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
    if let Some(cli) = OneCommand::parse(&args) {
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

#[cfg(test)]
mod tests {
    use super::{command, Cli, OneCommand};
    use std::ffi::OsString;

    fn words(line: &str) -> Vec<OsString> {
        std::iter::once("fairplay")
            .chain(line.split(' '))
            .map(Into::into)
            .collect()
    }
    use clap::FromArgMatches;

    /// A command line that judges logs parses to the same command with the tree of its one
    /// subcommand as with the whole tree, and whatever the whole tree refuses or answers with
    /// help is left to it.
    #[test]
    fn one_subcommand_parses_as_the_whole_tree() {
        let lines = [
            "quartets x.log",
            "quartets",
            "quartets -",
            "sequence",
            "sequence -",
            "gofish",
            "gofish -",
            "quartets --players 6 --sets 9 --cards-per-set 3 --explain x.log",
            "quartets --hands 9,9,7 --players 3 --sets 5 --cards-per-set 5 x.log",
            "--color never quartets --format json --exit-code x.log",
            "quartets --format json --exit-code x.log --color never",
            "quartets x.log --color always --live --max-line 100 --max-input 1000",
            "quartets --knowledge --at 3 --seat 2 --hand 1A,2B x.log",
            "quartets --deal --true-deal d.txt x.log",
            "sequence x.log",
            "sequence --rules full --teams 3 --first red --card-plays unlimited x.log",
            "sequence --explain --format json --color never x.log",
            "gofish x.log",
            "gofish --players 3 --ranks 13 --hand 7 --fish-turn asked --explain x.log",
            "gofish --knowledge --at 2 --seat 1 --hand-of 2,3 --draws 4 x.log",
            "batch logs/",
            "batch -j1 --no-progress --format csv logs/ more.jsonl",
            "batch --game quartets --players 6 --sets 9 --explain --true-deals -q a.log",
            "batch --glob *.txt --glob !old/ --type all --exit-code --source logs/",
            "batch --rules full --teams 3 --max-line 99 --max-record 1000 --color never -",
            "batch --game gofish --players 3 --ranks 13 logs/",
            // Left to the whole tree: errors, help, version.
            "quartets --players",
            // An empty file name: clap refuses it.
            "quartets ",
            "quartets -x",
            "quartets --",
            "quartets --no-such-option x.log",
            "quartets x.log y.log",
            "quartets --help",
            "quartets -V",
            "sequence --rules nonsense x.log",
            "gofish --players 1 x.log",
            "batch",
            "batch --jobs 0 logs/",
            "batch --help",
        ];
        for line in lines {
            let args = words(line);
            let whole = command()
                .try_get_matches_from(&args)
                .and_then(|matches| Cli::from_arg_matches(&matches));
            let one = OneCommand::parse(&args);
            match (whole, one) {
                (Ok(cli), Some(one)) => {
                    assert_eq!(format!("{one:?}"), format!("{cli:?}"), "{line}")
                }
                // Options before the subcommand are left to the whole tree.
                (Ok(_), None) => assert!(line.starts_with("--"), "{line}"),
                (Err(_), one) => assert!(one.is_none(), "{line}"),
            }
        }
    }

    /// `fairplay GAME [FILE]` alone skips clap, and gives what clap gives: the defaults of
    /// `QuartetsArgs::defaults` and the others are those of the options' attributes.
    #[test]
    fn bare_command_lines_skip_clap_to_the_same_command() {
        let bare = [
            "quartets",
            "quartets x.log",
            "quartets -",
            "quartets help",
            "sequence",
            "sequence x.log",
            "gofish",
            "gofish x.log",
        ];
        for line in bare {
            let args = words(line);
            let cli = command()
                .try_get_matches_from(&args)
                .and_then(|matches| Cli::from_arg_matches(&matches))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            let one = OneCommand::bare(&args).unwrap_or_else(|| panic!("{line}: not bare"));
            assert_eq!(format!("{one:?}"), format!("{cli:?}"), "{line}");
        }
        let not_bare = [
            "quartets --live",
            "quartets x.log y.log",
            "quartets -x",
            "quartets ",
            "quartets --help",
            "batch x.log",
            "simulate quartets",
            "help",
            "--color never quartets x.log",
        ];
        for line in not_bare {
            assert!(OneCommand::bare(&words(line)).is_none(), "{line}");
        }
    }
}
