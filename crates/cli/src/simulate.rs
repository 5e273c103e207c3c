//! `fairplay simulate`: random logs from the simulators, to try the referee without a log of
//! one's own (and to build benchmark corpora).
//!
//! One log goes to standard output in the format the judge reads, so
//! `fairplay simulate quartets --seed 1 | fairplay quartets` works. Several logs
//! (`--count N`, seeds `N`, `N+1`, ...) go to standard output as JSON Lines (`--jsonl`, the
//! input format of `fairplay batch`) or to one file each (`--out-dir DIR`).

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum};
use fairplay_sequence::Teams;
use fairplay_sim::{quartets as sim_quartets, sequence as sim_sequence};
use rayon::prelude::*;
use serde::Serialize;

use crate::variant::QuartetsVariant;

/// Options of `fairplay simulate`.
#[derive(Args, Debug)]
#[command(after_help = "\
Examples:
  fairplay simulate quartets --seed 1 | fairplay quartets
  fairplay simulate quartets --seed 7 --cheat-rate 0.05 > game.log
  fairplay simulate sequence --seed 3 --illegal-rate 0.02 | fairplay sequence
  fairplay simulate sequence --seed 3 --rules full --teams 3 | fairplay sequence --rules full
  fairplay simulate quartets --count 1000 --cheat-rate 0.01 --jsonl | fairplay batch -
  fairplay simulate sequence --count 100000 --out-dir corpus/sequence")]
pub struct SimulateArgs {
    #[command(subcommand)]
    game: SimulateGame,
}

#[derive(Subcommand, Debug)]
enum SimulateGame {
    /// A Quartets game: honest players, cheaters (at --cheat-rate) and fools.
    Quartets(QuartetsOptions),
    /// A Sequence game: greedy legal play, illegal moves injected at --illegal-rate.
    Sequence(SequenceOptions),
}

/// What every simulation takes: which games, and where they go.
#[derive(Args, Debug)]
struct Output {
    /// Seed of the (first) game: the same seed and options give the same log.
    #[arg(long, default_value_t = 0, value_name = "N")]
    seed: u64,
    /// Number of games, with seeds SEED, SEED+1, ...; more than one needs --jsonl or
    /// --out-dir.
    #[arg(long, default_value_t = 1, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// Write JSON Lines records {"id", "game", "log"} (the input of `fairplay batch`).
    #[arg(long, conflicts_with = "out_dir")]
    jsonl: bool,
    /// Write each log to its own file in DIR (created if needed), named GAME-SEED.log.
    #[arg(long, value_name = "DIR")]
    out_dir: Option<PathBuf>,
}

fn rate(text: &str) -> Result<f64, String> {
    let rate: f64 = text.parse().map_err(|e| format!("{e}"))?;
    if (0.0..=1.0).contains(&rate) {
        Ok(rate)
    } else {
        Err(format!("a rate is a probability from 0 to 1, not {rate}"))
    }
}

#[derive(Args, Debug)]
struct QuartetsOptions {
    #[command(flatten)]
    output: Output,
    /// Per opportunity, the probability of each cheat (asking without holding the set,
    /// denying a card one holds).
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate)]
    cheat_rate: f64,
    /// Per ask, the probability of a foolish (honest) ask, for a card of one's own set.
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate)]
    foolish_rate: f64,
    /// When a player holds a complete set, the probability of laying it aside (0: long
    /// games).
    #[arg(long, default_value_t = 1.0, value_name = "R", value_parser = rate)]
    lay_aside_rate: f64,
    /// The log stops after this many actions if the game is not over.
    #[arg(long, default_value_t = 1000, value_name = "N")]
    actions: usize,
    #[command(flatten)]
    variant: QuartetsVariant,
}

/// The rules (and format) of a simulated Sequence log.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SequenceFormat {
    /// The spec's format, for `fairplay sequence`.
    Contract,
    /// The extended format (squares, teams, discards), for `fairplay sequence --rules full`.
    Full,
}

#[derive(Args, Debug)]
struct SequenceOptions {
    #[command(flatten)]
    output: Output,
    /// The rules played and the log format written.
    #[arg(long, value_enum, default_value_t = SequenceFormat::Contract)]
    rules: SequenceFormat,
    /// Number of teams (2 or 3) for --rules full.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u8).range(2..=3))]
    teams: Option<u8>,
    /// Per line, the probability that an illegal move is written there.
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate)]
    illegal_rate: f64,
    /// The log stops after this many moves if the game is not over.
    #[arg(long, default_value_t = 104, value_name = "N")]
    moves: usize,
}

pub fn run(args: SimulateArgs) -> anyhow::Result<String> {
    match args.game {
        SimulateGame::Quartets(options) => {
            let config = sim_quartets::Config::new(options.variant.rules()?)
                .with_cheat_rate(options.cheat_rate)
                .with_foolish_rate(options.foolish_rate)
                .with_lay_aside_rate(options.lay_aside_rate)
                .with_max_actions(options.actions);
            emit(&options.output, "quartets", |seed| {
                sim_quartets::simulate_seeded(&config, seed).log()
            })
        }
        SimulateGame::Sequence(options) => {
            let teams = options.teams.and_then(|n| Teams::new(usize::from(n)));
            let config = match options.rules {
                SequenceFormat::Contract if teams.is_some() => {
                    anyhow::bail!("--teams applies only with --rules full")
                }
                SequenceFormat::Contract => sim_sequence::Config::contract(),
                SequenceFormat::Full => sim_sequence::Config::full(teams.unwrap_or(Teams::Two)),
            }
            .with_inject_rate(options.illegal_rate)
            .with_max_moves(options.moves);
            emit(&options.output, "sequence", |seed| {
                sim_sequence::simulate_seeded(&config, seed).log()
            })
        }
    }
}

/// A JSON Lines record, as `fairplay batch` reads it.
#[derive(Serialize)]
struct Record<'a> {
    id: &'a str,
    game: &'a str,
    log: &'a str,
}

/// Games simulated at once, in parallel, before they are written.
const CHUNK: u64 = 4096;

/// Simulates the games asked for and writes them where asked.
fn emit(
    output: &Output,
    game: &str,
    simulate: impl Fn(u64) -> String + Sync,
) -> anyhow::Result<String> {
    let Output {
        seed,
        count,
        jsonl,
        ref out_dir,
    } = *output;
    let last = seed
        .checked_add(count.saturating_sub(1))
        .ok_or_else(|| anyhow::anyhow!("--seed {seed} with --count {count} runs past 2^64"))?;
    if out_dir.is_none() && !jsonl {
        if count != 1 {
            anyhow::bail!("--count {count} writes several logs: add --jsonl or --out-dir DIR");
        }
        return Ok(simulate(seed));
    }
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("cannot create {}: {e}", dir.display()))?;
    }
    let width = last.to_string().len();
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut next = seed;
    let mut left = count;
    while left > 0 {
        let n = left.min(CHUNK);
        let logs: Vec<(u64, String)> = (next..next + n)
            .into_par_iter()
            .map(|seed| (seed, simulate(seed)))
            .collect();
        match out_dir {
            Some(dir) => logs
                .par_iter()
                .try_for_each(|(seed, log)| write_file(dir, game, *seed, width, log))?,
            None => {
                for (seed, log) in &logs {
                    let id = format!("{game}-{seed}");
                    let record = Record { id: &id, game, log };
                    let written = serde_json::to_writer(&mut out, &record)
                        .map_err(io::Error::from)
                        .and_then(|()| out.write_all(b"\n"));
                    match written {
                        Ok(()) => {}
                        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(String::new()),
                        Err(e) => anyhow::bail!("cannot write: {e}"),
                    }
                }
            }
        }
        next += n;
        left -= n;
    }
    match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => anyhow::bail!("cannot write: {e}"),
        _ => {}
    }
    if let Some(dir) = out_dir {
        eprintln!("wrote {count} {game} logs to {}", dir.display());
    }
    Ok(String::new())
}

fn write_file(dir: &Path, game: &str, seed: u64, width: usize, log: &str) -> anyhow::Result<()> {
    let path = dir.join(format!("{game}-{seed:0width$}.log"));
    std::fs::write(&path, log).map_err(|e| anyhow::anyhow!("cannot write {}: {e}", path.display()))
}
