//! # fairplay-report
//!
//! The printers of fairplay, one per output, over the one result model of `fairplay-core`:
//!
//! * the contract text is the game's own ([`Game::contract`](fairplay_core::Game::contract));
//! * [`live`]: one line per event of a live game;
//! * `rows` (feature `batch`, on by default): batch rows as an aligned table, CSV or JSON
//!   Lines, and the batch summary; `explained`: the explanation a batch row carries with
//!   `--explain`;
//! * [`json`]: one JSON document per log or error, with a schema generated from the types;
//! * [`gofish`]: the report of an explained Go Fish verdict (proof, suspects, a deal with the
//!   stock's order, what a watcher knows);
//! * [`quartets`] and [`sequence`]: the human reports of explained verdicts (the proof, the
//!   suspects, what a watcher knows; the illegal move and the board).
//!
//! Every sentence that explains a rule or a reason is written once: in the engines' reason
//! types, or here. Front ends (the command line, the page, the Python package) call these
//! printers and add no wording of their own.

#![warn(missing_docs)]

#[cfg(feature = "batch")]
pub mod explained;
pub mod gofish;
pub mod json;
pub mod live;
pub mod quartets;
#[cfg(feature = "batch")]
pub mod rows;
pub mod sequence;
mod style;
mod words;

pub use style::Style;
