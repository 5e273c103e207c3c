//! Checks of the Go Fish referee against an independent brute force, in one test binary.

#[path = "../oracle/mod.rs"]
mod oracle;

mod cross_check;
mod explain_check;
mod oracle_cases;
mod properties;
mod seat;
mod sim_logs;
mod true_deal;
