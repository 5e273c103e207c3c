//! Styling of human text: colour or none.

/// ANSI styling of the human report, or none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Style {
    /// Whether escape codes are written.
    pub colour: bool,
}

impl Style {
    /// Plain text.
    pub const PLAIN: Style = Style { colour: false };

    fn wrap(self, code: &str, text: &str) -> String {
        if self.colour {
            format!("\x1b[{code}m{text}\x1b[0m")
        } else {
            text.to_string()
        }
    }

    /// A heading.
    pub fn bold(self, text: &str) -> String {
        self.wrap("1", text)
    }

    /// Bad news.
    pub fn red(self, text: &str) -> String {
        self.wrap("1;31", text)
    }

    /// Good news.
    pub fn green(self, text: &str) -> String {
        self.wrap("32", text)
    }
}
