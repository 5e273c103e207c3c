//! One Quartets log: the verdict as `fairplay quartets --format json` documents it, the
//! explanations of `--explain`, `--deal` and `--knowledge`, a player's view (`--seat`,
//! `--hand`) and the true deal (`--true-deal`); or the human report of the same options.

use fairplay_core::lines::DEFAULT_MAX_LINE;
use fairplay_core::{audit_reader, Game, LogError};
use fairplay_quartets::explain::{explain, explain_seat, ExplainError, Questions};
use fairplay_quartets::truth::{replay, TrueDeal};
use fairplay_quartets::{
    Quartets, Rules, RulesError, SeatHand, Verdict, MAX_CARDS, MAX_CARDS_PER_SET, MAX_PLAYERS,
};
use fairplay_report::json::Document;
use fairplay_report::quartets::{
    no_deal_note, text, true_deal_text, QuartetsDetails, TrueDealDetails,
};
use fairplay_report::Style;
use pyo3::prelude::*;

use crate::errors::{usage, Failure};
use crate::options::{int, int_or_default, USIZE_MAX};
use crate::text::Text;
use crate::value::Answer;

/// The rules of a Quartets variant, as `--players`, `--sets`, `--cards-per-set`, `--hands`
/// (left out: the standard game's). A number out of its range is a `ValueError` naming the
/// option and the range, whatever the int.
pub fn rules(
    players: Option<&Bound<'_, PyAny>>,
    sets: Option<&Bound<'_, PyAny>>,
    cards_per_set: Option<&Bound<'_, PyAny>>,
    hands: Option<Vec<Bound<'_, PyAny>>>,
) -> PyResult<Rules> {
    let standard = Rules::standard();
    let players = int_or_default(
        players,
        "players",
        2..=MAX_PLAYERS as u64,
        standard.players(),
    )?;
    let per_set = 1..=MAX_CARDS_PER_SET as u64;
    let cards_per_set = int_or_default(cards_per_set, "cards_per_set", per_set, 4)?;
    let most_sets = (MAX_CARDS / cards_per_set) as u64;
    let sets = int_or_default(sets, "sets", 1..=most_sets, standard.sets())?;
    let mut builder = Rules::builder()
        .players(players)
        .sets(sets)
        .cards_per_set(cards_per_set);
    if let Some(hands) = hands {
        let hands: Vec<u32> = hands
            .iter()
            .map(|hand| int(hand, "hands", 0..=MAX_CARDS as u64))
            .collect::<PyResult<_>>()?;
        builder = builder.hands(hands);
    }
    builder.build().map_err(|error| match error {
        RulesError::Uneven {
            deck,
            players,
            example,
        } => usage(format!(
            "hands: {deck} cards do not split evenly among {players} players: give the hand \
             sizes (e.g. hands=[{}])",
            example.replace(',', ", ")
        )),
        RulesError::HandCount { .. } | RulesError::HandSum { .. } => {
            usage(format!("hands: {error}"))
        }
        other => usage(other),
    })
}

/// What a call asks beyond the verdict.
#[derive(Default)]
struct Asked {
    questions: Questions,
    seat: Option<SeatHand>,
    deal: Option<TrueDeal>,
    text: bool,
}

/// Judges a Quartets log; returns the JSON document (a dict) or, with `text`, the human
/// report, exactly as the command line with the same options.
#[pyfunction]
#[pyo3(signature = (log, *, players=None, sets=None, cards_per_set=None, hands=None, seat=None,
    hand=None, true_deal=None, explain=false, deal=false, knowledge=false, at=None, text=false,
    max_line=None))]
#[allow(clippy::too_many_arguments)]
pub fn quartets_judge(
    py: Python<'_>,
    log: &Bound<'_, PyAny>,
    players: Option<&Bound<'_, PyAny>>,
    sets: Option<&Bound<'_, PyAny>>,
    cards_per_set: Option<&Bound<'_, PyAny>>,
    hands: Option<Vec<Bound<'_, PyAny>>>,
    seat: Option<&Bound<'_, PyAny>>,
    hand: Option<String>,
    true_deal: Option<&Bound<'_, PyAny>>,
    explain: bool,
    deal: bool,
    knowledge: bool,
    at: Option<&Bound<'_, PyAny>>,
    text: bool,
    max_line: Option<&Bound<'_, PyAny>>,
) -> PyResult<Py<PyAny>> {
    let rules = rules(players, sets, cards_per_set, hands)?;
    let max_line = int_or_default(max_line, "max_line", 0..=USIZE_MAX, DEFAULT_MAX_LINE)?;
    let at: Option<usize> = at.map(|at| int(at, "at", 0..=USIZE_MAX)).transpose()?;
    if at.is_some() && !knowledge {
        return Err(usage("`at` needs `knowledge`"));
    }
    let seat = match (seat, hand) {
        (None, None) => None,
        (Some(seat), Some(hand)) => {
            let seat: u32 = int(seat, "seat", 1..=rules.players() as u64)?;
            Some(SeatHand::parse(&rules, seat, &hand).map_err(|e| usage(format!("hand: {e}")))?)
        }
        _ => return Err(usage("`seat` and `hand` go together")),
    };
    let deal_given = match true_deal {
        None => None,
        Some(given) => Some(true_deal_of(&rules, given)?),
    };
    if seat.is_some() && deal_given.is_some() {
        return Err(usage("`seat` and `true_deal` cannot be combined"));
    }
    let asked = Asked {
        questions: Questions {
            proof: explain,
            suspects: explain,
            deal,
            knowledge,
            at,
            ..Questions::default()
        },
        seat,
        deal: deal_given,
        text,
    };
    let log = Text::required(log, "a log")?;
    let game = Quartets::new(rules);
    let answer = py.detach(|| judged(&game, &log, &asked, max_line))?;
    answer.into_py(py)
}

/// A true deal given as the hands `--deal` prints, or as `(player, cards)` pairs.
fn true_deal_of(rules: &Rules, given: &Bound<'_, PyAny>) -> PyResult<TrueDeal> {
    if let Ok(text) = given.extract::<String>() {
        return TrueDeal::parse(rules, &text).map_err(|e| usage(format!("true deal: {e}")));
    }
    let hands: Vec<(u32, Vec<String>)> = given
        .extract()
        .map_err(|_| usage("true deal: expected the hands as text, or (player, cards) pairs"))?;
    let hands = hands
        .iter()
        .map(|(player, cards)| (0, *player, cards.iter().map(String::as_str).collect()));
    TrueDeal::from_hands(rules, hands).map_err(|e| usage(format!("true deal: {e}")))
}

/// The command line's `fairplay quartets` on `log` with the options `asked`.
fn judged(game: &Quartets, log: &[u8], asked: &Asked, max_line: usize) -> Result<Answer, Failure> {
    let failed = |error: LogError| Failure::Log(Some(game.name()), error);
    let judged = audit_reader(game, log, max_line);
    let judged = match (judged, &asked.seat) {
        // The same log read as the seat knows the game: the same errors, the seat's verdict.
        (Ok(_), Some(hand)) => game.judge_seat(log, hand).map_err(LogError::from),
        (judged, _) => judged,
    };
    let judgement = judged.map_err(failed)?;
    let plain = asked.questions == Questions::default();
    if plain && asked.seat.is_none() && asked.deal.is_none() {
        return if asked.text {
            Ok(Answer::Text(game.contract(&judgement.verdict)))
        } else {
            Answer::document(&Document::<QuartetsDetails>::new(game, &judgement, None))
        };
    }
    let explained = match &asked.seat {
        Some(hand) => explain_seat(log, hand, &asked.questions),
        None => explain(log, game.rules(), &asked.questions),
    };
    let replayed = match &asked.deal {
        Some(deal) => Some(replay(log, deal).map_err(|e| failed(e.into()))?),
        None => None,
    };
    let explanation = match explained {
        Ok(explanation) => explanation,
        Err(ExplainError::Log(error)) => return Err(failed(error.into())),
        Err(error) => return Err(Failure::Usage(error.to_string())),
    };
    if asked.text {
        let mut out = text(&explanation, Style::PLAIN);
        if let (true, Verdict::Cheated { since }) = (asked.questions.deal, explanation.verdict) {
            out.push_str(&no_deal_note(since));
        }
        if let Some(replayed) = &replayed {
            out.push_str(&true_deal_text(replayed, Style::PLAIN));
        }
        return Ok(Answer::Text(out));
    }
    let mut details = QuartetsDetails::new(&explanation);
    details.true_deal = replayed.as_ref().map(TrueDealDetails::new);
    Answer::document(&Document::new(game, &judgement, Some(details)))
}
