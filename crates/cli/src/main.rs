//! `fairplay`: a referee for recorded card games.

mod input;
mod quartets;
mod sequence;

use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

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
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Quartets(args) => quartets::run(args),
        Command::Sequence(args) => sequence::run(args),
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
