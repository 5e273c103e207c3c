//! One game judged a line at a time, as it is played: the engines' [`fairplay_core::Referee`]
//! with the live line of `--live` for every step.

use fairplay_core::live::Event;
use fairplay_core::{Game, Step, Verdict};
use fairplay_quartets::{Quartets, QuartetsReferee};
use fairplay_sequence::SequenceReferee;
use pyo3::prelude::*;
use pyo3::types::PyDict;

/// A game in progress (`fairplay._fairplay.Referee`); the Python classes
/// `fairplay.quartets.Referee` and `fairplay.sequence.Referee` wrap it.
#[pyclass(module = "fairplay._fairplay", unsendable)]
pub struct Referee {
    game: Box<dyn Game>,
    referee: Box<dyn fairplay_core::Referee>,
    /// Lines read so far (the number of the next line, less one).
    lines: usize,
    /// Lines that could not be applied.
    ignored: usize,
}

/// A referee of Quartets by the rules of a variant.
#[pyfunction]
#[pyo3(signature = (*, players=4, sets=8, cards_per_set=4, hands=None))]
pub fn quartets_referee(
    players: usize,
    sets: usize,
    cards_per_set: usize,
    hands: Option<Vec<u32>>,
) -> PyResult<Referee> {
    let rules = crate::quartets::rules(players, sets, cards_per_set, hands)?;
    Ok(Referee {
        referee: Box::new(QuartetsReferee::new(rules.clone())),
        game: Box::new(Quartets::new(rules)),
        lines: 0,
        ignored: 0,
    })
}

/// A referee of Sequence by `rules` (`contract` or `full`, with `teams`, `first` and
/// `card_plays`).
#[pyfunction]
#[pyo3(signature = (*, rules="contract", teams=None, first=None, card_plays=None))]
pub fn sequence_referee(
    rules: &str,
    teams: Option<u8>,
    first: Option<&str>,
    card_plays: Option<&Bound<'_, PyAny>>,
) -> PyResult<Referee> {
    let game = crate::sequence::game(rules, teams, first, card_plays)?;
    Ok(Referee {
        referee: Box::new(SequenceReferee::with_options(game.rules(), game.options())),
        game: Box::new(game),
        lines: 0,
        ignored: 0,
    })
}

#[pymethods]
impl Referee {
    /// Reads the next line and judges the action it holds: a dict with `action`, `line`,
    /// `foul` (`None`, or the foul's `action`, `line` and `reason`), `note` and `text` (the
    /// line `--live` prints); `None` for a blank line. A line that cannot be applied raises
    /// `fairplay.LogError` and leaves the game as it was (the line still counts).
    fn apply<'py>(
        &mut self,
        py: Python<'py>,
        line: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyDict>>> {
        let bytes = crate::log_bytes(line)?;
        self.lines += 1;
        let step = match self.referee.apply_line(&bytes, self.lines) {
            Ok(step) => step,
            Err(error) => {
                self.ignored += 1;
                return Err(crate::errors::log_error(py, Some(self.game.name()), &error));
            }
        };
        step.map(|step| self.step(py, &step)).transpose()
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

    /// The game's name (`quartets`, `sequence`).
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

impl Referee {
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
