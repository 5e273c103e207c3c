//! Go Fish: an exact referee for recorded games whose cards also come from a hidden stock.
//!
//! The crate is being built (issue 33); this first commit only places it in the workspace.
