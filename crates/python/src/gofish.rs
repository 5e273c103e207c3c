//! One Go Fish log: the verdict as `fairplay gofish --format json` documents it, the
//! explanations of `--explain`, `--deal` and `--knowledge` (`--at`), a player's view
//! (`--seat`, `--hand-of`, `--draws`) and the true deal (`--true-deal`); or the human report
//! of the same options.

use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{audit_reader, Game, LogError};
use fairplay_gofish::explain::{explain, explain_seat, Questions};
use fairplay_gofish::truth::{replay, TrueDeal};
use fairplay_gofish::{FishTurn, GoFish, Rules, RulesError, Seat, MAX_PLAYERS, MAX_RANKS};
use fairplay_report::gofish::{text, true_deal_text, GoFishDetails};
use fairplay_report::json::Document;
use fairplay_report::Style;
use pyo3::prelude::*;

use crate::errors::{usage, Failure};
use crate::options::{int, int_or_default, USIZE_MAX};
use crate::text::Text;
use crate::value::Answer;

/// The Go Fish options of a call, as Python gives them (each `None` when left out).
#[derive(Clone, Copy, Default)]
pub struct Options<'a, 'py> {
    /// `players` (`--players`, 2 to 10; default 4).
    pub players: Option<&'a Bound<'py, PyAny>>,
    /// `ranks` (`--ranks`, 1 to 13; default 13).
    pub ranks: Option<&'a Bound<'py, PyAny>>,
    /// `hand`, the cards dealt to each player (`--hand`; default 7 with 2 or 3 players, else 5).
    pub hand: Option<&'a Bound<'py, PyAny>>,
    /// `fish_turn`, `"next"` or `"asked"` (`--fish-turn`; default `"next"`).
    pub fish_turn: Option<&'a str>,
}

impl Options<'_, '_> {
    /// Whether an option only Go Fish has was given (`ranks`, `hand`, `fish_turn`), as
    /// `fairplay batch` asks of its `--ranks`, `--hand` and `--fish-turn`.
    pub fn given(&self) -> bool {
        self.ranks.is_some() || self.hand.is_some() || self.fish_turn.is_some()
    }

    /// The rules these options describe. A number out of its range is a `ValueError` naming
    /// the option and the range, whatever the int; sizes that make no game (more cards dealt
    /// than the deck holds) a `ValueError` naming the three sizes, as the command line does.
    pub fn rules(&self) -> PyResult<Rules> {
        let standard = Rules::standard();
        let players: usize = int_or_default(
            self.players,
            "players",
            2..=MAX_PLAYERS as u64,
            standard.players(),
        )?;
        self.rules_for(players)
    }

    /// [`Options::rules`] for `players` players (`judge_many`'s, which Quartets shares and
    /// checks against its own, wider range).
    pub fn rules_for(&self, players: usize) -> PyResult<Rules> {
        if !(2..=MAX_PLAYERS).contains(&players) {
            return Err(usage(format!(
                "players: {players}: expected a number from 2 to {MAX_PLAYERS} for Go Fish"
            )));
        }
        let ranks: usize = int_or_default(
            self.ranks,
            "ranks",
            1..=MAX_RANKS as u64,
            Rules::standard().ranks(),
        )?;
        let hand: Option<usize> = self
            .hand
            .map(|hand| int(hand, "hand", 0..=USIZE_MAX))
            .transpose()?;
        let fish_turn = match self.fish_turn {
            None | Some("next") => FishTurn::Next,
            Some("asked") => FishTurn::Asked,
            Some(other) => {
                return Err(usage(format!(
                    "fish_turn: `{other}`: expected \"next\" or \"asked\""
                )))
            }
        };
        Rules::new(players, ranks, hand, fish_turn).map_err(|error| match error {
            RulesError::Hand { .. } => {
                let hand = hand.map(|h| format!(", hand={h}")).unwrap_or_default();
                usage(format!("players={players}, ranks={ranks}{hand}: {error}"))
            }
            other => usage(other),
        })
    }
}

/// What a call asks beyond the verdict.
struct Asked {
    questions: Questions,
    seat: Option<Seat>,
    deal: Option<TrueDeal>,
    text: bool,
}

/// Judges a Go Fish log; returns the JSON document (a dict) or, with `text`, the human
/// report, exactly as the command line with the same options.
#[pyfunction]
#[pyo3(signature = (log, *, players=None, ranks=None, hand=None, fish_turn=None, seat=None,
    hand_of=None, draws=None, true_deal=None, explain=false, deal=false, knowledge=false,
    at=None, text=false, max_line=None))]
#[allow(clippy::too_many_arguments)]
pub fn gofish_judge(
    py: Python<'_>,
    log: &Bound<'_, PyAny>,
    players: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    hand: Option<&Bound<'_, PyAny>>,
    fish_turn: Option<&str>,
    seat: Option<&Bound<'_, PyAny>>,
    hand_of: Option<&Bound<'_, PyAny>>,
    draws: Option<&Bound<'_, PyAny>>,
    true_deal: Option<&Bound<'_, PyAny>>,
    explain: bool,
    deal: bool,
    knowledge: bool,
    at: Option<&Bound<'_, PyAny>>,
    text: bool,
    max_line: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let options = Options {
        players,
        ranks,
        hand,
        fish_turn,
    };
    let rules = options.rules()?;
    let max_line = int_or_default(max_line, "max_line", 0..=USIZE_MAX, DEFAULT_MAX_LINE)?;
    let at: Option<usize> = at.map(|at| int(at, "at", 0..=USIZE_MAX)).transpose()?;
    if at.is_some() && !knowledge {
        return Err(usage("`at` needs `knowledge`"));
    }
    let seat = match (seat, hand_of) {
        (None, None) if draws.is_some() => return Err(usage("`draws` needs `seat`")),
        (None, None) => None,
        (Some(seat), Some(hand_of)) => Some(seat_of(&rules, seat, hand_of, draws)?),
        _ => return Err(usage("`seat` and `hand_of` go together")),
    };
    let deal_given = true_deal
        .map(|given| true_deal_of(&rules, given))
        .transpose()?;
    if seat.is_some() && deal_given.is_some() {
        // As on the command line: a seat's view and the true deal's replay do not mix.
        return Err(usage("`seat` cannot be combined with `true_deal`"));
    }
    let asked = Asked {
        questions: Questions {
            proof: explain,
            suspects: explain,
            deal,
            knowledge,
            at,
        },
        seat,
        deal: deal_given,
        text,
    };
    let log = Text::required(log, "a log")?;
    let game = GoFish::new(rules);
    let answer = py.detach(|| judged(&game, &log, &asked, max_line))?;
    answer.into_py(py)
}

/// Rank names given as text separated by commas (`"A,A,7"`, as `--hand-of` and `--draws`) or
/// as a list of names.
fn ranks_of(given: &Bound<'_, PyAny>, name: &str) -> PyResult<Vec<String>> {
    if let Ok(text) = given.extract::<String>() {
        return Ok(text
            .split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect());
    }
    given.extract::<Vec<String>>().map_err(|_| {
        usage(format!(
            "{name}: expected ranks as text separated by commas, or a list of ranks"
        ))
    })
}

/// The seat of player `seat` with the dealt hand `hand_of` and the unseen `draws`: the hand is
/// checked alone first, so that an error names the option it is in.
fn seat_of(
    rules: &Rules,
    seat: &Bound<'_, PyAny>,
    hand_of: &Bound<'_, PyAny>,
    draws: Option<&Bound<'_, PyAny>>,
) -> PyResult<Seat> {
    let number: u32 = int(seat, "seat", 1..=rules.players() as u64)?;
    let hand = ranks_of(hand_of, "hand_of")?;
    let none: [String; 0] = [];
    Seat::new(rules, number, &hand, &none).map_err(|e| usage(format!("hand_of: {e}")))?;
    let draws = draws
        .map(|draws| ranks_of(draws, "draws"))
        .transpose()?
        .unwrap_or_default();
    Seat::new(rules, number, &hand, &draws).map_err(|e| usage(format!("draws: {e}")))
}

/// A true deal given as the text `--deal` prints, or as `(hands, stock)`: the hands' rank
/// names, player 1 first, and the stock's from the top.
fn true_deal_of(rules: &Rules, given: &Bound<'_, PyAny>) -> PyResult<TrueDeal> {
    if let Ok(text) = given.extract::<String>() {
        return TrueDeal::parse(rules, &text).map_err(|e| usage(format!("true_deal: {e}")));
    }
    let (hands, stock): (Vec<Vec<String>>, Vec<String>) = given.extract().map_err(|_| {
        usage("true_deal: expected the deal as text, or the hands and the stock as lists of ranks")
    })?;
    TrueDeal::new(rules, &hands, &stock).map_err(|e| usage(format!("true_deal: {e}")))
}

/// The command line's `fairplay gofish` on `log` with the options `asked`.
fn judged(game: &GoFish, log: &[u8], asked: &Asked, max_line: usize) -> Result<Answer, Failure> {
    let failed = |error: LogError| Failure::Log(Some(game.name()), error);
    let judged = audit_reader(game, log, max_line);
    if let Some(seat) = &asked.seat {
        // As on the command line: the same errors as a watcher's reading, then the seat's
        // verdict and its view (in a document always, in text when something is asked).
        let judgement = judged
            .and_then(|_| game.judge_seat(log, seat))
            .map_err(failed)?;
        let explanation =
            explain_seat(log, game.rules(), seat, &asked.questions).map_err(failed)?;
        if asked.text {
            return Ok(Answer::Text(if asked.questions == Questions::default() {
                game.contract(&judgement.verdict)
            } else {
                text(&explanation, Style::PLAIN)
            }));
        }
        return Answer::document(&Document::new(
            game,
            &judgement,
            Some(GoFishDetails::new(&explanation)),
        ));
    }
    let judgement = judged.map_err(failed)?;
    if asked.questions == Questions::default() && asked.deal.is_none() {
        return if asked.text {
            Ok(Answer::Text(game.contract(&judgement.verdict)))
        } else {
            Answer::document(&Document::<GoFishDetails>::new(game, &judgement, None))
        };
    }
    let explanation = explain(log, game.rules(), &asked.questions).map_err(failed)?;
    let replayed = match &asked.deal {
        Some(deal) => Some(replay(log, game.rules(), deal).map_err(failed)?),
        None => None,
    };
    if asked.text {
        let mut out = text(&explanation, Style::PLAIN);
        if let Some(replayed) = &replayed {
            out.push('\n');
            out.push_str(&true_deal_text(replayed, Style::PLAIN));
        }
        return Ok(Answer::Text(out));
    }
    let mut details = GoFishDetails::new(&explanation);
    details.true_deal = replayed.as_ref();
    Answer::document(&Document::new(game, &judgement, Some(details)))
}
