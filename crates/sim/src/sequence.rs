//! Simulated Sequence games.
