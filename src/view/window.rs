//! Windowing for long lists of fixed-size items (a large team's row of cards, a long lane of
//! chips): which items a scroll box shows, how many it leaves out on each side (the spacers
//! that keep the box's scroll length), and when a scroll has gone far enough to show other
//! items. The browser side (`ui/browser/viewport.rs`) reads the offsets in scroll handlers only.

use std::ops::Range;

/// The items, each `item` px long (gap included), that a box scrolled to `offset` and
/// `viewport` px long shows, plus one on each side.
pub fn in_view(count: usize, offset: f64, item: f64, viewport: f64) -> Range<usize> {
    let first = ((offset / item).floor().max(0.0) as usize).saturating_sub(1);
    let last = (((offset + viewport) / item).ceil().max(0.0) as usize + 1).min(count);
    first.min(last)..last
}

/// How many of `count` items lie before (`before`) or after the shown `range`: the size of
/// the spacer that keeps the box's scroll length.
pub fn outside(range: &Range<usize>, count: usize, before: bool) -> usize {
    if before {
        range.start
    } else {
        count.saturating_sub(range.end)
    }
}

/// Whether a box that was at `was` and is now at `now` may show other items: a move of less
/// than half an item shows the same ones, so nothing needs to render again.
pub fn moved_enough(was: f64, now: f64, item: f64) -> bool {
    (now - was).abs() >= item / 2.0
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The items whose extent `[i * item, (i + 1) * item)` meets `[offset, offset + viewport)`.
    fn intersecting(count: usize, offset: f64, item: f64, viewport: f64) -> Vec<usize> {
        (0..count)
            .filter(|&i| {
                let (a, b) = (i as f64 * item, (i + 1) as f64 * item);
                a < offset + viewport && b > offset
            })
            .collect()
    }

    #[test]
    fn in_view_is_the_intersecting_items_and_one_on_each_side() {
        for count in [0usize, 1, 5, 40] {
            for offset in [0.0, 30.0, 99.0, 100.0, 250.0, 1000.0, 3900.0, 5000.0] {
                let range = in_view(count, offset, 100.0, 500.0);
                let hit = intersecting(count, offset, 100.0, 500.0);
                match (hit.first(), hit.last()) {
                    (Some(&first), Some(&last)) => {
                        assert_eq!(range.start, first.saturating_sub(1), "{count} {offset}");
                        assert_eq!(range.end, (last + 2).min(count), "{count} {offset}");
                    }
                    _ => assert!(range.len() <= 1, "{count} {offset}: {range:?}"),
                }
                assert!(range.end <= count && range.start <= range.end);
            }
        }
    }

    #[test]
    fn spacers_and_shown_items_add_up_to_the_list() {
        let count = 40;
        let range = in_view(count, 1234.0, 100.0, 500.0);
        assert_eq!(
            outside(&range, count, true) + range.len() + outside(&range, count, false),
            count
        );
        assert_eq!(outside(&range, count, true), range.start);
        assert_eq!(outside(&(0..count), count, false), 0);
    }

    #[test]
    fn a_small_scroll_does_not_count_as_a_move() {
        assert!(!moved_enough(0.0, 49.0, 100.0));
        assert!(moved_enough(0.0, 50.0, 100.0));
        assert!(moved_enough(300.0, 200.0, 100.0));
    }
}
