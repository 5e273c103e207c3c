//! `fairplay`: a referee for recorded card games.

mod batch;
mod completions;
mod input;
mod live;
mod quartets;
mod report;
mod sequence;
mod simulate;
mod variant;

use std::io::Write;
use std::process::ExitCode;

use clap::{CommandFactory, Parser, Subcommand};

/// A referee for recorded card games: did everybody play by the rules?
///
/// Give it the log of a game; it prints its verdict in the format of the original problem.
#[derive(Parser, Debug)]
#[command(name = "fairplay", version, propagate_version = true)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Judge a Quartets log: does any deal make every action honest?
    Quartets(quartets::QuartetsArgs),
    /// Validate a Sequence log: find the first illegal move.
    Sequence(sequence::SequenceArgs),
    /// Judge many logs (files, directories, JSON Lines) in parallel: one row per log.
    Batch(batch::BatchArgs),
    /// Write a random log from the simulators, to try the referee.
    Simulate(simulate::SimulateArgs),
    /// Print a shell completion script (bash, zsh, fish, elvish, powershell).
    Completions(completions::CompletionsArgs),
    /// Print the man page (roff).
    Man(completions::ManArgs),
}

/// What a command prints on standard output, and the exit status after it.
pub struct Output {
    /// The text for standard output.
    pub text: String,
    /// The exit status: 0, or 2 when the text is a JSON error document.
    pub status: u8,
}

impl From<String> for Output {
    fn from(text: String) -> Output {
        Output { text, status: 0 }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Quartets(args) => quartets::run(args),
        Command::Sequence(args) => sequence::run(args),
        Command::Batch(args) => batch::run(args).map(Output::from),
        Command::Simulate(args) => simulate::run(args).map(Output::from),
        Command::Completions(args) => {
            completions::completions(args, Cli::command()).map(Output::from)
        }
        Command::Man(args) => completions::man(args, Cli::command()).map(Output::from),
    };
    match result {
        Ok(output) => {
            let mut out = std::io::stdout().lock();
            match out
                .write_all(output.text.as_bytes())
                .and_then(|()| out.flush())
            {
                Ok(()) => ExitCode::from(output.status),
                // A closed pipe (e.g. `| head`) is not an error worth reporting.
                Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                    ExitCode::from(output.status)
                }
                Err(e) => {
                    eprintln!("fairplay: cannot write the output: {e}");
                    ExitCode::from(2)
                }
            }
        }
        Err(error) => {
            eprintln!("fairplay: {error:#}");
            ExitCode::from(2)
        }
    }
}
