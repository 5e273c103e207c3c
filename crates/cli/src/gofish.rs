//! `fairplay gofish`: judge a Go Fish log.

use std::path::PathBuf;

use clap::Args;
use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{ErrorKind, Game, Judgement, LogError, Referee as _, Step};
use fairplay_gofish::explain::{explain, explain_seat, Explanation, Questions, SeatView};
use fairplay_gofish::truth::{replay, Replay, Replaying, TrueDeal};
use fairplay_gofish::{GoFish, GoFishReferee, KnowingReferee, Rules, Seat};
use fairplay_report::gofish::{text, true_deal_text, GoFishDetails};

use crate::input::{Input, Keep};
use crate::report::{self, Format};
use crate::variant::GoFishVariant;
use crate::Output;

/// Options of `fairplay gofish`.
#[derive(Args, Debug)]
#[command(after_help = "\
Log format: one action per line (no count line); players are numbered 1 to P, ranks are
A 2 3 4 5 6 7 8 9 10 J Q K (also 1, 11, 12, 13; either case):
  x A y r k       player x asks player y for rank r; y hands over k cards (1, 2 or 3)
  x A y r fish    y says \"Go fish\"
  x D             x draws a card from the stock and keeps it unseen
  x D r           x draws rank r and shows it (the rank just asked for)
  x B r           x lays down the book of rank r

Output: `yes` if some deal (the hands and the order of the stock) makes every action
honest; otherwise `no` and, on the next line, the number of the first action after which no
deal does.

Live mode (--live): one action per line as it is typed or piped; after each line, one line of
output: `N: honest game still possible`, `N: CHEATING CERTAIN: <reason>`, then
`N: (cheating already certain since action K)`. A malformed line or an action that breaks a
rule gets `error: line L: ... (line ignored)` and is not applied. More: fairplay help live.

Exit status: 0 when judged (either verdict; with --exit-code: 0 fair, 1 cheating certain),
2 for unreadable or malformed logs, for actions that break a rule anyone can check (out of
turn, a draw not due or missing, a book out of place, ...) and for options that make no game
(more cards dealt than the deck holds); with --format json such an error is a JSON document
on standard output. With --live --format json, each line read gets one JSON object.

Explanations: --explain gives why no deal fits, a minimal proof (the actions whose claims
cannot all be true, given what everybody saw) and the suspects (who alone could be the
cheater); --deal a deal that fits, with the stock's order; --knowledge the fewest and the most
cards of every rank each player and the stock may hold (--at K: after action K);
--true-deal FILE every lie on the deal really made. A player's view: --seat N --hand-of
RANKS [--draws RANKS] judges as player N knows the game, with their dealt hand and the cards
they drew unseen: cheating can be certain for them earlier than for a watcher; --explain,
--deal and --knowledge then answer from the seat.

Formats, contracts and the rules: fairplay help gofish (every guide: fairplay help; the man
page: man fairplay-gofish).

Examples:
  fairplay gofish examples/gofish/sample1.log
  fairplay gofish --players 2 --ranks 3 --hand 3 small.log
  fairplay gofish --fish-turn asked family.log
  fairplay gofish --explain --deal --players 2 --ranks 3 --hand 5 examples/gofish/late.log
  cat game.log | fairplay gofish
  fairplay gofish --live")]
pub struct GoFishArgs {
    /// The log to judge; `-` or nothing reads standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: Option<PathBuf>,
    #[command(flatten)]
    variant: GoFishVariant,
    /// Judge the game as it is played: after each action, print at once whether an honest
    /// game is still possible.
    #[arg(long)]
    live: bool,
    /// The longest line accepted, in bytes; a longer one is an error naming it.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_LINE)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_line: usize,
    /// With --explain or --deal (and --knowledge from a --seat): the most bytes of the log
    /// kept to answer them (a longer log is an error); with --true-deal, the most bytes of
    /// false claims and impossible actions its replay keeps; KiB and MiB are understood. The
    /// verdict (also a seat's) and a watcher's --knowledge are judged as the log is read and
    /// need no limit.
    #[arg(long, value_name = "BYTES", default_value = crate::input::DEFAULT_MAX_INPUT, value_parser = crate::input::max_input)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_input: u64,
    #[command(flatten)]
    conventions: report::Conventions,
    /// After the verdict, explain it: why, a minimal proof (the actions whose claims cannot
    /// all be true) and the suspects (who alone could be the cheater).
    #[arg(long, conflicts_with = "live")]
    explain: bool,
    /// Print a deal that makes every action honest (before the foul, if there is one): each
    /// player's dealt hand and the stock from the top.
    #[arg(long, conflicts_with = "live")]
    deal: bool,
    /// Print what a watcher knows: for every player and rank, and for the stock, the fewest
    /// and the most cards any fitting deal puts there (after the log, or just before cheating
    /// became certain).
    #[arg(long, conflicts_with = "live")]
    knowledge: bool,
    /// The deal that was really made (a file of hands as --deal prints them, or JSON such as
    /// `simulate gofish --truth` writes): name every false claim and every action the cards
    /// make impossible, and when a watcher could prove cheating.
    #[arg(long, value_name = "FILE", conflicts_with = "live")]
    #[arg(value_hint = clap::ValueHint::FilePath)]
    true_deal: Option<PathBuf>,
    /// Judge as player N knows the game: what everybody saw, plus the hand they were dealt
    /// (--hand-of) and the cards they drew unseen (--draws); --explain, --deal and --knowledge
    /// answer from the seat.
    #[arg(long, value_name = "N", requires = "hand_of")]
    #[arg(conflicts_with_all = ["live", "true_deal"])]
    #[arg(value_hint = clap::ValueHint::Other)]
    seat: Option<u32>,
    /// With --seat: the ranks player N was dealt, separated by commas (A,A,7,K,K).
    #[arg(long, value_name = "RANKS", requires = "seat")]
    #[arg(value_hint = clap::ValueHint::Other)]
    hand_of: Option<String>,
    /// With --seat: the ranks of the cards player N drew unseen, in order, separated by commas
    /// (as many as they know; none by default).
    #[arg(long, value_name = "RANKS", requires = "seat")]
    #[arg(value_hint = clap::ValueHint::Other)]
    draws: Option<String>,
    /// With --knowledge: after action K instead.
    #[arg(long, value_name = "K", requires = "knowledge")]
    #[arg(value_hint = clap::ValueHint::Other)]
    at: Option<usize>,
    /// Output format: `text` (the contract lines, then the report) or `json` (one document;
    /// with --live, one JSON object per line read).
    #[arg(long, value_enum, default_value_t = Format::Text)]
    format: Format,
}

impl GoFishArgs {
    /// Whether anything beyond the verdict was asked for.
    fn wanted(&self) -> bool {
        self.explain || self.deal || self.knowledge || self.true_deal.is_some()
    }
}

impl GoFishArgs {
    /// Every option at its default, as clap gives them for `fairplay gofish [FILE]` (a test in
    /// main.rs compares the two).
    pub fn defaults(file: Option<PathBuf>) -> GoFishArgs {
        GoFishArgs {
            file,
            variant: GoFishVariant::standard(),
            live: false,
            max_line: DEFAULT_MAX_LINE,
            max_input: crate::input::DEFAULT_MAX_INPUT_BYTES,
            conventions: report::Conventions::default(),
            explain: false,
            deal: false,
            knowledge: false,
            true_deal: None,
            seat: None,
            hand_of: None,
            draws: None,
            at: None,
            format: Format::Text,
        }
    }
}

pub fn run(args: GoFishArgs) -> anyhow::Result<Output> {
    // Live JSON writes its own objects, line by line.
    let format = if args.live { Format::Text } else { args.format };
    report::or_document(format, "gofish", judge(args))
}

fn judge(args: GoFishArgs) -> anyhow::Result<Output> {
    args.conventions.one_log(args.file.as_deref(), "gofish")?;
    let game = GoFish::new(args.variant.rules()?);
    if args.live {
        let options = crate::live::Options {
            exit_code: args.conventions.exit_code,
            json: args.format == Format::Json,
        };
        return crate::live::run(&game, args.file.as_deref(), args.max_line, &options);
    }
    let input = Input::new(args.file.clone());
    let questions = Questions {
        proof: args.explain,
        suspects: args.explain,
        deal: args.deal,
        knowledge: args.knowledge,
        at: args.at,
    };
    if let (Some(number), Some(hand)) = (args.seat, &args.hand_of) {
        let list = |text: &str| -> Vec<String> {
            text.split(',')
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .map(String::from)
                .collect()
        };
        let draws = args.draws.as_deref().map(list).unwrap_or_default();
        let seat = Seat::new(game.rules(), number, &list(hand), &draws)
            .map_err(|e| anyhow::anyhow!("--seat {number} --hand-of {hand}: {e}"))?;
        return seated(&args, &game, &input, &seat, &questions);
    }
    let deal = match &args.true_deal {
        Some(path) => Some(read_deal(game.rules(), path)?),
        None => None,
    };
    if !(questions.proof || questions.suspects || questions.deal) {
        // The verdict with the knowledge and the true deal, if asked: judged as a stream,
        // the log not kept.
        return streamed(&args, &game, &input, &questions, deal.as_ref());
    }
    // The proof, the suspects and a deal are answered on the whole log, kept up to
    // --max-input.
    let keep = Keep::Upto(args.max_input);
    let (judged, bytes) = report::opened(args.format, input.audit(&game, keep, args.max_line))?;
    let judgement = match judged {
        Ok(judgement) => judgement,
        Err(error) => return report::failure(args.format, &game, &input, error),
    };
    let status = report::status(args.conventions.exit_code, &judgement.verdict);
    let explanation = match explain(&bytes, game.rules(), &questions) {
        Ok(explanation) => explanation,
        Err(error) => return report::failure(args.format, &game, &input, error),
    };
    let replayed = match &deal {
        Some(deal) => match replay(&bytes, game.rules(), deal) {
            Ok(replayed) => Some(replayed),
            Err(error) => return report::failure(args.format, &game, &input, error),
        },
        None => None,
    };
    Ok(printed(&args, &game, &judgement, &explanation, replayed.as_ref()).with_status(status))
}

/// The verdict as the player of `seat` knows the game and, if asked, every part of the
/// explanation from the seat. The verdict alone is judged as the log is read (a watcher and
/// the seat in step), the seat's view beside it in JSON; the questions are answered on the
/// whole log, kept up to --max-input.
fn seated(
    args: &GoFishArgs,
    game: &GoFish,
    input: &Input,
    seat: &Seat,
    questions: &Questions,
) -> anyhow::Result<Output> {
    if *questions == Questions::default() {
        let mut referee = SeatStreamed {
            watcher: GoFishReferee::new(*game.rules()),
            seat: GoFishReferee::seated(*game.rules(), seat),
            seat_error: None,
        };
        let (judged, _) = report::opened(
            args.format,
            input.audit_with(game, &mut referee, Keep::Nothing, args.max_line),
        )?;
        // The same errors as a watcher's reading, then the seat's, then the seat's verdict.
        let judged = judged.and_then(|watcher| match referee.seat_error {
            Some(error) => Err(error),
            None => Ok(Judgement::new(
                watcher.game,
                watcher.rules.clone(),
                watcher.actions,
                referee.seat.verdict().clone(),
            )),
        });
        let judgement = match judged {
            Ok(judgement) => judgement,
            Err(error) => return report::failure(args.format, game, input, error),
        };
        let status = report::status(args.conventions.exit_code, &judgement.verdict);
        let output = match args.format {
            Format::Text => Output::from(game.contract(&judgement.verdict)),
            Format::Json => {
                let engine = referee.seat.engine();
                let mut explanation = Explanation::of_verdict(
                    *game.rules(),
                    judgement.actions,
                    engine.contradiction(),
                );
                let watcher = referee.watcher.engine().verdict();
                explanation.seat = Some(SeatView::new(seat, watcher, engine.verdict()));
                report::document(game, &judgement, Some(GoFishDetails::new(&explanation)))
            }
        };
        return Ok(output.with_status(status));
    }
    let keep = Keep::Upto(args.max_input);
    let (judged, bytes) = report::opened(args.format, input.audit(game, keep, args.max_line))?;
    // The same errors as a watcher's reading, then the seat's verdict and explanation.
    let explained = judged
        .and_then(|_| game.judge_seat(&bytes, seat))
        .and_then(|judgement| {
            explain_seat(&bytes, game.rules(), seat, questions).map(|e| (judgement, e))
        });
    let (judgement, explanation) = match explained {
        Ok(both) => both,
        Err(error) => return report::failure(args.format, game, input, error),
    };
    let status = report::status(args.conventions.exit_code, &judgement.verdict);
    let output = match args.format {
        Format::Text => Output::from(text(&explanation, report::style())),
        Format::Json => report::document(game, &judgement, Some(GoFishDetails::new(&explanation))),
    };
    Ok(output.with_status(status))
}

/// The output of a judged log: the verdict, the explanation asked for and the true deal's
/// replay.
fn printed(
    args: &GoFishArgs,
    game: &GoFish,
    judgement: &Judgement,
    explanation: &Explanation,
    replayed: Option<&Replay>,
) -> Output {
    if !args.wanted() {
        return match args.format {
            Format::Text => Output::from(game.contract(&judgement.verdict)),
            Format::Json => report::document::<GoFishDetails>(game, judgement, None),
        };
    }
    match args.format {
        Format::Text => {
            let mut out = text(explanation, report::style());
            if let Some(replayed) = replayed {
                out.push('\n');
                out.push_str(&true_deal_text(replayed, report::style()));
            }
            Output::from(out)
        }
        Format::Json => {
            let mut details = GoFishDetails::new(explanation);
            details.true_deal = replayed;
            report::document(game, judgement, Some(details))
        }
    }
}

/// The verdict with the knowledge `questions` asks for and the replay of the true `deal`,
/// judged as the log is read: memory holds one line, the referee's state, and what the
/// replay found wrong (up to --max-input).
fn streamed(
    args: &GoFishArgs,
    game: &GoFish,
    input: &Input,
    questions: &Questions,
    deal: Option<&TrueDeal>,
) -> anyhow::Result<Output> {
    if !args.wanted() {
        // The verdict alone: a short log is read whole and judged by the engine's fast path.
        let (judged, _) =
            report::opened(args.format, input.audit(game, Keep::Nothing, args.max_line))?;
        let judgement = match judged {
            Ok(judgement) => judgement,
            Err(error) => return report::failure(args.format, game, input, error),
        };
        let status = report::status(args.conventions.exit_code, &judgement.verdict);
        let explanation = Explanation::of_verdict(*game.rules(), judgement.actions, None);
        return Ok(printed(args, game, &judgement, &explanation, None).with_status(status));
    }
    let mut referee = Streamed {
        watcher: KnowingReferee::new(GoFishReferee::new(*game.rules()), questions),
        replaying: deal.map(|deal| Replaying::new(game.rules(), deal)),
        replay_error: None,
        limit: args.max_input,
    };
    let (judged, _) = report::opened(
        args.format,
        input.audit_with(game, &mut referee, Keep::Nothing, args.max_line),
    )?;
    let judgement = match judged {
        Ok(judgement) => judgement,
        Err(error) => return report::failure(args.format, game, input, error),
    };
    // The replay judges every action, also after the verdict is settled: its error comes
    // after the log's own.
    if let Some(error) = referee.replay_error {
        return report::failure(args.format, game, input, error);
    }
    let status = report::status(args.conventions.exit_code, &judgement.verdict);
    let engine = referee.watcher.referee().engine();
    let mut explanation =
        Explanation::of_verdict(*game.rules(), judgement.actions, engine.contradiction());
    explanation.knowledge = referee.watcher.knowledge(judgement.actions);
    let replayed = referee.replaying.map(Replaying::finish);
    Ok(printed(args, game, &judgement, &explanation, replayed.as_ref()).with_status(status))
}

/// A watcher and a seat judging one log in step. A watcher's errors and verdict drive the
/// reading (as when the log is judged by a watcher first); the seat judges each action until
/// it is certain of cheating, which is never later than a watcher, and its first error is
/// kept for after the watcher's reading.
struct SeatStreamed {
    watcher: GoFishReferee,
    seat: GoFishReferee,
    seat_error: Option<LogError>,
}

impl fairplay_core::Referee for SeatStreamed {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        let step = self.watcher.apply_line(line, number)?;
        if self.seat_error.is_none() && self.seat.verdict().foul().is_none() {
            if let Err(error) = self.seat.apply_line(line, number) {
                self.seat_error = Some(error);
            }
        }
        Ok(step)
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
        self.watcher.read_line(line, number)
    }

    fn actions(&self) -> usize {
        self.watcher.actions()
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        self.watcher.verdict()
    }
}

/// The watcher's referee, with what answers the questions that need no history: the
/// knowledge after one action (kept by the referee), and the replay of the true deal, fed
/// every line read (also after the verdict is settled).
struct Streamed {
    watcher: KnowingReferee,
    replaying: Option<Replaying>,
    /// The replay's first error: the log's own errors, found later, come first.
    replay_error: Option<LogError>,
    /// The most bytes the replay may hold (--max-input).
    limit: u64,
}

impl Streamed {
    fn replay(&mut self, line: &[u8], number: usize) -> Result<(), LogError> {
        let Some(replaying) = &mut self.replaying else {
            return Ok(());
        };
        if self.replay_error.is_some() {
            return Ok(());
        }
        if let Err(error) = replaying.step(line, number) {
            self.replay_error = Some(error);
        }
        if replaying.held() as u64 > self.limit {
            let message = format!(
                "the true deal's replay holds more than {} of false claims and impossible \
                 actions, the most it keeps (--max-input BYTES raises the limit, up to {}; the \
                 verdict alone needs no limit)",
                crate::input::bytes(self.limit),
                crate::input::bytes(crate::input::MAX_MAX_INPUT)
            );
            return Err(LogError::new(ErrorKind::LogTooLong, 0, None, message));
        }
        Ok(())
    }
}

impl fairplay_core::Referee for Streamed {
    fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
        let step = self.watcher.apply_line(line, number)?;
        self.replay(line, number)?;
        Ok(step)
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
        let action = self.watcher.read_line(line, number)?;
        self.replay(line, number)?;
        Ok(action)
    }

    fn actions(&self) -> usize {
        self.watcher.actions()
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        self.watcher.verdict()
    }
}

/// Reads `--true-deal`: the hands as `--deal` prints them, or JSON holding `deal` (a list of
/// `{"player", "cards"}` or of rank lists) and `stock`, at the top or under `truth`.
fn read_deal(rules: &Rules, path: &std::path::Path) -> anyhow::Result<TrueDeal> {
    let name = format!("--true-deal {}", path.display());
    // Far more than the hands and stock take in any spelling, far less than memory.
    let limit = (8 << 20) + 64 * 4 * rules.ranks() as u64;
    let text =
        crate::input::read_bounded(path, limit).map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    if !matches!(text.trim_start().chars().next(), Some('{' | '[')) {
        return TrueDeal::parse(rules, &text).map_err(|e| anyhow::anyhow!("{name}: {e}"));
    }
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{name}: not JSON: {e}"))?;
    let top = [&value, &value["truth"]]
        .into_iter()
        .find(|v| v["deal"].is_array())
        .ok_or_else(|| anyhow::anyhow!("{name}: expected `deal` and `stock` lists"))?;
    let names = |v: &serde_json::Value| -> Option<Vec<String>> {
        v.as_array()?
            .iter()
            .map(|r| r.as_str().map(String::from))
            .collect()
    };
    let hands: Option<Vec<Vec<String>>> = top["deal"]
        .as_array()
        .into_iter()
        .flatten()
        .map(|hand| names(&hand["cards"]).or_else(|| names(hand)))
        .collect();
    let hands = hands.ok_or_else(|| anyhow::anyhow!("{name}: a hand is not a list of ranks"))?;
    let stock = names(&top["stock"])
        .ok_or_else(|| anyhow::anyhow!("{name}: expected `stock`, a list of ranks"))?;
    TrueDeal::new(rules, &hands, &stock).map_err(|e| anyhow::anyhow!("{name}: {e}"))
}
