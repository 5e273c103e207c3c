//! One game judged a line at a time, as it is played: the engines' [`fairplay_core::Referee`]
//! with the live line of `--live` for every step.

use fairplay_core::lines::{LineReader, DEFAULT_MAX_LINE};
use fairplay_core::live::Event;
use fairplay_core::{Game, LogError, Step, Verdict};
use fairplay_gofish::{GoFish, GoFishReferee};
use fairplay_quartets::{Quartets, QuartetsReferee};
use fairplay_sequence::SequenceReferee;
use pyo3::prelude::*;
use pyo3::types::PyDict;

use crate::options::{int_or_default, USIZE_MAX};
use crate::text::Text;

/// A game in progress (`fairplay._fairplay.Referee`); the Python classes
/// `fairplay.quartets.Referee`, `fairplay.sequence.Referee` and `fairplay.gofish.Referee` wrap
/// it.
#[pyclass(module = "fairplay._fairplay", unsendable)]
pub struct Referee {
    game: Box<dyn Game>,
    referee: Box<dyn fairplay_core::Referee>,
    /// Lines read so far (the number of the next line, less one).
    lines: usize,
    /// Lines that could not be applied.
    ignored: usize,
    /// The longest line accepted, in bytes (`--max-line`).
    max_line: usize,
}

/// A referee of Quartets by the rules of a variant, taking lines of at most `max_line` bytes.
#[pyfunction]
#[pyo3(signature = (*, players=None, sets=None, cards_per_set=None, hands=None, max_line=None))]
pub fn quartets_referee(
    players: Option<&Bound<'_, PyAny>>,
    sets: Option<&Bound<'_, PyAny>>,
    cards_per_set: Option<&Bound<'_, PyAny>>,
    hands: Option<Vec<Bound<'_, PyAny>>>,
    max_line: Option<&Bound<'_, PyAny>>,
) -> PyResult<Referee> {
    let rules = crate::quartets::rules(players, sets, cards_per_set, hands)?;
    Referee::new(
        Box::new(Quartets::new(rules.clone())),
        Box::new(QuartetsReferee::new(rules)),
        max_line,
    )
}

/// A referee of Sequence by `rules` (`contract` or `full`, with `teams`, `first` and
/// `card_plays`).
#[pyfunction]
#[pyo3(signature = (*, rules="contract", teams=None, first=None, card_plays=None,
    max_line=None))]
pub fn sequence_referee(
    rules: &str,
    teams: Option<&Bound<'_, PyAny>>,
    first: Option<&str>,
    card_plays: Option<&Bound<'_, PyAny>>,
    max_line: Option<&Bound<'_, PyAny>>,
) -> PyResult<Referee> {
    let game = crate::sequence::game(rules, teams, first, card_plays)?;
    let referee = SequenceReferee::with_options(game.rules(), game.options());
    Referee::new(Box::new(game), Box::new(referee), max_line)
}

/// A referee of Go Fish by the rules of a variant (`players`, `ranks`, `hand`, `fish_turn`).
#[pyfunction]
#[pyo3(signature = (*, players=None, ranks=None, hand=None, fish_turn=None, max_line=None))]
pub fn gofish_referee(
    players: Option<&Bound<'_, PyAny>>,
    ranks: Option<&Bound<'_, PyAny>>,
    hand: Option<&Bound<'_, PyAny>>,
    fish_turn: Option<&str>,
    max_line: Option<&Bound<'_, PyAny>>,
) -> PyResult<Referee> {
    let options = crate::gofish::Options {
        players,
        ranks,
        hand,
        fish_turn,
    };
    let rules = options.rules()?;
    Referee::new(
        Box::new(GoFish::new(rules)),
        Box::new(GoFishReferee::new(rules)),
        max_line,
    )
}

#[pymethods]
impl Referee {
    /// Reads the next line (one line break at its end is not part of it) and judges the
    /// action it holds: a dict with `action`, `line`, `foul` (`None`, or the foul's `action`,
    /// `line` and `reason`), `note` and `text` (the line `--live` prints); `None` for a blank
    /// line. A line that cannot be applied, or longer than `max_line` bytes, raises
    /// `fairplay.LogError` worded as `--live` words it (`line 2: ...`) and leaves the game as
    /// it was (the line still counts).
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        line: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let text = Text::required(line, "a line")?;
        let line = text.strip_suffix(b"\n").unwrap_or(&text);
        self.lines += 1;
        let applied = match too_long(line, self.lines, self.max_line) {
            Some(error) => Err(error),
            None => self.referee.apply_line(line, self.lines),
        };
        match applied {
            Ok(step) => step.map(|step| self.step(py, &step)).transpose(),
            Err(error) => {
                self.ignored += 1;
                Err(crate::errors::live_error(
                    py,
                    Some(self.game.name()),
                    &error,
                ))
            }
        }
    }

    /// The longest line accepted, in bytes.
    #[getter]
    fn max_line(&self) -> usize {
        self.max_line
    }

    /// Actions judged so far.
    #[getter]
    fn actions(&self) -> usize {
        self.referee.actions()
    }

    /// Lines read so far.
    #[getter]
    fn lines(&self) -> usize {
        self.lines
    }

    /// Lines that could not be applied (each raised an error).
    #[getter]
    fn ignored(&self) -> usize {
        self.ignored
    }

    /// The game's name (`quartets`, `sequence`, `gofish`).
    #[getter]
    fn game(&self) -> &'static str {
        self.game.name()
    }

    /// The rules in words, as the game turned out to be played so far.
    #[getter]
    fn rules(&self) -> String {
        self.referee
            .rules()
            .unwrap_or_else(|| self.game.rules())
            .to_string()
    }

    /// The verdict so far, as the JSON document writes it (`{"kind": "fair"}`, or the foul).
    #[getter]
    fn verdict(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        crate::value::model_to_py(py, self.referee.verdict())
    }

    /// The verdict so far in the game's contract format (`yes\n`, `no\n4\n`, `VALID GAME\n`).
    #[getter]
    fn contract(&self) -> String {
        self.game.contract(self.referee.verdict())
    }

    /// The closing line of `--live`: `end: N actions, <verdict>[, K lines ignored]`.
    fn end_text(&self) -> String {
        let summary = fairplay_core::live::Summary {
            actions: self.referee.actions(),
            verdict: self.referee.verdict().clone(),
            ignored: self.ignored,
        };
        fairplay_report::live::line(self.game.words(), &Event::End(&summary))
    }
}

/// The error `--live` gives line `number` when it is longer than `max` bytes: the core's
/// reader's, so the words are the same.
fn too_long(line: &[u8], number: usize, max: usize) -> Option<LogError> {
    if line.len() <= max {
        return None;
    }
    let mut reader = LineReader::new(line, max);
    match reader.next_line() {
        Ok(Some((_, Err(mut error)))) => {
            error.line = number;
            Some(error)
        }
        _ => None,
    }
}

impl Referee {
    fn new(
        game: Box<dyn Game>,
        referee: Box<dyn fairplay_core::Referee>,
        max_line: Option<&Bound<'_, PyAny>>,
    ) -> PyResult<Referee> {
        Ok(Referee {
            game,
            referee,
            lines: 0,
            ignored: 0,
            max_line: int_or_default(max_line, "max_line", 0..=USIZE_MAX, DEFAULT_MAX_LINE)?,
        })
    }

    fn step<'py>(&self, py: Python<'py>, step: &Step) -> PyResult<Bound<'py, PyDict>> {
        let verdict: &Verdict = self.referee.verdict();
        let text = fairplay_report::live::line(self.game.words(), &Event::Step { step, verdict });
        let dict = PyDict::new(py);
        dict.set_item("action", step.action)?;
        dict.set_item("line", step.line)?;
        let foul = match &step.foul {
            Some(foul) => Some(crate::value::model_to_py(py, foul)?),
            None => None,
        };
        dict.set_item("foul", foul)?;
        dict.set_item("note", step.note.as_deref())?;
        dict.set_item("text", text)?;
        Ok(dict)
    }
}
