//! The sequence tests, one binary (each test binary links every dependency again).

mod board;
mod contract;
mod full;
mod game;
mod long_game;
mod marking_cases;
mod markings;
mod properties;
mod stepper;
