//! Simulators of real play, for tests, benchmarks and `fairplay simulate`.
