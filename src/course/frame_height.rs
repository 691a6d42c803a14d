//! The height an embedded playground asks its frame for (`resize`, Canvas's `lti.frameResize`,
//! H5P's `scrollHeight`): the stage's preferred height, not the content's. In `embed=1` the
//! page is exactly the frame's height and the parts beyond the stage are tabs that scroll
//! inside, so the content has no height of its own to report. The stage's natural height
//! (transport, caption, lanes, cards and the tab bar, laid out at the frame's width) is held
//! between the smallest frame the stage is made for and the snippet's height, and it never
//! shrinks at one width: a shorter caption at the next step does not make the course page jump.

use super::embed_snippet::DEFAULT_HEIGHT;

/// The smallest frame the stage is laid out for (transport, caption and lane headers in view).
pub const MIN_HEIGHT: u32 = 480;
/// The tallest height the frame asks for: the snippet's height.
pub const MAX_HEIGHT: u32 = DEFAULT_HEIGHT;

/// A height the frame asked for, at the width it was laid out at (CSS pixels).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Asked {
    pub width: u32,
    pub height: u32,
}

/// The stage's natural height (CSS pixels, possibly fractional or nonsense) as a frame height.
pub fn preferred(natural: f64) -> u32 {
    if !natural.is_finite() || natural <= 0.0 {
        return MIN_HEIGHT;
    }
    // In range of u32 after the clamp: the cast cannot wrap.
    natural
        .ceil()
        .clamp(f64::from(MIN_HEIGHT), f64::from(MAX_HEIGHT)) as u32
}

/// What to ask for next: the preferred height of `natural` at `width`, but never less than was
/// asked at the same width (a new width starts afresh: the stage wraps differently there).
pub fn next(previous: Option<Asked>, width: u32, natural: f64) -> Asked {
    let height = preferred(natural);
    match previous {
        Some(before) if before.width == width => Asked {
            width,
            height: height.max(before.height),
        },
        _ => Asked { width, height },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_height_asked_is_the_stage_held_between_the_smallest_frame_and_the_snippets() {
        assert_eq!(preferred(300.0), MIN_HEIGHT);
        assert_eq!(preferred(612.2), 613);
        assert_eq!(
            preferred(4559.0),
            MAX_HEIGHT,
            "the content's height is never asked for"
        );
        assert_eq!(MAX_HEIGHT, 720);
        for nonsense in [f64::NAN, f64::INFINITY, -5.0, 0.0] {
            assert_eq!(preferred(nonsense), MIN_HEIGHT);
        }
    }

    #[test]
    fn stepping_to_a_shorter_caption_does_not_shrink_the_frame_but_a_new_width_starts_afresh() {
        let first = next(None, 800, 650.0);
        assert_eq!(
            first,
            Asked {
                width: 800,
                height: 650
            }
        );
        // A step whose caption is a line shorter.
        assert_eq!(next(Some(first), 800, 620.0).height, 650);
        // A longer one grows it, up to the snippet's height.
        assert_eq!(next(Some(first), 800, 700.0).height, 700);
        assert_eq!(next(Some(first), 800, 2000.0).height, MAX_HEIGHT);
        // The course column became a phone: the stage is laid out anew.
        assert_eq!(
            next(Some(first), 390, 600.0),
            Asked {
                width: 390,
                height: 600
            }
        );
    }
}
