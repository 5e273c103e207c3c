//! Quartets logs built to make naive explanation searches (issue 10) and naive repairs of the
//! deal (issue 29) blow up, shared by the scale tests and the benchmarks of
//! `fairplay-quartets`.

/// Two players and `sets` sets of one card (`--players 2 --sets SETS --cards-per-set 1`):
/// player 1 asks for a card of `sets / 2 + 1` different sets, more than their hand holds, and
/// player 2 keeps asking for the last set's card. The minimal proof holds `sets / 2 + 1` claims.
pub fn many_asks(sets: usize) -> String {
    let mut lines = Vec::new();
    for s in 1..=sets / 2 + 1 {
        lines.push(format!("1 A 2 {s}A no"));
        lines.push(format!("2 A 1 {sets}A no"));
    }
    log(lines)
}

/// Sixteen players, sets of four (`--players 16 --sets 16 --cards-per-set 4`): an honest
/// prefix of `prefix` actions, then every player denies a card and later hands it over, so
/// all sixteen cheated.
pub fn sixteen_lone_cheaters(prefix: usize) -> String {
    let mut lines = Vec::new();
    for _ in 0..prefix / 2 {
        lines.push("1 A 2 1A no".to_string());
        lines.push("2 A 1 1A no".to_string());
    }
    for q in 1..=16 {
        lines.push(format!("{q} A {r} {r}B no", r = q % 16 + 1));
    }
    for q in 1..=16 {
        lines.push(format!("{q} A {r} {r}B yes", r = q % 16 + 1));
        lines.push(format!("{q} A {r} {r}C no", r = q % 16 + 1));
    }
    log(lines)
}

/// Two players, 26 cards a set (`--players 2 --sets SETS --cards-per-set 26`, SETS at least
/// 2): `rounds` rounds of `1 A 2 <SETS>Z no` and `2 A 1 <card> no`, the cards of sets 1 to
/// SETS - 1 in order (1A, 1B, ..., 1Z, 2A, ...; at most 26 (SETS - 1) rounds). Player 2's
/// needs and the cards denied to player 1 pile up in player 2's hand of the witness deal: a
/// model that scans the hand for a card to swap takes time quadratic in the log. The issue's
/// log is `denial_rounds(40_329, 262_144)`, 524 288 actions; it is honest.
///
/// ```
/// let log = fairplay_sim::blow_ups::denial_rounds(3, 27);
/// let lines: Vec<&str> = log.lines().collect();
/// assert_eq!(&lines[..3], ["54", "1 A 2 3Z no", "2 A 1 1A no"]);
/// assert_eq!(lines[54], "2 A 1 2A no");
/// ```
pub fn denial_rounds(sets: usize, rounds: usize) -> String {
    assert!(
        sets >= 2 && rounds <= 26 * (sets - 1),
        "not enough cards for the rounds"
    );
    let mut lines = Vec::with_capacity(2 * rounds);
    for i in 0..rounds {
        lines.push(format!("1 A 2 {sets}Z no"));
        let letter = char::from(b'A' + (i % 26) as u8);
        lines.push(format!("2 A 1 {}{letter} no", i / 26 + 1));
    }
    log(lines)
}

fn log(lines: Vec<String>) -> String {
    format!("{}\n{}\n", lines.len(), lines.join("\n"))
}
