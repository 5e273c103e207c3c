//! Simulated Quartets games.
