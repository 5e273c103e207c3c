//! Quartets logs built to make naive explanation searches blow up (issue 10), shared by the
//! scale tests and the benchmarks of `fairplay-quartets`.

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

fn log(lines: Vec<String>) -> String {
    format!("{}\n{}\n", lines.len(), lines.join("\n"))
}
