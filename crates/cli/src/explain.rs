//! Short explanations of verdicts, shared by `batch` and `--live`.

use fairplay_quartets::Reason;

/// Why cheating is certain, in a few words.
pub fn quartets_reason(reason: &Reason) -> String {
    reason.to_string()
}
