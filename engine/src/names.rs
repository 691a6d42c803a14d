//! Enums whose variants have stable names: the name serde writes and reads, the one `as_str`
//! returns (links, logs, `data-` attributes) and the one `from_name` parses, all from a single
//! list in the declaration, so no hand-written table can drift from the serialized form.

/// Declares a fieldless enum with a stable name per variant (see the module docs), plus
/// `ALL`, `as_str` and `from_name`.
#[macro_export]
macro_rules! named_enum {
    (
        $(#[$meta:meta])*
        $vis:vis enum $name:ident {
            $($(#[$variant_meta:meta])* $variant:ident = $text:literal,)*
        }
    ) => {
        $(#[$meta])*
        #[derive(
            Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash,
            ::serde::Serialize, ::serde::Deserialize,
        )]
        $vis enum $name {
            $($(#[$variant_meta])* #[serde(rename = $text)] $variant,)*
        }

        impl $name {
            /// Every variant, in declaration order.
            pub const ALL: &'static [$name] = &[$($name::$variant,)*];

            /// The stable name: the one in JSON, links, logs and `data-` attributes.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)*
                }
            }

            /// The variant with this stable name, if there is one.
            pub fn from_name(name: &str) -> Option<$name> {
                match name {
                    $($text => Some($name::$variant),)*
                    _ => None,
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    named_enum! {
        /// A test enum.
        enum Colour {
            /// Red.
            Red = "red",
            /// Light blue.
            LightBlue = "light_blue",
        }
    }

    #[test]
    fn names_serialize_parse_and_list_alike() {
        for colour in Colour::ALL {
            let json = serde_json::to_string(colour).expect("serializes");
            assert_eq!(json, format!("\"{}\"", colour.as_str()));
            assert_eq!(Colour::from_name(colour.as_str()), Some(*colour));
        }
        assert_eq!(Colour::LightBlue.as_str(), "light_blue");
        assert_eq!(Colour::from_name("green"), None);
    }
}
