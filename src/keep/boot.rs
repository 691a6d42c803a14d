//! What the page does with the stored session as it opens ([`BootPlan`]): from what the
//! address link came to and whether the page is framed, whether this tab's session is restored
//! on a reload, whether the view as opened is held back from being stored, and whether the
//! learner is offered to continue where they were. The browser side (`ui::state::session`,
//! `ui::app`) carries the plan out.

/// What opening the address link came to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LinkArrival {
    /// The link opened (false: it was refused and the default lesson opened instead). The page
    /// opened without a link counts as opened: the default view is what it asks for.
    pub opened: bool,
    /// The step an opened link named (None without a link, or when it was refused).
    pub step: Option<usize>,
    /// It names a `src=` scenario still to fetch: until it arrives, the default lesson shows.
    pub src: bool,
}

/// What the page does with the stored session as it opens.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BootPlan {
    /// On a reload, this tab's session of the lesson that opened comes back (at the link's
    /// step when it named one: `restore_step`).
    pub restore: bool,
    pub restore_step: Option<usize>,
    /// The view as opened is not stored until the learner acts: a refused link's default
    /// view, or the default lesson while a `src=` scenario loads, must not overwrite what the
    /// learner had.
    pub hold_first: bool,
    /// The learner is offered to continue the stored session: a fresh visit (no link, or a
    /// link that could not be read), never in a frame, whose course decides what opens.
    pub offer: bool,
}

impl BootPlan {
    pub fn of(link: LinkArrival, framed: bool) -> BootPlan {
        BootPlan {
            restore: link.opened,
            restore_step: link.step.filter(|_| link.opened),
            hold_first: !link.opened || link.src,
            offer: link.step.is_none() && !link.src && !framed,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn l3_a_fresh_visit_restores_on_reload_and_offers_to_continue() {
        let plan = BootPlan::of(
            LinkArrival {
                opened: true,
                ..LinkArrival::default()
            },
            false,
        );
        assert_eq!(
            plan,
            BootPlan {
                restore: true,
                restore_step: None,
                hold_first: false,
                offer: true,
            }
        );
        // In a frame the course decides what opens: nothing is offered.
        let framed = BootPlan::of(
            LinkArrival {
                opened: true,
                ..LinkArrival::default()
            },
            true,
        );
        assert!(!framed.offer && framed.restore);
    }

    #[test]
    fn l3_a_link_to_a_step_restores_only_that_step_and_offers_nothing() {
        let plan = BootPlan::of(
            LinkArrival {
                opened: true,
                step: Some(12),
                src: false,
            },
            false,
        );
        assert_eq!((plan.restore, plan.restore_step), (true, Some(12)));
        assert!(!plan.offer && !plan.hold_first);
    }

    #[test]
    fn l3_a_refused_link_holds_the_default_view_back_and_offers_the_session() {
        let plan = BootPlan::of(LinkArrival::default(), false);
        assert_eq!(
            plan,
            BootPlan {
                restore: false,
                restore_step: None,
                hold_first: true,
                offer: true,
            }
        );
    }

    #[test]
    fn l3_a_src_link_holds_the_default_lesson_back_while_its_scenario_loads() {
        let plan = BootPlan::of(
            LinkArrival {
                opened: true,
                step: Some(0),
                src: true,
            },
            false,
        );
        assert!(plan.hold_first && !plan.offer && plan.restore);
    }
}
