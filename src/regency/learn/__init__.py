"""Learn to play: a course of short lessons per game, and a coach for a first game.

A lesson is one decision on the real table, set up with the game's position builder,
with a task, the moves that solve it and the words that say why (:mod:`.model`). Each
game ships its course as data beside its rules (``games/<game>/lessons.json``) and
registers what judges a lesson's task on its ``GameInfo.teaching``, so nothing here
names a game. The coach (:mod:`.coach`) says, after each move of a first game, how the
computer would have judged it, and gives a hint in words when asked.

    >>> from regency.learn import load_course
    >>> course = load_course("claim")
    >>> lesson = course.lessons[0]
    >>> lesson.attempt(lesson.answers[0]).solved
    True

``docs/learn.md`` describes how a lesson is written.
"""

from regency.learn.model import (
    Course,
    CourseError,
    Lesson,
    Outcome,
    courses,
    load_course,
    problems,
)

__all__ = [
    "Course",
    "CourseError",
    "Lesson",
    "Outcome",
    "courses",
    "load_course",
    "problems",
]
