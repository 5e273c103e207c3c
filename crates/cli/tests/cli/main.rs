//! The command-line tests, one binary: each module drives the real `fairplay` program.
//! (One binary, not one per file: each test binary links every dependency again.)

mod common;

mod batch_archive;
mod batch_cli;
mod batch_summary_cli;
mod bounded_cli;
mod closed_output_cli;
mod completions_cli;
mod conventions_cli;
mod crlf_twins;
mod doc_examples;
mod errors_cli;
mod explain_cli;
mod gofish_cli;
mod help_cli;
mod json_schema_cli;
mod live_cli;
mod quartets_cli;
mod resources_cli;
mod seat_cli;
mod sequence_cli;
mod simulate_cli;
mod streamed_cli;
