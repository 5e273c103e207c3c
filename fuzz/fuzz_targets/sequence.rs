//! Sequence: `audit_contract`, `audit_full` (teams inferred) and `explain_contract`,
//! `explain_full` never panic, and each explanation agrees with its audit: the same error, or
//! the same verdict, move count and board; the illegal move is described exactly when there is
//! one, at the verdict's turn and line.
//!
//! The full rules are also judged with the options the first byte picks (first team, plays
//! per card), and every move line, marked sequences (`E2-I2`) included, prints as it reads.
//!
//! Input: a Sequence log (contract or full format), no header.

#![no_main]

use fairplay_sequence::explain::{
    explain_contract, explain_full, explain_full_with, BoardView, Explanation,
};
use fairplay_sequence::notation::parse_move;
use fairplay_sequence::{
    audit_contract, audit_full, audit_full_with, FullOptions, LogError, Team, Verdict,
};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let contract = audit_contract(data);
    let explained = explain_contract(data);
    match (&contract, &explained) {
        (Ok(report), Ok(explanation)) => {
            same_verdict(&report.verdict, report.moves, explanation);
            assert_eq!(explanation.board, BoardView::Contract(report.game.clone()));
        }
        _ => same_error(&contract.as_ref().map(|_| ()), &explained),
    }

    let full = audit_full(data, None);
    let explained = explain_full(data, None);
    match (&full, &explained) {
        (Ok(report), Ok(explanation)) => {
            same_verdict(&report.verdict, report.moves, explanation);
            assert_eq!(
                explanation.board,
                BoardView::Full(Box::new(report.game.clone()))
            );
        }
        _ => same_error(&full.as_ref().map(|_| ()), &explained),
    }

    let pick = data.first().copied().unwrap_or(0);
    let options = FullOptions {
        first: [Team::BLUE, Team::GREEN, Team::RED][usize::from(pick % 3)],
        card_plays: [Some(2), Some(1), Some(3), None][usize::from(pick / 3 % 4)],
    };
    let full = audit_full_with(data, None, options);
    let explained = explain_full_with(data, None, options);
    match (&full, &explained) {
        (Ok(report), Ok(explanation)) => {
            same_verdict(&report.verdict, report.moves, explanation);
            let _ = report.to_string();
        }
        _ => same_error(&full.as_ref().map(|_| ()), &explained),
    }

    for (number, line) in data.split(|&b| b == b'\n').enumerate() {
        if let Ok(Some(raw)) = parse_move(line, number + 1) {
            let again = parse_move(raw.to_string().as_bytes(), number + 1);
            assert_eq!(again, Ok(Some(raw)), "a move does not print as it reads");
        }
    }
});

fn same_verdict(verdict: &Verdict, moves: usize, explanation: &Explanation) {
    assert_eq!(&explanation.verdict, verdict, "explain and audit disagree");
    assert_eq!(explanation.moves, moves);
    match (verdict, &explanation.illegal) {
        (Verdict::Valid, None) => {}
        (
            Verdict::Invalid {
                turn,
                line,
                illegal,
            },
            Some(told),
        ) => {
            assert_eq!((told.turn, told.line), (*turn, *line));
            assert_eq!(&told.illegal, illegal);
            assert!(told.what.starts_with(&format!("turn {turn}: ")));
            assert!(!told.rule.is_empty());
        }
        (verdict, told) => panic!("verdict {verdict:?}, but the illegal move told: {told:?}"),
    }
}

fn same_error(audited: &Result<(), &LogError>, explained: &Result<Explanation, LogError>) {
    match (audited, explained) {
        (Err(a), Err(b)) => assert_eq!(*a, b, "audit and explain fail differently"),
        _ => panic!("audit: {audited:?}\nexplain: {explained:?}"),
    }
}
