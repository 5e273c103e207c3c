//! `fairplay`: a referee for recorded card games.

mod batch;
mod completions;
mod explain;
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

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Quartets(args) => quartets::run(args),
        Command::Sequence(args) => sequence::run(args),
        Command::Batch(args) => batch::run(args),
        Command::Simulate(args) => simulate::run(args),
        Command::Completions(args) => completions::completions(args, Cli::command()),
        Command::Man(args) => completions::man(args, Cli::command()),
    };
    match result {
        Ok(text) => {
            let mut out = std::io::stdout().lock();
            // A closed pipe (e.g. `| head`) is not an error worth reporting.
            let _ = out.write_all(text.as_bytes()).and_then(|()| out.flush());
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("fairplay: {error:#}");
            ExitCode::from(2)
        }
    }
}
