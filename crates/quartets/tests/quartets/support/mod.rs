//! Helpers shared by the integration tests.

// Each test binary compiles this module on its own and may use only part of it.
#[allow(dead_code)]
pub mod oracle;
