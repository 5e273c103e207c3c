//! The quartets tests, one binary (each test binary links every dependency again).

mod support;

mod cross_check;
mod explain_props;
mod explain_scale;
mod fuzz;
mod game;
mod knowledge_table;
mod reuse;
mod seat_and_truth;
mod seat_reasons;
mod stepper;
