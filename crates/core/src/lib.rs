//! # fairplay-core
//!
//! The game-neutral model every fairplay front end (command line, batch, live, the page, the
//! Python package) is built on:
//!
//! * [`Game`] and [`Referee`]: what a game implements. A `Game` is a game with its rules chosen
//!   (a Quartets variant, the Sequence contract rules); it audits whole logs and makes
//!   [`Referee`]s, which judge one line at a time and report each [`Step`].
//! * [`Judgement`] and [`Verdict`]: the one result of judging a log. A foul verdict carries its
//!   action, line and [`Reason`] inside it, so a foul without a reason cannot be built.
//! * [`LogError`]: why a log could not be judged (malformed, or a rule anyone can check), with
//!   its line.
//! * [`Registry`]: the games a program knows, and game detection for `--game auto`.
//! * [`live`] and [`batch`](mod@batch): the drivers, generic over [`Game`].
//! * [`KnowledgeWatch`] and [`Knowing`]: the knowledge after one action (or just before
//!   cheating became certain) of a log judged as a stream, kept without the log, for any
//!   engine whose referee says how its state replays an action ([`Watched`], [`Knowable`]).
//!
//! Adding a game means implementing [`Game`] and [`Referee`] and registering it; the drivers
//! and the printers (crate `fairplay-report`) need no change.
//!
//! A toy game: every line is `heads` or `tails`, and two tails in a row is a foul.
//!
//! ```
//! use std::sync::Arc;
//! use fairplay_core::*;
//!
//! struct Coins;
//! struct Tosses { last: Option<bool>, actions: usize, verdict: Verdict }
//!
//! static WORDS: Words = Words { game: "coin tosses", action: "toss", number: "",
//!     fair_step: "fair so far", foul_step: "FOUL", settled: None,
//!     fair_end: "fair", foul_end: "foul since toss", example: "`heads`" };
//!
//! impl Game for Coins {
//!     fn name(&self) -> &'static str { "coins" }
//!     fn rules(&self) -> Arc<str> { "no two tails in a row".into() }
//!     fn words(&self) -> &'static Words { &WORDS }
//!     fn recognises(&self, line: &[u8]) -> bool { matches!(line.trim_ascii(), b"heads" | b"tails") }
//!     fn contract(&self, verdict: &Verdict) -> String { verdict.name().to_string() + "\n" }
//!     fn referee(&self) -> Box<dyn Referee + '_> {
//!         Box::new(Tosses { last: None, actions: 0, verdict: Verdict::Fair })
//!     }
//! }
//!
//! /// The notation: `Some(true)` for tails, `None` for a blank line.
//! fn toss(line: &[u8], number: usize) -> Result<Option<bool>, LogError> {
//!     match line.trim_ascii() {
//!         b"" => Ok(None),
//!         b"heads" => Ok(Some(false)),
//!         b"tails" => Ok(Some(true)),
//!         _ => Err(LogError::new(ErrorKind::Malformed, number, None, "expected heads or tails")),
//!     }
//! }
//!
//! impl Referee for Tosses {
//!     fn read_line(&mut self, line: &[u8], number: usize) -> Result<bool, LogError> {
//!         Ok(toss(line, number)?.is_some())
//!     }
//!     fn apply_line(&mut self, line: &[u8], number: usize) -> Result<Option<Step>, LogError> {
//!         let Some(tails) = toss(line, number)? else { return Ok(None) };
//!         self.actions += 1;
//!         let foul = (tails && self.last == Some(true)).then(|| {
//!             Foul::new(self.actions as u64, number, Reason::new("two-tails", "two tails in a row"))
//!         });
//!         self.last = Some(tails);
//!         if let (Some(foul), Verdict::Fair) = (&foul, &self.verdict) {
//!             self.verdict = Verdict::Foul(foul.clone());
//!         }
//!         Ok(Some(Step::new(self.actions as u64, number, foul)))
//!     }
//!     fn actions(&self) -> usize { self.actions }
//!     fn verdict(&self) -> &Verdict { &self.verdict }
//! }
//!
//! let mut games = Registry::new();
//! games.register(Coins);
//! let log = b"3\nheads\ntails\ntails\n";
//! let game = games.detect(log).unwrap();
//! let judgement = game.audit(log).unwrap(); // the default audit: count line, then each line
//! assert_eq!(judgement.actions, 3);
//! let Verdict::Foul(foul) = &judgement.verdict else { panic!("two tails") };
//! assert_eq!((foul.action, foul.line), (3, 4));
//! assert_eq!(game.contract(&judgement.verdict), "foul\n");
//! ```

#![warn(missing_docs)]

mod audit;
#[cfg(feature = "batch")]
pub mod batch;
mod error;
mod game;
pub mod lines;
pub mod live;
mod registry;
#[cfg(feature = "serde")]
#[doc(hidden)]
pub mod text_serde;
mod verdict;
mod watch;

pub use audit::{audit_lines, audit_reader, audit_reader_with, audit_slice};
pub use error::{ErrorKind, LogError};
pub use game::{Game, Referee, Step, Words};
pub use registry::Registry;
pub use verdict::{Foul, Judgement, Reason, Verdict};
pub use watch::{ActionOf, Knowable, Knowing, KnowledgeWatch, Watched};

/// The version of the JSON documents built from this model; it changes when a field changes
/// meaning or goes away.
pub const SCHEMA_VERSION: u32 = 1;
