//! Stepping through a long log: the board after any number of moves without reading the log
//! again.

use crate::board::Board;
use crate::contract::ContractGame;
use crate::full::FullGame;
use crate::game::FullOptions;
use crate::moves::{ContractMove, FullMove};
use crate::team::Teams;
use crate::{audit_with, full_rules, LogError};

use super::{BoardView, Mode};

/// Legal moves between two kept positions: a step replays fewer than this many.
const EVERY: usize = 128;

/// A log read once, for stepping through it: [`Stepper::board_after`] gives the same board as
/// [`board_after`](super::board_after) on the same log, for any number of moves, in the time
/// of at most [`Stepper::EVERY`] moves, however long the log.
///
/// It keeps the legal moves (those before the first illegal one: no later move is ever played
/// on the board) and the position after every `EVERY`-th of them; the board after K moves is
/// the nearest kept position at or before `min(K, legal)` with the moves after it played
/// again.
///
/// ```
/// use fairplay_sequence::explain::{board_after, Mode, Stepper};
/// let log = b"4\n1 5s P 5s@E1 blue\n2 2c P 2c@G4 green\n3 2c P E1 blue\n4 7c P C5 green\n";
/// let stepper = Stepper::new(log, Mode::Full, None).unwrap();
/// assert_eq!((stepper.moves(), stepper.legal()), (4, 2)); // move 3: E1 shows 5s
/// for after in 0..6 {
///     assert_eq!(stepper.board_after(after), board_after(log, Mode::Full, None, after).unwrap());
/// }
/// ```
#[derive(Clone, Debug)]
pub struct Stepper {
    moves: usize,
    engine: Engine,
}

/// The legal moves of one rule set and the positions kept: `kept[i]` after `i * EVERY` moves.
#[derive(Clone, Debug)]
enum Engine {
    Contract {
        legal: Vec<ContractMove>,
        kept: Vec<ContractGame>,
    },
    Full {
        legal: Vec<FullMove>,
        kept: Vec<FullGame>,
    },
}

impl Stepper {
    /// Legal moves between two positions kept: a step plays fewer than this many again.
    pub const EVERY: usize = EVERY;

    /// Reads `input` by the rules of `mode` (the full rules with the default options, and
    /// `teams` as for [`audit_full`](crate::audit_full)), as [`board_after`](super::board_after)
    /// does: a malformed line anywhere is an error.
    pub fn new(input: &[u8], mode: Mode, teams: Option<Teams>) -> Result<Stepper, LogError> {
        Stepper::with_options(input, mode, teams, FullOptions::default())
    }

    /// [`Stepper::new`] with the full rules' `options` (the first team, plays per card);
    /// they do not apply to the contract rules.
    pub fn with_options(
        input: &[u8],
        mode: Mode,
        teams: Option<Teams>,
        options: FullOptions,
    ) -> Result<Stepper, LogError> {
        let board = Board::standard();
        let (moves, engine) = match mode {
            Mode::Contract => {
                let mut game = ContractGame::new();
                let (mut legal, mut kept) = (Vec::new(), vec![game.clone()]);
                let (_, moves) = audit_with(
                    input,
                    usize::MAX,
                    |raw| board.contract_move(raw),
                    |mv| {
                        game.feed(mv)?;
                        keep(&mut legal, &mut kept, mv, &game);
                        Ok(())
                    },
                )?;
                (moves, Engine::Contract { legal, kept })
            }
            Mode::Full => {
                let rules = full_rules(input, teams, options)?;
                let mut game = FullGame::with_rules(rules);
                let (mut legal, mut kept) = (Vec::new(), vec![game.clone()]);
                let (_, moves) = audit_with(
                    input,
                    usize::MAX,
                    |raw| board.full_move(raw, rules.teams),
                    |mv| {
                        game.feed(mv)?;
                        keep(&mut legal, &mut kept, mv, &game);
                        Ok(())
                    },
                )?;
                (moves, Engine::Full { legal, kept })
            }
        };
        Ok(Stepper { moves, engine })
    }

    /// Moves in the log.
    pub fn moves(&self) -> usize {
        self.moves
    }

    /// Legal moves: those before the first illegal one (all of them in a valid log).
    pub fn legal(&self) -> usize {
        match &self.engine {
            Engine::Contract { legal, .. } => legal.len(),
            Engine::Full { legal, .. } => legal.len(),
        }
    }

    /// The board after the first `after` moves: as they left it, or as it was before the
    /// first illegal one among them (an illegal move changes nothing).
    pub fn board_after(&self, after: usize) -> BoardView {
        let after = after.min(self.legal());
        let (start, from) = (after / EVERY, after / EVERY * EVERY);
        match &self.engine {
            Engine::Contract { legal, kept } => {
                let mut game = kept[start].clone();
                for &mv in &legal[from..after] {
                    // Each of these moves was legal in this very position once already.
                    let fed = game.feed(mv).map(|_| ());
                    debug_assert_eq!(fed, Ok(()));
                }
                BoardView::Contract(game)
            }
            Engine::Full { legal, kept } => {
                let mut game = kept[start].clone();
                for &mv in &legal[from..after] {
                    let fed = game.feed(mv).map(|_| ());
                    debug_assert_eq!(fed, Ok(()));
                }
                BoardView::Full(Box::new(game))
            }
        }
    }
}

/// Records legal move `mv`, which left `game`, and keeps `game` after every `EVERY`-th.
fn keep<M, G: Clone>(legal: &mut Vec<M>, kept: &mut Vec<G>, mv: M, game: &G) {
    legal.push(mv);
    if legal.len() % EVERY == 0 {
        kept.push(game.clone());
    }
}
