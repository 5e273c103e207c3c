//! `fairplay quartets`: judge a Quartets log.

use std::path::PathBuf;

use clap::Args;
use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{ErrorKind, Game, Judgement, LogError, Referee as _, Step};
use fairplay_quartets::explain::{
    explain, explain_seat, ExplainError, Explanation, KnowingReferee, Questions, SeatView,
};
use fairplay_quartets::notation::parse_action;
use fairplay_quartets::truth::{replay, Replaying, TrueDeal};
use fairplay_quartets::{HandError, Quartets, QuartetsReferee, Rules, SeatHand, Verdict};
use fairplay_report::quartets::{
    no_deal_note, text, true_deal_text, QuartetsDetails, TrueDealDetails,
};

use crate::input::{Input, Keep};
use crate::report::{self, Format, QuartetsReportArgs};
use crate::variant::QuartetsVariant;
use crate::Output;

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
number is skipped as a count. More: fairplay help live.

Exit status: 0 when judged (either verdict; with --exit-code: 0 fair, 1 cheating certain),
2 for unreadable or malformed logs and for actions that break a rule anyone can check (out of
turn, asking oneself, ...); with --format json such an error is a JSON document on standard
output. With --live --format json, each line read gets one JSON object.

Colour (the report, live lines): --color auto|always|never; auto colours a terminal unless
NO_COLOR is set or TERM=dumb; CLICOLOR_FORCE=1 colours a pipe too.

A player's view (--seat N --hand CARDS): the verdict, --explain and --knowledge as player N
knows the game (the log and the cards they were dealt, such as --hand 3A,3D,5B,...); the report
gives a watcher's verdict beside it when they differ. A hand that contradicts the log is a
verdict (`no`, the action), not an error. The true deal (--true-deal FILE, the hands as --deal
prints them, or JSON): every false claim, whether a watcher could prove it, and every
physically impossible action.

Formats, contracts and the rules: fairplay help quartets (reports and JSON: fairplay help
explain; every guide: fairplay help; the man page: man fairplay-quartets).

Examples:
  fairplay quartets examples/quartets/sample1.log
  fairplay quartets --players 3 --sets 3 --cards-per-set 3 small.log
  fairplay quartets --players 3 --sets 4 --cards-per-set 4 --hands 6,5,5 uneven.log
  cat game.log | fairplay quartets
  fairplay quartets --seat 3 --hand 1A,2A --players 3 --sets 3 --cards-per-set 2 game.log
  fairplay quartets --true-deal deal.txt game.log
  fairplay quartets --live")]
pub struct QuartetsArgs {
    /// The log to judge; `-` or nothing reads standard input.
    #[arg(value_hint = clap::ValueHint::FilePath)]
    file: Option<PathBuf>,
    #[command(flatten)]
    variant: QuartetsVariant,
    /// Judge the game as it is played: read one action per line (no count line needed) and,
    /// after each, print at once whether an honest game is still possible.
    #[arg(long)]
    live: bool,
    /// The longest line accepted, in bytes; a longer one is an error naming it.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_MAX_LINE)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_line: usize,
    /// With --explain or --deal: the most bytes of the log kept to answer them (a longer log
    /// is an error); with --true-deal, the most bytes of false claims its replay keeps; KiB
    /// and MiB are understood. The verdict, --seat and --knowledge are judged as the log is
    /// read and need no limit.
    #[arg(long, value_name = "BYTES", default_value = crate::input::DEFAULT_MAX_INPUT, value_parser = crate::input::max_input)]
    #[arg(value_hint = clap::ValueHint::Other)]
    max_input: u64,
    #[command(flatten)]
    conventions: report::Conventions,
    #[command(flatten)]
    report: QuartetsReportArgs,
    /// Judge as player N knows the game: the log and the cards they were dealt (--hand).
    #[arg(long, value_name = "N", requires = "hand", conflicts_with = "live")]
    #[arg(value_hint = clap::ValueHint::Other)]
    seat: Option<u32>,
    /// With --seat: the cards player N was dealt, as the log writes cards, separated by
    /// commas (3A,3D,5B,...).
    #[arg(long, value_name = "CARDS", requires = "seat")]
    #[arg(value_hint = clap::ValueHint::Other)]
    hand: Option<String>,
    /// The deal that was really made (a file of hands as --deal prints them, or JSON): list
    /// every false claim, when a watcher could prove it, and every physically impossible
    /// action.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["live", "seat"])]
    #[arg(value_hint = clap::ValueHint::FilePath)]
    true_deal: Option<PathBuf>,
}

impl QuartetsArgs {
    /// Every option at its default, as clap gives them for `fairplay quartets [FILE]` (a test
    /// in main.rs compares the two).
    pub fn defaults(file: Option<PathBuf>) -> QuartetsArgs {
        QuartetsArgs {
            file,
            variant: QuartetsVariant::standard(),
            live: false,
            max_line: DEFAULT_MAX_LINE,
            max_input: crate::input::DEFAULT_MAX_INPUT_BYTES,
            conventions: report::Conventions::default(),
            report: QuartetsReportArgs::default(),
            seat: None,
            hand: None,
            true_deal: None,
        }
    }
}

pub fn run(args: QuartetsArgs) -> anyhow::Result<Output> {
    // Live JSON writes its own objects, line by line.
    let format = if args.live {
        Format::Text
    } else {
        args.report.format
    };
    report::or_document(format, "quartets", judge(args))
}

fn judge(args: QuartetsArgs) -> anyhow::Result<Output> {
    args.conventions.one_log(args.file.as_deref(), "quartets")?;
    let game = Quartets::new(args.variant.rules()?);
    let seat = args.seat_hand(game.rules())?;
    let deal = match &args.true_deal {
        Some(path) => Some(read_deal(game.rules(), path)?),
        None => None,
    };
    if args.live {
        return crate::live::run(
            &game,
            args.file.as_deref(),
            args.max_line,
            &args.live_options(),
        );
    }
    let input = Input::new(args.file.clone());
    let format = args.report.format;
    let questions = Questions {
        proof: args.report.explain,
        suspects: args.report.explain,
        deal: args.report.deal,
        knowledge: args.report.knowledge,
        at: args.report.at,
        ..Questions::default()
    };
    if !(questions.proof || questions.suspects || questions.deal) {
        // The verdict, from a watcher or a seat, with what it knows and the true deal if
        // asked: judged as a stream, the log not kept.
        return streamed(
            &args,
            &game,
            &input,
            seat.as_ref(),
            &questions,
            deal.as_ref(),
        );
    }
    // The questions are answered on the whole log, kept up to --max-input.
    let keep = Keep::Upto(args.max_input);
    let (judged, bytes) = report::opened(format, input.audit(&game, keep, args.max_line))?;
    let judged = match (judged, &seat) {
        // The same log read as the seat knows the game: the same errors, the seat's verdict.
        (Ok(_), Some(hand)) => game.judge_seat(&bytes, hand).map_err(LogError::from),
        (judged, _) => judged,
    };
    let judgement = match judged {
        Ok(judgement) => judgement,
        Err(error) => return report::failure(format, &game, &input, error),
    };
    let status = report::status(args.conventions.exit_code, &judgement.verdict);
    let explained = match &seat {
        Some(hand) => explain_seat(&bytes, hand, &questions),
        None => explain(&bytes, game.rules(), &questions),
    };
    let replayed = match &deal {
        Some(deal) => match replay(&bytes, deal) {
            Ok(replayed) => Some(replayed),
            Err(error) => return report::failure(format, &game, &input, LogError::from(error)),
        },
        None => None,
    };
    let explanation = match explained {
        Ok(explanation) => explanation,
        Err(ExplainError::Log(error)) => {
            return report::failure(format, &game, &input, LogError::from(error))
        }
        Err(error) => anyhow::bail!("{}: {error}", input.name()),
    };
    let output = match format {
        Format::Json => {
            let mut details = QuartetsDetails::new(&explanation);
            details.true_deal = replayed.as_ref().map(TrueDealDetails::new);
            report::document(&game, &judgement, Some(details))
        }
        Format::Text => {
            let mut out = text(&explanation, report::style());
            if let (true, Verdict::Cheated { since }) = (args.report.deal, explanation.verdict) {
                out.push_str(&no_deal_note(since));
            }
            if let Some(replayed) = &replayed {
                out.push_str(&true_deal_text(replayed, report::style()));
            }
            out.into()
        }
    };
    Ok(output.with_status(status))
}

/// The verdict of a watcher, or of the player of `seat` beside a watcher's, with the
/// knowledge `questions` asks for and the replay of the true `deal`, judged as the log is
/// read: memory holds one line, the referees' state, and the false claims the replay found.
fn streamed(
    args: &QuartetsArgs,
    game: &Quartets,
    input: &Input,
    seat: Option<&SeatHand>,
    questions: &Questions,
    deal: Option<&TrueDeal>,
) -> anyhow::Result<Output> {
    let format = args.report.format;
    if seat.is_none() && !questions.knowledge && deal.is_none() {
        let (judged, _) = report::opened(format, input.audit(game, Keep::Nothing, args.max_line))?;
        let judgement = match judged {
            Ok(judgement) => judgement,
            Err(error) => return report::failure(format, game, input, error),
        };
        let status = report::status(args.conventions.exit_code, &judgement.verdict);
        let output = match format {
            Format::Text => Output::from(game.contract(&judgement.verdict)),
            Format::Json => report::document::<QuartetsDetails>(game, &judgement, None),
        };
        return Ok(output.with_status(status));
    }
    let mut referee = Streamed::new(game.rules(), seat, questions, deal, args.max_input);
    let (judged, _) = report::opened(
        format,
        input.audit_with(game, &mut referee, Keep::Nothing, args.max_line),
    )?;
    let watcher = match judged {
        Ok(judgement) => judgement,
        Err(error) => return report::failure(format, game, input, error),
    };
    let replayed = referee.replaying.take().map(Replaying::finish);
    let judging = referee.judging.referee();
    let judgement = Judgement::new(
        watcher.game,
        watcher.rules.clone(),
        watcher.actions,
        judging.verdict().clone(),
    );
    let status = report::status(args.conventions.exit_code, &judgement.verdict);
    let mut explanation =
        Explanation::of_verdict(judgement.actions, judging.engine().contradiction());
    if let (Some(hand), Some(watcher)) = (seat, &referee.watcher) {
        let watcher = watcher.engine().verdict();
        explanation.seat = Some(SeatView::new(hand, watcher, explanation.contradiction));
    }
    match referee.judging.knowledge(judgement.actions) {
        Some(Ok(knowledge)) => explanation.knowledge = Some(knowledge),
        Some(Err(error)) => anyhow::bail!("{}: {error}", input.name()),
        None => {}
    }
    let output = match format {
        Format::Json => {
            let mut details = QuartetsDetails::new(&explanation);
            details.true_deal = replayed.as_ref().map(TrueDealDetails::new);
            report::document(game, &judgement, Some(details))
        }
        Format::Text => {
            let mut out = text(&explanation, report::style());
            if let Some(replayed) = &replayed {
                out.push_str(&true_deal_text(replayed, report::style()));
            }
            out.into()
        }
    };
    Ok(output.with_status(status))
}

/// A watcher, and a seat if one is asked, judging one log in step, with what answers the
/// questions that need no history: the knowledge after one action, and the replay of the
/// true deal. A watcher's errors and verdict drive the reading (as when the log is judged by
/// a watcher first); the seat judges each action until it is certain of cheating, which is
/// never later than a watcher.
struct Streamed {
    /// The seat's referee if there is one, else the watcher's, with the knowledge asked.
    judging: KnowingReferee,
    /// Beside a seat: the watcher's referee.
    watcher: Option<QuartetsReferee>,
    /// Fed every action the watcher reads, also after the verdict is settled.
    replaying: Option<Replaying>,
    /// The most bytes the replay may hold (--max-input).
    limit: u64,
}

impl Streamed {
    fn new(
        rules: &Rules,
        seat: Option<&SeatHand>,
        questions: &Questions,
        deal: Option<&TrueDeal>,
        limit: u64,
    ) -> Streamed {
        let judging = match seat {
            Some(hand) => QuartetsReferee::seated(hand),
            None => QuartetsReferee::new(rules.clone()),
        };
        Streamed {
            judging: KnowingReferee::new(judging, questions),
            watcher: seat.map(|_| QuartetsReferee::new(rules.clone())),
            replaying: deal.map(Replaying::new),
            limit,
        }
    }

    /// The watcher's referee, whose errors and verdict drive the reading.
    fn watcher(&self) -> &dyn fairplay_core::Referee {
        match &self.watcher {
            Some(watcher) => watcher,
            None => &self.judging,
        }
    }

    /// The replay's next action, unless the limit on what it holds is passed.
    fn replay(&mut self, line: &[u8], number: usize) -> Result<(), LogError> {
        let Some(replaying) = &mut self.replaying else {
            return Ok(());
        };
        // The watcher read the line as an action: it parses.
        if let Ok(Some(raw)) = parse_action(line, number) {
            replaying.step(raw);
        }
        if replaying.held() as u64 > self.limit {
            let message = format!(
                "the true deal's replay holds more than {} of false claims, the most it keeps \
                 (--max-input BYTES raises the limit, up to {}; the verdict alone needs no limit)",
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
        let step = match &mut self.watcher {
            None => self.judging.apply_line(line, number)?,
            Some(watcher) => {
                let step = watcher.apply_line(line, number)?;
                // The seat judges until it is certain of cheating.
                if step.is_some() && self.judging.verdict().foul().is_none() {
                    self.judging.apply_line(line, number)?;
                }
                step
            }
        };
        if step.is_none() {
            return Ok(None);
        }
        self.replay(line, number)?;
        Ok(step)
    }

    fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
        let action = match &mut self.watcher {
            Some(watcher) => watcher.read_line(line, number)?,
            None => self.judging.read_line(line, number)?,
        };
        if action {
            self.replay(line, number)?;
        }
        Ok(action)
    }

    fn actions(&self) -> usize {
        self.watcher().actions()
    }

    fn verdict(&self) -> &fairplay_core::Verdict {
        self.watcher().verdict()
    }
}

/// Reads `--true-deal`: the hands as `--deal` prints them, or JSON (a list of `{"player",
/// "cards"}`, or a document holding one under `deal`, such as `simulate --truth` writes or
/// `--deal --format json` prints under `explanation`).
fn read_deal(rules: &Rules, path: &std::path::Path) -> anyhow::Result<TrueDeal> {
    let name = format!("--true-deal {}", path.display());
    let text = crate::input::read_bounded(path, deal_limit(rules))
        .map_err(|e| anyhow::anyhow!("{name}: {e}"))?;
    let starts = text.trim_start().chars().next();
    if !matches!(starts, Some('{' | '[')) {
        return TrueDeal::parse(rules, &text).map_err(|e| anyhow::anyhow!("{name}: {e}"));
    }
    let value: serde_json::Value =
        serde_json::from_str(&text).map_err(|e| anyhow::anyhow!("{name}: not JSON: {e}"))?;
    deal_from_json(rules, &value).map_err(|e| anyhow::anyhow!("{name}: {e}"))
}

/// The longest deal file read: far more than the hands of `rules` take in any spelling (a
/// `simulate --truth` document also lists the cheats), far less than memory.
fn deal_limit(rules: &Rules) -> u64 {
    (8 << 20) + 64 * rules.deck_size() as u64
}

/// A deal given as JSON: a list of `{"player": N, "cards": ["1A", ...]}`, or a document with
/// one under `deal` or `explanation.deal`.
pub fn deal_from_json(rules: &Rules, value: &serde_json::Value) -> Result<TrueDeal, String> {
    let hands = [value, &value["deal"], &value["explanation"]["deal"]]
        .into_iter()
        .find_map(serde_json::Value::as_array)
        .ok_or("not a deal: expected a list of {\"player\", \"cards\"}")?;
    let mut parsed = Vec::with_capacity(hands.len());
    for (i, hand) in hands.iter().enumerate() {
        let player = hand["player"].as_u64().and_then(|p| u32::try_from(p).ok());
        let cards: Option<Vec<&str>> = hand["cards"]
            .as_array()
            .and_then(|cards| cards.iter().map(serde_json::Value::as_str).collect());
        match (player, cards) {
            (Some(player), Some(cards)) => parsed.push((0, player, cards)),
            _ => {
                return Err(format!(
                    "not a deal: hand {} is not {{\"player\": N, \"cards\": [\"1A\", ...]}}",
                    i + 1
                ))
            }
        }
    }
    TrueDeal::from_hands(rules, parsed).map_err(|e| e.to_string())
}

impl QuartetsArgs {
    /// `--seat` with `--hand`, checked against the rules; the error names the option.
    fn seat_hand(&self, rules: &Rules) -> anyhow::Result<Option<SeatHand>> {
        let (Some(seat), Some(hand)) = (self.seat, &self.hand) else {
            return Ok(None);
        };
        SeatHand::parse(rules, seat, hand)
            .map(Some)
            .map_err(|e| match e {
                HandError::NoSuchSeat { .. } => anyhow::anyhow!("--seat {seat}: {e}"),
                // At most 40 bytes of the argument, as of a line.
                e => anyhow::anyhow!("--hand {}: {e}", fairplay_text::show(hand.as_bytes())),
            })
    }

    fn live_options(&self) -> crate::live::Options {
        crate::live::Options {
            exit_code: self.conventions.exit_code,
            json: self.report.format == Format::Json,
        }
    }
}
