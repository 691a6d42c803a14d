//! placeholder lesson (being written): lesson 1's data under this lesson's id.
use super::Lesson;
pub fn lesson() -> Lesson {
    let mut l = super::l1_two_investigators::lesson();
    super::builder::set_meta(&mut l, "l2-drain-loses-mail");
    l
}
