//! `fairplay simulate`: random logs from the simulators, to try the referee without a log of
//! one's own, to build benchmark corpora, and to make test data with its expected answers.
//!
//! One log goes to standard output in the format the judge reads, so
//! `fairplay simulate quartets --seed 1 | fairplay quartets` works. Several logs
//! (`--count N`, seeds `N`, `N+1`, ...) go to standard output as JSON Lines (`--format jsonl`,
//! the input format of `fairplay batch`) or to one file each (`--out-dir DIR`). With
//! `--answers`, each log comes with what the judge prints for it, computed by the engines
//! through [`fairplay_core::Game`]; with `--truth`, with what the simulator knows and the log
//! does not say (the deal, the cheats, the illegal moves), as JSON.

use std::io::{self, Write};
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand, ValueEnum, ValueHint};
use fairplay_core::Game;
use fairplay_gofish::GoFish;
use fairplay_quartets::{Quartets, Rules};
use fairplay_sequence::{audit_full_with, Sequence, SequenceRules, Team, Teams};
use fairplay_sim::gofish::{self as sim_gofish, Cheat as GoFishCheat};
use fairplay_sim::quartets::{self as sim_quartets, CheatAtMissed};
use fairplay_sim::sequence::{self as sim_sequence, InjectionMissed};
use rayon::prelude::*;
use serde::Serialize;

use crate::variant::QuartetsVariant;

/// Options of `fairplay simulate`.
#[derive(Args, Debug)]
#[command(after_help = "\
Files (--out-dir DIR): DIR/GAME-SEED.log (e.g. quartets-17.log), with --answers also
GAME-SEED.ans (what `fairplay quartets` / `fairplay sequence` / `fairplay gofish` prints for
the log, with the same variant or rules options), with --truth also GAME-SEED.json (Quartets:
each player's dealt cards and every cheat; Sequence: every illegal move; Go Fish: the hands,
the stock's order and every cheat). With --format jsonl the same are
fields of each record: `answer`, and `seed`, `deal`, `cheats`, ... (fairplay help simulate).

Examples:
  fairplay simulate quartets --seed 1 | fairplay quartets
  fairplay simulate quartets --seed 7 --cheat-rate 0.05 > game.log
  fairplay simulate quartets --seed 7 --cheat-at 20 --answers --truth --out-dir testdata
  fairplay simulate sequence --seed 3 --illegal-rate 0.02 | fairplay sequence
  fairplay simulate sequence --seed 3 --rules full --teams 3 | fairplay sequence --rules full
  fairplay simulate gofish --seed 2 --cheat-rate 0.02 | fairplay gofish
  fairplay simulate gofish --players 2 --ranks 3 --hand 3 --cheat-at 4 --answers --truth --format jsonl
  fairplay simulate quartets --count 1000 --cheat-rate 0.01 --format jsonl | fairplay batch -
  fairplay simulate sequence --count 100000 --out-dir corpus/sequence")]
pub struct SimulateArgs {
    #[command(subcommand)]
    game: SimulateGame,
}

#[derive(Subcommand, Debug)]
enum SimulateGame {
    /// A Quartets game: honest players, cheaters (at --cheat-rate, or at --cheat-at) and fools.
    Quartets(QuartetsOptions),
    /// A Sequence game: greedy legal play, illegal moves at --illegal-rate or --illegal-at.
    Sequence(SequenceOptions),
    /// A Go Fish game: honest players who remember what everybody saw, fools, and cheaters (at
    /// --cheat-rate, or at --cheat-at).
    #[command(name = "gofish")]
    GoFish(GoFishOptions),
}

/// How the games are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum Format {
    /// The log, as the judges read it: one game on standard output, or one file per game
    /// with --out-dir.
    Log,
    /// One JSON Lines record per game on standard output, {"id", "game", "log"} (the input
    /// of `fairplay batch -`).
    Jsonl,
}

/// What every simulation takes: which games, and where they go.
#[derive(Args, Debug)]
struct Output {
    /// Seed of the (first) game: the same seed and options give the same log.
    #[arg(long, default_value_t = 0, value_name = "N", value_hint = ValueHint::Other)]
    seed: u64,
    /// Number of games, with seeds SEED, SEED+1, ...; more than one needs --format jsonl or
    /// --out-dir.
    #[arg(long, default_value_t = 1, value_name = "N", value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u64).range(1..))]
    count: u64,
    /// How to write the games.
    #[arg(long, value_enum, default_value_t = Format::Log)]
    format: Format,
    /// The spelling of --format jsonl before there was --format.
    #[arg(long, hide = true, conflicts_with_all = ["format", "out_dir"])]
    jsonl: bool,
    /// Write each log to its own file in DIR (created if needed), named GAME-SEED.log.
    #[arg(long, value_name = "DIR", value_hint = ValueHint::DirPath)]
    out_dir: Option<PathBuf>,
    /// Also write each log's expected answer, exactly what `fairplay quartets`, `fairplay
    /// sequence` or `fairplay gofish` prints for it: GAME-SEED.ans with --out-dir, an `answer` field with
    /// --format jsonl.
    #[arg(long)]
    answers: bool,
    /// Also write what the log does not say, as JSON: Quartets: the deal and every cheat
    /// (action, player, kind); Sequence: every illegal move (turn, kind); Go Fish: the hands,
    /// the stock's order and every cheat. GAME-SEED.json with
    /// --out-dir, fields of each record with --format jsonl.
    #[arg(long)]
    truth: bool,
}

impl Output {
    fn format(&self) -> Format {
        if self.jsonl {
            Format::Jsonl
        } else {
            self.format
        }
    }
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
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    cheat_rate: f64,
    /// Make action N a cheat: the player on turn asks for a card of a set they hold no card
    /// of, or asks for a card of a set they hold and the player who has it denies it (either,
    /// when both are possible). Without --cheat-rate it is the only cheat: the verdict is
    /// `yes` (never exposed) or `no` with an action of N or later. An error names the first
    /// seed whose game is over before action N, or has one player left with cards at N.
    #[arg(long, value_name = "N", value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u64).range(1..))]
    cheat_at: Option<u64>,
    /// Per ask, the probability of a foolish (honest) ask, for a card of one's own set.
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    foolish_rate: f64,
    /// When a player holds a complete set, the probability of laying it aside (0: long
    /// games).
    #[arg(long, default_value_t = 1.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    lay_aside_rate: f64,
    /// The log stops after this many actions if the game is not over.
    #[arg(long, default_value_t = 1000, value_name = "N", value_hint = ValueHint::Other)]
    actions: usize,
    #[command(flatten)]
    variant: QuartetsVariant,
}

/// A kind of Go Fish cheat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum GoFishCheatArg {
    /// Asking for a rank while holding none of it.
    AskWithoutRank,
    /// Handing over fewer cards of the rank than one holds ("Go fish" while holding some).
    ShortHandover,
    /// Keeping a drawn card of the rank just asked for unseen (and so passing the turn).
    HiddenCatch,
    /// Holding four of a rank without laying the book as the next action.
    KeptBook,
}

impl From<GoFishCheatArg> for GoFishCheat {
    fn from(arg: GoFishCheatArg) -> GoFishCheat {
        match arg {
            GoFishCheatArg::AskWithoutRank => GoFishCheat::AskWithoutRank,
            GoFishCheatArg::ShortHandover => GoFishCheat::ShortHandover,
            GoFishCheatArg::HiddenCatch => GoFishCheat::HiddenCatch,
            GoFishCheatArg::KeptBook => GoFishCheat::KeptBook,
        }
    }
}

/// Where the turn goes after a "Go fish" that caught nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
enum SimFishTurn {
    /// To the next player still in the game.
    Next,
    /// To the player who said "Go fish".
    Asked,
}

#[derive(Args, Debug)]
struct GoFishOptions {
    #[command(flatten)]
    output: Output,
    /// Per opportunity, the probability of each cheat of the --cheat-kind kinds: per ask,
    /// asking for a rank one holds none of; per answer, handing over fewer cards than one
    /// holds; per drawn card of the rank asked for, keeping it unseen; per four of a rank in
    /// hand, not laying the book at once.
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    cheat_rate: f64,
    /// The kinds of cheat that --cheat-rate and --cheat-at make [default: all four].
    #[arg(long, value_enum, value_delimiter = ',', value_name = "KIND")]
    cheat_kind: Vec<GoFishCheatArg>,
    /// Make action N a cheat of a --cheat-kind kind possible there (the action before it is
    /// chosen to make one possible, when it can be). Without --cheat-rate it is the only cheat:
    /// the verdict is `yes` (never exposed) or `no` with an action of N or later. An error
    /// names the first seed whose game is over before action N, or where no cheat of those
    /// kinds is possible at N (a draw into an empty hand, say).
    #[arg(long, value_name = "N", value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u64).range(1..))]
    cheat_at: Option<u64>,
    /// Per honest ask, the probability of using what everybody saw (asking a player known to
    /// hold one of one's ranks, not one known to hold none); otherwise a rank in hand from
    /// anyone.
    #[arg(long, default_value_t = 1.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    memory: f64,
    /// Per honest ask, the probability of a foolish one: a rank in hand from a random player,
    /// whatever is known.
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    foolish_rate: f64,
    /// The log stops after this many actions if the game is not over (a game goes on after
    /// the stock is empty, with asks and handovers, until every book is laid).
    #[arg(long, default_value_t = 1000, value_name = "N", value_hint = ValueHint::Other)]
    actions: usize,
    /// Number of players (2 to 10).
    #[arg(long, default_value_t = 4, value_name = "N", value_hint = ValueHint::Other)]
    players: usize,
    /// Number of ranks (1 to 13): the first N of A 2 3 4 5 6 7 8 9 10 J Q K, four cards each.
    #[arg(long, default_value_t = 13, value_name = "N", value_hint = ValueHint::Other)]
    ranks: usize,
    /// Cards dealt to each player [default: 7 with 2 or 3 players, else 5].
    #[arg(long, value_name = "N", value_hint = ValueHint::Other)]
    hand: Option<usize>,
    /// Where the turn goes after a "Go fish" that caught nothing.
    #[arg(long, value_enum, default_value_t = SimFishTurn::Next, value_name = "WHO")]
    fish_turn: SimFishTurn,
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
    #[arg(long, value_name = "N", value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u8).range(2..=3))]
    teams: Option<u8>,
    #[command(flatten)]
    full: crate::sequence::FullRuleArgs,
    /// --rules full: per move, the probability of playing where the team's longest line
    /// grows (lines of six to ten, often completed from inside).
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    line_rate: f64,
    /// --rules full: write the squares marked when a sequence is completed (`E2-I2`).
    #[arg(long)]
    record_marks: bool,
    /// Per line, the probability that an illegal move is written there.
    #[arg(long, default_value_t = 0.0, value_name = "R", value_parser = rate, allow_negative_numbers = true,
          value_hint = ValueHint::Other)]
    illegal_rate: f64,
    /// Write an illegal move at turn N, of a kind possible then, chosen at random; the game
    /// goes on from before it, as a referee refuses it. Without --illegal-rate it is the only
    /// one: `fairplay sequence` prints `INVALID N`. An error names the first seed whose game
    /// ends before turn N (under --rules full a win ends it: the next turn may be the
    /// illegal move, a move after the win).
    #[arg(long, alias = "cheat-at", value_name = "N", value_hint = ValueHint::Other,
          value_parser = clap::value_parser!(u64).range(1..))]
    illegal_at: Option<u64>,
    /// The log stops after this many moves if the game is not over.
    #[arg(long, default_value_t = 104, value_name = "N", value_hint = ValueHint::Other)]
    moves: usize,
}

pub fn run(args: SimulateArgs) -> anyhow::Result<String> {
    match args.game {
        SimulateGame::Quartets(options) => quartets(options),
        SimulateGame::Sequence(options) => sequence(options),
        SimulateGame::GoFish(options) => gofish(options),
    }
}

fn gofish(options: GoFishOptions) -> anyhow::Result<String> {
    let fish_turn = match options.fish_turn {
        SimFishTurn::Next => (fairplay_gofish::FishTurn::Next, sim_gofish::FishTurn::Next),
        SimFishTurn::Asked => (
            fairplay_gofish::FishTurn::Asked,
            sim_gofish::FishTurn::Asked,
        ),
    };
    // The engine's rules name what is wrong with the sizes; the simulator plays the same.
    let rules =
        fairplay_gofish::Rules::new(options.players, options.ranks, options.hand, fish_turn.0)?;
    let sim_rules = sim_gofish::Rules::new(
        rules.players(),
        rules.ranks(),
        Some(rules.hand()),
        fish_turn.1,
    )
    .ok_or_else(|| anyhow::anyhow!("the simulator cannot play {}", rules.describe()))?;
    let kinds: Vec<GoFishCheat> = options.cheat_kind.iter().map(|&k| k.into()).collect();
    let mut config = sim_gofish::Config::new(sim_rules)
        .with_memory(options.memory)
        .with_foolish_rate(options.foolish_rate)
        .with_max_actions(options.actions);
    for kind in GoFishCheat::ALL {
        if kinds.is_empty() || kinds.contains(&kind) {
            config = config.with_cheat_rate_of(kind, options.cheat_rate);
        }
    }
    let cheat_at = within("--cheat-at", options.cheat_at, "--actions", options.actions)?;
    if let Some(at) = cheat_at {
        config = config.with_cheat_at(at, &kinds);
    }
    let judge = GoFish::new(rules);
    let Output { answers, truth, .. } = options.output;
    emit(&options.output, "gofish", |seed| {
        let game = sim_gofish::simulate_seeded(&config, seed);
        if let Some(at) = cheat_at {
            game.cheat_at(at)
                .map_err(|missed| missed_gofish_cheat(seed, at, missed))?;
        }
        let log = game.log();
        Ok(Simulated {
            answer: answers.then(|| answer(&judge, &log, seed)).transpose()?,
            truth: truth.then(|| Truth::GoFish(GoFishTruth::new(&game, seed))),
            log,
        })
    })
}

fn missed_gofish_cheat(seed: u64, at: usize, missed: sim_gofish::CheatAtMissed) -> anyhow::Error {
    let why = match missed {
        sim_gofish::CheatAtMissed::TooShort {
            actions,
            finished: true,
        } => format!("the game is over after {actions} actions"),
        sim_gofish::CheatAtMissed::TooShort { actions, .. } => {
            format!("the log ends after {actions} actions")
        }
        sim_gofish::CheatAtMissed::NoChance => {
            "no cheat of the kinds asked for is possible there".to_string()
        }
        sim_gofish::CheatAtMissed::NotAsked => "the action is honest".to_string(),
    };
    anyhow::anyhow!("--cheat-at {at}: seed {seed}: no cheat at action {at}: {why}")
}

fn quartets(options: QuartetsOptions) -> anyhow::Result<String> {
    let rules = options.variant.rules()?;
    let mut config = sim_quartets::Config::new(rules.clone())
        .with_cheat_rate(options.cheat_rate)
        .with_foolish_rate(options.foolish_rate)
        .with_lay_aside_rate(options.lay_aside_rate)
        .with_max_actions(options.actions);
    let cheat_at = within("--cheat-at", options.cheat_at, "--actions", options.actions)?;
    if let Some(at) = cheat_at {
        config = config.with_cheat_at(at);
    }
    let judge = Quartets::new(rules.clone());
    let Output { answers, truth, .. } = options.output;
    emit(&options.output, "quartets", |seed| {
        let game = sim_quartets::simulate_seeded(&config, seed);
        if let Some(at) = cheat_at {
            game.cheat_at(at)
                .map_err(|missed| missed_cheat(seed, at, missed))?;
        }
        let log = game.log();
        Ok(Simulated {
            answer: answers.then(|| answer(&judge, &log, seed)).transpose()?,
            truth: truth.then(|| Truth::Quartets(QuartetsTruth::new(&game, &rules, seed))),
            log,
        })
    })
}

fn sequence(options: SequenceOptions) -> anyhow::Result<String> {
    let teams = options.teams.and_then(|n| Teams::new(usize::from(n)));
    let (config, rules) = match options.rules {
        SequenceFormat::Contract if teams.is_some() => {
            anyhow::bail!("--teams: applies only with --rules full")
        }
        SequenceFormat::Contract => (sim_sequence::Config::contract(), SequenceRules::Contract),
        SequenceFormat::Full => (
            sim_sequence::Config::full(teams.unwrap_or(Teams::Two)),
            SequenceRules::Full(teams),
        ),
    };
    let full = options.full.options(rules)?;
    if options.rules == SequenceFormat::Contract
        && (options.line_rate > 0.0 || options.record_marks)
    {
        anyhow::bail!("--line-rate, --record-marks: apply only with --rules full");
    }
    let config = match rules {
        SequenceRules::Contract => config,
        SequenceRules::Full(_) => {
            let teams = match (teams, full.first) {
                (Some(teams), _) => teams,
                (None, Team::RED) => Teams::Three,
                (None, _) => Teams::Two,
            };
            sim_sequence::Config::full(teams)
                .with_first(full.first)
                .with_card_plays(full.card_plays)
                .with_line_rate(options.line_rate)
                .with_recorded_marks(options.record_marks)
        }
    };
    let mut config = config
        .with_inject_rate(options.illegal_rate)
        .with_max_moves(options.moves);
    let illegal_at = within("--illegal-at", options.illegal_at, "--moves", options.moves)?;
    if let Some(at) = illegal_at {
        config = config.with_inject_at(vec![at - 1]);
    }
    let judge = Sequence::new(rules).with_options(full);
    let Output { answers, truth, .. } = options.output;
    emit(&options.output, "sequence", |seed| {
        let game = sim_sequence::simulate_seeded(&config, seed);
        if let Some(at) = illegal_at {
            game.injection_at(at - 1)
                .map_err(|missed| missed_injection(seed, at, missed))?;
        }
        let log = game.log();
        let answer = match (answers, rules) {
            (false, _) => None,
            (true, SequenceRules::Contract) => Some(answer(&judge, &log, seed)?),
            // `fairplay sequence --rules full` prints the full report.
            (true, SequenceRules::Full(teams)) => Some(
                audit_full_with(log.as_bytes(), teams, full)
                    .map_err(|e| rejected(seed, &e))?
                    .to_string(),
            ),
        };
        Ok(Simulated {
            answer,
            truth: truth.then(|| Truth::Sequence(SequenceTruth::new(&game, seed))),
            log,
        })
    })
}

/// The action (move) `at` of `option`, checked against the log's length `limit` (`limit_option`).
fn within(
    option: &str,
    at: Option<u64>,
    limit_option: &str,
    limit: usize,
) -> anyhow::Result<Option<usize>> {
    match at {
        Some(at) if at > limit as u64 => {
            anyhow::bail!("{option} {at} is past the end of the log ({limit_option} {limit})")
        }
        at => Ok(at.map(|at| at as usize)),
    }
}

/// What the judge prints for `log`: the game's contract output for the engine's verdict.
fn answer(game: &dyn Game, log: &str, seed: u64) -> anyhow::Result<String> {
    let judgement = game.audit(log.as_bytes()).map_err(|e| rejected(seed, &e))?;
    Ok(game.contract(&judgement.verdict))
}

fn rejected(seed: u64, error: &dyn std::fmt::Display) -> anyhow::Error {
    anyhow::anyhow!("seed {seed}: a simulated log was not accepted: {error}")
}

fn missed_cheat(seed: u64, at: usize, missed: CheatAtMissed) -> anyhow::Error {
    let why = match missed {
        CheatAtMissed::TooShort {
            actions,
            finished: true,
        } => format!("the game is over after {actions} actions"),
        CheatAtMissed::TooShort { actions, .. } => format!("the log ends after {actions} actions"),
        CheatAtMissed::LastPlayer { player } => {
            format!("only player {player} has cards left then, and lays a set aside")
        }
        CheatAtMissed::NotAsked => "the action is honest".to_string(),
    };
    anyhow::anyhow!("--cheat-at {at}: seed {seed}: no cheat at action {at}: {why}")
}

fn missed_injection(seed: u64, at: usize, missed: InjectionMissed) -> anyhow::Error {
    let why = match missed {
        InjectionMissed::TooShort {
            moves,
            winner: Some(team),
        } => format!("the game is over before, {team} wins (the log has {moves} moves)"),
        InjectionMissed::TooShort { moves, .. } => {
            format!("the game ends after {moves} moves")
        }
        InjectionMissed::Legal => "no illegal move could be written there".to_string(),
    };
    anyhow::anyhow!("--illegal-at {at}: seed {seed}: no illegal move at turn {at}: {why}")
}

/// One simulated game, as written.
struct Simulated {
    log: String,
    answer: Option<String>,
    truth: Option<Truth>,
}

/// What the simulator knows about a game and its log does not say.
#[derive(Serialize)]
#[serde(untagged)]
enum Truth {
    Quartets(QuartetsTruth),
    Sequence(SequenceTruth),
    GoFish(GoFishTruth),
}

#[derive(Serialize)]
struct GoFishTruth {
    seed: u64,
    /// Each player's dealt ranks, player 1 first.
    deal: Vec<Hand>,
    /// The stock's ranks from the top: the first is drawn first.
    stock: Vec<&'static str>,
    /// Every false claim, in order.
    cheats: Vec<CheatRecord>,
    /// Whether the game was over at the end of the log.
    finished: bool,
}

impl GoFishTruth {
    fn new(game: &sim_gofish::Game, seed: u64) -> GoFishTruth {
        let name = |&rank: &u8| sim_gofish::RANK_NAMES[usize::from(rank)];
        GoFishTruth {
            seed,
            deal: game
                .deal
                .iter()
                .zip(1..)
                .map(|(hand, player)| Hand {
                    player,
                    cards: hand.iter().map(|r| name(r).to_string()).collect(),
                })
                .collect(),
            stock: game.stock.iter().map(name).collect(),
            cheats: game
                .cheats
                .iter()
                .map(|c| CheatRecord {
                    action: c.action,
                    player: c.player,
                    kind: c.kind.name(),
                })
                .collect(),
            finished: game.finished,
        }
    }
}

#[derive(Serialize)]
struct QuartetsTruth {
    seed: u64,
    /// Each player's dealt cards, player 1 first.
    deal: Vec<Hand>,
    /// Every false claim, in order.
    cheats: Vec<CheatRecord>,
    /// Whether the game was over (nobody had cards) at the end of the log.
    finished: bool,
}

#[derive(Serialize)]
struct Hand {
    player: u32,
    cards: Vec<String>,
}

#[derive(Serialize)]
struct CheatRecord {
    action: usize,
    player: u32,
    kind: &'static str,
}

impl QuartetsTruth {
    fn new(game: &sim_quartets::Game, rules: &Rules, seed: u64) -> QuartetsTruth {
        let mut deal: Vec<Hand> = (1..=rules.players() as u32)
            .map(|player| Hand {
                player,
                cards: Vec::new(),
            })
            .collect();
        for (index, &player) in game.deal.iter().enumerate() {
            let card = rules.card_at(index).to_string();
            deal[usize::from(player)].cards.push(card);
        }
        QuartetsTruth {
            seed,
            deal,
            cheats: game
                .cheat_events()
                .map(|event| CheatRecord {
                    action: event.action,
                    player: event.player,
                    kind: event.kind.name(),
                })
                .collect(),
            finished: game.finished,
        }
    }
}

#[derive(Serialize)]
struct SequenceTruth {
    seed: u64,
    /// `contract` or `full`.
    rules: &'static str,
    teams: usize,
    /// Every illegal move written, in order.
    illegal: Vec<IllegalRecord>,
    /// The team that won by the legal moves (full rules).
    winner: Option<&'static str>,
}

#[derive(Serialize)]
struct IllegalRecord {
    turn: usize,
    kind: &'static str,
}

impl SequenceTruth {
    fn new(game: &sim_sequence::Game, seed: u64) -> SequenceTruth {
        SequenceTruth {
            seed,
            rules: match game.format {
                sim_sequence::Format::Contract => "contract",
                sim_sequence::Format::Full => "full",
            },
            teams: game.teams.count(),
            illegal: game
                .injections
                .iter()
                .map(|injection| IllegalRecord {
                    turn: injection.index + 1,
                    kind: injection.kind.name(),
                })
                .collect(),
            winner: game.winner.map(|team| team.name()),
        }
    }
}

/// A JSON Lines record, as `fairplay batch` reads it (it ignores the other fields), or the
/// truth file of a game (without `log`).
#[derive(Serialize)]
struct Record<'a> {
    id: &'a str,
    game: &'a str,
    #[serde(skip_serializing_if = "Option::is_none")]
    log: Option<&'a str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    answer: Option<&'a str>,
    #[serde(flatten)]
    truth: Option<&'a Truth>,
}

/// Games simulated at once, in parallel, before they are written.
const CHUNK: u64 = 4096;

/// Simulates the games asked for and writes them where asked.
fn emit(
    output: &Output,
    game: &str,
    simulate: impl Fn(u64) -> anyhow::Result<Simulated> + Sync,
) -> anyhow::Result<String> {
    let Output {
        seed,
        count,
        answers,
        truth,
        ref out_dir,
        ..
    } = *output;
    let format = output.format();
    seed.checked_add(count - 1)
        .ok_or_else(|| anyhow::anyhow!("--seed {seed} with --count {count} runs past 2^64"))?;
    if out_dir.is_some() && format == Format::Jsonl {
        anyhow::bail!(
            "--out-dir: writes one log file per game: it does not go with --format jsonl"
        );
    }
    if out_dir.is_none() && format == Format::Log {
        if count != 1 {
            anyhow::bail!(
                "--count {count}: writes several logs: add --format jsonl or --out-dir DIR"
            );
        }
        if answers || truth {
            let option = if answers { "--answers" } else { "--truth" };
            anyhow::bail!("{option}: writes next to each log: add --out-dir DIR or --format jsonl");
        }
        return Ok(simulate(seed)?.log);
    }
    if let Some(dir) = out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| anyhow::anyhow!("--out-dir {}: cannot create: {e}", dir.display()))?;
    }
    let mut out = io::BufWriter::new(io::stdout().lock());
    let mut next = seed;
    let mut left = count;
    while left > 0 {
        let n = left.min(CHUNK);
        let games: Vec<(u64, anyhow::Result<Simulated>)> = (next..next + n)
            .into_par_iter()
            .map(|seed| (seed, simulate(seed)))
            .collect();
        // The first seed that fails is the one reported, whatever the threads did.
        let games = games
            .into_iter()
            .map(|(seed, game)| game.map(|game| (seed, game)))
            .collect::<anyhow::Result<Vec<_>>>()?;
        match out_dir {
            Some(dir) => games
                .par_iter()
                .try_for_each(|(seed, simulated)| write_files(dir, game, *seed, simulated))?,
            None => {
                for (seed, simulated) in &games {
                    let id = format!("{game}-{seed}");
                    let record = Record {
                        id: &id,
                        game,
                        log: Some(&simulated.log),
                        answer: simulated.answer.as_deref(),
                        truth: simulated.truth.as_ref(),
                    };
                    let written = serde_json::to_writer(&mut out, &record)
                        .map_err(io::Error::from)
                        .and_then(|()| out.write_all(b"\n"));
                    match written {
                        Ok(()) => {}
                        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => return Ok(String::new()),
                        Err(e) => anyhow::bail!("<stdout>: cannot write: {e}"),
                    }
                }
            }
        }
        next += n;
        left -= n;
    }
    match out.flush() {
        Err(e) if e.kind() != io::ErrorKind::BrokenPipe => {
            anyhow::bail!("<stdout>: cannot write: {e}")
        }
        _ => {}
    }
    if let Some(dir) = out_dir {
        let with = match (answers, truth) {
            (false, false) => "",
            (true, false) => " and their answers (.ans)",
            (false, true) => " and their truth (.json)",
            (true, true) => ", their answers (.ans) and truth (.json)",
        };
        let logs = if count == 1 { "log" } else { "logs" };
        eprintln!("wrote {count} {game} {logs}{with} to {}", dir.display());
    }
    Ok(String::new())
}

/// Writes `GAME-SEED.log`, and `.ans` and `.json` when they were asked for.
fn write_files(dir: &Path, game: &str, seed: u64, simulated: &Simulated) -> anyhow::Result<()> {
    let write = |extension: &str, text: &str| {
        let path = dir.join(format!("{game}-{seed}.{extension}"));
        std::fs::write(&path, text)
            .map_err(|e| anyhow::anyhow!("{}: cannot write: {e}", path.display()))
    };
    write("log", &simulated.log)?;
    if let Some(answer) = &simulated.answer {
        write("ans", answer)?;
    }
    if let Some(truth) = &simulated.truth {
        let id = format!("{game}-{seed}");
        let record = Record {
            id: &id,
            game,
            log: None,
            answer: None,
            truth: Some(truth),
        };
        write("json", &(serde_json::to_string(&record)? + "\n"))?;
    }
    Ok(())
}
