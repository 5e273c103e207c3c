//! Simulators of real play, for tests, benchmarks and `fairplay simulate`.

pub mod blow_ups;
pub mod gofish;
pub mod quartets;
pub mod sequence;
