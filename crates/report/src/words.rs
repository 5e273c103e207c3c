//! Small helpers for sentences.

/// `a`, `a and b`, `a, b and c`.
pub fn list<T: ToString>(items: &[T], last: &str) -> String {
    let items: Vec<String> = items.iter().map(ToString::to_string).collect();
    match items.len() {
        0 => String::new(),
        1 => items[0].clone(),
        n => format!("{} {last} {}", items[..n - 1].join(", "), items[n - 1]),
    }
}

/// `` or `s`.
pub fn plural(n: usize) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// `1 line`, `2 lines`.
pub fn count(n: usize, noun: &str) -> String {
    format!("{n} {noun}{}", plural(n))
}
