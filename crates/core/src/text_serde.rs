//! Serializing small value types as text or numbers, with their JSON Schema: for the ids of
//! the games (cards, players, squares), which print one way everywhere.

#[doc(hidden)]
pub use schemars as __schemars;
#[doc(hidden)]
pub use serde as __serde;

/// Implements `Serialize` and `JsonSchema` for types that are written as their `Display` text
/// (`3C`, `E5`, `blue`): `serialize_as_text!(Card, "a card such as `3C`", "^[1-9][0-9]*[A-Z]$")`.
/// Two games' types of one name take a name each in the schema:
/// `serialize_as_text!(Card as "QuartetsCard", ...)`.
#[macro_export]
macro_rules! serialize_as_text {
    ($type:ty, $description:literal, $pattern:literal) => {
        $crate::serialize_as_text!($type as stringify!($type), $description, $pattern);
    };
    ($type:ty as $name:expr, $description:literal, $pattern:literal) => {
        impl $crate::text_serde::__serde::Serialize for $type {
            fn serialize<S: $crate::text_serde::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self)
            }
        }

        impl $crate::text_serde::__schemars::JsonSchema for $type {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                $name.into()
            }

            fn json_schema(
                _: &mut $crate::text_serde::__schemars::SchemaGenerator,
            ) -> $crate::text_serde::__schemars::Schema {
                $crate::text_serde::__schemars::json_schema!({
                    "type": "string",
                    "description": $description,
                    "pattern": $pattern,
                })
            }
        }
    };
}

/// Implements `Serialize` and `JsonSchema` for types written as a number (`player 2`):
/// `serialize_as_number!(Player, number, "a player, numbered from 1")` serializes
/// `self.number()`.
#[macro_export]
macro_rules! serialize_as_number {
    ($type:ty, $method:ident, $description:literal) => {
        impl $crate::text_serde::__serde::Serialize for $type {
            fn serialize<S: $crate::text_serde::__serde::Serializer>(
                &self,
                serializer: S,
            ) -> Result<S::Ok, S::Error> {
                serializer.serialize_u64(u64::from(self.$method()))
            }
        }

        impl $crate::text_serde::__schemars::JsonSchema for $type {
            fn schema_name() -> ::std::borrow::Cow<'static, str> {
                stringify!($type).into()
            }

            fn json_schema(
                _: &mut $crate::text_serde::__schemars::SchemaGenerator,
            ) -> $crate::text_serde::__schemars::Schema {
                $crate::text_serde::__schemars::json_schema!({
                    "type": "integer",
                    "minimum": 1,
                    "description": $description,
                })
            }
        }
    };
}
